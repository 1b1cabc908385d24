package oracle

// Unique kills confirmed. The judge runs each case against a bounded
// share of the mutants it infects (planMutantRuns), so its kill data is
// partial: a case can look like the only one to kill a mutant that another
// kept case also kills but was never run against, and suite reduction then
// keeps it for nothing (sinkswap with strong mutation: an Add and a Flush
// whose buffer no read followed kept for four kills the two cases reading
// the buffer were not run against). confirmKills runs the other kept cases
// against each such mutant before the reduction is final. The other side
// is partial too: a case the reduction leaves out may kill a mutant no
// kept case kills, and it runs against a few such mutants as well.

import (
	"slices"
	"time"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/minimize"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// aliveRunsPerMutant bounds, per round, the cases left out of the
// reduction that run against a mutant no kept case kills (confirmKills).
const aliveRunsPerMutant = 2

// maxConfirmRounds bounds confirmKills' rounds: each round reduces again
// with the kills the last one found, which may keep other cases whose
// kills look unique in turn. Most suites settle in two or three rounds;
// the bound caps the reductions on the rest.
const maxConfirmRounds = 8

// confirmShare is the share of the judge's own runs under mutants that
// confirmKills may add (at least confirmFloor runs per case): confirming
// is worth a fraction of the judging, not as much again, since every
// run it makes is one the test suite's cost grows by (the generator's
// own tests spent 15% longer with an unbounded confirmation).
const (
	confirmShare = 4 // runs <= judged runs / confirmShare
	confirmFloor = 2
)

// confirmKills makes the reduction's unique kills sound: it reduces the
// cases as the caller will (opts.Offer), and for each mutant exactly one
// kept case kills, runs every other kept case that infects it and did not
// yet run against it, on plain, as the written test would see it (its
// final sequence and assertions); and the cases left out against the
// mutants they infect that no kept case kills (aliveRunsPerMutant cases
// per mutant and round: a mutant most cases infect is the one the judge's
// rarest-first plan ran on none, and the case that kills it may come
// late). The kills found join the cases' Mutation and Cands, and the
// reduction is done again, until a round finds no pair left to run or
// maxConfirmRounds. All runs share one budget, a confirmShare-th of the
// judge's own runs under mutants. A mutant that hung under any case in
// the judge's runs is not run again (a whole call limit per run). A kill
// left unconfirmed, by the budget or by opts.MutantDeadline, stands: its
// owner keeps its test, which keeps tests rather than losing kills.
// Deterministic: the pairs depend only on the cases, in case and mutant
// order.
func (j *Judgement) confirmKills(prog *model.Program, plain executor.Runner, items []writtenForm, opts JudgeOptions) {
	if opts.Mutants <= 0 || len(items) != len(j.Cases) {
		return
	}
	hung := map[int32]bool{}
	ran := make([]map[int32]bool, len(items))
	infected := make([]map[int32]bool, len(items))
	for n, it := range items {
		ran[n], infected[n] = map[int32]bool{}, map[int32]bool{}
		for _, m := range validMutants(it.o.Result.Infected, opts.Mutants) {
			infected[n][m] = true
		}
		if v := j.Cases[n].Mutation; v != nil {
			for _, m := range v.Run {
				ran[n][m] = true
			}
			for _, m := range v.ByTimeout {
				hung[m] = true
			}
		}
	}
	alive := func(m int32) bool { // a goal under opts.Offer
		return opts.Offer == nil || len(opts.Offer(minimize.Candidate{Kills: []int32{m}}).Kills) > 0
	}
	judgedRuns := 0
	for _, c := range j.Cases {
		if c.Mutation != nil {
			judgedRuns += len(c.Mutation.Run)
		}
	}
	// One budget for both kinds of runs, unique kills first: they are
	// what keeps a test for nothing; the left-out cases' runs only find
	// kills the suite may gain.
	budget := max(judgedRuns/confirmShare, confirmFloor*len(items))
	for range maxConfirmRounds {
		kept, offered := j.reducedOffered(opts.Offer)
		owners := map[int32][]int{}
		var order []int32 // mutants in first-seen order: no map iteration
		for _, i := range kept {
			c := j.Cands[i]
			if opts.Offer != nil {
				c = opts.Offer(c)
			}
			for _, m := range c.Kills {
				if len(owners[m]) == 0 {
					order = append(order, m)
				}
				if !slices.Contains(owners[m], i) {
					owners[m] = append(owners[m], i)
				}
			}
		}
		var reqs []rt.Request
		var pairs [][2]int // case index, mutant
		// add plans case i's run under mutant m, from the budget.
		add := func(i int, m int32) {
			budget--
			ran[i][m] = true
			q := items[i].e.Seq.Wire(uint64(len(reqs)), rt.FlagDetail) // as written
			q.Mutant = m
			reqs = append(reqs, q)
			pairs = append(pairs, [2]int{i, int(m)})
		}
		for _, m := range order {
			if len(owners[m]) != 1 || hung[m] {
				continue
			}
			for _, i := range kept {
				if i == owners[m][0] || !infected[i][m] || ran[i][m] || budget <= 0 {
					continue
				}
				add(i, m)
			}
		}
		// The other side of partial data: a case left out may kill a
		// mutant no kept case kills, which its runs did not reach
		// (text/tabwriter lost 3 kills to the prime cover without
		// this). Up to aliveRunsPerMutant such cases per mutant and
		// round, in case order, within what is left of the budget.
		isKept := map[int]bool{}
		for _, i := range kept {
			isKept[i] = true
		}
		tries := map[int32]int{}
		for _, i := range offered {
			if isKept[i] {
				continue
			}
			for _, m := range validMutants(items[i].o.Result.Infected, opts.Mutants) {
				if budget <= 0 || len(owners[m]) > 0 || hung[m] || ran[i][m] || tries[m] >= aliveRunsPerMutant || !alive(m) {
					continue
				}
				tries[m]++
				add(i, m)
			}
		}
		if len(reqs) == 0 {
			return
		}
		j.Confirm.Rounds++
		j.Confirm.Runs += len(reqs)
		var outs []executor.Outcome
		if dr, ok := plain.(executor.DeadlineRunner); ok && !opts.MutantDeadline.IsZero() {
			if !time.Now().Before(opts.MutantDeadline) {
				return
			}
			outs = dr.RunUntil(reqs, opts.MutantDeadline)
		} else {
			outs = plain.Run(reqs)
		}
		for k, out := range outs {
			i, m := pairs[k][0], int32(pairs[k][1])
			j.addConfirmed(items[i], i, m, out, opts.Mutants)
			if out.Crash != nil && (out.Crash.Kind == executor.CrashTimeout || out.Crash.Kind == executor.CrashHang) {
				// It hangs here too: every later run against it
				// would cost a whole call limit (a mutant looping for
				// good under every case cost up to two limits a round,
				// for 64 rounds), and its kill is made.
				hung[m] = true
			}
		}
	}
}

// addConfirmed records what case i's run out under mutant m showed: the
// run joins Mutation.Run, a kill Mutation.Killed and the case's
// candidate, each list kept ascending. The assertions are the case's
// final ones as the emitter writes them.
func (j *Judgement) addConfirmed(it writtenForm, i int, m int32, out executor.Outcome, mutants int) {
	c := j.Cases[i]
	scratch := &CaseMutation{ByAssert: map[seq.ValueID][]int32{}}
	if !recordKill(scratch, it.judged, it.asserts, c.PanicMsg, m, out) {
		return
	}
	v := c.Mutation
	if v == nil {
		v = &CaseMutation{Infected: validMutants(it.o.Result.Infected, mutants), ByAssert: map[seq.ValueID][]int32{}}
		c.Mutation = v
	}
	v.Run = insertSorted(v.Run, m)
	if len(scratch.Killed) > 0 {
		j.Confirm.Kills++
		v.Killed = insertSorted(v.Killed, m)
		j.Cands[i].Kills = v.Killed
	}
	if len(scratch.ByTimeout) > 0 {
		v.ByTimeout = insertSorted(v.ByTimeout, m)
	}
}

// insertSorted returns the ascending list xs with m in it once.
func insertSorted(xs []int32, m int32) []int32 {
	k, found := slices.BinarySearch(xs, m)
	if found {
		return xs
	}
	return slices.Insert(xs, k, m)
}
