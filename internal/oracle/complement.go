package oracle

import "github.com/gentest-go/gentest/internal/minimize"

// ReducedBeyond is Reduced for complement mode: the package has tests of
// its own, which cover the blocks ownBlocks marks (by probe block id) and
// kill the mutants ownKilled holds. A test is written only if it covers
// a block they leave uncovered or kills a mutant they leave alive; what
// it asserts alone no longer keeps it, and branch sides, which the own
// tests' cover profile cannot tell, are not goals.
func (j *Judgement) ReducedBeyond(ownBlocks []bool, ownKilled map[int32]bool) []*Case {
	return j.reduced(Beyond(ownBlocks, ownKilled))
}

// ReducedOffered is Reduced with each candidate offered to suite
// reduction as offer says (nil: as it is); ReducedBeyond with Beyond's.
func (j *Judgement) ReducedOffered(offer func(minimize.Candidate) minimize.Candidate) []*Case {
	return j.reduced(offer)
}

// Beyond is how ReducedBeyond offers a candidate to suite reduction: with
// only the blocks ownBlocks leaves uncovered and the mutants ownKilled
// leaves alive as its goals, and no behaviour key (JudgeOptions.Offer).
func Beyond(ownBlocks []bool, ownKilled map[int32]bool) func(minimize.Candidate) minimize.Candidate {
	return func(c minimize.Candidate) minimize.Candidate {
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
	}
}
