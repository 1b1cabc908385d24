// Package load loads the packages gentest works on, checks that they are
// something tests can be generated for, and runs the analyzer suite over
// them (and, for facts, over their dependencies) with the checker driver.
package load

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Mode is what gentest needs from go/packages: syntax and types for the
// whole dependency graph, because analyzers compute facts for dependencies
// from source (as go vet does).
const Mode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax |
	packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedModule | packages.NeedEmbedFiles

// Error is a user-facing problem with a package: printed as one line, exit
// status 1.
type Error struct {
	Pkg string
	Msg string
}

func (e *Error) Error() string {
	if e.Pkg == "" {
		return e.Msg
	}
	return e.Pkg + ": " + e.Msg
}

// Packages loads the packages matched by patterns, relative to dir, with
// Mode. Tests are not loaded: gentest works on the package's own code.
func Packages(dir string, patterns []string) ([]*packages.Package, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	if err := checkPaths(dir, patterns); err != nil {
		return nil, err
	}
	cfg := &packages.Config{Mode: Mode, Dir: dir, Tests: false}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, &Error{Pkg: strings.Join(patterns, " "), Msg: fmt.Sprintf("cannot load: %v", err)}
	}
	if len(pkgs) == 0 {
		return nil, &Error{Pkg: strings.Join(patterns, " "), Msg: "matched no packages"}
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
	return pkgs, nil
}

// SupportPackages are loaded with every target so that the detective can
// build common inputs the package cannot build itself: io.Readers from
// strings and bytes, errors, contexts.
var SupportPackages = []string{"strings", "bytes", "errors", "context"}

// maxModulePackages bounds how many packages of the target's module are
// loaded to look for implementers and producers: beyond it, loading them
// all with syntax would cost more than the search.
const maxModulePackages = 60

// WithSupport loads the packages matched by patterns together with the
// support packages and, when wantModule says the targets need inputs that
// nothing loaded so far provides, the other library packages of their
// module (when it is small enough), in one type universe. It returns the
// targets (the packages the patterns matched) and all loaded roots.
func WithSupport(dir string, patterns []string, wantModule func(targets, roots []*packages.Package) bool) (targets, roots []*packages.Package, err error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	if err := checkPaths(dir, patterns); err != nil {
		return nil, nil, err
	}
	// A cheap listing first, to know which import paths the patterns name.
	listed, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedModule, Dir: dir}, patterns...)
	if err != nil {
		return nil, nil, &Error{Pkg: strings.Join(patterns, " "), Msg: fmt.Sprintf("cannot load: %v", err)}
	}
	if len(listed) == 0 {
		return nil, nil, &Error{Pkg: strings.Join(patterns, " "), Msg: "matched no packages"}
	}
	isTarget := map[string]bool{}
	all := map[string]bool{}
	var paths []string
	add := func(p string) {
		if !all[p] {
			all[p] = true
			paths = append(paths, p)
		}
	}
	var mod *packages.Module
	for _, p := range listed {
		if len(p.Errors) > 0 && len(p.GoFiles) == 0 {
			// Let the full load report it with the right message.
			pkgs, err := Packages(dir, patterns)
			return pkgs, pkgs, err
		}
		isTarget[p.PkgPath] = true
		add(p.PkgPath)
		if mod == nil && p.Module != nil {
			mod = p.Module
		}
	}
	for _, s := range SupportPackages {
		add(s)
	}
	load := func(paths []string) ([]*packages.Package, []*packages.Package, error) {
		cfg := &packages.Config{Mode: Mode, Dir: dir, Tests: false}
		pkgs, err := packages.Load(cfg, paths...)
		if err != nil {
			return nil, nil, &Error{Pkg: strings.Join(patterns, " "), Msg: fmt.Sprintf("cannot load: %v", err)}
		}
		sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
		var targets []*packages.Package
		for _, p := range pkgs {
			if isTarget[p.PkgPath] {
				targets = append(targets, p)
			}
		}
		if len(targets) == 0 {
			return nil, nil, &Error{Pkg: strings.Join(patterns, " "), Msg: "matched no packages"}
		}
		return targets, pkgs, nil
	}
	// Most packages need nothing from the rest of their module: load that
	// only when the targets need inputs nothing loaded so far provides.
	targets, roots, err = load(paths)
	if err != nil || mod == nil || wantModule == nil || !wantModule(targets, roots) {
		return targets, roots, err
	}
	more := false
	if mod != nil {
		mods, err := packages.Load(&packages.Config{Mode: packages.NeedName, Dir: dir}, mod.Path+"/...")
		if err == nil && len(mods) <= maxModulePackages {
			sort.Slice(mods, func(i, j int) bool { return mods[i].PkgPath < mods[j].PkgPath })
			for _, m := range mods {
				if m.Name != "main" && len(m.Errors) == 0 && !strings.Contains(m.PkgPath, "/testdata/") && !all[m.PkgPath] {
					add(m.PkgPath)
					more = true
				}
			}
		}
	}
	if !more {
		return targets, roots, nil
	}
	return load(paths)
}

