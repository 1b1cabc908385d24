package generator_test

import (
	"testing"
	"time"

	"github.com/gentest-go/gentest/generator"
)

// A package whose calls can be made to run for ever (a writer wired to
// itself, work that grows with a precision up to a constant the package
// compares against) must not starve the search: the search learns the
// costly inputs after a few calls that run to the call limit (search's
// costly.go), runs its executions and covers the ordinary branches.
//
// Counted, not timed: at a fixed number of executions, what the learning
// decides is how many calls ran to the limit, the same on any machine,
// while their wall time is the machine's load (the earlier form of this
// test, a 3 s budget with the search asserted within 4.5 s, failed at
// load 40 to 190). That batches stop at a time budget's end whatever
// their calls do is tested without a clock race where it is implemented:
// internal/search's TestBudgetBoundsSlowBatch and internal/executor's
// TestRunUntilDeadline, with the generator's runner wrappers typed
// executor.FullRunner so that none can drop the deadline;
// BenchmarkCostlyBudget measures the search's wall time against a budget.
func TestCostlyStaysInBudget(t *testing.T) {
	waitBound(t)
	sum, src := genCostly(t, generator.Config{Execs: costlyExecs})
	t.Logf("execs %d, crashes %v, lost %+v, coverage %.3f", sum.Execs, sum.Crashes, sum.SearchLost, sum.Coverage)
	if sum.Execs < costlyExecs {
		t.Errorf("the search ran %d of its %d executions", sum.Execs, costlyExecs)
	}
	limited := sum.Crashes["timeout"] + sum.Crashes["hang"] + sum.Crashes["stack-overflow"]
	if limited == 0 || sum.SearchLost.Timeouts <= 0 {
		t.Errorf("no call ran to its limit (crashes %v, lost %+v): the fixture's costly calls were not reached or not counted",
			sum.Crashes, sum.SearchLost)
	}
	if limited > costlyMaxLimited {
		t.Errorf("%d calls ran to their limit (%v), want the costly inputs learned after a few", limited, sum.Crashes)
	}
	if sum.Coverage < 0.8 {
		t.Errorf("coverage = %.2f, want at least 0.80\n%s", sum.Coverage, src)
	}
}

// The executions TestCostlyStaysInBudget runs, and the calls running to
// their limit it allows among them: at 2000 executions, seed 1, 13 calls
// timed out (coverage 98.1%, at load 55, where the search took 74 s of
// wall time, 56 s of it lost to those timeouts).
const costlyExecs, costlyMaxLimited = 2000, 40

// genCostly runs gen on a copy of testdata/gen/costly with cfg's budget
// or executions, seed 1, 2 executors and a 500 ms call limit.
func genCostly(tb testing.TB, cfg generator.Config) (*generator.Summary, []byte) {
	dir := scratchModule(tb, "../testdata/gen/costly", "example.com/costly")
	cfg.Dir, cfg.Patterns, cfg.Seed, cfg.Workers, cfg.CallTimeout = dir, []string{"."}, 1, 2, 500*time.Millisecond
	return genConfig(tb, cfg)
}

// BenchmarkCostlyBudget reports how long the search of testdata/gen/costly
// ran with a 3 s budget, as search-s and as a multiple of the budget
// (over-budget): batches stop at the budget's end, so on a quiet machine
// this stays within the budget plus one call limit (3.5 s); a wall-time
// bound is a measurement, not a test, on a shared machine.
func BenchmarkCostlyBudget(b *testing.B) {
	const budget = 3 * time.Second
	for i := 0; i < b.N; i++ {
		sum, _ := genCostly(b, generator.Config{Budget: budget})
		b.ReportMetric(sum.SearchSeconds, "search-s")
		b.ReportMetric(sum.SearchSeconds/budget.Seconds(), "over-budget")
	}
}

