package generator

// The stages after the search share one deadline. Each used to get a
// budget of its own (minimization the search's budget again, the judge's
// runs under mutants another), so that a package with slow calls took
// three budgets and verification besides: cockroachdb/apd at 30 s ran
// 170-250 s of wall time (bench/results/2026-11-29-exits34). Now
// minimization and the judge end within afterBudget of the search's end,
// and a run that passed that deadline verifies with fewer repetitions;
// the summary says which stages the deadline cut (Summary.Phases).
//
// With -execs nothing here looks at the clock: the work is bounded by
// counts (minimization's trials per candidate, the judge's mutant runs
// per case and in all), so that a seed and -execs give the same file.

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
)

// PhaseTimes are the wall times of a package's stages, in seconds, and
// what their deadlines cut short.
type PhaseTimes struct {
	// Prepare runs from the start of the package's run (model, executor
	// build, kept and own tests) to the search.
	Prepare  float64 `json:"prepare"`
	Search   float64 `json:"search"`
	Minimize float64 `json:"minimize"`
	// Judge is the judge's runs (plain, binary variants, under mutants)
	// and Findings the replays of failures and the contract checks.
	Judge    float64 `json:"judge"`
	Findings float64 `json:"findings"`
	// Verify is rendering and go test until the file passes, and the
	// writing; Report the explanation and the coverage of the package's
	// own tests.
	Verify float64 `json:"verify"`
	// FindingsTests is the part of Verify spent rendering and running
	// the findings' tests (findings.Write, write.go).
	FindingsTests float64 `json:"findings_tests"`
	Report        float64 `json:"report"`
	// AfterBudget is the time the stages after the search were given
	// before verification (afterBudget); 0 without a time budget or with
	// -execs, where counts bound them.
	AfterBudget float64 `json:"after_budget"`
	// Cut names the stages their deadline ended before their work was
	// done, in pipeline order: "minimize" (candidates left longer than
	// they could be), "variants" (the judge's cases run on fewer binary
	// variants, judgeVariants), "judge" (cases whose runs under mutants
	// did not happen keep every assertion instead of those that kill
	// mutants), "findings" (failures left unjudged, contracts
	// unchecked: judge.go), "findings-tests" (findings whose tests had
	// not had all their runs by budget + 60 s, reported unconfirmed:
	// write.go). Verification is never cut: its repetitions are what
	// keeps a flaky test out of the file.
	Cut []string `json:"cut"`
}

// afterBudget is the time the stages between the search and verification
// get together: half the search's budget up to two minutes, a quarter of
// the rest beyond (a ten-minute search of a big package has more
// candidates to shorten, but not ten more minutes of it); zero with
// -execs or without a budget. Half: load, build and verification take
// 40-70 s of a 30 s run of a slow package besides (apd, warm caches), and
// the issue asks for budget + 60 s in all; minimization keeps coverage
// and the judge's cut keeps assertions, so what a shorter time costs is
// longer tests and assertions not chosen by mutants, not coverage.
func (c *Config) afterBudget() time.Duration {
	if c.Execs > 0 || c.Budget <= 0 {
		return 0
	}
	if c.Budget <= 2*time.Minute {
		return c.Budget / 2
	}
	return time.Minute + (c.Budget-2*time.Minute)/4
}

// minimizeShare is minimization's part of afterBudget; the judge's runs
// under mutants end at afterBudget's end. Minimization comes first and
// shortens what the judge and verification run, but on a package of
// slow calls it would take the whole budget (apd: 324 candidates in
// 34 s of a 30 s run); 2/5 leaves the judge the larger part, since its runs under
// mutants choose what the tests assert.
const minimizeShare = 0.4

// judgeVariants is the number of binary variants the judge runs its cases
// on: n, or fewer (down to one) when their passes over the corpus would
// take more than half of what is left of the deadline. Each variant runs
// every case once more on an executor of its own; on a package of slow
// calls the passes cost about n times the corpus at the search's rate
// (executed sequences over its time, all executors together), and the
// variants are the judge's largest cost that no deadline cuts
// (testdata/gen/slowcalc: 14 of the judge's 39 s). One variant still
// catches a value that depends on one bit of the binary half the time,
// and verification's builds most of the rest (variants.go).
func (r *pkgRun) judgeVariants(n, cands, executed int, searched time.Duration) int {
	by := r.clock.judgeBy()
	if n <= 1 || by.IsZero() || cands == 0 || executed == 0 || searched <= 0 {
		return n
	}
	pass := float64(cands) * searched.Seconds() / float64(executed)
	fit := int(time.Until(by).Seconds() / 2 / pass)
	if fit >= n {
		return n
	}
	fit = max(fit, 1)
	r.cutStage("variants", fmt.Sprintf("the cases run on %d binary variants, not %d (a pass over %d candidates takes about %.1fs)", fit, n, cands, pass))
	return fit
}

