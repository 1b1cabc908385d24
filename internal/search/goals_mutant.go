package search

import (
	"slices"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
)

// Weak mutation (smart selection's WM criterion; see goals.go): mutant m is
// covered when a run infects it, that is when rt.Result.Infected holds m
// (the mutated expression's value differed from the original's where it
// ran, or, for the statement mutants, the place was reached).

// mutantGoal is what the search knows of one mutant
// (instrument.Table.Mutants).
type mutantGoal struct {
	id int32
	// block is the block probe whose execution reaches the mutant (-1:
	// none); cond, for the relational and negation mutants, the condition
	// whose outcome it changes (-1 otherwise).
	block, cond int32
	op          string
	// target: DynaMOSA makes it a goal once its block is covered (see
	// targetedOps).
	target bool
}

// targetedOps are the mutant operators DynaMOSA targets: those whose
// infection needs more than reaching the mutant, the paper's subsuming
// ROR, AOR and BOR mutants. A relational boundary mutant (a < b to
// a <= b) is infected only when a == b, an arithmetic one when a op b
// differs from a op' b, a logical one when its operands differ. Every
// other operator (negations, constants, removals, returns, break and
// continue, extreme mutation) is infected wherever it runs: reaching its
// block, which the branch goals target, covers it, and as a goal of its
// own it would only dilute the branch goals.
var targetedOps = map[string]bool{instrument.OpRelBoundary: true, instrument.OpArith: true, instrument.OpLogical: true}

// mutantsOf returns the mutants of t, by id (mutantsOf(t)[i].id == i+1).
// A table whose ids are not dense from 1 (which the instrumenter
// promises) gives none: weak mutation is then off, and the search is the
// branch search, rather than a goal's fitness reading another mutant.
func mutantsOf(t *instrument.Table) []mutantGoal {
	if t == nil {
		return nil
	}
	out := make([]mutantGoal, 0, len(t.Mutants))
	for i, m := range t.Mutants {
		if m.ID != i+1 {
			return nil
		}
		out = append(out, mutantGoal{id: int32(m.ID), block: int32(m.Block), cond: int32(m.Cond), op: m.Op})
	}
	return out
}

// weakMutation is the weak-mutation criterion: the mutants and, for
// DynaMOSA, the fitness of a run for one of them.
type weakMutation struct {
	mutants []mutantGoal
	// unsteady marks the blocks whose running depends on a
	// nondeterministic source: their mutants are not targeted.
	unsteady map[int32]bool
}

// newWeakMutation returns the criterion over mutants, or nil when there
// are none.
func newWeakMutation(mutants []mutantGoal, t *instrument.Table) *weakMutation {
	if len(mutants) == 0 {
		return nil
	}
	w := &weakMutation{mutants: mutants, unsteady: map[int32]bool{}}
	if t != nil {
		for _, b := range t.Blocks {
			if b.Unsteady&instrument.UnsteadyState != 0 {
				w.unsteady[int32(b.ID)] = true
			}
		}
	}
	return w
}

// current appends to goals the mutants DynaMOSA targets now: targeted,
// not infected yet, and whose block some run has reached (smart
// selection's subsumption: the block's control dependence first). Mutant
// ids ascending.
func (w *weakMutation) current(goals []int32, cov *coverage) []int32 {
	for _, m := range w.mutants {
		if m.target && m.block >= 0 && !cov.mutants[m.id] && cov.blocks[m.block] && !w.unsteady[m.block] {
			goals = append(goals, m.id)
		}
	}
	return goals
}

// fitness is the fitness of ind for mutant id, as a branch's (dynamosa.go):
// 0 when ind infected it; 2 (an approach level of at least one) when ind
// did not reach its block; otherwise, for a relational boundary mutant,
// the normalised distance of its condition's operands to equality, and 1
// for the others, whose infection the probes give no distance to.
func (w *weakMutation) fitness(ind *individual, id int32) float64 {
	if _, ok := slices.BinarySearch(ind.infected, id); ok {
		return 0
	}
	m := &w.mutants[id-1]
	if _, ok := slices.BinarySearch(ind.blocks, m.block); !ok {
		return 2
	}
	if m.op != instrument.OpRelBoundary || m.cond < 0 {
		return 1
	}
	return rt.NormDist(equalityDist(ind.conds, m.cond))
}

// equalityDist is how far condition c's operands came from equal in conds,
// where its relational boundary mutant (a < b to a <= b) is infected. The
// probes record, for each outcome the condition did not take, the branch
// distance to taking it, which for an ordering is the distance between its
// operands (plus a constant for the strict ones): the closest of those.
// When the condition took both outcomes its operands crossed without
// meeting, and when it did not run there is no distance: 1 then.
func equalityDist(conds []rt.CondObs, c int32) float64 {
	i, ok := slices.BinarySearchFunc(conds, c, func(o rt.CondObs, c int32) int { return int(o.ID) - int(c) })
	if !ok {
		return 1
	}
	o := conds[i]
	d := -1.0
	if o.NTrue == 0 {
		d = o.DistTrue
	}
	if o.NFalse == 0 && (d < 0 || o.DistFalse < d) {
		d = o.DistFalse
	}
	if d < 0 {
		return 1
	}
	return d
}
