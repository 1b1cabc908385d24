package executortest_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// Simulated mutants: statements infect the mutants of their operation
// (those Infects admits), whatever mutant runs, listed ascending once
// each; under a mutant only the statements that infect it change, later
// statements see the changed values, and a crashing mutant's request
// ends in the crash at that statement.
func TestMutants(t *testing.T) {
	prog := modeltest.Program(t, src, model.Options{})
	newT, get, parse := modeltest.Op(t, prog, "New"), modeltest.Op(t, prog, "T.Get"), modeltest.Op(t, prog, "Parse")
	var getHash uint64 // the input hash of s1's T.Get, to infect on it only
	f := &executortest.Runner{Prog: prog, Mutants: []executortest.Mutant{
		{ID: 3, Op: get.ID, Change: executortest.OtherValues},
		{ID: 1, Op: newT.ID, Change: executortest.OtherValues},
		{ID: 2, Op: get.ID, Infects: func(h uint64) bool { return h == getHash }, Change: executortest.PanicNilDeref},
		{ID: 4, Op: parse.ID, Crash: executor.CrashTimeout},
		{ID: 5, Op: parse.ID}, // infected, never propagates
	}, Stmt: func(op *model.Op, i int, q rt.Request, h uint64, _ *rt.StmtSpec) {
		if op == get && q.ID == 1 && q.Mutant == 0 {
			getHash = h
		}
	}}
	s1 := modeltest.Seq(modeltest.Call(newT, modeltest.Int(1)), modeltest.Call(get, seq.Ref(0, 0)), modeltest.Call(get, seq.Ref(0, 0)))
	s2 := modeltest.Seq(modeltest.Call(newT, modeltest.Int(2)), modeltest.Call(get, seq.Ref(0, 0)))
	s3 := modeltest.Seq(modeltest.Call(parse, modeltest.Str("x")))
	orig := f.Run([]rt.Request{s1.Wire(1, 0)})[0].Result
	if diff := cmp.Diff([]int32{1, 2, 3}, orig.Infected); diff != "" {
		t.Errorf("s1 infected (-want +got):\n%s", diff)
	}
	wire := func(s *seq.Seq, id uint64, m int32) rt.Request {
		q := s.Wire(id, 0)
		q.Mutant = m
		return q
	}
	outs := f.Run([]rt.Request{wire(s2, 2, 0), wire(s1, 3, 3), wire(s1, 4, 1), wire(s1, 5, 2), wire(s2, 6, 2), wire(s3, 7, 4), wire(s3, 8, 5)})
	if diff := cmp.Diff([]int32{1, 3}, outs[0].Result.Infected); diff != "" {
		t.Errorf("s2 infected (-want +got):\n%s", diff)
	}
	v := func(r *rt.Result, i int) rt.Value { return r.Stmt(i).Values()[0] }
	if r := outs[1].Result; v(r, 0) != v(orig, 0) || v(r, 1) == v(orig, 1) || v(r, 2) == v(orig, 2) || !slices.Equal(r.Infected, orig.Infected) {
		t.Errorf("under mutant 3 (T.Get's values): %v, infected %v; want New's value kept, T.Get's changed, the same infected", r.Stmts, r.Infected)
	}
	if r := outs[2].Result; v(r, 0) == v(orig, 0) || v(r, 1) == v(orig, 1) {
		t.Error("under mutant 1 (New's value) T.Get's value did not change with New's")
	}
	if r := outs[3].Result; r.Stmt(1).Outcome != rt.OutPanic || r.Stmt(2).Outcome != rt.OutSkipped {
		t.Errorf("under mutant 2: outcomes %v, %v; want a panic, then skipped", r.Stmt(1).Outcome, r.Stmt(2).Outcome)
	}
	if r := outs[4].Result; r.Stmt(1).Outcome != rt.OutNormal || slices.Contains(r.Infected, 2) {
		t.Errorf("s2 under mutant 2, which it does not infect: outcome %v, infected %v", r.Stmt(1).Outcome, r.Infected)
	}
	if o := outs[5]; o.Result != nil || o.Crash == nil || o.Crash.Kind != executor.CrashTimeout || o.Crash.Stmt != 0 {
		t.Errorf("under mutant 4: %+v; want a timeout at statement 0", o)
	}
	if r := outs[6].Result; r == nil || v(r, 0) != v(f.Run([]rt.Request{s3.Wire(9, 0)})[0].Result, 0) || !slices.Equal(r.Infected, []int32{4, 5}) {
		t.Errorf("under mutant 5: %+v; want the original's values, mutants 4 and 5 infected", r)
	}
}