// A package whose methods hang on some receivers (a record reader over a
// source that never ends or never delivers, a zero value that spins, a
// gate nobody opened; search/hang.go) must not spend the search on call
// limits, and must still reach those methods' normal paths. At 3000
// executions and a 300 ms call limit, seeds 1-3, the search lost 82-127 s
// of executor time to timeouts before the search learned the hanging
// constructions, 13-16 s after, at the same coverage (98.5/89.7/98.5%,
// before 98.5/98.5/97.1%); with the CPU-time limit, seed 1 at load 9: 20
// timeouts and 20 deadlocks in the whole run, 98.5%.
func TestHangingCallsLearned(t *testing.T) {
	waitBound(t)
	dir := scratchModule(t, "../testdata/gen/stalled", "example.com/stalled")
	sum, src := genConfig(t, generator.Config{Dir: dir, Patterns: []string{"."}, Execs: 3000, Seed: 1, Workers: 2,
		CallTimeout: 300 * time.Millisecond})
	// Counted in calls, not seconds: the limit is CPU time, so on a
	// loaded machine a spinning call takes longer on the wall clock (at
	// load 9 the 20 timeouts of a run cost 23 s), while the number of
	// hanging calls is what learning decides. Without learning the
	// search alone makes 300-400 of them.
	hangs := sum.Crashes["timeout"] + sum.Crashes["hang"] + sum.Crashes["deadlock"]
	if hangs > 80 {
		t.Errorf("%d calls hung (%v; lost %+v), want the hanging constructions learned after a few",
			hangs, sum.Crashes, sum.SearchLost)
	}
	if sum.Coverage < 0.85 {
		t.Errorf("coverage = %.2f, want at least 0.85\n%s", sum.Coverage, src)
	}
	// Every hang here is a reader over a source that never ends or a
	// gate nobody opens: no hang finding (docs/findings.md rule 11).
	for _, f := range sum.Findings {
		t.Errorf("false finding: %s in %s: %s", f.Kind, f.Function, f.Message)
	}
}

// A package whose containers can be made to hold themselves (l.Set(0, l),
// s.Push(s): testdata/gen/selfholding, the class of gods' arraylist and
// arraystack) overflows the stack in String and MarshalJSON. The search
// must learn that self-wiring after a few overflows, as it does after a
// few timeouts, rather than spend its executors on the same crash, each
// run again to attribute it. At 3000 executions, seed 1, load ~20: the
// search made 7 overflows with the learning (18 in the whole run, search
// 11.6 s, coverage 90.3%); without it 99 (167 in the whole run, search
// 167 s, the same coverage).
func TestSelfHoldingLearned(t *testing.T) {
	waitBound(t)
	dir := scratchModule(t, "../testdata/gen/selfholding", "example.com/selfholding")
	sum, src := genConfig(t, generator.Config{Dir: dir, Patterns: []string{"."}, Execs: 3000, Seed: 1, Workers: 2})
	// Counted in crashes, not seconds: how many overflows the search
	// draws is what learning decides; their wall time is the machine's.
	if n := sum.Crashes["stack-overflow"]; n > 40 {
		t.Errorf("%d stack overflows (lost %+v), want the self-holding containers learned after a few", n, sum.SearchLost)
	}
	if sum.Coverage < 0.8 {
		t.Errorf("coverage = %.2f, want at least 0.80\n%s", sum.Coverage, src)
	}
}

// A loop that switches on an enum and advances only in its members' cases
// (testdata/gen/enumloop, as go-diff's DiffCleanupMerge) never ends for
// another value. The search must learn, after a few timeouts, to draw the
// enum's members (search/costly.go) and still cover the ordinary paths.
// At 3000 executions: seed 1, 17 timeouts and 100% (without the learning,
// noteCostlyEnums doing nothing: 15 timeouts, as the hang learning skips
// what hung, and 91.4%); seeds 2 and 3, 24 and 6 timeouts, 100%.
func TestEnumLoopLearned(t *testing.T) {
	waitBound(t)
	dir := scratchModule(t, "../testdata/gen/enumloop", "example.com/enumloop")
	sum, src := genConfig(t, generator.Config{Dir: dir, Patterns: []string{"."}, Execs: 3000, Seed: 1, Workers: 2,
		CallTimeout: 300 * time.Millisecond})
	t.Logf("crashes %v, search %.1fs, lost %+v, coverage %.3f", sum.Crashes, sum.SearchSeconds, sum.SearchLost, sum.Coverage)
	if n := sum.Crashes["timeout"] + sum.Crashes["hang"]; n > 40 {
		t.Errorf("%d timeouts and hangs, want the enum's members learned after a few", n)
	}
	if sum.Coverage < 0.95 {
		t.Errorf("coverage = %.2f, want at least 0.95\n%s", sum.Coverage, src)
	}
}
