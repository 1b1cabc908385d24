package search

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"hash/fnv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// testSrc is the package the search tests work on: a stack, an interface
// with two implementations returned by a factory (elephant brain), a
// function taking a pointer (nil inputs), one with an error result, an
// enum, and two int functions for constant mining.
const testSrc = `package p

type Stack struct{ xs []int }

func NewStack() *Stack      { return &Stack{} }
func (s *Stack) Push(x int) { s.xs = append(s.xs, x) }
func (s *Stack) Len() int   { return len(s.xs) }

type Shape interface{ Area() int }

type Sq struct{ S int }

func (q *Sq) Area() int { return q.S * q.S }

type Circ struct{ R int }

func (c *Circ) Area() int { return 3 * c.R * c.R }

func NewShape(n int) Shape {
	if n%2 == 0 {
		return &Sq{n}
	}
	return &Circ{n}
}

func Grow(q *Sq) int { q.S++; return q.S }

func Deref(p *int) int { return *p }

func Parse(s string) (int, error) { return len(s), nil }

type Color int

const (
	Red Color = iota
	Green
	Blue
)

func Paint(c Color) string { return "" }

func Scale(n int) int { return n * 777 }
func Other(n int) int { return n }
`

// testProgram type-checks testSrc and builds its model.
func testProgram(t testing.TB) *model.Program {
	t.Helper()
	return programOf(t, testSrc)
}

// programOf type-checks src, a file of package example.com/p, and builds
// its model.
func programOf(t testing.TB, src string) *model.Program {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("example.com/p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return model.Build(pkg, model.Options{})
}

// opNamed returns the operation of the given kind and name.
func opNamed(t testing.TB, prog *model.Program, kind model.Kind, name string) *model.Op {
	t.Helper()
	for _, op := range prog.Ops {
		if op.Kind == kind && op.Name == name {
			return op
		}
	}
	t.Fatalf("no operation %s of kind %d", name, kind)
	return nil
}

func lookupType(prog *model.Program, name string) types.Type {
	return prog.Pkg.Scope().Lookup(name).Type()
}

func intLit(v int64) seq.Arg                      { return seq.LitArg(seq.Lit{Kind: seq.LitInt, I: v}) }
func strLit(s string) seq.Arg                     { return seq.LitArg(seq.Lit{Kind: seq.LitString, S: s}) }
func nilLit() seq.Arg                             { return seq.LitArg(seq.Lit{Kind: seq.LitNil}) }
func call(op *model.Op, args ...seq.Arg) seq.Stmt { return seq.Stmt{Op: op.ID, Args: args} }

// normal returns a result in which every statement ran normally, with one
// non-nil value per result of its operation; hashes are given per
// statement (one per value).
func normal(prog *model.Program, s *seq.Seq, hashes ...[]uint64) *rt.Result {
	res := &rt.Result{Stmts: make([]rt.StmtResult, s.Len())}
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		var vals []rt.Value
		for j := range op.Results {
			v := rt.Value{Hash: uint64(1000*i + j + 1)}
			if i < len(hashes) && j < len(hashes[i]) {
				v.Hash = hashes[i][j]
			}
			vals = append(vals, v)
		}
		res.Stmt(i).SetValues(vals)
	}
	return res
}

// interp is a fake executor.Runner: a deterministic stand-in for an
// executor that "runs" the model's operations on the wire form. Every
// value's hash is a function of the operation and its inputs, so equal
// inputs give equal values; coverage is one block per operation and
// argument shape, so that new inputs cover new blocks; Deref panics on a
// nil literal as the runtime would.
type interp struct {
	prog  *model.Program
	delay time.Duration

	mu    sync.Mutex
	calls int
	log   []string // every sequence run, in order
}

func (f *interp) Run(seqs []rt.Request) []executor.Outcome {
	if f.delay > 0 {
		time.Sleep(f.delay)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	outs := make([]executor.Outcome, len(seqs))
	for i, s := range seqs {
		f.log = append(f.log, fmt.Sprint(s.Stmts))
		outs[i] = executor.Outcome{Result: f.run(s)}
	}
	return outs
}

func (f *interp) run(s rt.Request) *rt.Result {
	res := &rt.Result{ID: s.ID}
	hashes := make([][]uint64, len(s.Stmts))
	panicked := false
	for i, st := range s.Stmts {
		if panicked {
			res.Add(rt.StmtSpec{Outcome: rt.OutSkipped})
			continue
		}
		op := f.prog.Ops[st.Op]
		h := fnv.New64a()
		fmt.Fprint(h, op.ID)
		for _, a := range st.Args {
			if a.Kind == rt.ArgLit {
				fmt.Fprintf(h, "|%v", a.Lit)
			} else {
				fmt.Fprintf(h, "|%d", hashes[a.Stmt][a.Result])
			}
		}
		sum := h.Sum64()
		sr := rt.StmtSpec{}
		if op.Name == "Deref" && st.Args[0].Kind == rt.ArgLit && st.Args[0].Lit.Kind == rt.LitNil {
			sr.Outcome, sr.PanicRuntime = rt.OutPanic, true
			sr.Note = &rt.StmtNote{PanicMsg: "runtime error: invalid memory address or nil pointer dereference"}
			panicked = true
		}
		for j := range op.Results {
			v := rt.Value{Hash: sum + uint64(j)}
			if op.ErrResult && j == len(op.Results)-1 {
				v = rt.Value{Nil: true}
			}
			if op.Name == "NewShape" {
				v.Type = rt.InternType("*p.Sq")
				if sum%2 == 1 {
					v.Type = rt.InternType("*p.Circ")
				}
			}
			hashes[i] = append(hashes[i], v.Hash)
			if !panicked {
				sr.Values = append(sr.Values, v)
			}
		}
		res.Add(sr)
		res.Blocks = append(res.Blocks, int32(op.ID*8)+int32(sum%8))
	}
	return res
}

func (f *interp) runs() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.log...)
}

// keys returns the keys of the corpus entries, for comparing runs.
func corpusKeys(r *Random) string {
	var b strings.Builder
	for _, e := range r.Corpus {
		b.WriteString(e.Seq.Key())
		b.WriteByte('\n')
	}
	return b.String()
}

func okOutcome(res *rt.Result) executor.Outcome { return executor.Outcome{Result: res} }
