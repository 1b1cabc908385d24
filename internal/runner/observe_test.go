package runner

import (
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
)

// The observer counts the sequences that ran (not the unrun ones), the
// statements of the blocks they covered, the blocks reached only by runs
// that panicked, and per condition the outcomes and the closest distance
// to an outcome never taken with the sequence that came that close.
func TestObserver(t *testing.T) {
	tab := &instrument.Table{Blocks: []instrument.Block{{ID: 0, NumStmt: 1}, {ID: 1, NumStmt: 3}, {ID: 2, NumStmt: 4}},
		Conds: []instrument.Cond{{ID: 0}}}
	prog := modeltest.Program(t, "package p\n\nfunc F() {}\n", model.Options{})
	fOp := modeltest.Op(t, prog, "F")
	f := &executortest.Runner{Prog: prog,
		Stmt: func(_ *model.Op, _ int, q rt.Request, _ uint64, spec *rt.StmtSpec) {
			if q.ID == 2 {
				executortest.PanicNilDeref(spec)
			}
		},
		Edit: func(q rt.Request, out *executor.Outcome) {
			r := out.Result
			switch q.ID {
			case 1:
				r.Blocks = []int32{0}
				r.Conds = []rt.CondObs{{ID: 0, NFalse: 1, DistTrue: 5}}
			case 2:
				r.Blocks = []int32{0, 1}
				r.Conds = []rt.CondObs{{ID: 0, NFalse: 1, DistTrue: 2}}
			case 3:
				*out = executor.Outcome{Unrun: true}
			}
			if q.Flags&rt.FlagOperands != 0 {
				r.Operands = []rt.OperandObs{{Branch: 0, Vals: [2]rt.Lit{{Kind: rt.LitInt, I: 7}, {Kind: rt.LitInt, I: 9}}}}
			}
		}}
	var ticks int
	o := NewObserver(f, tab, len(prog.Ops), func(int, float64) { ticks++ })
	q := func(id uint64) rt.Request { return rt.Request{ID: id, Stmts: []rt.Stmt{{Op: fOp.ID}}} }
	o.Run([]rt.Request{q(1), q(2), q(3)})
	if o.Execs() != 2 || o.Coverage() != 0.5 || !slices.Equal(o.Covered(), []bool{true, true, false}) || ticks != 1 {
		t.Errorf("execs %d, coverage %v, covered %v, ticks %d; want 2, 0.5, [true true false], 1", o.Execs(), o.Coverage(), o.Covered(), ticks)
	}
	if got := o.PanicNote(1); got != "(only in runs that panicked)" {
		t.Errorf("block 1's note %q: only the run that panicked covered it", got)
	}
	if got := o.PanicNote(0); got != "" {
		t.Errorf("block 0's note %q: a clean run covered it first", got)
	}
	seen := o.Seen()
	c := seen.Conds[0]
	if c.NTrue != 0 || c.NFalse != 2 || c.Closest[0] != 2 || c.Seq[0] == nil || c.Seq[0].ID != 2 || c.Operands[0] != nil {
		t.Errorf("condition 0: %+v; want never true, closest 2 by sequence 2, no operands recorded", c)
	}
	if seen.OpCalls[fOp.ID] != 2 {
		t.Errorf("F called %d times, want 2", seen.OpCalls[fOp.ID])
	}
}
