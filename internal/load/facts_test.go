package load_test

import (
	"errors"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/gentest-go/gentest/analyzers/suite"
	"github.com/gentest-go/gentest/internal/load"
)

// factFixture is a module whose facts depend on what each analysis sees of
// its dependencies: a generic function instantiated in an importer calls an
// unexported helper (whose facts checker does not pass on), methods of an
// unexported type reach two imports deep, and mutation, constants and
// documented panics flow through an intermediate package.
var factFixture = map[string]string{
	"go.mod": "module example.com/facts\n\ngo 1.22\n",
	"dep/d.go": `package dep

var counter int

func bump() { counter++ }

// Apply calls f on each element; it panics if xs is nil.
func Apply[T any](xs []T, f func(T)) {
	if xs == nil {
		panic("nil")
	}
	bump()
	for _, x := range xs {
		f(x)
	}
}

type box struct{ n int }

func (b *box) Set(n int) { b.n = n }

// New returns a settable value.
func New() interface{ Set(int) } { return &box{} }

// Fill sets every element of xs to v.
func Fill(xs []int, v int) {
	for i := range xs {
		xs[i] = v
	}
}

const Limit = 42

// Clamp compares with the limit.
func Clamp(n int) int {
	if n > Limit {
		return Limit
	}
	return n
}
`,
	"mid/m.go": `package mid

import "example.com/facts/dep"

// Use instantiates dep.Apply.
func Use(xs []string) { dep.Apply(xs, func(string) {}) }

// Fresh returns dep's settable value.
func Fresh() interface{ Set(int) } { return dep.New() }

// Zero fills with zeros.
func Zero(xs []int) { dep.Fill(xs, 0) }
`,
	"top/t.go": `package top

import (
	"example.com/facts/dep"
	"example.com/facts/mid"
)

// Run reaches dep directly and through mid.
func Run(xs []int, ss []string) int {
	mid.Use(ss)
	mid.Zero(xs)
	dep.Apply(xs, func(int) {})
	mid.Fresh().Set(3)
	return dep.Clamp(len(xs))
}

// T has a method that mutates its receiver.
type T struct{ N int }

// Inc increments N.
func (t *T) Inc() { t.N++ }
`,
}

// AnalyzeFacts gives the same facts and root results as checker.Analyze
// followed by Release, for every object of every package of the graph.
func TestAnalyzeFactsMatchesChecker(t *testing.T) {
	root := writeModule(t, factFixture)
	pkgs, err := packages.Load(&packages.Config{Mode: load.Mode, Dir: root}, "./top", "./mid")
	if err != nil || len(pkgs) != 2 {
		t.Fatalf("load: %v %v", err, pkgs)
	}
	analyzers := suite.Analyzers()
	want, err := load.Analyze(analyzers, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	want.Release()
	got, err := load.AnalyzeFacts(analyzers, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The dependency that is not a root lost its syntax once analyzed;
	// the roots kept theirs.
	dep := pkgs[0].Imports["example.com/facts/dep"]
	if dep.Syntax != nil || dep.TypesInfo != nil || pkgs[0].Syntax == nil || pkgs[1].TypesInfo == nil {
		t.Errorf("after AnalyzeFacts: dep syntax %v, roots' syntax %v %v", dep.Syntax != nil, pkgs[0].Syntax != nil, pkgs[1].TypesInfo != nil)
	}
	n := 0
	rootSet := map[*packages.Package]bool{pkgs[0]: true, pkgs[1]: true}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, a := range analyzers {
			for _, ft := range a.FactTypes {
				for _, obj := range objectsOf(p.Types) {
					if !rootSet[p] && !importable(obj) {
						// Pruned from dependencies: importers cannot
						// see it.
						continue
					}
					w, g := newFact(ft), newFact(ft)
					wok, gok := want.FactOf(a, obj, w), got.FactOf(a, obj, g)
					if wok != gok || (wok && !reflect.DeepEqual(w, g)) {
						t.Errorf("%s fact %T of %s: checker %v %+v, AnalyzeFacts %v %+v", a.Name, ft, obj, wok, w, gok, g)
					}
					if wok {
						n++
					}
				}
				w, g := newFact(ft), newFact(ft)
				wok, gok := want.PackageFact(a, p.Types, w), got.PackageFact(a, p.Types, g)
				if wok != gok || (wok && !reflect.DeepEqual(w, g)) {
					t.Errorf("%s package fact %T of %s: checker %v %+v, AnalyzeFacts %v %+v", a.Name, ft, p.PkgPath, wok, w, gok, g)
				}
			}
		}
	})
	if n < 10 {
		t.Errorf("only %d object facts compared: the fixture exercises too little", n)
	}
	for _, p := range pkgs {
		for _, a := range analyzers {
			w, g := want.Result(a, p.PkgPath), got.Result(a, p.PkgPath)
			if (w == nil) != (a.ResultType == nil) {
				t.Errorf("checker's result of %s on %s: %v", a.Name, p.PkgPath, w)
			}
			// Results may hold closures for lazy parts (construct's
			// branches): functions are not compared.
			opts := cmp.Options{cmp.Exporter(func(reflect.Type) bool { return true }),
				cmp.FilterPath(func(p cmp.Path) bool { return p.Last().Type().Kind() == reflect.Func }, cmp.Ignore())}
			if d := cmp.Diff(w, g, opts); d != "" {
				t.Errorf("result of %s on %s differs (-checker +AnalyzeFacts):\n%s", a.Name, p.PkgPath, d)
			}
		}
	}
}

