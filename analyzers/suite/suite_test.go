package suite

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
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