// stageClock holds the deadlines of the stages after the search.
type stageClock struct {
	// end of the search and the budget after it; budget is 0 without
	// deadlines (-execs, no budget).
	start  time.Time
	budget time.Duration
}

// newStageClock starts the clock of the stages after the search.
func (r *pkgRun) newStageClock() stageClock {
	return stageClock{start: time.Now(), budget: r.cfg.afterBudget()}
}

// startStageClock ends the search's time and starts the deadline of the
// stages after it.
func (r *pkgRun) startStageClock() {
	r.times.Search = r.lap()
	r.clock = r.newStageClock()
	r.times.AfterBudget = r.clock.budget.Seconds()
}

// minimizeBy is minimization's deadline; zero without one.
func (c stageClock) minimizeBy() time.Time {
	if c.budget <= 0 {
		return time.Time{}
	}
	return c.start.Add(time.Duration(minimizeShare * float64(c.budget)))
}

// judgeBy is the deadline of the judge's runs under mutants; zero
// without one.
func (c stageClock) judgeBy() time.Time {
	if c.budget <= 0 {
		return time.Time{}
	}
	return c.start.Add(c.budget)
}

// findingsShare is the findings stage's time after the judge's deadline,
// as a part of afterBudget: replaying the search's failures (focus's
// narrowed tests, a hang's nearby inputs at a CPU second each, the
// minimization of each finding's test) and the contract checks. Most
// packages need a fraction of a second; a parser whose search met many
// hangs took 25 s (gomarkdown at 60 s, issue 32).
const findingsShare = 0.5

// findingsBy is the findings stage's deadline; zero without one.
func (c stageClock) findingsBy() time.Time {
	if c.budget <= 0 {
		return time.Time{}
	}
	return c.judgeBy().Add(time.Duration(findingsShare * float64(c.budget)))
}

// late reports whether the stages before verification ran past their
// deadline by more than slack: the run is then over its time and
// verification repeats each test less (verifyCount).
func (c stageClock) late(slack time.Duration) bool {
	return c.budget > 0 && time.Since(c.start) > c.budget+slack
}

// cutWatch is a runner that notes whether a deadline ended any of its
// RunUntil batches before their end: the stage's work was cut, which
// the summary reports (PhaseTimes.Cut).
type cutWatch struct {
	executor.FullRunner
	mu  sync.Mutex
	cut bool
	// calls are the batches run, their sizes and times, for the debug
	// log: where a slow package's judge spends its time.
	calls []string
}

// RunUntil runs seqs until deadline and notes a batch the deadline ended
// (its deadline passed before it returned: sequences come back unrun).
func (w *cutWatch) RunUntil(seqs []rt.Request, deadline time.Time) []executor.Outcome {
	t0 := time.Now()
	outs := w.FullRunner.RunUntil(seqs, deadline)
	w.mu.Lock()
	w.calls = append(w.calls, fmt.Sprintf("until %d in %.2fs", len(seqs), time.Since(t0).Seconds()))
	w.mu.Unlock()
	if !time.Now().Before(deadline) {
		w.mu.Lock()
		w.cut = true
		w.mu.Unlock()
	}
	return outs
}

// wasCut reports whether a deadline ended a batch.
func (w *cutWatch) wasCut() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cut
}

// cutStage notes stage in r's phase times as cut by its deadline, and
// says so in the log.
func (r *pkgRun) cutStage(stage, what string) {
	if slices.Contains(r.times.Cut, stage) {
		return
	}
	r.times.Cut = append(r.times.Cut, stage)
	r.logf("cut by the deadline (%.0fs after the search): %s: %s", r.times.AfterBudget, stage, what)
}

// Run is the inner runner's, timed for the debug log.
func (w *cutWatch) Run(seqs []rt.Request) []executor.Outcome {
	t0 := time.Now()
	outs := w.FullRunner.Run(seqs)
	w.mu.Lock()
	w.calls = append(w.calls, fmt.Sprintf("run %d in %.2fs", len(seqs), time.Since(t0).Seconds()))
	w.mu.Unlock()
	return outs
}