func newFact(ft analysis.Fact) analysis.Fact {
	return reflect.New(reflect.TypeOf(ft).Elem()).Interface().(analysis.Fact)
}

// objectsOf lists a package's package-level objects and the methods and
// fields of its named types, in a fixed order.
func objectsOf(pkg *types.Package) []types.Object {
	var out []types.Object
	scope := pkg.Scope()
	names := scope.Names()
	sort.Strings(names)
	for _, name := range names {
		obj := scope.Lookup(name)
		out = append(out, obj)
		if tn, ok := obj.(*types.TypeName); ok {
			if named, ok := tn.Type().(*types.Named); ok {
				for i := 0; i < named.NumMethods(); i++ {
					out = append(out, named.Method(i))
				}
				if st, ok := named.Underlying().(*types.Struct); ok {
					for i := 0; i < st.NumFields(); i++ {
						out = append(out, st.Field(i))
					}
				}
			}
		}
	}
	return out
}

// The facts of dependencies come back from the cache equal to computed
// ones; a change in a dependency's file changes its key and the facts are
// computed again.
func TestFactCache(t *testing.T) {
	root := writeModule(t, factFixture)
	cache := &load.FactCache{Dir: t.TempDir(), Salt: "test"}
	analyzers := suite.Analyzers()
	run := func() (*load.Analysis, []*packages.Package) {
		t.Helper()
		pkgs, err := packages.Load(&packages.Config{Mode: load.Mode, Dir: root}, "./top")
		if err != nil || len(pkgs) != 1 {
			t.Fatalf("load: %v %v", err, pkgs)
		}
		an, err := load.AnalyzeFacts(analyzers, pkgs, cache)
		if err != nil {
			t.Fatal(err)
		}
		return an, pkgs
	}
	cold, coldPkgs := run()
	if cold.Cached != 0 || cold.Analyzed != 3 {
		t.Fatalf("cold cache: %d cached, %d analyzed; want 0 and 3", cold.Cached, cold.Analyzed)
	}
	warm, warmPkgs := run()
	// The root (top) is always analyzed; mid and dep come from the cache.
	if warm.Cached != 2 || warm.Analyzed != 1 {
		t.Fatalf("warm cache: %d cached, %d analyzed; want 2 and 1", warm.Cached, warm.Analyzed)
	}
	n := compareFacts(t, analyzers, cold, coldPkgs, warm, warmPkgs)
	if n < 10 {
		t.Errorf("only %d facts compared", n)
	}

	// Edit dep: dep and mid (which imports it) are analyzed again.
	if err := os.WriteFile(filepath.Join(root, "dep", "extra.go"), []byte("package dep\n\n// Extra is new.\nfunc Extra() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edited, _ := run()
	if edited.Cached != 0 || edited.Analyzed != 3 {
		t.Errorf("after editing dep: %d cached, %d analyzed; want 0 and 3", edited.Cached, edited.Analyzed)
	}
}

// compareFacts checks that two analyses of two loads of the same packages
// give the same object and package facts, matching objects by their path
// in the package, and returns how many object facts it compared.
func compareFacts(t *testing.T, analyzers []*analysis.Analyzer, a *load.Analysis, apkgs []*packages.Package, b *load.Analysis, bpkgs []*packages.Package) int {
	t.Helper()
	byPath := map[string]*packages.Package{}
	packages.Visit(bpkgs, nil, func(p *packages.Package) { byPath[p.PkgPath] = p })
	n := 0
	packages.Visit(apkgs, nil, func(p *packages.Package) {
		q := byPath[p.PkgPath]
		aobjs, bobjs := objectsOf(p.Types), objectsOf(q.Types)
		if len(aobjs) != len(bobjs) {
			t.Fatalf("%s: %d and %d objects", p.PkgPath, len(aobjs), len(bobjs))
		}
		for _, an := range analyzers {
			for _, ft := range an.FactTypes {
				for i := range aobjs {
					fa, fb := newFact(ft), newFact(ft)
					oka, okb := a.FactOf(an, aobjs[i], fa), b.FactOf(an, bobjs[i], fb)
					if oka != okb || (oka && !reflect.DeepEqual(fa, fb)) {
						t.Errorf("%s fact %T of %s: %v %+v, then %v %+v", an.Name, ft, aobjs[i], oka, fa, okb, fb)
					}
					if oka {
						n++
					}
				}
				fa, fb := newFact(ft), newFact(ft)
				oka, okb := a.PackageFact(an, p.Types, fa), b.PackageFact(an, q.Types, fb)
				if oka != okb || (oka && !reflect.DeepEqual(fa, fb)) {
					t.Errorf("%s package fact %T of %s: %v %+v, then %v %+v", an.Name, ft, p.PkgPath, oka, fa, okb, fb)
				}
			}
		}
	})
	return n
}

// importable is checker's filter of the facts passed to importers, for
// the objects objectsOf lists.
func importable(obj types.Object) bool {
	if fn, ok := obj.(*types.Func); ok {
		return fn.Exported() || fn.Signature().Recv() != nil
	}
	return true
}

// With every dependency's facts cached, the packages load with their
// dependencies' types from export data and no syntax, and the analysis
// gives the facts the source load gave; a cache entry lost after the load
// makes the analysis ask for the source load (ErrNeedSource).
func TestFactCacheExportLoad(t *testing.T) {
	root := writeModule(t, factFixture)
	cache := &load.FactCache{Dir: t.TempDir(), Salt: "test"}
	analyzers := suite.Analyzers()
	run := func(wantExport bool) (*load.Analysis, []*packages.Package, error) {
		t.Helper()
		pkgs, fromExport, err := load.PackagesCached(root, []string{"./top"}, cache)
		if err != nil || len(pkgs) != 1 {
			t.Fatalf("load: %v %v", err, pkgs)
		}
		if fromExport != wantExport {
			t.Fatalf("loaded from export data: %v, want %v", fromExport, wantExport)
		}
		an, err := load.AnalyzeFacts(analyzers, pkgs, cache)
		return an, pkgs, err
	}
	cold, coldPkgs, err := run(false)
	if err != nil {
		t.Fatal(err)
	}
	warm, warmPkgs, err := run(true)
	if err != nil {
		t.Fatal(err)
	}
	if warm.Cached != 2 || warm.Analyzed != 1 {
		t.Fatalf("warm cache: %d cached, %d analyzed; want 2 and 1", warm.Cached, warm.Analyzed)
	}
	deps := 0
	packages.Visit(warmPkgs, nil, func(p *packages.Package) {
		if p == warmPkgs[0] {
			if p.Syntax == nil || p.TypesInfo == nil {
				t.Errorf("root %s has no syntax or types info", p.PkgPath)
			}
			return
		}
		deps++
		if p.Syntax != nil || p.Types == nil || len(p.CompiledGoFiles) == 0 {
			t.Errorf("dependency %s: syntax %v, types %v, files %v; want types and files only", p.PkgPath, p.Syntax != nil, p.Types != nil, p.CompiledGoFiles)
		}
	})
	if deps != 2 {
		t.Errorf("%d dependencies, want 2", deps)
	}
	// Export data leaves out what importers cannot reach, so compare the
	// facts of the objects the export load has.
	n := 0
	coldByPath := map[string]*packages.Package{}
	packages.Visit(coldPkgs, nil, func(p *packages.Package) { coldByPath[p.PkgPath] = p })
	packages.Visit(warmPkgs, nil, func(q *packages.Package) {
		p := coldByPath[q.PkgPath]
		for _, wobj := range objectsOf(q.Types) {
			path, err := objectpath.For(wobj)
			if err != nil {
				continue
			}
			cobj, err := objectpath.Object(p.Types, path)
			if err != nil {
				t.Errorf("%s: %s is in the export load only", q.PkgPath, path)
				continue
			}
			for _, an := range analyzers {
				for _, ft := range an.FactTypes {
					fc, fw := newFact(ft), newFact(ft)
					okc, okw := cold.FactOf(an, cobj, fc), warm.FactOf(an, wobj, fw)
					if okc != okw || (okc && !reflect.DeepEqual(fc, fw)) {
						t.Errorf("%s fact %T of %s: source load %v %+v, export load %v %+v", an.Name, ft, wobj, okc, fc, okw, fw)
					}
					if okc {
						n++
					}
				}
			}
		}
	})
	if n < 5 {
		t.Errorf("only %d facts compared", n)
	}

	// The cache loses its entries between the load and the analysis.
	pkgs, fromExport, err := load.PackagesCached(root, []string{"./top"}, cache)
	if err != nil || !fromExport {
		t.Fatalf("load: %v, from export data %v", err, fromExport)
	}
	if err := os.RemoveAll(cache.Dir); err != nil {
		t.Fatal(err)
	}
	if _, err := load.AnalyzeFacts(analyzers, pkgs, cache); !errors.Is(err, load.ErrNeedSource) {
		t.Errorf("analysis without the cache entries: %v, want ErrNeedSource", err)
	}
}

// A warm run loads the support packages, which it reads only for their
// producers' facts, from export data and the fact cache like dependencies:
// no syntax, no analysis, the facts a source load gives, and types shared
// with the targets' universe. A support package that imports a target is
// loaded from source instead, so that the target has one *types.Package.
func TestSupportFromExport(t *testing.T) {
	files := map[string]string{
		"sup/s.go": `package sup

import "example.com/facts/dep"

// Thing is built by New.
type Thing struct{ n int }

// New returns a Thing; it only allocates.
func New(n int) *Thing { return &Thing{n: dep.Clamp(n)} }

// Bump writes package state.
func Bump() { hits++ }

var hits int
`,
		"back/b.go": `package back

import "example.com/facts/top"

// Make builds a top.T.
func Make() *top.T { return &top.T{N: 1} }
`,
	}
	for k, v := range factFixture {
		files[k] = v
	}
	root := writeModule(t, files)
	analyzers := suite.Analyzers()
	defer func(saved []string) { load.SupportPackages = saved }(load.SupportPackages)

	type run struct {
		targets, roots []*packages.Package
		fromExport     bool
		an             *load.Analysis
		syntax         map[string]bool // which roots the load gave syntax
	}
	do := func(cache *load.FactCache) run {
		t.Helper()
		targets, roots, fromExport, err := load.WithSupportCached(root, []string{"./top"}, nil, cache)
		if err != nil {
			t.Fatal(err)
		}
		var others []*packages.Package
		syntax := map[string]bool{}
		for _, r := range roots {
			syntax[r.PkgPath] = r.Syntax != nil
			if r != targets[0] {
				others = append(others, r)
			}
		}
		an, err := load.AnalyzeFactsFor(analyzers, targets, others, cache)
		if err != nil {
			t.Fatal(err)
		}
		return run{targets, roots, fromExport, an, syntax}
	}
	byPath := func(pkgs []*packages.Package, path string) *packages.Package {
		for _, p := range pkgs {
			if p.PkgPath == path {
				return p
			}
		}
		t.Fatalf("%s not among the roots", path)
		return nil
	}

	load.SupportPackages = []string{"example.com/facts/sup"}
	cache := &load.FactCache{Dir: t.TempDir(), Salt: "test"}
	cold, warm := do(cache), do(cache)
	if cold.fromExport || !warm.fromExport {
		t.Fatalf("from export data: cold %v, warm %v; want false, true", cold.fromExport, warm.fromExport)
	}
	if warm.an.Analyzed != 1 {
		t.Errorf("warm run analyzed %d packages, want 1 (the target)", warm.an.Analyzed)
	}
	sup := byPath(warm.roots, "example.com/facts/sup")
	if warm.syntax[sup.PkgPath] || sup.Types == nil || sup.Types.Scope().Lookup("New") == nil {
		t.Fatalf("support package from export data: syntax %v, types %v", sup.Syntax != nil, sup.Types)
	}
	// One universe: the dep that sup imports is the dep that top imports.
	depOf := func(p *types.Package) *types.Package {
		for _, imp := range p.Imports() {
			if imp.Path() == "example.com/facts/dep" {
				return imp
			}
		}
		return nil
	}
	if a, b := depOf(sup.Types), depOf(warm.targets[0].Types); a == nil || a != b {
		t.Errorf("sup's dep %p, top's dep %p: want one package", a, b)
	}
	// The producers' facts are those of the source load.
	coldSup := byPath(cold.roots, "example.com/facts/sup")
	n := 0
	for _, name := range []string{"New", "Bump"} {
		cobj, wobj := coldSup.Types.Scope().Lookup(name), sup.Types.Scope().Lookup(name)
		for _, an := range analyzers {
			for _, ft := range an.FactTypes {
				fc, fw := newFact(ft), newFact(ft)
				okc, okw := cold.an.FactOf(an, cobj, fc), warm.an.FactOf(an, wobj, fw)
				if okc != okw || (okc && !reflect.DeepEqual(fc, fw)) {
					t.Errorf("%s fact %T of sup.%s: source load %v %+v, export load %v %+v", an.Name, ft, name, okc, fc, okw, fw)
				}
				if okc {
					n++
				}
			}
		}
	}
	if n < 2 {
		t.Errorf("only %d facts compared", n)
	}

	// A support package that imports the target comes from source.
	load.SupportPackages = []string{"example.com/facts/back"}
	cache = &load.FactCache{Dir: t.TempDir(), Salt: "test"}
	do(cache)
	again := do(cache)
	back := byPath(again.roots, "example.com/facts/back")
	if !again.syntax[back.PkgPath] {
		t.Errorf("back, which imports the target, was loaded without syntax")
	}
	var topOfBack *types.Package
	for _, imp := range back.Types.Imports() {
		if imp.Path() == "example.com/facts/top" {
			topOfBack = imp
		}
	}
	if topOfBack != again.targets[0].Types {
		t.Errorf("back sees a second example.com/facts/top")
	}
}
