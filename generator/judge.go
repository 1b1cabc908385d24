package generator

// The stages between the search and verification: the candidates
// minimized, judged (what their tests assert), and the probable bugs.

import (
	"context"
	"time"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/minimize"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/runner"
	"github.com/gentest-go/gentest/internal/search"
)

// minimize shortens the search's candidates, in place.
func (r *pkgRun) minimize(ctx context.Context, prog *model.Program, h *harness.Harness, pool *executor.Pool, s *searched) error {
	r.phase(PhaseMinimize, s.obs.Execs(), s.obs.Coverage())
	start := time.Now()
	// Without -execs, minimizing gets its share of the stages' deadline
	// (deadline.go): a big package with slow calls (samber/lo, 400
	// candidates at 100 calls/s) would otherwise spend minutes here.
	// Unfinished candidates keep their longer form. With -execs, each
	// candidate's trial cap bounds it and the output stays deterministic.
	mctx, cancel := ctx, context.CancelFunc(func() {})
	if by := r.clock.minimizeBy(); !by.IsZero() {
		mctx, cancel = context.WithDeadline(ctx, by)
	}
	watch := &cutWatch{FullRunner: r.trace.Wrap("minimize", runner.Steady(pool, h.Table, prog, s.watch))}
	minimize.Corpus(mctx, prog, watch, s.eng.Corpus, 4*r.cfg.Workers)
	cut := mctx.Err() != nil && ctx.Err() == nil
	cancel()
	r.logf("minimized %d candidates in %.1fs", len(s.eng.Corpus), time.Since(start).Seconds())
	if err := ctx.Err(); err != nil {
		return err
	}
	if cut || watch.wasCut() {
		r.cutStage("minimize", "the candidates not shortened by then keep their longer form")
	}
	r.stages.Minimized(s.eng.Corpus)
	return nil
}

// judge runs the minimized candidates again to decide what their tests
// assert and which of them make the suite (oracle.Judge); offer is how
// reduce will offer them to suite reduction (pkgRun.offer).
func (r *pkgRun) judge(ctx context.Context, prog *model.Program, h *harness.Harness, pool *executor.Pool, s *searched,
	offer func(minimize.Candidate) minimize.Candidate) *oracle.Judgement {
	// The judged sequences run again on differently built copies of the
	// executor: what they see differently depends on the binary (a hash
	// of the executable picks a message's spelling) and is not asserted,
	// since go test and go test -cover build other binaries.
	nvar := binaryVariants
	if r.cfg.Disable[BinaryVariants] {
		nvar = 0
	}
	nvar = r.judgeVariants(nvar, len(s.eng.Corpus), s.eng.Stats.Executed, s.eng.Stats.Elapsed)
	variants, closeVariants := r.variantRunners(ctx, h.Exe, nvar)
	start := time.Now()
	mutants := r.mutants(h)
	watch := &cutWatch{FullRunner: r.trace.Wrap("judge", runner.Steady(pool, h.Table, prog, s.watch))}
	judged := oracle.Judge(prog, watch, s.eng.Corpus,
		oracle.JudgeOptions{Sandboxed: r.sandbox, Variants: variants, Mutants: mutants, AllAsserts: r.cfg.Disable[MutationAsserts],
			MutantDeadline: r.clock.judgeBy(), Offer: offer,
			Written: func(c *oracle.Case) *oracle.Case { return emit.Written(prog, c) }})
	closeVariants()
	r.debugf("judge runs: %v; confirming kills: %d rounds, %d runs, %d kills", watch.calls, judged.Confirm.Rounds, judged.Confirm.Runs, judged.Confirm.Kills)
	// The runs under mutants stop at the deadline in a batch (the watch
	// sees it) or before the next round starts, past it.
	if by := r.clock.judgeBy(); watch.wasCut() || mutants > 0 && !by.IsZero() && !time.Now().Before(by) {
		r.cutStage("judge", "the cases whose runs under mutants did not happen keep every assertion")
	}
	if mutants > 0 {
		// The runs under mutants may have left mutated package state in
		// the executors (a global a mutant set, which only the operations
		// that declare their state restore): the stages after the judge
		// (findings replaying failures, contracts) start fresh ones, so
		// that no mutant's leftover passes for a bug.
		pool.Restart()
	}
	r.debugf("judged %d candidates in %.2fs with %d binary variants", len(s.eng.Corpus), time.Since(start).Seconds(), len(variants))
	r.stages.Judged(judged.Cases)
	for _, d := range judged.Disagreements {
		// A signal for the analysis, not for the user: in -json only.
		r.debugf("analysis disagreement: %s", d)
	}
	return judged
}

