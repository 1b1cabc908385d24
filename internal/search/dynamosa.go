package search

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// DynaMOSA over call sequences.
//
// Goals are the branch sides of the instrumented conditions (smart
// selection's representative of its correlated group: lines are covered
// through the branches that control them, so they are not goals of their
// own). A branch is a current goal once it is uncovered and its condition
// runs on every call (Deps.Root) or one of its control-dependence parents is
// covered: covering a branch releases the branches that depend on it.
//
// An individual is a test sequence; its fitness for goal b is the
// normalised branch distance d/(d+1) when b's condition was evaluated, and
// 2 (an approach level of at least one) when it was not. Each generation,
// the population and the offspring of the previous generation are sorted
// by preference: front 0 holds, for each current goal, the individual
// closest to it (ties to the shorter); the rest follow by their distance to
// the goal they come closest to (a cheap stand-in for non-dominated sorting
// over hundreds of goals). Parents are chosen by tournament on that order;
// offspring are made by crossover (a prefix of one parent followed by the
// other) with probability PCrossover, then mutated: statements deleted,
// literals changed, calls inserted, each with probability 1/3. The archive
// is the corpus: every sequence that covers a branch first is kept, and the
// minimizer shortens it later.
const (
	PopSize        = 50
	PCrossover     = 0.75
	tournamentSize = 4
)

// individual is a member of the population with the observations of its
// run.
type individual struct {
	s     *seq.Seq
	conds []rt.CondObs
	// blocks and infected, ascending, only with weak mutation on (the
	// mutant goals' fitness, goals_mutant.go).
	blocks, infected []int32
	// score is the smallest fitness over the current branch goals; rank
	// is 0 for front 0 (the closest to a branch goal), 1 for the closest
	// to a mutant goal, 2 for the rest; set by select.
	score float64
	rank  int
}

// dynamosa is DynaMOSA's search over call sequences: it proposes the
// offspring of its population and waits for their outcomes to select
// the next generation.
type dynamosa struct {
	prog    *model.Program
	rng     *rand.Rand
	loops   *rand.Rand // repetition's draws (newLoopRand); nil: rng
	targets []*model.Op
	table   *instrument.Table
	maxLen  int
	ext     *extension
	tmpl    *templates
	picker  *targetPicker // nil with -no=bloodhound
	lits    *literals
	values  *Values
	cov     *coverage
	stats   *Stats
	gen     *generated
	// archive is the engine's: its corpus seeds the population (the
	// hybrid's random half filled it) and is DynaMOSA's archive.
	archive *Archive

	started   bool
	pop       []*individual
	offspring []*individual // evaluated since the last selection
	goals     []int32       // current goals, ascending
	released  map[int32]bool
	parents   map[int32][]int32 // cond -> parent branches
	root      map[int32]bool    // cond -> runs without a parent
	// byCond indexes the field branches of the operations under test by
	// instrumented condition (stateGoals); nil until first asked.
	byCond map[int32][]stateGoal
	// wm is weak mutation, nil when off; mgoals are its current goals,
	// mutant ids ascending, after the branch goals.
	wm     *weakMutation
	mgoals []int32
}

// fitness of an individual for branch b.
func (ind *individual) fitness(b int32) float64 {
	d := condDist(ind.conds, b)
	if math.IsInf(d, 1) {
		return 2
	}
	return rt.NormDist(d)
}

// start builds the control-dependence index and, for the hybrid, seeds
// the population from the archive.
func (d *dynamosa) start() {
	d.started = true
	d.released, d.parents, d.root = map[int32]bool{}, map[int32][]int32{}, map[int32]bool{}
	if t := d.table; t != nil {
		for _, c := range t.Conds {
			id := int32(c.ID)
			for _, p := range c.Parents {
				d.parents[id] = append(d.parents[id], int32(p))
			}
			d.root[id] = c.Root
		}
	}
	// Seed from the archive: the corpus, newest first, which the random
	// phase of the hybrid filled.
	// Entries that earned no new coverage (NewCov 0: kept for what runs
	// that panicked covered first, or panicking as documented; see
	// archive) are left out, so that the corpus's bookkeeping does not
	// steer the search.
	for i := len(d.archive.Corpus) - 1; i >= 0 && len(d.pop) < PopSize; i-- {
		e := d.archive.Corpus[i]
		if e.NewCov == 0 {
			continue
		}
		d.pop = append(d.pop, d.individual(e.Seq, e.Result))
	}
}

// individual makes an individual of s and its result, keeping what the
// fitness of the current goals reads. res is the corpus's clone or a
// result cut from the decoder's slabs (rt.Result.Clone), so the arrays
// are copied: an individual can live for many generations.
func (d *dynamosa) individual(s *seq.Seq, res *rt.Result) *individual {
	ind := &individual{s: s, conds: slices.Clone(res.Conds)}
	if d.wm != nil {
		// Sorted for the fitness's binary searches: the executor sends
		// both ascending, a fake need not.
		ind.blocks, ind.infected = slices.Clone(res.Blocks), slices.Clone(res.Infected)
		slices.Sort(ind.blocks)
		slices.Sort(ind.infected)
	}
	return ind
}

