package suite

// Bazel's nogo runs analyzers compiled into the build (docs/nogo.md). Its
// contract: each analyzer target is a Go package whose exported Analyzer
// is the *analysis.Analyzer; facts are gob-encoded between packages, as
// under go vet; an analyzer runs inside a build action and must not write
// files; what an analyzer Requires is built with it, so the suite's
// requirements must be the suite or x/tools' own passes.

import (
	"bytes"
	"encoding/gob"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/packages"
)

const modulePath = "github.com/gentest-go/gentest/"

// TestNogoContract checks the suite against nogo's contract.
func TestNogoContract(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo |
		packages.NeedSyntax | packages.NeedImports | packages.NeedDeps | packages.NeedFiles}, "github.com/gentest-go/gentest/analyzers/...")
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*packages.Package{}
	packages.Visit(pkgs, nil, func(p *packages.Package) { byPath[p.PkgPath] = p })
	t.Run("exported", func(t *testing.T) { exportedAnalyzers(t, byPath) })
	t.Run("facts", gobFacts)
	t.Run("requires", requiresClosed)
	t.Run("nowrites", func(t *testing.T) { noFileWrites(t, pkgs) })
}

// exportedAnalyzers: every analyzer of the suite is the exported Analyzer
// of its own package, analyzers/<Name>: the importpath nogo's deps list.
func exportedAnalyzers(t *testing.T, byPath map[string]*packages.Package) {
	for _, a := range Analyzers() {
		path := modulePath + "analyzers/" + a.Name
		p := byPath[path]
		if p == nil {
			t.Errorf("analyzer %s: no package %s", a.Name, path)
			continue
		}
		v, ok := p.Types.Scope().Lookup("Analyzer").(*types.Var)
		if !ok || types.TypeString(v.Type(), nil) != "*golang.org/x/tools/go/analysis.Analyzer" {
			t.Errorf("analyzer %s: %s exports no var Analyzer *analysis.Analyzer", a.Name, path)
		}
	}
}

// gobFacts: every fact type of the suite's analyzers survives gob, as
// nogo (like go vet) passes facts between packages.
func gobFacts(t *testing.T) {
	for _, a := range closure(Analyzers()) {
		for _, ft := range a.FactTypes {
			typ := reflect.TypeOf(ft)
			if typ.Kind() != reflect.Pointer {
				t.Errorf("%s: fact type %v is not a pointer", a.Name, typ)
				continue
			}
			v := reflect.New(typ.Elem()).Interface()
			var buf bytes.Buffer
			if err := gob.NewEncoder(&buf).Encode(v); err != nil {
				t.Errorf("%s: fact %v does not gob-encode: %v", a.Name, typ, err)
				continue
			}
			back := reflect.New(typ.Elem()).Interface()
			if err := gob.NewDecoder(&buf).Decode(back); err != nil {
				t.Errorf("%s: fact %v does not gob-decode: %v", a.Name, typ, err)
			}
		}
	}
}

// requiresClosed: what the suite requires, transitively, is the suite or
// x/tools' inspect, buildssa and ctrlflow, which nogo builds with it.
func requiresClosed(t *testing.T) {
	suite := Analyzers()
	std := []*analysis.Analyzer{inspect.Analyzer, buildssa.Analyzer, ctrlflow.Analyzer}
	for _, a := range closure(suite) {
		if !slices.Contains(suite, a) && !slices.Contains(std, a) {
			t.Errorf("the suite requires %s, neither in the suite nor x/tools' inspect, buildssa, ctrlflow: list it in docs/nogo.md", a.Name)
		}
	}
	names := map[string]bool{}
	for _, a := range suite {
		if names[a.Name] {
			t.Errorf("two analyzers are called %s: nogo's config keys them by name", a.Name)
		}
		names[a.Name] = true
	}
}

// closure is as and what they require, transitively, in a fixed order.
func closure(as []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if slices.Contains(out, a) {
			return
		}
		out = append(out, a)
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range as {
		visit(a)
	}
	return out
}

// writers are the functions that write, create or remove files.
var writers = map[string][]string{
	"os": {"Create", "CreateTemp", "WriteFile", "OpenFile", "Mkdir", "MkdirAll", "MkdirTemp", "Remove", "RemoveAll",
		"Rename", "Symlink", "Link", "Chmod", "Chown", "Chtimes", "Truncate", "Lchown"},
	"io/ioutil": {"WriteFile", "TempFile", "TempDir"},
}

// noFileWrites: no non-test code of the analyzers, or of this module's
// packages they import, calls a function that writes files: in a Bazel
// action the sandbox would refuse it, or the write would escape the
// action's declared outputs.
func noFileWrites(t *testing.T, roots []*packages.Package) {
	seen := 0
	packages.Visit(roots, nil, func(p *packages.Package) {
		if !strings.HasPrefix(p.PkgPath, modulePath) || p.TypesInfo == nil {
			return
		}
		seen++
		for id, obj := range p.TypesInfo.Uses {
			fn, ok := obj.(*types.Func)
			if !ok || fn.Pkg() == nil || !slices.Contains(writers[fn.Pkg().Path()], fn.Name()) {
				continue
			}
			if sig := fn.Type().(*types.Signature); sig.Recv() != nil {
				continue // (*os.File).Chmod and the like: on a file already open
			}
			pos := p.Fset.Position(id.Pos())
			if strings.HasSuffix(pos.Filename, "_test.go") {
				continue
			}
			t.Errorf("%s: %s calls %s.%s: an analyzer must not write files", p.PkgPath, pos, fn.Pkg().Path(), fn.Name())
		}
	})
	if seen < len(Analyzers()) {
		t.Errorf("looked at %d of the module's packages, fewer than the suite's %d analyzers", seen, len(Analyzers()))
	}
}
