package oracle

import (
	"go/importer"
	"go/types"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

const sinkSrc = `package p

import "io"

type Enc struct{ w io.Writer }

func NewEnc(w io.Writer) *Enc     { return &Enc{w} }
func (e *Enc) Put(s string) error { _, err := io.WriteString(e.w, s); return err }
func (e *Enc) Count() int         { return 0 }
func (e *Enc) Flush() error       { return nil }
func (e *Enc) Pop() int           { return 0 }
`

func sinkProgram(t *testing.T) *model.Program {
	t.Helper()
	byts, err := importer.Default().Import("bytes")
	if err != nil {
		t.Fatal(err)
	}
	return modeltest.Program(t, sinkSrc, model.Options{Support: []*types.Package{byts},
		Effects: func(fn *types.Func) model.Effects {
			if fn.Name() == "String" || fn.Name() == "Count" {
				return model.Effects{Known: true, Pure: true}
			}
			return model.Effects{Known: true, MutatesRecv: true}
		}})
}

// What a writer of the package wrote into a value the test made and handed
// it (a *bytes.Buffer given to NewEnc) is read after the target with the
// value's String, whatever the target returns; a buffer no call of the
// package took is not read.
func TestAddObserversSinks(t *testing.T) {
	prog := sinkProgram(t)
	newBuf, newEnc := modeltest.Op(t, prog, "bytes.NewBuffer"), modeltest.Op(t, prog, "NewEnc")
	put, count := modeltest.Op(t, prog, "Enc.Put"), modeltest.Op(t, prog, "Enc.Count")
	str := modeltest.Op(t, prog, "bytes.Buffer.String")
	for _, tc := range []struct {
		name   string
		s      *seq.Seq
		target int
		want   bool
	}{
		{"error target", modeltest.Seq(modeltest.Call(newBuf, modeltest.Nil()), modeltest.Call(newEnc, seq.Ref(0, 0)),
			modeltest.Call(put, seq.Ref(1, 0), modeltest.Str("x"))), 2, true},
		{"basic target", modeltest.Seq(modeltest.Call(newBuf, modeltest.Nil()), modeltest.Call(newEnc, seq.Ref(0, 0)),
			modeltest.Call(count, seq.Ref(1, 0))), 2, true},
		{"buffer not handed", modeltest.Seq(modeltest.Call(newBuf, modeltest.Nil()), modeltest.Call(newEnc, modeltest.Nil()),
			modeltest.Call(put, seq.Ref(1, 0), modeltest.Str("x"))), 2, false},
	} {
		e := &corpus.Entry{Seq: tc.s, Target: tc.target}
		AddObservers(prog, []*corpus.Entry{e}, false)
		got := false
		for k := tc.target + 1; k < e.Seq.Len(); k++ {
			st := e.Seq.Stmts[k]
			if st.Op == str.ID && !st.Args[0].IsLit && st.Args[0].Value() == (seq.ValueID{}) {
				got = true
			}
		}
		if got != tc.want {
			t.Errorf("%s: buffer.String() after the target = %v, want %v (%d statements)", tc.name, got, tc.want, e.Seq.Len())
		}
	}
}

// A writer that buffers shows what it wrote only when flushed: its Flush
// is called after the target and before the buffer is read, and taken out
// again by the judge when no read is left after it (withoutIdle).
func TestAddObserversFlush(t *testing.T) {
	prog := sinkProgram(t)
	newBuf, newEnc := modeltest.Op(t, prog, "bytes.NewBuffer"), modeltest.Op(t, prog, "NewEnc")
	put, flush := modeltest.Op(t, prog, "Enc.Put"), modeltest.Op(t, prog, "Enc.Flush")
	str := modeltest.Op(t, prog, "bytes.Buffer.String")
	e := &corpus.Entry{Seq: modeltest.Seq(modeltest.Call(newBuf, modeltest.Nil()), modeltest.Call(newEnc, seq.Ref(0, 0)),
		modeltest.Call(put, seq.Ref(1, 0), modeltest.Str("x"))), Target: 2}
	AddObservers(prog, []*corpus.Entry{e}, false)
	var ops []int
	for k := e.Target + 1; k < e.Seq.Len(); k++ {
		ops = append(ops, e.Seq.Stmts[k].Op)
	}
	if len(ops) < 2 || ops[0] != flush.ID || ops[1] != str.ID {
		t.Fatalf("after Put: ops %v, want Flush (%d) then buffer.String (%d)", ops, flush.ID, str.ID)
	}
	if a := e.Seq.Stmts[e.Target+1].Args[0]; a.IsLit || a.Value() != (seq.ValueID{Stmt: 1}) {
		t.Errorf("Flush on %+v, want the target's receiver", e.Seq.Stmts[e.Target+1].Args[0])
	}
	// The reads killed nothing: the buffer's read stays (sinkCheck), and
	// the Flush before it; the receiver's observers go.
	s, _ := withoutIdle(prog, e.Seq, e.Target, &CaseMutation{})
	if s == nil || s.Len() != e.Target+3 || s.Stmts[e.Target+1].Op != flush.ID || s.Stmts[e.Target+2].Op != str.ID {
		t.Errorf("without idle reads: %v, want the sequence up to the target, Flush, buffer.String", s)
	}
}

// A test that hands the package a buffer reads it (issue 30: the reduction
// kept an Add and a Flush into an inline buffer, its error checked, and
// nothing read): when no read after the target killed a mutant, the first
// sink read stays; when a read of the receiver killed one, it stays and
// the buffer's read stays too; a killing buffer read is kept as it is.
func TestWithoutIdleKeepsSinkRead(t *testing.T) {
	prog := sinkProgram(t)
	newBuf, newEnc := modeltest.Op(t, prog, "bytes.NewBuffer"), modeltest.Op(t, prog, "NewEnc")
	put, count := modeltest.Op(t, prog, "Enc.Put"), modeltest.Op(t, prog, "Enc.Count")
	str := modeltest.Op(t, prog, "bytes.Buffer.String")
	s := modeltest.Seq(modeltest.Call(newBuf, modeltest.Nil()), modeltest.Call(newEnc, seq.Ref(0, 0)),
		modeltest.Call(put, seq.Ref(1, 0), modeltest.Str("x")), modeltest.Call(count, seq.Ref(1, 0)),
		modeltest.Call(str, seq.Ref(0, 0)))
	ops := func(s *seq.Seq) []int {
		var out []int
		for _, st := range s.Stmts {
			out = append(out, st.Op)
		}
		return out
	}
	for _, tc := range []struct {
		name string
		v    *CaseMutation
		want []int
	}{
		{"nothing killed", &CaseMutation{}, []int{newBuf.ID, newEnc.ID, put.ID, str.ID}},
		{"Count killed", &CaseMutation{ByAssert: map[seq.ValueID][]int32{{Stmt: 3}: {4}}}, nil}, // nothing goes
		{"String killed", &CaseMutation{ByAssert: map[seq.ValueID][]int32{{Stmt: 4}: {4}}}, []int{newBuf.ID, newEnc.ID, put.ID, str.ID}},
	} {
		out, _ := withoutIdle(prog, s, 2, tc.v)
		var got []int
		if out != nil {
			got = ops(out)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// With mutants, a method that changes its receiver gets the receiver's
// observers even when it returns a basic value (a deque's PopFront): the
// judge keeps those that kill a mutant. Without mutants it does not,
// since nothing would tell the useful ones from bulk.
func TestAddObserversBasicResultWithMutants(t *testing.T) {
	prog := sinkProgram(t)
	newEnc, pop, count := modeltest.Op(t, prog, "NewEnc"), modeltest.Op(t, prog, "Enc.Pop"), modeltest.Op(t, prog, "Enc.Count")
	for _, mutants := range []bool{false, true} {
		e := &corpus.Entry{Seq: modeltest.Seq(modeltest.Call(newEnc, modeltest.Nil()), modeltest.Call(pop, seq.Ref(0, 0))), Target: 1}
		AddObservers(prog, []*corpus.Entry{e}, mutants)
		got := false
		for k := e.Target + 1; k < e.Seq.Len(); k++ {
			got = got || e.Seq.Stmts[k].Op == count.ID
		}
		if got != mutants {
			t.Errorf("with mutants %v: Count after Pop = %v, want %v", mutants, got, mutants)
		}
	}
}