// checkPaths reports a path pattern naming a directory that does not
// exist, which go/packages would otherwise describe less clearly.
func checkPaths(dir string, patterns []string) error {
	for _, p := range patterns {
		if isPathPattern(p) {
			path := p
			if !filepath.IsAbs(path) {
				path = filepath.Join(dir, p)
			}
			path = strings.TrimSuffix(path, "/...")
			if _, err := os.Stat(path); err != nil {
				return &Error{Pkg: p, Msg: "no such directory"}
			}
		}
	}
	return nil
}

func isPathPattern(p string) bool {
	return p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || filepath.IsAbs(p)
}

// CheckCompiles returns an error naming pkg when it, or a dependency, does
// not load or type-check.
func CheckCompiles(pkg *packages.Package) error {
	var first string
	packages.Visit([]*packages.Package{pkg}, nil, func(p *packages.Package) {
		if first == "" && len(p.Errors) > 0 {
			first = p.Errors[0].Error()
		}
	})
	if first == "" {
		return nil
	}
	if len(pkg.GoFiles) == 0 && len(pkg.CompiledGoFiles) == 0 {
		return &Error{Pkg: pkg.PkgPath, Msg: "not a Go package: " + strings.TrimPrefix(stripPrefix(first), "-: ")}
	}
	return &Error{Pkg: pkg.PkgPath, Msg: "does not compile: " + stripPrefix(first)}
}

func stripPrefix(msg string) string {
	if i := strings.Index(msg, "\n"); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

// CheckTestable returns an error when tests cannot be generated for pkg: a
// main package, a package using cgo, or one with nothing exported to call.
// It assumes CheckCompiles passed.
func CheckTestable(pkg *packages.Package) error {
	if pkg.Name == "main" {
		return &Error{Pkg: pkg.PkgPath, Msg: "is a main package; gentest generates tests for library packages"}
	}
	// Syntax holds cgo's output, not the user's files: look at the
	// originals.
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			continue
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return &Error{Pkg: pkg.PkgPath, Msg: fmt.Sprintf("uses cgo (%s), which gentest does not support", filepath.Base(name))}
			}
		}
	}
	if len(pkg.Syntax) == 0 {
		return &Error{Pkg: pkg.PkgPath, Msg: "has no Go files to test"}
	}
	if !hasExportedFuncs(pkg.Types) {
		return &Error{Pkg: pkg.PkgPath, Msg: "has no exported functions or methods to test"}
	}
	return nil
}

func hasExportedFuncs(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			return true
		case *types.TypeName:
			if named, ok := obj.Type().(*types.Named); ok && !obj.IsAlias() {
				for i := 0; i < named.NumMethods(); i++ {
					if named.Method(i).Exported() {
						return true
					}
				}
			}
		}
	}
	return false
}

// Analysis holds the results of running the analyzer suite.
//
// Until Release, it holds the checker's whole action graph, and with it
// every package's syntax, type information, inspector and SSA (the passes
// keep their inputs). Release keeps only the facts and the root results,
// which is all the generator reads after the analysis.
type Analysis struct {
	// Graph is the checker's action graph; nil after Release.
	Graph *checker.Graph
	// Analyzed and Cached count the packages AnalyzeFacts analyzed and
	// those whose facts it read from its cache.
	Analyzed, Cached int
	// roots maps (analyzer, package path) to the root action.
	roots map[rootKey]*checker.Action
	// all maps (analyzer, package path) to every action, dependencies
	// included.
	all map[rootKey]*checker.Action

	// After Release: the results of the root actions, and each
	// package's own object and package facts, by analyzer.
	released bool
	results  map[rootKey]any
	objFacts map[objFactKey]analysis.Fact
	pkgFacts map[pkgFactKey]analysis.Fact
}

type rootKey struct {
	a   *analysis.Analyzer
	pkg string
}

type objFactKey struct {
	a   *analysis.Analyzer
	obj types.Object
	typ reflect.Type
}

type pkgFactKey struct {
	a   *analysis.Analyzer
	pkg *types.Package
	typ reflect.Type
}

// Analyze runs analyzers over pkgs (and their dependencies, for facts).
func Analyze(analyzers []*analysis.Analyzer, pkgs []*packages.Package) (*Analysis, error) {
	if len(analyzers) == 0 {
		return &Analysis{roots: map[rootKey]*checker.Action{}, all: map[rootKey]*checker.Action{}}, nil
	}
	g, err := checker.Analyze(analyzers, pkgs, &checker.Options{})
	if err != nil {
		return nil, fmt.Errorf("running analyzers: %w", err)
	}
	a := &Analysis{Graph: g, roots: map[rootKey]*checker.Action{}, all: map[rootKey]*checker.Action{}}
	for act := range g.All() {
		a.all[rootKey{act.Analyzer, act.Package.PkgPath}] = act
	}
	var errs []error
	for _, act := range g.Roots {
		a.roots[rootKey{act.Analyzer, act.Package.PkgPath}] = act
		if act.Err != nil {
			errs = append(errs, fmt.Errorf("%s on %s: %w", act.Analyzer.Name, act.Package.PkgPath, act.Err))
		}
	}
	if len(errs) > 0 {
		return a, errors.Join(errs...)
	}
	return a, nil
}

