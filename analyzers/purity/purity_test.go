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
// packages whose expectations are something else, and in generated test
// mains: diagnostics only in
// puritydiag, puritydiscard, purityobs and purityobsclass, whose facts
// package purity covers, and the result in purityshared, which
// TestAnalyzer/ResultShared checks.
type factsElsewhere struct{ t *testing.T }

func (d factsElsewhere) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if !strings.Contains(msg, "unexpected fact") {
		d.t.Helper()
		d.t.Error(msg)
		return
	}
	if strings.HasPrefix(msg, "/") {
		// Not a file of testdata/src (whose names are relative): the
		// test main go generates for a package with _test.go files.
		return
	}
	for _, pkg := range []string{"puritydiag/", "puritydiscard/", "purityobs/", "purityobsclass/", "observerfmt/", "observermain/", "observersig/", "purityshared/"} {
		if strings.Contains(msg, pkg) {
			return
		}
	}
	d.t.Helper()
	d.t.Error(msg)
}

// TestAnalyzer checks facts (package purity, with cross-package facts from
// puritydep), diagnostics (puritydiag, puritydiscard, purityobs,
// purityobsclass) and the result (purityshared) of one
// run, so that the standard library is loaded and analysed once.
func TestAnalyzer(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	withListings(t) // puritydiag's map-order rows include listings
	results := analyzertest.Run(factsElsewhere{t}, dir, purity.Analyzer, "purity", "puritydep", "puritydiag", "puritydiscard", "puritydiscard/examples/stack", "puritydiscard/cmd/tool", "purityobs", "purityobsclass", "observerfmt", "observermain", "observersig", "purityshared")
	result := func(t *testing.T, path string) *purity.Result {
		for _, r := range results {
			if r.Action.Package.PkgPath == path {
				return r.Result.(*purity.Result)
			}
		}
		t.Fatalf("no result for %s", path)
		return nil
	}
	t.Run("ResultShared", func(t *testing.T) { testResultShared(t, result(t, "purityshared")) })
	t.Run("Incidental", func(t *testing.T) { testIncidental(t, result(t, "purityobs")) })
}

// testIncidental: the facts of purityobs's methods keep every effect an
// observer may have (the generator's precision), and Fact.Incidental
// separates those of lazy initialisation and debug or logging code from
// the side effects the observer check reports.
func testIncidental(t *testing.T, res *purity.Result) {
	const mask = purity.MutatesReceiver | purity.MutatesParams | purity.WritesGlobal | purity.IO
	names := func(e purity.Effect) string {
		return strings.Join((&purity.Fact{Effects: e & mask}).EffectNames(), " ")
	}
	got := map[string][2]string{}
	for fn, f := range res.Facts {
		got[fn.FullName()] = [2]string{names(f.Effects), names(f.Effects &^ f.Incidental)}
	}
	// method: {effects, effects outside incidental code}
	want := map[string][2]string{
		"(*purityobs.OnceField).String":     {"mutates-receiver", ""},
		"(*purityobs.LocalOnce).String":     {"mutates-receiver", "mutates-receiver"},
		"purityobs.zone":                    {"writes-global", ""},
		"purityobs.loadZone":                {"writes-global io io:env", "writes-global io io:env"},
		"(purityobs.Stamp).String":          {"writes-global", ""},
		"(purityobs.Stamp).GoString":        {"writes-global", ""},
		"(*purityobs.Fresh).String":         {"mutates-receiver", "mutates-receiver"},
		"(*purityobs.AtomicCache).String":   {"mutates-receiver", ""},
		"(*purityobs.AtomicCache).Error":    {"mutates-receiver", ""},
		"(*purityobs.AtomicCache).GoString": {"mutates-receiver", ""},
		"(*purityobs.AtomicLast).String":    {"mutates-receiver", "mutates-receiver"},
		"(*purityobs.FieldCache).String":    {"mutates-receiver", ""},
		"(*purityobs.FieldCache).GoString":  {"mutates-receiver", ""},
		"(purityobs.Code).String":           {"writes-global", ""},
		"(purityobs.Key).String":            {"writes-global", ""},
		"(*purityobs.Dirty).String":         {"mutates-receiver", "mutates-receiver"},
		"(*purityobs.Counted).String":       {"mutates-receiver", "mutates-receiver"},
		"(purityobs.Other).String":          {"writes-global", "writes-global"},
		"(purityobs.Traced).String":         {"io io:stdio", ""},
		"(purityobs.Traced).Error":          {"io io:stdio", ""},
		"(purityobs.Logged).String":         {"writes-global", ""},
		"(purityobs.Outer).String":          {"io io:stdio", ""},
		"(purityobs.Loud).String":           {"io io:stdio", "io io:stdio"},
		"(purityobs.Throttled).String":      {"writes-global io io:stdio", "writes-global io io:stdio"},
		"(*purityobs.Tally).String":         {"mutates-receiver", "mutates-receiver"},
		"(purityobs.Named).String":          {"writes-global", "writes-global"},
	}
	for name, w := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s: no fact", name)
		} else if g != w {
			t.Errorf("%s: effects %q, outside incidental code %q; want %q, %q", name, g[0], g[1], w[0], w[1])
		}
	}
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
