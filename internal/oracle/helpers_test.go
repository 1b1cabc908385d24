package oracle

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sync"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

const oracleSrc = `package p

type Stack struct{ xs []int }

func NewStack() *Stack             { return &Stack{} }
func (s *Stack) Push(x int)        { s.xs = append(s.xs, x) }
func (s *Stack) Len() int          { return len(s.xs) }
func (s *Stack) Peek() int         { return s.xs[len(s.xs)-1] }
func (s *Stack) Top() (int, error) { return 0, nil }
func (s *Stack) Clear()            { s.xs = nil }
func (s *Stack) Pop() int          { return 0 }

func Now() int                          { return 0 }
func Seed() (int, error)                { return 0, nil }
func Twice(n int) int                   { return 2 * n }
func Ratio(n int) float64               { return 0 }
func Load(name string) (*Stack, error)  { return nil, nil }
func Name(s *Stack) string              { return "" }
func Boom(s *Stack) int                 { return 0 }

type V struct{ N int }

func NewV(n int) *V                          { return &V{n} }
func (v *V) Equal(o *V) bool                 { return v.N == o.N }
func (v *V) Compare(o *V) int                { return v.N - o.N }
func (v *V) String() string                  { return "" }
func (v *V) MarshalText() ([]byte, error)    { return nil, nil }
func (v *V) UnmarshalText(b []byte) error    { return nil }
func (v *V) Clone() *V                       { return v }

// W has no constructor: its zero value is a legal input.
type W struct{ Y, M int }

func (w W) MarshalText() ([]byte, error)  { return nil, nil }
func (w *W) UnmarshalText(b []byte) error { return nil }

// Null is a value whose MarshalText takes a Null, not a *Null: the round
// trip marshals the zero value with a Null{} of its own.
type Null string

func (n Null) MarshalText() ([]byte, error)  { return nil, nil }
func (n *Null) UnmarshalText(b []byte) error { return nil }
`

// testProgram builds the model of oracleSrc with effects: observers are
// pure, Now is nondeterministic, the rest mutate their receiver.
func testProgram(t testing.TB) *model.Program {
	t.Helper()
	pkg := checkPkg(t, "example.com/p", oracleSrc)
	pure := map[string]bool{"Len": true, "Peek": true, "Top": true, "Twice": true, "Ratio": true, "Name": true,
		"Equal": true, "Compare": true, "String": true, "Clone": true, "MarshalText": true}
	return model.Build(pkg, model.Options{Effects: func(fn *types.Func) model.Effects {
		switch {
		case pure[fn.Name()]:
			return model.Effects{Known: true, Pure: true}
		case fn.Name() == "Now" || fn.Name() == "Seed":
			return model.Effects{Known: true, Nondeterministic: true}
		}
		return model.Effects{Known: true, MutatesRecv: true}
	}})
}

// checkPkg parses and type-checks one file of source as the package at
// path; imports come from the standard library's export data.
func checkPkg(t testing.TB, path, src string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path+".go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func opNamed(t testing.TB, prog *model.Program, name string) *model.Op {
	t.Helper()
	for _, op := range prog.Ops {
		if op.Name == name && op.Kind != model.Zero && op.Kind != model.Assert {
			return op
		}
	}
	t.Fatalf("no operation %s", name)
	return nil
}

func zeroOp(t testing.TB, prog *model.Program, name string) *model.Op {
	t.Helper()
	for _, op := range prog.Ops {
		if op.Name == name && op.Kind == model.Zero {
			return op
		}
	}
	t.Fatalf("no zero value of %s", name)
	return nil
}

func intLit(v int64) seq.Arg  { return seq.LitArg(seq.Lit{Kind: seq.LitInt, I: v}) }
func strLit(s string) seq.Arg { return seq.LitArg(seq.Lit{Kind: seq.LitString, S: s}) }
func call(op *model.Op, args ...seq.Arg) seq.Stmt {
	return seq.Stmt{Op: op.ID, Args: args}
}
func mkSeq(stmts ...seq.Stmt) *seq.Seq { return &seq.Seq{Stmts: stmts} }

