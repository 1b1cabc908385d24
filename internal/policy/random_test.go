package policy

import (
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"github.com/gentest-go/gentest/internal/load"
)

// The facts tell a function whose only varying input is a random source
// (Shuffle, Sample: math/rand's global functions; Variate and Pick, which
// seed it with the clock's nanoseconds, read directly or through a
// function that returns them) from one that reads the clock, alone
// (Stamp, Since), beside a draw (Jitter) or as a seed of one second's
// grain (Coarse): only the first are RandomOnly, which lets the judge check
// what all its repeats agreed on (testdata/gen/randfixed; issue 31,
// Shuffle("a") and NormBoxMullerRvs(1, 0, 1) left unchecked as "depends
// on the clock or on randomness").
func TestRandomOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and analyses packages")
	}
	src, err := os.ReadFile("../../testdata/gen/randfixed/randfixed.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/randfixed\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "randfixed.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	targets, roots, err := load.WithSupport(dir, []string{"."}, NeedsModule)
	if err != nil {
		t.Fatal(err)
	}
	an, err := load.Analyze(analyzed, AnalysisRoots(targets, roots))
	if err != nil {
		t.Fatal(err)
	}
	eff := Effects(an, "example.com/randfixed")
	for name, want := range map[string]bool{"Shuffle": true, "Sample": true, "Variate": true, "Pick": true, "Stamp": false, "Jitter": false, "Coarse": false, "Since": false} {
		fn := targets[0].Types.Scope().Lookup(name)
		if fn == nil {
			t.Fatalf("no %s in the fixture", name)
		}
		got := eff(fnOf(t, fn))
		if !got.Nondeterministic || got.RandomOnly != want {
			t.Errorf("Effects(%s): Nondeterministic %v, RandomOnly %v; want true, %v (%s)", name, got.Nondeterministic, got.RandomOnly, want, got.NondetWhy)
		}
	}
}

// fnOf is obj as a function.
func fnOf(t *testing.T, obj types.Object) *types.Func {
	t.Helper()
	fn, ok := obj.(*types.Func)
	if !ok {
		t.Fatalf("%s is no function", obj.Name())
	}
	return fn
}
