package load_test

import (
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
	"weak"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/internal/load"
)

// nameFact is an object fact: the function's name length.
type nameFact struct{ N int }

func (*nameFact) AFact() {}

// funcsFact is a package fact: how many functions the package declares.
type funcsFact struct{ N int }

func (*funcsFact) AFact() {}

// factAnalyzer exports a fact per function and one per package, from the
// syntax (through the inspector, whose result holds the files), like the
// suite's analyzers.
var factAnalyzer = &analysis.Analyzer{
	Name:       "factfixture",
	Doc:        "exports a fact per function and per package",
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	FactTypes:  []analysis.Fact{new(nameFact), new(funcsFact)},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		n := 0
		pass.ResultOf[inspect.Analyzer].(*inspector.Inspector).Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(node ast.Node) {
			fn := pass.TypesInfo.Defs[node.(*ast.FuncDecl).Name]
			pass.ExportObjectFact(fn, &nameFact{N: len(fn.Name())})
			n++
		})
		pass.ExportPackageFact(&funcsFact{N: n})
		return n, nil
	},
}

func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, content := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// After Release and ReleaseSyntax, the facts of the target and of its
// dependencies and the root results answer as before, while the syntax
// and type information of the whole graph (which the action graph kept
// live through the passes and the inspector) are collected.
func TestReleaseKeepsFactsAndFreesSyntax(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":   "module example.com/rel\n\ngo 1.22\n",
		"dep/d.go": "package dep\n\n// Helper is a dependency's function.\nfunc Helper() int { return 1 }\n\nfunc other() {}\n",
		"top/t.go": "package top\n\nimport \"example.com/rel/dep\"\n\n// Top calls the dependency.\nfunc Top() int { return dep.Helper() }\n",
	})
	pkgs, err := packages.Load(&packages.Config{Mode: load.Mode, Dir: root}, "./top")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load: %v %v", err, pkgs)
	}
	top := pkgs[0]
	dep := top.Imports["example.com/rel/dep"]
	an, err := load.Analyze([]*analysis.Analyzer{factAnalyzer}, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	topFn := top.Types.Scope().Lookup("Top").(*types.Func)
	helper := dep.Types.Scope().Lookup("Helper").(*types.Func)
	type answers struct {
		top, helper, topPkg, depPkg int
		result                      any
	}
	ask := func() answers {
		var a answers
		var nf nameFact
		if an.FactOf(factAnalyzer, topFn, &nf) {
			a.top = nf.N
		}
		nf = nameFact{}
		if an.FactOf(factAnalyzer, helper, &nf) {
			a.helper = nf.N
		}
		var pf funcsFact
		if an.PackageFact(factAnalyzer, top.Types, &pf) {
			a.topPkg = pf.N
		}
		pf = funcsFact{}
		if an.PackageFact(factAnalyzer, dep.Types, &pf) {
			a.depPkg = pf.N
		}
		a.result = an.Result(factAnalyzer, top.PkgPath)
		return a
	}
	before := ask()
	if want := (answers{top: 3, helper: 6, topPkg: 1, depPkg: 2, result: 1}); before != want {
		t.Fatalf("before Release: %+v, want %+v", before, want)
	}

	files := []weak.Pointer[ast.File]{weak.Make(top.Syntax[0]), weak.Make(dep.Syntax[0])}
	infos := []weak.Pointer[types.Info]{weak.Make(top.TypesInfo), weak.Make(dep.TypesInfo)}
	an.Release()
	load.ReleaseSyntax(pkgs)
	if after := ask(); after != before {
		t.Errorf("after Release: %+v, want %+v", after, before)
	}
	if an.Graph != nil || an.Action(factAnalyzer, top.PkgPath) != nil {
		t.Errorf("the action graph is still reachable after Release")
	}
	runtime.GC()
	for i, w := range files {
		if w.Value() != nil {
			t.Errorf("syntax of package %d is still live after Release and ReleaseSyntax", i)
		}
	}
	for i, w := range infos {
		if w.Value() != nil {
			t.Errorf("type information of package %d is still live after Release and ReleaseSyntax", i)
		}
	}
	runtime.KeepAlive(an)
	runtime.KeepAlive(pkgs)
}

// ReleaseSyntax keeps the packages it is told to keep: the target whose
// executor is not built yet.
func TestReleaseSyntaxKeeps(t *testing.T) {
	a := &packages.Package{PkgPath: "a", Syntax: []*ast.File{{}}, TypesInfo: &types.Info{}}
	b := &packages.Package{PkgPath: "b", Syntax: []*ast.File{{}}, TypesInfo: &types.Info{}, Imports: map[string]*packages.Package{"a": a}}
	load.ReleaseSyntax([]*packages.Package{b}, a)
	if b.Syntax != nil || b.TypesInfo != nil {
		t.Errorf("b kept its syntax")
	}
	if a.Syntax == nil || a.TypesInfo == nil {
		t.Errorf("a, to be kept, lost its syntax")
	}
}
