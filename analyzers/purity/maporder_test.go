package purity_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/analyzers/purity"
	"github.com/gentest-go/gentest/internal/analyzertest"
)

// diagnosticsOnly passes on the run's errors but the facts of the
// packages under test: their expectations are the map-order diagnostics.
type diagnosticsOnly struct{ t *testing.T }

func (d diagnosticsOnly) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "unexpected fact") {
		return
	}
	d.t.Helper()
	d.t.Error(msg)
}

// TestMapOrderClasses checks, class by class, which slices built in map
// order the check reports (the `// want` lines of testdata/src/maporderset).
func TestMapOrderClasses(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analyzertest.Run(diagnosticsOnly{t}, dir, purity.Analyzer, "maporderset")
}
