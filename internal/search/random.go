package search

import (
	"math/rand/v2"

	"github.com/gentest-go/gentest/internal/model"
)

// randomSearch is Randoop's feedback-directed random generation (thesis
// ch. 4-5) with GRT's components: each new sequence calls an operation
// under test that bloodhound picks, its inputs built by extension from the
// pools of earlier sequences' values (or, with probability PApp, by an
// EvoObj template); only sequences that ran normally are pooled and
// extended later. It waits for no outcome: what it learns from, the pools,
// the coverage and the learners' state, the engine updates.
type randomSearch struct {
	targets []*model.Op
	rng     *rand.Rand
	loops   *rand.Rand    // repetition's draws (newLoopRand); nil: rng
	picker  *targetPicker // nil with -no=bloodhound
	tmpl    *templates
	gen     *generated
	maxLen  int
}

// propose appends new sequences to batch until it holds n, giving up
// after 20n tries.
func (r *randomSearch) propose(batch []proposal, n int) []proposal {
	for tries := 0; len(batch) < n && tries < n*20; tries++ {
		op := pickTarget(r.picker, r.rng, r.targets)
		s, ok := r.tmpl.call(op)
		if !ok || s.Len() > r.maxLen {
			continue
		}
		loops := loopRand(r.loops, r.rng)
		if k := s.Len() - 1; k >= 0 && loops.IntN(repeatMutationOdds) == 0 && repeatable(op, &s.Stmts[k]) {
			// Now and then the call under test in a loop (repeat.go):
			// the pools' sequences then hold containers past their
			// capacities for later calls to extend.
			if n, ok := newRepeatCount(loops, constantsOf(r.tmpl.lits)); ok {
				makeRepeat(s, k, n)
			}
		}
		if !r.gen.fresh(s) {
			continue
		}
		batch = append(batch, proposal{s: s})
	}
	return batch
}
