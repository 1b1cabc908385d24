package generator_test

import (
	"bytes"
	"testing"
)

// TestReleasedResultsUnused runs the same search twice, once with the
// executor pool's released memory overwritten (GENTEST_ARENA=poison) and
// once with nothing reused: a component that used a result after the
// search released it (exec.Pool.Release) would read garbage in the first
// run and write another file. The fixture has stalled branches, so that
// the local search and input-to-state keep closest operands across
// batches, and its files come from minimization, verification and the
// judge as well.
func TestReleasedResultsUnused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an executor and runs go test twice; skipped with -short")
	}
	var files [2][]byte
	for i, mode := range []string{"off", "poison"} {
		t.Setenv("GENTEST_ARENA", mode)
		_, files[i] = gen(t, scratchModule(t, "../testdata/gen/stalled", "example.com/stalled"), 4000, 1)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Errorf("the file written with released memory poisoned differs from the one written with none reused:\n--- off\n%s\n--- poison\n%s", files[0], files[1])
	}
}
