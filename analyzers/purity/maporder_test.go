package purity_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
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

// withListings turns the map-order check's listings on for one test (the
// fixtures of the listing classes) and off again after it.
func withListings(t *testing.T) {
	t.Helper()
	if err := purity.Analyzer.Flags.Set("listings", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { purity.Analyzer.Flags.Set("listings", "false") })
}

// TestMapOrderDefault checks what the check reports with its default
// flags: slices whose order reaches output or that are lists of messages,
// and not the listings an exported function returns
// (testdata/src/maporderdefault).
func TestMapOrderDefault(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analyzertest.Run(diagnosticsOnly{t}, dir, purity.Analyzer, "maporderdefault")
}

// TestMapOrderClasses checks, class by class, which slices built in map
// order the check reports (the `// want` lines of testdata/src/maporderset).
func TestMapOrderClasses(t *testing.T) {
	withListings(t)
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analyzertest.Run(diagnosticsOnly{t}, dir, purity.Analyzer, "maporderset")
}

// TestMapOrderFixes checks the suggested fixes of the map-order reports
// against the .golden files of testdata/src/maporderfix, and that the
// package with every fix applied type-checks: a fix must compile.
func TestMapOrderFixes(t *testing.T) {
	withListings(t)
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	fixes := suggestedFixes(t, dir, "maporderfix")
	if fixes == 0 {
		t.Fatal("no suggested fixes")
	}
	typeCheckFixed(t, filepath.Join(dir, "src", "maporderfix"))
}

// TestDiscardFixes checks the suggested fix of discarded results of
// methods that return the changed receiver (assign it back) against the
// .golden file of testdata/src/discardfix, and that it type-checks.
func TestDiscardFixes(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	if fixes := suggestedFixes(t, dir, "discardfix"); fixes != 3 {
		t.Errorf("%d suggested fixes, want 3 (Reset twice, Grow on a field path)", fixes)
	}
	typeCheckFixed(t, filepath.Join(dir, "src", "discardfix"))
}

// suggestedFixes runs the analyzer on pkg, checks its fixes against the
// package's .golden files, and counts them.
func suggestedFixes(t *testing.T, dir, pkg string) int {
	t.Helper()
	fixes := 0
	for _, r := range analyzertest.RunWithSuggestedFixes(diagnosticsOnly{t}, dir, purity.Analyzer, pkg) {
		for _, d := range r.Diagnostics {
			fixes += len(d.SuggestedFixes)
		}
	}
	return fixes
}

// typeCheckFixed type-checks the package in dir with each file replaced
// by its .golden file where there is one, each file at the Go version of
// its build constraint.
func typeCheckFixed(t *testing.T, dir string) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	goldens := 0
	for _, name := range names {
		src, err := os.ReadFile(name + ".golden")
		if err == nil {
			goldens++
		} else if src, err = os.ReadFile(name); err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatalf("fixed %s: %v", name, err)
		}
		files = append(files, f)
	}
	if goldens == 0 {
		t.Fatalf("no golden files in %s", dir)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check(filepath.Base(dir), fset, files, nil); err != nil {
		t.Errorf("the package with its fixes applied does not type-check: %v", err)
	}
}
