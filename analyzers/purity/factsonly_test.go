package purity_test

import (
	"bytes"
	"encoding/gob"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/analyzers/purity"
)

// TestFactsAnalyzer checks that FactsAnalyzer, what go vet's dependency
// runs use, exports exactly Analyzer's facts, in every package of the
// graph, and reports nothing, on a fixture where Analyzer reports all
// three checks, one package through the other's facts
// (testdata/src/purityfactsonly, which imports nothing so that the test
// does not analyse the standard library).
func TestFactsAnalyzer(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo |
			packages.NeedDeps | packages.NeedModule,
		Dir: dir,
		Env: append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "purityfactsonly", "purityfactsonly/use")
	if err != nil {
		t.Fatal(err)
	}
	// Every action of the graph, by analyzer and package. One run per
	// analyzer: a checker run takes each fact type from one analyzer only.
	acts := map[*analysis.Analyzer]map[string]*checker.Action{}
	for _, a := range []*analysis.Analyzer{purity.Analyzer, purity.FactsAnalyzer} {
		res, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		acts[a] = make(map[string]*checker.Action)
		for act := range res.All() {
			if act.Analyzer == a {
				acts[a][act.Package.PkgPath] = act
			}
		}
	}
	if len(acts[purity.Analyzer]) != 2 || len(acts[purity.FactsAnalyzer]) != 2 {
		t.Fatalf("actions: %d of Analyzer, %d of FactsAnalyzer", len(acts[purity.Analyzer]), len(acts[purity.FactsAnalyzer]))
	}
	checks := make(map[string]bool)
	for path, full := range acts[purity.Analyzer] {
		facts := acts[purity.FactsAnalyzer][path]
		if full.Err != nil || facts.Err != nil {
			t.Fatalf("%s: %v, %v", path, full.Err, facts.Err)
		}
		for _, d := range full.Diagnostics {
			checks[path+": "+checkOf(d.Message)] = true
		}
		if len(facts.Diagnostics) > 0 {
			t.Errorf("%s: FactsAnalyzer reported %d diagnostics, first %q", path, len(facts.Diagnostics), facts.Diagnostics[0].Message)
		}
		want, got := encodedFacts(t, full), encodedFacts(t, facts)
		if len(want) != len(got) {
			t.Errorf("%s: %d facts of Analyzer, %d of FactsAnalyzer", path, len(want), len(got))
		}
		for obj, w := range want {
			if g, ok := got[obj]; !ok {
				t.Errorf("%s: %s: no fact from FactsAnalyzer", path, obj)
			} else if g != w {
				t.Errorf("%s: %s: FactsAnalyzer's fact differs from Analyzer's", path, obj)
			}
		}
	}
	// The comparison means something only if Analyzer reported here.
	for _, want := range []string{"purityfactsonly: observer", "purityfactsonly: discard", "purityfactsonly: maporder", "purityfactsonly/use: discard"} {
		if !checks[want] {
			t.Errorf("Analyzer did not report %s; reported %v", want, checks)
		}
	}
}

// checkOf names the check of a purity diagnostic by its message.
func checkOf(msg string) string {
	switch {
	case strings.Contains(msg, "map iteration order"):
		return "maporder"
	case strings.Contains(msg, "result of"), strings.Contains(msg, "discard"):
		return "discard"
	case strings.Contains(msg, "has side effects"):
		return "observer"
	}
	return msg
}

// encodedFacts returns the purity facts act exported about its own
// package's objects, gob-encoded (as go vet stores them), by object.
func encodedFacts(t *testing.T, act *checker.Action) map[string]string {
	t.Helper()
	out := make(map[string]string)
	for _, f := range act.AllObjectFacts() {
		if f.Object.Pkg() != act.Package.Types {
			continue
		}
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(f.Fact); err != nil {
			t.Fatal(err)
		}
		out[f.Object.String()] = buf.String()
	}
	return out
}
