package explain

import (
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/runner"
)

// Gather takes the observer's counts and closest distances, and runs the
// sequence that came closest to an outcome never taken once more with
// operand recording when its run had none; operands already recorded are
// used as they are.
func TestGather(t *testing.T) {
	tab := &instrument.Table{Blocks: []instrument.Block{{ID: 0, NumStmt: 1}}, Conds: []instrument.Cond{{ID: 0}, {ID: 1}}}
	prog := modeltest.Program(t, "package p\n\nfunc F(x int) {}\n", model.Options{})
	fOp := modeltest.Op(t, prog, "F")
	f := &executortest.Runner{Prog: prog, Edit: func(q rt.Request, out *executor.Outcome) {
		if q.Flags&rt.FlagOperands != 0 {
			out.Result.Operands = []rt.OperandObs{{Branch: 0, Vals: [2]rt.Lit{{Kind: rt.LitInt, I: 7}, {Kind: rt.LitInt, I: 9}}}}
		}
	}}
	closest := &rt.Request{ID: 2, Stmts: []rt.Stmt{{Op: fOp.ID, Args: []rt.Arg{{Kind: rt.ArgLit, Lit: rt.Lit{Kind: rt.LitInt, I: 7}}}}}}
	recorded := &rt.OperandObs{Branch: 3, Vals: [2]rt.Lit{{Kind: rt.LitString, S: "a"}, {Kind: rt.LitString, S: "b"}}}
	seen := runner.Seen{Blocks: []bool{true},
		Conds: []runner.CondSeen{
			{NFalse: 2, Closest: [2]float64{2, -1}, Seq: [2]*rt.Request{closest, nil}},
			{NTrue: 1, Closest: [2]float64{-1, 4}, Seq: [2]*rt.Request{nil, closest}, Operands: [2]*rt.OperandObs{nil, recorded}},
		},
		OpCalls: make([]int, len(prog.Ops))}
	seen.OpCalls[fOp.ID] = 3
	in := Gather(seen, tab, prog, f)
	if c := in.Conds[0]; c.NFalse != 2 || c.Closest[0] != 2 || !slices.Equal(c.Operands[0], []string{"7", "9"}) {
		t.Errorf("condition 0: %+v; want never true, closest 2, with the operands of a rerun", c)
	}
	if c := in.Conds[1]; c.Closest[1] != 4 || !slices.Equal(c.Operands[1], []string{`"a"`, `"b"`}) {
		t.Errorf("condition 1: %+v; want never false, closest 4, with the recorded operands", c)
	}
	if reqs := f.Requests(); len(reqs) != 1 || reqs[0].ID != 2 || reqs[0].Flags&rt.FlagOperands == 0 {
		t.Errorf("requests %v; want the closest sequence (2) run once again with operands", reqs)
	}
	if in.Ops["F"].Calls != 3 {
		t.Errorf("F called %d times, want 3", in.Ops["F"].Calls)
	}
}
