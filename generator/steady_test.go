package generator

import (
	"slices"
	"testing"
	"time"

	gexec "github.com/gentest-go/gentest/generator/exec"
	"github.com/gentest-go/gentest/generator/harness/instrument"
	rt "github.com/gentest-go/gentest/generator/harness/rt"
	"github.com/gentest-go/gentest/generator/model"
)

// fixedRunner answers every sequence with the same coverage: blocks 0-3,
// conditions 0-3 both ways, operands for every branch.
type fixedRunner struct{}

func (fixedRunner) result() *rt.Result {
	r := &rt.Result{Blocks: []int32{0, 1, 2, 3}}
	for c := int32(0); c < 4; c++ {
		r.Conds = append(r.Conds, rt.CondObs{ID: c, NTrue: 1, NFalse: 1})
		r.Operands = append(r.Operands, rt.OperandObs{Branch: 2 * c}, rt.OperandObs{Branch: 2*c + 1})
	}
	return r
}

func (f fixedRunner) Run(seqs []rt.Seq) []gexec.Outcome {
	outs := make([]gexec.Outcome, len(seqs))
	for i := range outs {
		outs[i].Result = f.result()
	}
	return outs
}

func (f fixedRunner) RunAlone(rt.Seq, time.Duration) gexec.Outcome {
	return gexec.Outcome{Result: f.result()}
}

func (f fixedRunner) RunUntil(seqs []rt.Seq, _ time.Time) []gexec.Outcome { return f.Run(seqs) }

// Probes unsteady through package state are hidden from every result;
// those unsteady through a call's clock read only from sequences that
// call a nondeterministic operation; steady probes never. A table without
// unsteady probes leaves the runner as it is.
func TestSteadyRunnerMasks(t *testing.T) {
	tab := &instrument.Table{}
	kinds := []instrument.Steadiness{0, instrument.UnsteadyCall, instrument.UnsteadyState, instrument.UnsteadyCall | instrument.UnsteadyState}
	for i, k := range kinds {
		tab.Blocks = append(tab.Blocks, instrument.Block{ID: i, Unsteady: k})
		tab.Conds = append(tab.Conds, instrument.Cond{ID: i, Nondet: k, Unsteady: k})
	}
	prog := &model.Program{Ops: []*model.Op{{ID: 0}, {ID: 1, Effects: model.Effects{Nondeterministic: true}}}}
	r := steady(fixedRunner{}, tab, prog)
	if _, ok := r.(*steadyRunner); !ok {
		t.Fatalf("steady returned %T for a table with unsteady probes", r)
	}
	det := rt.Seq{Stmts: []rt.Stmt{{Op: 0}}}
	nondet := rt.Seq{Stmts: []rt.Stmt{{Op: 0}, {Op: 1}}}
	outs := r.Run([]rt.Seq{det, nondet})
	alone := r.RunAlone(nondet, 0)
	for _, tc := range []struct {
		name string
		res  *rt.Result
		want []int32
	}{
		{"deterministic operations", outs[0].Result, []int32{0, 1}},
		{"a nondeterministic operation", outs[1].Result, []int32{0}},
		{"run alone", alone.Result, []int32{0}},
	} {
		var conds, ops []int32
		for _, c := range tc.res.Conds {
			conds = append(conds, c.ID)
		}
		for _, o := range tc.res.Operands {
			if o.Branch%2 == 0 {
				ops = append(ops, o.Branch/2)
			}
		}
		for what, got := range map[string][]int32{"blocks": tc.res.Blocks, "conditions": conds, "operands": ops} {
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s: %s %v, want %v", tc.name, what, got, tc.want)
			}
		}
	}
	steadyTab := &instrument.Table{Blocks: []instrument.Block{{ID: 0}}, Conds: []instrument.Cond{{ID: 0}}}
	if _, ok := steady(fixedRunner{}, steadyTab, prog).(fixedRunner); !ok {
		t.Errorf("a table without unsteady probes wrapped the runner")
	}
}
