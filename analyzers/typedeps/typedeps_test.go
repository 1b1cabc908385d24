package typedeps_test

import (
	"path/filepath"
	"testing"

	"github.com/gentest-go/gentest/internal/analyzertest"

	"github.com/gentest-go/gentest/analyzers/suite"
	"github.com/gentest-go/gentest/analyzers/typedeps"
)

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// The fact expectations of the shapes and impl packages are checked by
// TestFacts, which also inspects the facts.

func TestUnconstructible(t *testing.T) {
	if err := typedeps.Analyzer.Flags.Set("unconstructible", "true"); err != nil {
		t.Fatal(err)
	}
	defer typedeps.Analyzer.Flags.Set("unconstructible", "false")
	analyzertest.Run(t, testdata(t), typedeps.Analyzer, "typedeps/diag")
}

// TestUnconstructibleOff checks that the diagnostic is off by default: the
// package's want comments then go unmatched, so only facts are checked here.
func TestUnconstructibleOff(t *testing.T) {
	results := analyzertest.Run(&quietT{t}, testdata(t), typedeps.Analyzer, "typedeps/diag")
	if n := len(results[0].Diagnostics); n != 0 {
		t.Errorf("got %d diagnostics without the flag, want none", n)
	}
}

// quietT drops analyzertest's complaints about unmatched expectations.
type quietT struct{ *testing.T }

func (quietT) Errorf(string, ...any) {}

// The fact satisfies the interface gentest facts -json prints through.
var _ suite.PackageFact = (*typedeps.PackageTypes)(nil)
