package purity_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gentest-go/gentest/analyzers/purity"
)

// diagOnly passes on analysistest's errors except unexpected facts in
// package puritydiag, whose expectations are diagnostics only: the facts
// there are covered by package purity.
type diagOnly struct{ t *testing.T }

func (d diagOnly) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "puritydiag/") && strings.Contains(msg, "unexpected fact") {
		return
	}
	d.t.Helper()
	d.t.Error(msg)
}

// TestAnalyzer checks facts (package purity, with cross-package facts
// from puritydep) and diagnostics (puritydiag) in one run, so the
// standard library is loaded and analysed once.
func TestAnalyzer(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(diagOnly{t}, dir, purity.Analyzer, "purity", "puritydep", "puritydiag")
}

// quiet ignores every analysistest complaint: the test using it checks
// the analyzer's result itself.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// TestResultShared: getters that hand out a package singleton (the
// variable's value, its address, or another getter's result) have shared
// results; constructors of fresh objects that refer to package memory do
// not.
func TestResultShared(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	rs := analysistest.Run(quiet{}, dir, purity.Analyzer, "purityshared")
	if len(rs) != 1 {
		t.Fatalf("%d results", len(rs))
	}
	res := rs[0].Result.(*purity.Result)
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