// value returns a default value of type t as the executor would report
// it with FlagDetail: ints are n, strings "s<n>", errors nil, pointers to a
// struct holding n.
func value(t types.Type, n int64) tv {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsInteger != 0:
			return tv{Hash: uint64(n), Tree: &rt.Tree{Kind: rt.TInt, I: n}}
		case u.Info()&types.IsFloat != 0:
			return tv{Hash: uint64(n), Tree: &rt.Tree{Kind: rt.TFloat, F: float64(n)}}
		case u.Info()&types.IsString != 0:
			return tv{Hash: uint64(n), Tree: &rt.Tree{Kind: rt.TString, S: fmt.Sprintf("s%d", n)}}
		case u.Kind() == types.Bool:
			return tv{Hash: uint64(n), Tree: &rt.Tree{Kind: rt.TBool, B: true}}
		}
	case *types.Interface: // error
		return tv{Nil: true, Tree: &rt.Tree{Kind: rt.TNil}}
	case *types.Slice:
		return tv{Hash: uint64(n), Tree: &rt.Tree{Kind: rt.TBytes, S: fmt.Sprint(n)}}
	case *types.Pointer:
		return tv{Type: types.TypeString(t, (*types.Package).Name), Hash: uint64(n),
			Tree: &rt.Tree{Kind: rt.TPtr, Elems: []rt.Tree{{Kind: rt.TStruct, Elems: []rt.Tree{{Kind: rt.TInt, I: n}}, Fields: []string{"N"}}}}}
	}
	return tv{Hash: uint64(n), Tree: &rt.Tree{Kind: rt.TOpaque}}
}

// normalResult is a result in which every statement of s ran normally
// with default values.
func normalResult(prog *model.Program, ops []int) *rt.Result {
	res := &rt.Result{Stmts: make([]rt.StmtResult, len(ops))}
	for i, id := range ops {
		for j, t := range prog.Ops[id].Results {
			setVal(res, i, len(res.Stmt(i).Values()), value(t, int64(10*i+j+1)))
		}
	}
	return res
}

func opsOf(s *seq.Seq) []int {
	var ids []int
	for _, st := range s.Stmts {
		ids = append(ids, st.Op)
	}
	return ids
}

// fakeRunner answers each sequence with a normal default result, which
// edit may change; it records the requests.
type fakeRunner struct {
	prog *model.Program
	edit func(s rt.Request, res *rt.Result)

	mu    sync.Mutex
	calls int
	reqs  []rt.Request
}

func (f *fakeRunner) Run(seqs []rt.Request) []executor.Outcome {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	outs := make([]executor.Outcome, len(seqs))
	for i, s := range seqs {
		f.reqs = append(f.reqs, s)
		var ids []int
		for _, st := range s.Stmts {
			ids = append(ids, st.Op)
		}
		res := normalResult(f.prog, ids)
		res.ID = s.ID
		if f.edit != nil {
			f.edit(s, res)
		}
		outs[i] = executor.Outcome{Result: res}
	}
	return outs
}

// opName is the name of the operation of statement i of a wire sequence.
func (f *fakeRunner) opName(s rt.Request, i int) string { return f.prog.Ops[s.Stmts[i].Op].Name }

// tv is a result value with its tree, as a FlagDetail result reports
// them: rt.Value holds no tree (the statement's Note does) and its type
// is a number.
type tv struct {
	Type     string
	Hash     uint64
	Nil      bool
	Unstable bool
	Tree     *rt.Tree
}

// stmtOf is a normal statement result with values vs.
func stmtOf(vs ...tv) rt.StmtSpec {
	sp := rt.StmtSpec{}
	for j, v := range vs {
		sp.Values = append(sp.Values, v.value())
		if v.Tree != nil {
			if sp.Note == nil {
				sp.Note = &rt.StmtNote{Trees: make([]*rt.Tree, len(vs))}
			}
			sp.Note.Trees[j] = v.Tree
		}
	}
	return sp
}

func (v tv) value() rt.Value {
	return rt.Value{Type: rt.InternType(v.Type), Hash: v.Hash, Nil: v.Nil, Unstable: v.Unstable}
}

// setVals sets statement i's values to vs, with their trees.
func setVals(res *rt.Result, i int, vs []tv) {
	sr := res.Stmt(i)
	sr.SetValues(nil)
	if n := sr.Note(); n != nil {
		n.Trees = nil
	}
	for j, v := range vs {
		setVal(res, i, j, v)
	}
}

// setVal sets statement i's jth value, appending it if j is the number of
// its values, and its tree.
func setVal(res *rt.Result, i, j int, v tv) {
	sr := res.Stmt(i)
	if vals := sr.Values(); j < len(vals) {
		vals[j] = v.value()
	} else {
		sr.SetValues(append(append([]rt.Value{}, vals...), v.value()))
	}
	if v.Tree != nil || sr.Tree(j) != nil {
		sr.SetTree(j, v.Tree)
	}
}
