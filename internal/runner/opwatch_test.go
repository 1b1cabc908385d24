package runner

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// ops is a fake executor that answers as a package with three
// operations: op 0 is deterministic, op 1 reads the clock only for a
// deadline (its result, a string, is the same on every run), op 2 returns
// the clock's reading (its result changes with every run). Each
// statement's value hashes as its operation and, for op 2, the run. Every
// run covers blocks 0-3 and condition 0.
func ops(prog *model.Program) *executortest.Runner {
	runs := 0
	return &executortest.Runner{Prog: prog,
		Stmt: func(op *model.Op, i int, _ rt.Request, _ uint64, spec *rt.StmtSpec) {
			if i == 0 {
				runs++
			}
			h := uint64(100 + op.ID)
			if op.ID == 2 {
				h = uint64(1000 + runs)
			}
			spec.Values = []rt.Value{{Type: rt.InternType("string"), Hash: h}}
		},
		Edit: func(_ rt.Request, out *executor.Outcome) {
			out.Result.Blocks = []int32{0, 1, 2, 3}
			out.Result.Conds = []rt.CondObs{{ID: 0, NTrue: 1, NFalse: 1}}
		},
	}
}

// The clock watch trusts a nondeterministic operation whose results
// agree in a confirming run (made with rt.FlagRepeat) of each of
// opConfirmations sequences, one per batch: then a call that takes its
// result keeps its coverage and the result its hash. An operation whose
// result differs on the first confirmation stays tainted for good; a
// frozen watch judges nothing.
func TestClockWatchTrustsOps(t *testing.T) {
	tab := &instrument.Table{Blocks: []instrument.Block{{ID: 0}, {ID: 1}, {ID: 2}, {ID: 3}}, Conds: []instrument.Cond{{ID: 0}}}
	str := types.Typ[types.String]
	nd := model.Effects{Nondeterministic: true}
	prog := &model.Program{Ops: []*model.Op{{ID: 0, Results: []types.Type{str}},
		{ID: 1, Effects: nd, Results: []types.Type{str}}, {ID: 2, Effects: nd, Results: []types.Type{str}}}}
	w := NewClockWatch(tab)
	f := ops(prog)
	search := Steady(f, tab, prog, w)
	ref := rt.Arg{Kind: rt.ArgRef, Stmt: 0}
	deadline := rt.Request{Stmts: []rt.Stmt{{Op: 1}, {Op: 0, Args: []rt.Arg{ref}}}}
	clock := rt.Request{Stmts: []rt.Stmt{{Op: 2}, {Op: 0, Args: []rt.Arg{ref}}}}
	kept := func(r *rt.Result) bool { return len(r.Blocks) == 4 && !r.Stmt(0).Values()[0].Unstable }
	for batch := range opConfirmations {
		outs := search.Run([]rt.Request{deadline, clock, deadline})
		// What the batch shows was decided before its confirmations.
		if kept(outs[0].Result) || kept(outs[1].Result) {
			t.Errorf("batch %d: a value taken before the operation was trusted steers the search", batch)
		}
	}
	// One confirmation per operation and batch: three for op 1, one for
	// op 2, each with FlagRepeat.
	var repeated int
	for _, q := range f.Requests() {
		if q.Flags&rt.FlagRepeat != 0 {
			repeated++
		}
	}
	runs := len(f.Requests())
	if repeated != opConfirmations+1 || runs != 3*opConfirmations+repeated {
		t.Errorf("%d runs, %d with FlagRepeat; want %d and %d", runs, repeated, 3*opConfirmations+opConfirmations+1, opConfirmations+1)
	}
	if !w.trustedOp(1) || w.trustedOp(2) || w.trustedOp(0) {
		t.Fatalf("trusted: op 0 %v, op 1 %v, op 2 %v; want only op 1", w.trustedOp(0), w.trustedOp(1), w.trustedOp(2))
	}
	outs := search.Run([]rt.Request{deadline, clock})
	if r := outs[0].Result; !kept(r) || r.Stmt(0).Values()[0].Hash != 101 {
		t.Errorf("trusted: %d blocks, value %+v; want 4 blocks and the value's own hash", len(r.Blocks), r.Stmt(0).Values()[0])
	}
	if r := outs[1].Result; kept(r) {
		t.Errorf("a clock reading taken by a call steers the search: %d blocks, value %+v", len(r.Blocks), r.Stmt(0).Values()[0])
	}
	w.Freeze()
	before := len(f.Requests())
	judge := Steady(f, tab, prog, w)
	if r := judge.Run([]rt.Request{deadline})[0].Result; !kept(r) || len(f.Requests()) != before+1 {
		t.Errorf("frozen: %d runs, kept %v; want 1 run and the trusted value kept", len(f.Requests())-before, kept(r))
	}
}
