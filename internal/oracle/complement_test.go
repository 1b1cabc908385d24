package oracle

import (
	"testing"

	"github.com/gentest-go/gentest/internal/minimize"
	"github.com/gentest-go/gentest/internal/seq"
)

// Complement mode keeps a test only for a block or a kill the package's
// own tests miss: not for blocks they cover, mutants they kill, branch
// sides (which their profile cannot tell) or a behaviour of its own.
func TestReducedBeyond(t *testing.T) {
	mk := func(op int) *Case {
		return &Case{Seq: &seq.Seq{Stmts: []seq.Stmt{{Op: op}}}, Target: 0}
	}
	j := &Judgement{
		Cases: []*Case{mk(1), mk(2), mk(3), mk(4), mk(5)},
		Cands: []minimize.Candidate{
			{Len: 1, Cover: []int64{0, 1}, BehaviourKey: 7},                    // blocks the own tests cover, a behaviour
			{Len: 1, Cover: []int64{1, minimize.BranchBit | 4}},                // a branch side only
			{Len: 1, Cover: []int64{0}, Kills: []int32{3}},                     // a mutant the own tests kill
			{Len: 1, Cover: []int64{0, 2}},                                     // a block they miss
			{Len: 1, Cover: []int64{1}, Kills: []int32{3, 5}, BehaviourKey: 8}, // a mutant they leave alive
		},
	}
	own := []bool{true, true, false}
	killed := map[int32]bool{3: true}
	got := j.ReducedBeyond(own, killed)
	if len(got) != 2 || got[0] != j.Cases[3] || got[1] != j.Cases[4] {
		var ops []int
		for _, c := range got {
			ops = append(ops, c.Seq.Stmts[0].Op)
		}
		t.Errorf("ReducedBeyond kept the cases of ops %v, want 4 and 5", ops)
	}
	if all := j.Reduced(); len(all) < 4 {
		t.Errorf("Reduced (no own tests) kept %d cases, want at least 4", len(all))
	}
}
