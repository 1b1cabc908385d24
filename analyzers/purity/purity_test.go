package purity_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/analyzers/purity"
	"github.com/gentest-go/gentest/internal/analyzertest"
)

// factsElsewhere passes on the run's errors except unexpected facts in the
// packages whose expectations are something else: diagnostics only in
// puritydiag, whose facts package purity covers, and the result in
// purityshared, which TestAnalyzer/ResultShared checks.
type factsElsewhere struct{ t *testing.T }

func (d factsElsewhere) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if (strings.Contains(msg, "puritydiag/") || strings.Contains(msg, "purityshared/")) && strings.Contains(msg, "unexpected fact") {
		return
	}
	d.t.Helper()
	d.t.Error(msg)
}

// TestAnalyzer checks facts (package purity, with cross-package facts from
// puritydep), diagnostics (puritydiag) and the result (purityshared) of one
// run, so that the standard library is loaded and analysed once.
func TestAnalyzer(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	results := analyzertest.Run(factsElsewhere{t}, dir, purity.Analyzer, "purity", "puritydep", "puritydiag", "purityshared")
	t.Run("ResultShared", func(t *testing.T) {
		for _, r := range results {
			if r.Action.Package.PkgPath == "purityshared" {
				testResultShared(t, r.Result.(*purity.Result))
				return
			}
		}
		t.Fatal("no result for purityshared")
	})
}

// testResultShared: getters that hand out a package singleton (the
// variable's value, its address, or another getter's result) have shared
// results; constructors of fresh objects that refer to package memory do
// not.
func testResultShared(t *testing.T, res *purity.Result) {
	got := map[string]bool{}
	for fn, f := range res.Facts {
		got[fn.Name()] = f.ResultShared
	}
	want := map[string]bool{"New": false, "Standard": true, "Wrapped": true, "Fresh": false, "Defaults": true, "Pick": false}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: ResultShared = %v, want %v", name, got[name], w)
		}
	}
}
