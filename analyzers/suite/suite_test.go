package suite

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/gentest-go/gentest/analyzers/purity"
)

func names(as []*analysis.Analyzer) string {
	var s []string
	for _, a := range as {
		s = append(s, a.Name)
	}
	return strings.Join(s, ",")
}

// TestReporting checks that Reporting is the part of Analyzers that can
// report, in suite order, without the fact-only analyzers.
func TestReporting(t *testing.T) {
	if got := names(Reporting()); got != "purity,typedeps" {
		t.Errorf("Reporting() = %s, want purity,typedeps", got)
	}
	all := Analyzers()
	last := -1
	for _, a := range Reporting() {
		i := slices.Index(all, a)
		if i <= last {
			t.Errorf("%s is not in Analyzers or out of its order", a.Name)
		}
		last = i
	}
}

// TestForVettool checks which analyzers each kind of vettool invocation
// gets: queries all reporting analyzers (go vet checks its flags against
// -flags), package runs typedeps only when a flag of typedeps is given.
func TestForVettool(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-flags"}, "purity,typedeps"},
		{[]string{"-V=full"}, "purity,typedeps"},
		{[]string{"/tmp/b001/vet.cfg"}, "purity"},
		{[]string{"-purity.observer=false", "/tmp/b001/vet.cfg"}, "purity"},
		{[]string{"-typedeps.unconstructible", "/tmp/b001/vet.cfg"}, "purity,typedeps"},
		{[]string{"--typedeps.unconstructible=true", "/tmp/b001/vet.cfg"}, "purity,typedeps"},
		{[]string{"-typedeps", "/tmp/b001/vet.cfg"}, "purity,typedeps"},
		{[]string{"-typedepsx", "/tmp/b001/vet.cfg"}, "purity"},
		{[]string{"-json", "/tmp/typedeps.x/vet.cfg"}, "purity"},
	} {
		if got := names(ForVettool(tc.args)); got != tc.want {
			t.Errorf("ForVettool(%q) = %s, want %s", tc.args, got, tc.want)
		}
	}
}

// TestForVettoolFactsOnly checks that a dependency's run (VetxOnly in the
// .cfg go vet writes), whose diagnostics go vet drops, gets purity's
// facts-only analyzer, and the packages being vetted the checking one.
func TestForVettoolFactsOnly(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		cfg  string
		want *analysis.Analyzer
	}{
		{`{"ImportPath": "net/http", "VetxOnly": true}`, purity.FactsAnalyzer},
		{`{"ImportPath": "example.com/m", "VetxOnly": false}`, purity.Analyzer},
		{`{"ImportPath": "example.com/m"}`, purity.Analyzer},
		{`not json`, purity.Analyzer},
	} {
		cfg := filepath.Join(dir, "vet.cfg")
		if err := os.WriteFile(cfg, []byte(tc.cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		as := ForVettool([]string{"-json", cfg})
		if len(as) != 1 || as[0] != tc.want {
			t.Errorf("config %s: ForVettool = %s, want only %s (facts only: %v)", tc.cfg, names(as), tc.want.Name, tc.want == purity.FactsAnalyzer)
		}
	}
	// A missing file: the full analysis, whose driver reports the error.
	if as := ForVettool([]string{filepath.Join(dir, "missing.cfg")}); len(as) != 1 || as[0] != purity.Analyzer {
		t.Errorf("missing config: ForVettool = %s, want purity.Analyzer", names(as))
	}
}
