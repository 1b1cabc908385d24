package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/analyzers/suite"
	"github.com/gentest-go/gentest/internal/load"
)

// gentest facts without -json reads as a report: a line per function with
// its effects and their reasons, its constants and branches, a line per
// type saying how it is built, and no JSON.
func TestFactsReport(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and analyzes testdata/demo")
	}
	t.Parallel()
	pkgs, err := load.Packages("../../testdata/demo", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := suite.ExportAllFacts(); err != nil {
		t.Fatal(err)
	}
	an, err := load.Analyze(suite.Analyzers(), pkgs)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	writeFactsReport(&buf, an, pkgs[0].PkgPath, pkgs[0].Types, false)
	out := buf.String()
	lines := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		if name, _, ok := strings.Cut(strings.TrimSpace(l), ": "); ok {
			lines[name] = l
		}
	}
	for name, wants := range map[string][]string{
		"(*Cart).Add":    {"mutates receiver (stores at demo.go:94)", `constants (8): 0 (Money), -1`, `demo.go:83{p0==""}`},
		"(*Cart).Remove": {"mutates receiver (appends into a shared backing array at demo.go:109)"},
		"Shipping":       {"pure;", "5000 (Money)", "demo.go:157{p0>=5000}"},
		"NewCart":        {`constants (4): 0, 100, "demo: limit %d is above 100"`, "demo.go:72{p0<=0}, demo.go:75{p0>100}"},
		"Cart":           {"struct", "built by NewCart (result.limit=p0)", "changed by (*Cart).Add"},
		"Item":           {"literal Item{Name, Price, Qty}"},
		"Money":          {"implements fmt.Stringer", "built by (*Cart).Total, Discount"},
	} {
		l, ok := lines[name]
		if !ok {
			t.Errorf("no line for %s in:\n%s", name, out)
			continue
		}
		for _, w := range wants {
			if !strings.Contains(l, w) {
				t.Errorf("line %q lacks %q", l, w)
			}
		}
	}
	if strings.Contains(out, `{"`) || strings.Contains(out, "github.com/gentest-go/gentest/testdata/demo.") {
		t.Errorf("report has JSON or qualified names of the package's own objects:\n%s", out)
	}
}