// Release drops the action graph, keeping the root results and every
// package's own facts, so that the garbage collector can take the syntax,
// type information and SSA the analysis built for the whole dependency
// graph. Action returns nil afterwards; Result, FactOf and PackageFact
// answer as before. Release is idempotent.
func (a *Analysis) Release() {
	if a == nil || a.released {
		return
	}
	a.results = map[rootKey]any{}
	a.objFacts = map[objFactKey]analysis.Fact{}
	a.pkgFacts = map[pkgFactKey]analysis.Fact{}
	for k, act := range a.roots {
		if act.Result != nil {
			a.results[k] = act.Result
		}
	}
	for _, act := range a.all {
		own := act.Package.Types
		for _, of := range act.AllObjectFacts() {
			// An action also holds the facts it inherited from its
			// dependencies; each fact is kept from the action of the
			// package that declares its object, as FactOf looks it up.
			if of.Object.Pkg() == own {
				a.objFacts[objFactKey{act.Analyzer, of.Object, reflect.TypeOf(of.Fact)}] = of.Fact
			}
		}
		for _, pf := range act.AllPackageFacts() {
			if pf.Package == own {
				a.pkgFacts[pkgFactKey{act.Analyzer, pf.Package, reflect.TypeOf(pf.Fact)}] = pf.Fact
			}
		}
	}
	a.Graph, a.roots, a.all = nil, nil, nil
	a.released = true
}

// Action returns the root action of analyzer an on package pkg, or nil
// (always nil after Release).
func (a *Analysis) Action(an *analysis.Analyzer, pkg string) *checker.Action {
	if a == nil {
		return nil
	}
	return a.roots[rootKey{an, pkg}]
}

// ObjectFact looks up a fact of analyzer an about obj, as seen from package
// pkg (facts of pkg's dependencies are visible too).
func (a *Analysis) ObjectFact(an *analysis.Analyzer, pkg string, obj types.Object, fact analysis.Fact) bool {
	if a != nil && a.released {
		return a.FactOf(an, obj, fact)
	}
	act := a.Action(an, pkg)
	if act == nil || obj == nil {
		return false
	}
	return act.ObjectFact(obj, fact)
}

// FactOf looks up a fact of analyzer an about obj in the action of the
// package that declares obj. Drivers pass a function's facts on only to the
// packages that import its package directly (as go vet does); the
// generator needs facts about any function it may call.
func (a *Analysis) FactOf(an *analysis.Analyzer, obj types.Object, fact analysis.Fact) bool {
	if a == nil || obj == nil || obj.Pkg() == nil {
		return false
	}
	if a.released {
		return copyFact(a.objFacts[objFactKey{an, obj, reflect.TypeOf(fact)}], fact)
	}
	act := a.all[rootKey{an, obj.Pkg().Path()}]
	if act == nil {
		return false
	}
	return act.ObjectFact(obj, fact)
}

// PackageFact looks up the package fact of analyzer an that pkg exported
// about itself.
func (a *Analysis) PackageFact(an *analysis.Analyzer, pkg *types.Package, fact analysis.Fact) bool {
	if a == nil || pkg == nil {
		return false
	}
	if a.released {
		return copyFact(a.pkgFacts[pkgFactKey{an, pkg, reflect.TypeOf(fact)}], fact)
	}
	act := a.all[rootKey{an, pkg.Path()}]
	if act == nil {
		return false
	}
	return act.PackageFact(pkg, fact)
}

// copyFact copies the fact v into *ptr, as the checker's accessors do, and
// reports whether there was one.
func copyFact(v, ptr analysis.Fact) bool {
	if v == nil {
		return false
	}
	reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
	return true
}

// Result returns the result of analyzer an on package pkg, or nil.
func (a *Analysis) Result(an *analysis.Analyzer, pkg string) any {
	if a != nil && a.released {
		return a.results[rootKey{an, pkg}]
	}
	act := a.Action(an, pkg)
	if act == nil {
		return nil
	}
	return act.Result
}

// ReleaseSyntax drops the syntax trees, type information and file set of
// pkgs and every package they import, except keep (whose syntax the
// executor's instrumentation still needs), so that the garbage collector
// can take them once the analysis is released too. The packages' types
// stay: the model is built from them.
func ReleaseSyntax(pkgs []*packages.Package, keep ...*packages.Package) {
	kept := map[*packages.Package]bool{}
	for _, k := range keep {
		kept[k] = true
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if !kept[p] {
			p.Syntax, p.TypesInfo, p.Fset = nil, nil, nil
		}
	})
}

// FileOf returns the file name of a position.
func FileOf(fset *token.FileSet, n ast.Node) string {
	return fset.Position(n.Pos()).Filename
}
