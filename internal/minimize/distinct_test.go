package minimize

import (
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

const distinctSrc = `package d

type Deque struct{ buf []int }

func New() *Deque                  { return &Deque{} }
func (d *Deque) PushBack(x int)    { d.buf = append(d.buf, x) }
func (d *Deque) Rotate(n int)      {}
func (d *Deque) Label(s string)    {}
`

// Literal simplification shrinks each value as far as the property
// allows, but never into a value another literal of the same type in the
// test already has, unless the two were equal to begin with: a container
// filled with 7 and 9 becomes one of 0 and 1, not of two zeros, in which a
// rotation or a swap of elements is invisible.
func TestLiteralsStayDistinct(t *testing.T) {
	prog := model.Build(modeltest.Check(t, "example.com/d", distinctSrc), model.Options{})
	ops := modeltest.OpIDs(prog)
	lit := func(i int64) seq.Arg { return seq.LitArg(seq.Lit{Kind: seq.LitInt, I: i}) }
	str := func(s string) seq.Arg { return seq.LitArg(seq.Lit{Kind: seq.LitString, S: s}) }
	// The property keeps every statement, so that minimization is asked
	// only about the literals of a fixed shape.
	accept := func(trials []Trial) []bool {
		out := make([]bool, len(trials))
		for i, tr := range trials {
			out[i] = tr.Seq.Len() == 5
		}
		return out
	}
	// related stands for a test that needs the first PushBack's value and
	// the rotation equal (the key of a Put and the Get that finds it).
	related := func(trials []Trial) []bool {
		out := accept(trials)
		for i, tr := range trials {
			out[i] = out[i] && tr.Seq.Stmts[1].Args[1].Lit.Key() == tr.Seq.Stmts[3].Args[1].Lit.Key()
		}
		return out
	}
	for _, tc := range []struct {
		name string
		args []seq.Arg // PushBack, PushBack, Rotate, Label
		keep Oracle
		want []string // the literals' keys after minimization
	}{
		{"distinct stay distinct", []seq.Arg{lit(7), lit(9), lit(3), str("xyz")}, accept, []string{"i0", "i1", "i-1", `""`}},
		{"equal may stay equal", []seq.Arg{lit(7), lit(7), lit(7), str("xyz")}, accept, []string{"i0", "i0", "i0", `""`}},
		{"equal ones shrink together", []seq.Arg{lit(7), lit(9), lit(7), str("xyz")}, related, []string{"i0", "i1", "i0", `""`}},
	} {
		s := &seq.Seq{Stmts: []seq.Stmt{
			{Op: ops["New"]},
			{Op: ops["Deque.PushBack"], Args: []seq.Arg{seq.Ref(0, 0), tc.args[0]}},
			{Op: ops["Deque.PushBack"], Args: []seq.Arg{seq.Ref(0, 0), tc.args[1]}},
			{Op: ops["Deque.Rotate"], Args: []seq.Arg{seq.Ref(0, 0), tc.args[2]}},
			{Op: ops["Deque.Label"], Args: []seq.Arg{seq.Ref(0, 0), tc.args[3]}},
		}}
		got, _ := Minimize(prog, s, 4, tc.keep)
		var keys []string
		for i := 1; i < len(got.Stmts); i++ {
			keys = append(keys, got.Stmts[i].Args[1].Lit.Key())
		}
		if len(keys) != len(tc.want) {
			t.Fatalf("%s: minimized to %v", tc.name, keys)
		}
		for k := range keys {
			if keys[k] != tc.want[k] {
				t.Errorf("%s: literals %v, want %v", tc.name, keys, tc.want)
				break
			}
		}
	}
}

const aliasSrc = `package a

import "io"

type W struct{ out io.Writer }

func NewW() *W                            { return &W{} }
func (w *W) Write(p []byte) (int, error)  { return len(p), nil }
func (w *W) Init(out io.Writer) *W        { w.out = out; return w }

type Sink struct{ b []byte }

func NewSink() *Sink                        { return &Sink{} }
func (s *Sink) Write(p []byte) (int, error) { s.b = append(s.b, p...); return len(p), nil }
`

// Replacement never makes a call take one value for two of its arguments:
// a writer initialised to write into itself (w.Init(w)) is a shorter test
// than w.Init(sink), but one whose output nobody can read.
func TestReplacementAddsNoAliasing(t *testing.T) {
	prog := model.Build(modeltest.Check(t, "example.com/a", aliasSrc), model.Options{})
	ops := modeltest.OpIDs(prog)
	s := &seq.Seq{Stmts: []seq.Stmt{
		{Op: ops["NewW"]},
		{Op: ops["NewSink"]},
		{Op: ops["W.Init"], Args: []seq.Arg{seq.Ref(0, 0), seq.Ref(1, 0)}},
	}}
	accept := func(trials []Trial) []bool {
		out := make([]bool, len(trials))
		for i := range out {
			out[i] = true
		}
		return out
	}
	got, target := Minimize(prog, s, 2, accept)
	st := got.Stmts[target]
	if !st.Args[1].IsLit && st.Args[1].Value() == st.Args[0].Value() {
		t.Errorf("minimized to %s: the receiver is its own writer", got.Key())
	}
	if aliasedCalls(got) != 0 {
		t.Errorf("minimized to %s: a call takes one value twice", got.Key())
	}
}
