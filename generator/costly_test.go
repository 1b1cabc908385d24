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
	if testing.Short() {
		t.Skip("builds an executor and runs go test; skipped with -short")
	}
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
