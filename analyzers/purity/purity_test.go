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
