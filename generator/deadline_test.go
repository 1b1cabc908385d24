package generator_test

import (
	"slices"
	"testing"
	"time"

	"github.com/gentest-go/gentest/generator"
)

// A package whose every candidate makes a call of tens of milliseconds
// (testdata/gen/slowcalc) cannot be minimized and judged against its
// mutants in the time the stages after the search get: minimization ends
// at its share of that time and the judge at its end, and the summary
// says so. The bound is on the run's own phase times: the old stages had
// the budget each (minimization, then the judge's runs under mutants),
// twice the bound asserted here.
func TestSlowStagesEndAtDeadline(t *testing.T) {
	waitBound(t)
	const budget = 8 * time.Second
	dir := scratchModule(t, "../testdata/gen/slowcalc", "example.com/slowcalc")
	sum, src := genConfig(t, generator.Config{Dir: dir, Patterns: []string{"."}, Budget: budget, Seed: 1, Workers: 2,
		CallTimeout: time.Second})
	ph := sum.Phases
	after := (budget / 2).Seconds()
	if ph.AfterBudget != after {
		t.Fatalf("after_budget = %.1fs, want %.1fs (half the budget)", ph.AfterBudget, after)
	}
	if !slices.Contains(ph.Cut, "minimize") {
		t.Errorf("phases %+v: want minimization cut by its deadline (every trial makes a slow call)", ph)
	}
	// A batch in flight at the deadline ends within a call's limit; one
	// more for the executors' answers under load.
	if limit := 0.4*after + 2*time.Second.Seconds(); ph.Minimize > limit {
		t.Errorf("minimization took %.1fs, want at most %.1fs (its share of %.0fs and two call limits)", ph.Minimize, limit, after)
	}
	// The judge's plain runs (each case twice, on binary variants) have
	// no deadline: a case not judged is a test lost. Its runs under
	// mutants do, and a run past it says so. Verification is not cut.
	if ph.Minimize+ph.Judge > after+2 && !slices.Contains(ph.Cut, "judge") {
		t.Errorf("phases %+v: minimization and judge past the deadline, want the judge's cut reported", ph)
	}
	if slices.Contains(ph.Cut, "verify") {
		t.Errorf("phases %+v: verification cut; its repetitions keep flaky tests out and are never cut", ph)
	}
	if sum.Tests == 0 {
		t.Errorf("no test written: the stages cut must still write the cases judged\n%s", src)
	}
}