// releaseGoals recomputes the current goals: uncovered branches whose
// condition needs no parent or has a covered parent, and, with weak
// mutation, the targeted mutants whose block is covered.
func (d *dynamosa) releaseGoals() {
	d.goals = d.goals[:0]
	if d.wm != nil {
		d.mgoals = d.wm.current(d.mgoals[:0], d.cov)
	}
	if t := d.table; t != nil {
		for _, c := range t.Conds {
			if c.Unsteady&instrument.UnsteadyState != 0 {
				continue // hidden from every result the search sees (instrument/nondet.go)
			}
			id := int32(c.ID)
			if !d.released[id] {
				ok := d.root[id]
				for _, p := range d.parents[id] {
					if d.cov.branches[p] {
						ok = true
						break
					}
				}
				if !ok {
					continue
				}
				d.released[id] = true
			}
			for side := int32(0); side < 2; side++ {
				if b := 2*id + side; !d.cov.branches[b] {
					d.goals = append(d.goals, b)
				}
			}
		}
		return
	}
	// Without a probe table, every branch side seen so far is a goal.
	seen := map[int32]bool{}
	for _, ind := range d.pop {
		for _, c := range ind.conds {
			for side := int32(0); side < 2; side++ {
				if b := 2*c.ID + side; !d.cov.branches[b] && !seen[b] {
					seen[b] = true
					d.goals = append(d.goals, b)
				}
			}
		}
	}
	sort.Slice(d.goals, func(i, j int) bool { return d.goals[i] < d.goals[j] })
}

// selectPop is the environmental selection: preference sorting of the
// population and the offspring, keeping PopSize.
func (d *dynamosa) selectPop() {
	all := append(append([]*individual{}, d.pop...), d.offspring...)
	d.offspring = d.offspring[:0]
	if len(all) == 0 {
		return
	}
	d.releaseGoals()
	for _, ind := range all {
		ind.rank, ind.score = 2, 3
	}
	for _, b := range d.goals {
		preferBest(all, func(ind *individual) float64 { return ind.fitness(b) }, 0)
	}
	// The mutant goals are secondary (smart selection: branches stay the
	// primary goals): the individuals closest to them come after front 0
	// and their fitness does not enter the score, so that they never
	// push out of the population an individual closest to a branch.
	for _, m := range d.mgoals {
		preferBest(all, func(ind *individual) float64 { return d.wm.fitness(ind, m) }, 1)
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		if a.score != b.score {
			return a.score < b.score
		}
		return a.s.Len() < b.s.Len()
	})
	if len(all) > PopSize {
		all = all[:PopSize]
	}
	d.pop = all
}

// preferBest puts in front rank the individual of all closest to one
// goal, whose fitness is f (ties to the shorter), unless none reaches it
// or it is in a better front already; for a branch goal (rank 0) it
// lowers each individual's score to its fitness for the goal.
func preferBest(all []*individual, f func(*individual) float64, rank int) {
	var best *individual
	bestF := math.Inf(1)
	for _, ind := range all {
		v := f(ind)
		if rank == 0 && v < ind.score {
			ind.score = v
		}
		if v < bestF || (v == bestF && best != nil && ind.s.Len() < best.s.Len()) {
			best, bestF = ind, v
		}
	}
	if best != nil && bestF < 2 && best.rank > rank {
		best.rank = rank
	}
}

// tournament picks the best of tournamentSize random members: the
// population is sorted best first, so the smallest index wins.
func (d *dynamosa) tournament() *individual {
	pop := d.pop
	best := len(pop)
	for i := 0; i < tournamentSize; i++ {
		if j := d.rng.IntN(len(pop)); j < best {
			best = j
		}
	}
	return pop[best]
}

// propose appends offspring to batch until it holds n, giving up after
// 20 tries per offspring wanted.
func (d *dynamosa) propose(batch []proposal, n int) []proposal {
	if !d.started {
		d.start()
	}
	d.selectPop()
	sg := d.stateGoals()
	want := n - len(batch)
	for tries, made := 0, 0; made < want && tries < want*20; tries++ {
		s := d.offspringOf(sg)
		if s == nil || s.Len() == 0 || s.Len() > d.maxLen || !d.gen.fresh(s) {
			continue
		}
		batch = append(batch, proposal{s: s, by: d})
		made++
	}
	return batch
}

// ran records an offspring's clean run for the next selection.
func (d *dynamosa) ran(s *seq.Seq, res *rt.Result, clean bool) {
	if !clean {
		return
	}
	d.offspring = append(d.offspring, d.individual(s, res))
}

// unrun forgets an offspring that will not run: it holds nothing of it.
func (d *dynamosa) unrun(*seq.Seq) {}
