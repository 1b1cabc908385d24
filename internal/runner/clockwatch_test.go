package runner

import (
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// watched is a fake executor that answers as a package whose two clock
// conditions guard a block each: condition 0 compares a deadline that is
// never reached (evaluated alike on every run), condition 1 compares the
// clock's reading itself (its distance changes with every run). Block 2
// is steady code. runs counts the runs.
func watched(prog *model.Program, runs *int) *executortest.Runner {
	return &executortest.Runner{Prog: prog, Edit: func(_ rt.Request, out *executor.Outcome) {
		*runs++
		out.Result = &rt.Result{
			Blocks: []int32{0, 1, 2},
			Conds: []rt.CondObs{
				{ID: 0, NFalse: 3, DistTrue: 1e6},
				{ID: 1, NFalse: 1, DistTrue: float64(*runs)},
				{ID: 2, NTrue: 1, DistFalse: 1},
			},
		}
	}}
}

// The clock watch shows what is unsteady only through a clock condition
// that reruns evaluate alike (a timeout that never fires: the condition
// and the block under it), hides a clock condition whose distance follows
// the clock and what is under it, confirms once, and, frozen, masks the
// minimizer's and the judge's results alike without running anything.
func TestClockWatch(t *testing.T) {
	st := instrument.UnsteadyState
	tab := &instrument.Table{
		Blocks: []instrument.Block{{ID: 0, Unsteady: st, Roots: []int{0}}, {ID: 1, Unsteady: st, Roots: []int{1}}, {ID: 2}},
		Conds: []instrument.Cond{{ID: 0, Nondet: st, Unsteady: st, Roots: []int{0}},
			{ID: 1, Nondet: st, Unsteady: st, Roots: []int{1}}, {ID: 2}},
	}
	prog := &model.Program{Ops: []*model.Op{{ID: 0}}}
	runs := 0
	w := NewClockWatch(tab)
	f := watched(prog, &runs)
	search := Steady(f, tab, prog, w)
	q := rt.Request{Stmts: []rt.Stmt{{Op: 0}}}
	check := func(what string, r *rt.Result) {
		t.Helper()
		var conds []int32
		for _, c := range r.Conds {
			conds = append(conds, c.ID)
		}
		if !slices.Equal(r.Blocks, []int32{0, 2}) || !slices.Equal(conds, []int32{0, 2}) {
			t.Errorf("%s: blocks %v, conditions %v; want [0 2] and [0 2]", what, r.Blocks, conds)
		}
	}
	check("first run", search.Run([]rt.Request{q})[0].Result)
	if runs != 1+confirmRuns {
		t.Errorf("first run: %d runs, want %d (the run and its confirmation)", runs, 1+confirmRuns)
	}
	check("second run", search.Run([]rt.Request{q})[0].Result)
	if runs != 2+confirmRuns {
		t.Errorf("second run: %d runs in all, want %d: nothing new to confirm", runs, 2+confirmRuns)
	}
	w.Freeze()
	judge := Steady(f, tab, prog, w)
	before := runs
	check("frozen", judge.Run([]rt.Request{q, q})[1].Result)
	if runs != before+2 {
		t.Errorf("frozen: %d runs, want 2: a frozen watch confirms nothing", runs-before)
	}
}
