package generator_test

import (
	"bytes"
	"testing"
)

// Code that branches on the wall clock (an expiring cache, IDs told apart
// within a microsecond) covers different code on two runs of one
// sequence. The search must not learn from that coverage: the same seed
// and -execs give the same file, byte for byte. Without the unsteady
// probes hidden from the search, four runs of this fixture gave four
// different files.
func TestClockBranchesDeterministic(t *testing.T) {
	comparative(t)
	genTwiceSame(t, "clock", 0, "clock.Label(")
}

// IDs made from the clock (time-based UUIDs) are values like any other
// once made: a later call that takes one (Shard branches on its last hex
// digit) covers code by the clock, and nothing in the package's own code
// branches on the clock for the instrumentation to mark. The search must
// not learn from such runs either. Before the taint followed the
// sequence's arguments, two runs of this fixture wrote different Shard
// tables.
func TestClockValuesDeterministic(t *testing.T) {
	comparative(t)
	genTwiceSame(t, "clockids", 0, "clockids.Shard(")
}

// A matcher that checks a package-level clock for a timeout at every
// step (regexp2's backtracking engine) is unsteady to the static taint
// as a whole, though the timeout is off and the clock never changes its
// outcome. Hidden from the search, its loop went untested: the written
// file covered 64% where the search had covered 91%. The clock watch
// runs the sequences that would first show such code again, finds the
// clock conditions evaluated alike, and lets the search learn from it;
// the same seed and -execs still write the same file.
func TestClockTimeoutNeverFires(t *testing.T) {
	endToEnd(t)
	genTwiceSame(t, "timeout", 0.85, "Match(", "Count(")
}

// genTwiceSame generates tests for testdata/gen/<fixture> with seed 1 and
// 1000 executions, checks that the file covers at least minCov and calls
// each of want, and then, when the comparison runs are on (comparisons),
// generates again in the same copy put back as it was (resetModule) and
// checks that the second run wrote the same file, byte for byte.
func genTwiceSame(t *testing.T, fixture string, minCov float64, want ...string) {
	t.Helper()
	mod := "example.com/" + fixture
	dir := scratchModule(t, "../testdata/gen/"+fixture, mod)
	sum, first := gen(t, dir, 1000, 1)
	if sum.Coverage < minCov {
		t.Errorf("written coverage %.1f%% (search %.1f%%), want at least %.0f%%:\n%s",
			100*sum.Coverage, 100*sum.SearchCoverage, 100*minCov, first)
	}
	for _, w := range want {
		if !bytes.Contains(first, []byte(w)) {
			t.Errorf("%s is not tested:\n%s", w, first)
		}
	}
	if !comparisons(t) {
		return
	}
	resetModule(t, dir, mod)
	_, second := gen(t, dir, 1000, 1)
	if !bytes.Equal(first, second) {
		t.Fatalf("two runs with the same seed and -execs wrote different files:\n--- first\n%s\n--- second\n%s", first, second)
	}
}

// An operation that reads the clock only for a deadline that does not
// fire (go-diff's DiffMain, regexp2's MatchString) is nondeterministic by
// its purity facts, so every result of it was taken as clock-made: the
// calls that take one (a script's Delta, parsed back by FromDelta) lost
// their coverage in the search, and the written file covered 78% where
// the code allows over 90%. The clock watch reruns sequences that call
// such an operation and trusts it once its results agree in every run of
// several sequences. Its results stay unasserted (a date or a seconds
// clock would agree on reruns too and flake later), and the same seed
// and -execs still write the same file.
func TestClockDeadlineOnly(t *testing.T) {
	endToEnd(t)
	genTwiceSame(t, "deadline", 0.88, "FromDelta(")
}
