package oracle

import (
	"fmt"
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
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
	pure := map[string]bool{"Len": true, "Peek": true, "Top": true, "Twice": true, "Ratio": true, "Name": true,
		"Equal": true, "Compare": true, "String": true, "Clone": true, "MarshalText": true}
	return modeltest.Program(t, oracleSrc, model.Options{Effects: func(fn *types.Func) model.Effects {
		switch {
		case pure[fn.Name()]:
			return model.Effects{Known: true, Pure: true}
		case fn.Name() == "Now" || fn.Name() == "Seed":
			return model.Effects{Known: true, Nondeterministic: true}
		}
		return model.Effects{Known: true, MutatesRecv: true}
	}})
}

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
// with default values (defaultStmt).
func normalResult(prog *model.Program, s *seq.Seq) *rt.Result {
	res := &rt.Result{}
	for i, st := range s.Stmts {
		res.Add(defaultStmt(prog.Ops[st.Op], i))
	}
	return res
}

// defaultStmt is statement i, a call of op, run normally with the default
// value of each result: value(t, 10*i+j+1) for result j.
func defaultStmt(op *model.Op, i int) rt.StmtSpec {
	var vs []tv
	for j, t := range op.Results {
		vs = append(vs, value(t, int64(10*i+j+1)))
	}
	return stmtOf(vs...)
}

// fakeRunner is executortest's fake executor answering each statement
// with its default values (defaultStmt); edit, when set, changes each
// run's result after it ran.
func fakeRunner(prog *model.Program, edit func(q rt.Request, res *rt.Result)) *executortest.Runner {
	f := &executortest.Runner{Prog: prog,
		Stmt: func(op *model.Op, i int, _ rt.Request, _ uint64, spec *rt.StmtSpec) { *spec = defaultStmt(op, i) }}
	if edit != nil {
		f.Edit = onResult(edit)
	}
	return f
}

// onResult is an executortest.Runner.Edit that changes the run's result
// with edit.
func onResult(edit func(q rt.Request, res *rt.Result)) func(rt.Request, *executor.Outcome) {
	return func(q rt.Request, out *executor.Outcome) { edit(q, out.Result) }
}

// opName is the name of the operation of statement i of a wire sequence.
func opName(prog *model.Program, q rt.Request, i int) string { return prog.Ops[q.Stmts[i].Op].Name }

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
