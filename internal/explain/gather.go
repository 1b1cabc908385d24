package explain

import (
	"go/types"
	"slices"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/runner"
)

// Gather builds the explanation's input from what the search's observer
// saw: blocks covered, conditions seen and, for each outcome never taken,
// the operands of the evaluation that came closest; and, from the model,
// the functions it left out and the parameter types nothing builds. When
// the search ran without operand recording (-no=input-to-state), the
// sequences that came closest run once more with it on run, which must
// still be open. Final is left for the caller, who knows what the written
// file covers.
func Gather(seen runner.Seen, table *instrument.Table, prog *model.Program, run executor.Runner) Input {
	in := Input{Table: table, Search: seen.Blocks,
		Conds: make([]Cond, len(seen.Conds)), Excluded: map[string]string{}, Ops: map[string]Op{}}
	type want struct{ cond, side int }
	var reqs []rt.Request
	var wants [][]want
	index := map[*rt.Request]int{}
	for id := range seen.Conds {
		cs := &seen.Conds[id]
		in.Conds[id] = Cond{NTrue: cs.NTrue, NFalse: cs.NFalse}
		for side := 0; side < 2; side++ {
			if [2]int{cs.NTrue, cs.NFalse}[side] > 0 || cs.Seq[side] == nil {
				continue
			}
			in.Conds[id].Closest[side] = cs.Closest[side]
			if ob := cs.Operands[side]; ob != nil {
				in.Conds[id].Operands[side] = formatOperands(ob)
				continue
			}
			i, ok := index[cs.Seq[side]]
			if !ok {
				i = len(reqs)
				index[cs.Seq[side]] = i
				s := *cs.Seq[side]
				s.Flags |= rt.FlagOperands
				reqs = append(reqs, s)
				wants = append(wants, nil)
			}
			wants[i] = append(wants[i], want{id, side})
		}
	}
	if len(reqs) > 0 {
		outs := run.Run(reqs)
		for i, out := range outs {
			if out.Result == nil {
				continue
			}
			for _, w := range wants[i] {
				for _, ob := range out.Result.Operands {
					if int(ob.Branch) == 2*w.cond+w.side {
						in.Conds[w.cond].Operands[w.side] = formatOperands(&ob)
					}
				}
			}
		}
	}
	for _, e := range prog.Excluded {
		if in.Excluded[e.Name] == "" {
			in.Excluded[e.Name] = e.Reason
		}
	}
	// The model's (and the detective's) own judgement of what nothing
	// builds, the same the no-test error gives.
	unbuilt := map[string]bool{}
	for _, t := range prog.Unbuildable() {
		unbuilt[types.TypeString(t, nil)] = true
	}
	for _, op := range prog.Ops {
		if !op.UnderTest || op.Func == nil {
			continue
		}
		e := in.Ops[op.Name]
		if op.ID < len(seen.OpCalls) {
			e.Calls += seen.OpCalls[op.ID]
		}
		for _, p := range op.Params {
			if !unbuilt[types.TypeString(p.Type, nil)] {
				continue
			}
			name := types.TypeString(p.Type, types.RelativeTo(prog.Pkg))
			if !slices.Contains(e.Unbuildable, name) {
				e.Unbuildable = append(e.Unbuildable, name)
			}
		}
		in.Ops[op.Name] = e
	}
	return in
}

func formatOperands(ob *rt.OperandObs) []string {
	return []string{FormatLit(ob.Vals[0], ob.Cut[0]), FormatLit(ob.Vals[1], ob.Cut[1])}
}
