package generator_test

import (
	"testing"
	"time"

	"github.com/gentest-go/gentest/generator"
)

// A package whose calls can be made to run for ever (a writer wired to
// itself, work that grows with a precision up to a constant the package
// compares against) must not stretch the search past its budget: batches
// stop at the budget's end, whatever their calls are doing. The ordinary
// branches are still covered.
func TestCostlyStaysInBudget(t *testing.T) {
	endToEnd(t)
	dir := scratchModule(t, "../testdata/gen/costly", "example.com/costly")
	const budget, callTimeout = 3 * time.Second, 500 * time.Millisecond
	sum, src := genConfig(t, generator.Config{Dir: dir, Patterns: []string{"."}, Budget: budget, Seed: 1, Workers: 2,
		CallTimeout: callTimeout})
	// One call limit for the call running at the end, and some slack for
	// a loaded machine (the search generates between batches).
	if limit := (budget + callTimeout + time.Second).Seconds(); sum.SearchSeconds > limit {
		t.Errorf("search took %.1fs with a %v budget (lost: %+v)", sum.SearchSeconds, budget, sum.SearchLost)
	}
	if sum.SearchLost.Timeouts <= 0 {
		t.Errorf("no time lost to timeouts reported; the fixture's costly calls were not reached or not measured: %+v", sum.SearchLost)
	}
	if sum.Coverage < 0.8 {
		t.Errorf("coverage = %.2f, want at least 0.80\n%s", sum.Coverage, src)
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
	endToEnd(t)
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
	endToEnd(t)
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
	endToEnd(t)
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
