package oracle

import "github.com/gentest-go/gentest/internal/minimize"

// ReducedBeyond is Reduced for complement mode: the package has tests of
// its own, which cover the blocks ownBlocks marks (by probe block id) and
// kill the mutants ownKilled holds. A test is written only if it covers
// a block they leave uncovered or kills a mutant they leave alive; what
// it asserts alone no longer keeps it, and branch sides, which the own
// tests' cover profile cannot tell, are not goals.
func (j *Judgement) ReducedBeyond(ownBlocks []bool, ownKilled map[int32]bool) []*Case {
	return j.reduced(func(c minimize.Candidate) minimize.Candidate {
		var cover []int64
		for _, it := range c.Cover {
			if it&minimize.BranchBit != 0 {
				continue
			}
			if it >= 0 && it < int64(len(ownBlocks)) && ownBlocks[it] {
				continue
			}
			cover = append(cover, it)
		}
		var kills []int32
		for _, m := range c.Kills {
			if !ownKilled[m] {
				kills = append(kills, m)
			}
		}
		c.Cover, c.Kills, c.BehaviourKey = cover, kills, 0
		return c
	})
}
