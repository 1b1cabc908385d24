// Package analyzertest runs an analyzer over a GOPATH-style testdata tree
// and checks its diagnostics and facts against the "// want" comments of
// the sources, as golang.org/x/tools/go/analysis/analysistest does, for
// the analyzer suite's tests.
//
// It differs from analysistest.Run in one place: where facts are checked
// to survive encoding. analysistest asks the checker for its sanity check,
// which gob-encodes (twice, to compare) and decodes every fact each time a
// package inherits it, that is once per import edge above the package that
// exported it. The facts of the standard library's lowest packages
// (runtime, sync, os) are inherited along every edge of the graph above
// them, so for an analyzer that exports a fact per function that check is
// quadratic in the depth of the import graph: about nine tenths of the time
// of purity's tests over the hundred-odd standard packages its testdata
// imports. Run checks each fact once instead, after the pass that exported
// it: encoded twice and compared (the encoding must be deterministic, since
// the fact cache compares facts byte for byte), then decoded, and the
// decoded copy replaces the original, so that importers, and the "// want"
// checks of the package itself, see only what survived the encoding, as
// they would under go vet.
package analyzertest

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Testing is the part of *testing.T that Run uses, as in analysistest.
type Testing = analysistest.Testing

// Result is the outcome of the analysis of one package named by Run's
// patterns, as in analysistest.
type Result = analysistest.Result

// Run loads the packages matching patterns from the GOPATH-style tree dir
// (dir/src/...), with their dependencies, from source; runs a on them
// (and, since a exports facts, on every dependency); and reports through t
// every diagnostic and fact of the named packages that no "// want"
// comment expects, and every expectation nothing matched. See the
// analysistest package for the syntax of the comments.
func Run(t Testing, dir string, a *analysis.Analyzer, patterns ...string) []*Result {
	if tb, ok := t.(testing.TB); ok {
		tb.Helper()
	}
	pkgs, err := load(dir, patterns...)
	if err != nil {
		t.Errorf("loading %s: %v", patterns, err)
		return nil
	}
	if tb, ok := t.(testing.TB); ok && !a.RunDespiteErrors {
		packages.Visit(pkgs, nil, func(pkg *packages.Package) {
			for _, err := range pkg.Errors {
				tb.Log(err)
			}
		})
	}
	var passes sync.Map // *types.Package -> *analysis.Pass, for Result.Pass
	res, err := checker.Analyze([]*analysis.Analyzer{encodingChecked(a, &passes)}, pkgs, nil)
	if err != nil {
		t.Errorf("Analyze: %v", err)
		return nil
	}
	var results []*Result
	for _, act := range res.Roots {
		if act.Err != nil {
			t.Errorf("error analyzing %s: %v", act, act.Err)
		} else {
			checkExpectations(t, dir, act)
		}
		stored, _ := passes.Load(act.Package.Types)
		pass, _ := stored.(*analysis.Pass) // nil if the action did not run
		results = append(results, &Result{
			Action:      act,
			Pass:        pass,
			Facts:       ownFacts(act),
			Diagnostics: act.Diagnostics,
			Result:      act.Result,
			Err:         act.Err,
		})
	}
	return results
}

// load loads the packages as analysistest does, in GOPATH mode with test
// variants, from source with their dependencies.
func load(dir string, patterns ...string) ([]*packages.Package, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo |
			packages.NeedDeps | packages.NeedModule,
		Dir:   dir,
		Tests: true,
		Env:   append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("analyzertest: %w", err)
	}
	for _, pkg := range pkgs {
		if pkg.Name == "" {
			return nil, fmt.Errorf("analyzertest: failed to load %q: Errors=%v", pkg.PkgPath, pkg.Errors)
		}
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("analyzertest: no packages matched %s in %s", patterns, filepath.Join(dir, "src"))
	}
	return pkgs, nil
}

// encodingChecked returns a copy of a whose passes, once a's own pass has
// finished, replace each fact they exported by its copy decoded from gob
// (see the package documentation); a fact that does not survive the
// encoding is the pass's error. The copy keeps a's name, flags,
// requirements and fact types, so the "// want" comments read the same.
// Each pass is stored in passes under its package.
func encodingChecked(a *analysis.Analyzer, passes *sync.Map) *analysis.Analyzer {
	checked := *a
	checked.Run = func(pass *analysis.Pass) (any, error) {
		passes.Store(pass.Pkg, pass)
		result, err := a.Run(pass)
		if err != nil {
			return result, err
		}
		for _, f := range pass.AllObjectFacts() {
			if f.Object.Pkg() != pass.Pkg {
				continue
			}
			decoded, err := roundTrip(f.Fact)
			if err != nil {
				return nil, fmt.Errorf("analyzertest: fact of %s: %w", f.Object, err)
			}
			pass.ExportObjectFact(f.Object, decoded)
		}
		for _, f := range pass.AllPackageFacts() {
			if f.Package != pass.Pkg {
				continue
			}
			decoded, err := roundTrip(f.Fact)
			if err != nil {
				return nil, fmt.Errorf("analyzertest: fact of package %s: %w", f.Package.Path(), err)
			}
			pass.ExportPackageFact(decoded)
		}
		return result, nil
	}
	return &checked
}

// roundTrip encodes fact twice, fails if it cannot be encoded or the two
// encodings differ, and returns the fact decoded from the encoding.
func roundTrip(fact analysis.Fact) (analysis.Fact, error) {
	var first, second bytes.Buffer
	if err := gob.NewEncoder(&first).Encode(fact); err != nil {
		return nil, fmt.Errorf("encoding %T: %w", fact, err)
	}
	if err := gob.NewEncoder(&second).Encode(fact); err != nil {
		return nil, fmt.Errorf("encoding %T: %w", fact, err)
	}
	if !bytes.Equal(first.Bytes(), second.Bytes()) {
		return nil, fmt.Errorf("encoding of %T is nondeterministic", fact)
	}
	decoded := reflect.New(reflect.TypeOf(fact).Elem()).Interface().(analysis.Fact)
	if err := gob.NewDecoder(&first).Decode(decoded); err != nil {
		return nil, fmt.Errorf("decoding %T: %w", fact, err)
	}
	return decoded, nil
}

// ownFacts returns the facts about the package of act and its objects, the
// package's under the nil key, as analysistest's Result.Facts holds them.
func ownFacts(act *checker.Action) map[types.Object][]analysis.Fact {
	facts := make(map[types.Object][]analysis.Fact)
	for _, f := range act.AllObjectFacts() {
		if f.Object.Pkg() == act.Package.Types {
			facts[f.Object] = append(facts[f.Object], f.Fact)
		}
	}
	for _, f := range act.AllPackageFacts() {
		if f.Package == act.Package.Types {
			facts[nil] = append(facts[nil], f.Fact)
		}
	}
	return facts
}