// findings gathers the probable bugs: revealing failures of the search,
// contract violations on pooled values, and pure-repeat violations.
// With a time budget the stage ends at findingsBy: the failures not
// judged by then, and the contracts when no time is left for them, are
// said in the log and the stage is reported cut (Summary.Phases).
func (r *pkgRun) findings(ctx context.Context, prog *model.Program, pool *executor.Pool, eng *search.Engine, j *oracle.Judgement) []*oracle.Finding {
	off := r.cfg.Disable
	fctx, cancel := ctx, context.CancelFunc(func() {})
	if by := r.clock.findingsBy(); !by.IsZero() {
		fctx, cancel = context.WithDeadline(ctx, by)
	}
	defer cancel()
	start := time.Now()
	out := oracle.RevealingLogged(fctx, prog, pool, eng.Failures, 4*r.cfg.Workers, r.debugf)
	r.debugf("findings: %d of %d failures in %.1fs", len(out), len(eng.Failures), time.Since(start).Seconds())
	cut := fctx.Err() != nil && ctx.Err() == nil
	if !off[Contracts] {
		if fctx.Err() == nil {
			start = time.Now()
			out = append(out, oracle.Contracts(prog, pool, eng.Pool(), r.cfg.disabledNames())...)
			r.debugf("findings: contracts checked in %.1fs", time.Since(start).Seconds())
		} else {
			r.logf("findings: the contracts were not checked: the stage's deadline had passed")
		}
		if !off[PureRepeat] {
			out = append(out, j.PureRepeat...)
		}
	}
	if cut {
		r.cutStage("findings", "failures not judged or findings not minimized by then, contracts unchecked (the debug log names them)")
	}
	return out
}

// mutants is the number of mutants the judge runs the cases against: the
// executor's, none with -no=mutation.
func (r *pkgRun) mutants(h *harness.Harness) int {
	if r.cfg.Disable[Mutation] {
		return 0
	}
	return h.Mutants
}

// mutationSummary is what the judge's mutant runs showed of the tests of
// out, the written file (nil when the executor had no mutants): the
// mutants infected and killed by the cases written, and the tests that
// kill nothing.
func mutationSummary(mutants int, cases []*oracle.Case, out *emit.Output) *MutationSummary {
	if mutants <= 0 || out == nil {
		return nil
	}
	byKey := make(map[int]*oracle.Case, len(cases))
	for _, c := range cases {
		byKey[c.Key] = c
	}
	infected, judged, killed := map[int32]bool{}, map[int32]bool{}, map[int32]bool{}
	byTimeoutOnly := map[int32]bool{} // mutant -> no written test kills it otherwise
	sum := &MutationSummary{Mutants: mutants, KillNothing: []string{}, Idle: idleTests(byKey, out)}
	for _, t := range out.Tests {
		for i, k := range t.Keys {
			c := byKey[k]
			var m *oracle.CaseMutation
			if c != nil {
				m = c.Mutation
			}
			if m == nil || len(m.Killed) == 0 {
				name := t.Func
				if t.Subtests[i] != "" {
					name += "/" + t.Subtests[i]
				}
				sum.KillNothing = append(sum.KillNothing, name)
			}
			if m == nil {
				continue
			}
			mark(infected, m.Infected)
			mark(judged, m.Run)
			timeouts := map[int32]bool{}
			mark(timeouts, m.ByTimeout)
			for _, id := range m.Killed {
				only, seen := byTimeoutOnly[id]
				byTimeoutOnly[id] = timeouts[id] && (!seen || only)
			}
			mark(killed, m.Killed)
		}
	}
	sum.Infected, sum.Judged, sum.Killed = len(infected), len(judged), len(killed)
	for _, only := range byTimeoutOnly {
		if only {
			sum.KilledByTimeout++
		}
	}
	return sum
}

// idleTests names the tests of out, written from the cases byKey holds,
// that kill no mutant and cover no block another test of out does not
// (MutationSummary.Idle): the count of cases covering each block and
// killing each mutant, over the file's distinct cases, is 1 for what a
// test adds alone.
func idleTests(byKey map[int]*oracle.Case, out *emit.Output) []string {
	blocks, kills := map[int64]int{}, map[int32]int{}
	each := func(fn func(name string, c *oracle.Case)) {
		for _, t := range out.Tests {
			for i, k := range t.Keys {
				name := t.Func
				if t.Subtests[i] != "" {
					name += "/" + t.Subtests[i]
				}
				fn(name, byKey[k])
			}
		}
	}
	killed := func(c *oracle.Case) []int32 {
		if c == nil || c.Mutation == nil {
			return nil
		}
		return c.Mutation.Killed
	}
	counted := map[*oracle.Case]bool{}
	each(func(_ string, c *oracle.Case) {
		// A case written twice (a table's row and a fuzz target's
		// seed) is one test's worth: it counts once.
		if c == nil || counted[c] {
			return
		}
		counted[c] = true
		for _, b := range c.Blocks {
			blocks[b]++
		}
		for _, m := range killed(c) {
			kills[m]++
		}
	})
	idle := []string{}
	each(func(name string, c *oracle.Case) {
		if c == nil {
			return // not a judged case (a kept test): not ours to judge
		}
		for _, b := range c.Blocks {
			if blocks[b] == 1 {
				return
			}
		}
		for _, m := range killed(c) {
			if kills[m] == 1 {
				return
			}
		}
		idle = append(idle, name)
	})
	return idle
}

// mark adds ids to set.
func mark(set map[int32]bool, ids []int32) {
	for _, id := range ids {
		set[id] = true
	}
}
