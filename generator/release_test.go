package generator_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestReleasedResultsUnused runs the same search twice, once with the
// executor pool's released memory overwritten (GENTEST_ARENA=poison) and
// once with nothing reused: a component that used a result after the
// search released it (executor.Pool.Release) would read garbage in the first
// run and write another file. The fixture has stalled branches, so that
// the local search and input-to-state keep closest operands across
// batches, and its files come from minimization, verification and the
// judge as well. Two uses planted in the search (a corpus entry keeping
// its result without Clone, a DynaMOSA individual keeping its result's
// conditions) each changed the file at 1000, 2000 and 3000 executions;
// at 4000 the second did not.
//
// The pool reads GENTEST_ARENA when it starts: each run is a child process
// (runChild) with its own setting, so that the test runs in parallel with
// the others.
func TestReleasedResultsUnused(t *testing.T) {
	skipShort(t)
	if isChild(t) {
		gen(t, os.Getenv(childDirEnv), 1000, 1)
		return
	}
	skipUnlessFull(t, "compares gen runs")
	t.Parallel()
	var files [2][]byte
	dir := scratchModule(t, "../testdata/gen/stalled", "example.com/stalled")
	for i, mode := range []string{"off", "poison"} {
		if i > 0 {
			resetModule(t, dir, "example.com/stalled")
		}
		runChild(t, "GENTEST_ARENA="+mode, childDirEnv+"="+dir)
		var err error
		if files[i], err = os.ReadFile(filepath.Join(dir, "stalled_gentest_test.go")); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Errorf("the file written with released memory poisoned differs from the one written with none reused:\n--- off\n%s\n--- poison\n%s", files[0], files[1])
	}
}
