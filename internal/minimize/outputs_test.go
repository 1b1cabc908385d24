package minimize

import (
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

const outputsSrc = `package p

type Stack struct{ xs []int }

func New() *Stack { return &Stack{} }

func (s *Stack) Pop() (int, bool) { return 0, false }
`

// popResult is a run of s.Pop() returning (n, ok), after the receiver's
// statement.
func popResult(n int, ok bool) *rt.Result {
	r := &rt.Result{}
	r.AddStmt(rt.OutNormal, rt.Value{Type: rt.InternType("*p.Stack"), Hash: 1})
	r.AddStmt(rt.OutNormal, rt.Value{Type: rt.InternType("int"), Hash: rt.Hash(n)}, rt.Value{Type: rt.InternType("bool"), Hash: rt.Hash(ok)})
	return r
}

// A shorter test must keep the output classes of its target's results: a
// Pop that returned (7, true) may become one returning (1, true), not the
// Pop of an empty stack returning (0, false), which covers the same lines
// of a straight-line Pop but shows nothing of what popping does.
func TestKeepsCoverageOutputClasses(t *testing.T) {
	prog := modeltest.Program(t, outputsSrc, model.Options{})
	newStack, pop := modeltest.Op(t, prog, "New"), modeltest.Op(t, prog, "Stack.Pop")
	s := &seq.Seq{Stmts: []seq.Stmt{{Op: newStack.ID}, {Op: pop.ID, Args: []seq.Arg{seq.Ref(0, 0)}}}}
	orig := Trial{Seq: s, Target: 1}
	keep := KeepsCoverage(prog, orig, popResult(7, true), nil)
	for _, tc := range []struct {
		name string
		res  *rt.Result
		want bool
	}{
		{"same classes", popResult(1, true), true},
		{"empty stack", popResult(0, false), false},
		{"zero value popped", popResult(0, true), false},
	} {
		if got := keep(orig, executor.Outcome{Result: tc.res}); got != tc.want {
			t.Errorf("%s: kept = %v, want %v", tc.name, got, tc.want)
		}
	}
}
