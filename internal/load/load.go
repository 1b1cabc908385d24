// Package load loads the packages gentest works on, checks that they are
// something tests can be generated for, and runs the analyzer suite over
// them (and, for facts, over their dependencies) with the checker driver.
package load

import (
	"bufio"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/gcexportdata"
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
	targets, roots, _, err = WithSupportCached(dir, patterns, wantModule, nil)
	return targets, roots, err
}

// WithSupportCached is WithSupport for a run with a fact cache. When the
// cache holds the facts of every package the roots depend on, only the
// roots are parsed and type-checked from source; their dependencies' types
// come from the compiler's export data (the go command's build cache), as
// a build would see them, and those packages have no syntax. Type-checking
// the whole dependency graph from source is most of a warm run's start
// otherwise (go-humanize: 8.3 s against 0.9 s on a loaded machine).
// fromExport says which way the packages were loaded: AnalyzeFacts cannot
// analyze a dependency without syntax, and says so with ErrNeedSource,
// after which the caller loads again with WithSupport.
func WithSupportCached(dir string, patterns []string, wantModule func(targets, roots []*packages.Package) bool, cache *FactCache) (targets, roots []*packages.Package, fromExport bool, err error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	if err := checkPaths(dir, patterns); err != nil {
		return nil, nil, false, err
	}
	// A cheap listing first, to know which import paths the patterns name.
	listed, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedModule, Dir: dir}, patterns...)
	if err != nil {
		return nil, nil, false, &Error{Pkg: strings.Join(patterns, " "), Msg: fmt.Sprintf("cannot load: %v", err)}
	}
	if len(listed) == 0 {
		return nil, nil, false, &Error{Pkg: strings.Join(patterns, " "), Msg: "matched no packages"}
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
			return pkgs, pkgs, false, err
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
		var pkgs []*packages.Package
		var err error
		if cache != nil && cache.Dir != "" {
			// The support packages (those no pattern named and the
			// module's own packages are not) need only their types and
			// facts: from export data and the cache, they cost neither
			// parsing nor type-checking nor analysis.
			var src, typesOnly []string
			for _, p := range paths {
				if !isTarget[p] && slices.Contains(SupportPackages, p) {
					typesOnly = append(typesOnly, p)
				} else {
					src = append(src, p)
				}
			}
			pkgs, fromExport, err = loadFromExport(dir, src, typesOnly, cache)
		}
		if !fromExport && err == nil {
			pkgs, err = packages.Load(&packages.Config{Mode: Mode, Dir: dir, Tests: false}, paths...)
		}
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
		return targets, roots, fromExport, err
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
		return targets, roots, fromExport, nil
	}
	targets, roots, err = load(paths)
	return targets, roots, fromExport, err
}

// PackagesCached loads the packages matched by patterns as Packages does,
// but, when cache holds the facts of all their dependencies, with the
// dependencies' types from export data and no syntax (see
// WithSupportCached); fromExport says which.
func PackagesCached(dir string, patterns []string, cache *FactCache) (pkgs []*packages.Package, fromExport bool, err error) {
	if cache != nil && cache.Dir != "" {
		if err := checkPaths(dir, patterns); err != nil {
			return nil, false, err
		}
		pkgs, fromExport, err = loadFromExport(dir, patterns, nil, cache)
		if fromExport && err == nil {
			sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
			return pkgs, true, nil
		}
	}
	pkgs, err = Packages(dir, patterns)
	return pkgs, false, err
}

// metaMode is what the cache keys need of every package: files, imports,
// module; go list alone answers it, without parsing or type-checking. The
// export files are for packages loaded for their types only.
const metaMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedModule | packages.NeedEmbedFiles

// loadFromExport loads paths with syntax and types from source for the
// roots and from export data for their dependencies, when cache has an
// entry for every dependency; fromExport is false (and pkgs nil) when it
// does not. The dependencies are then packages with files, imports,
// module and types (the type-checker's, from export data, or an empty
// complete package when no root's types reach it: then nothing of it can
// be asked about) and no syntax, joined into one graph with the roots.
//
// typesOnly are further roots wanted for their types and facts alone (the
// support packages): they come from export data like dependencies, and
// need a cache entry like them. pkgs holds the source roots, then those.
func loadFromExport(dir string, paths, typesOnly []string, cache *FactCache) (pkgs []*packages.Package, fromExport bool, err error) {
	// The listing and the export-data load run at once: both are mostly
	// the go command; the second is wasted only on a cold cache, where
	// the source load costs far more.
	type result struct {
		pkgs []*packages.Package
		err  error
	}
	exported := make(chan result, 1)
	go func() {
		p, err := packages.Load(&packages.Config{Mode: Mode &^ packages.NeedDeps, Dir: dir, Tests: false}, paths...)
		exported <- result{p, err}
	}()
	mode := metaMode
	if len(typesOnly) > 0 {
		mode |= packages.NeedExportFile
	}
	meta, err := packages.Load(&packages.Config{Mode: mode, Dir: dir, Tests: false}, append(slices.Clip(paths), typesOnly...)...)
	ex := <-exported
	if err != nil || ex.err != nil {
		return nil, false, nil // the source load reports it
	}
	var all []*packages.Package
	isRoot := map[string]bool{}
	var extra []*packages.Package // the typesOnly roots, in meta's order
	for _, p := range meta {
		isRoot[p.ID] = true
		if slices.Contains(typesOnly, p.PkgPath) {
			extra = append(extra, p)
		}
	}
	bad := false
	packages.Visit(meta, nil, func(p *packages.Package) {
		all = append(all, p)
		if len(p.Errors) > 0 {
			bad = true
		}
	})
	if bad {
		return nil, false, nil // errors are the source load's to report, with types
	}
	// A types-only root that imports a source root (a standard-library
	// target that strings or bytes imports) would see that package's
	// export data where the target sees its source: two packages of one
	// path. Such runs load every root from source.
	source := map[string]bool{}
	for _, p := range ex.pkgs {
		source[p.PkgPath] = true
	}
	for _, e := range extra {
		reaches := false
		packages.Visit([]*packages.Package{e}, func(q *packages.Package) bool {
			if q != e && source[q.PkgPath] {
				reaches = true
			}
			return !reaches
		}, nil)
		if reaches {
			return loadFromExport(dir, append(slices.Clip(paths), typesOnly...), nil, cache)
		}
	}
	keys := cache.keys(all)
	for _, p := range all {
		if isRoot[p.ID] && !slices.Contains(extra, p) {
			continue
		}
		k, ok := keys[p]
		if !ok || !cache.has(k) {
			return nil, false, nil
		}
	}
	// The type universe the roots see, by path.
	universe := map[string]*types.Package{}
	var walk func(t *types.Package)
	walk = func(t *types.Package) {
		if t == nil || universe[t.Path()] != nil {
			return
		}
		universe[t.Path()] = t
		for _, imp := range t.Imports() {
			walk(imp)
		}
	}
	byID := map[string]*packages.Package{}
	for _, p := range ex.pkgs {
		if len(p.Errors) > 0 || p.Types == nil {
			return nil, false, nil
		}
		byID[p.ID] = p
		walk(p.Types)
	}
	// The types-only roots the source roots do not already import join
	// the same universe, so that a strings.Reader is one type for all.
	for _, e := range extra {
		if t := universe[e.PkgPath]; t != nil && t.Complete() {
			continue
		}
		t, err := readExport(ex.pkgs[0].Fset, universe, e)
		if err != nil {
			return nil, false, nil
		}
		walk(t)
	}
	// Every package of the graph, roots as the export load gave them and
	// dependencies built from the listing, then the imports pointed at
	// them.
	var sizes types.Sizes
	if len(ex.pkgs) > 0 {
		sizes = ex.pkgs[0].TypesSizes
	}
	for _, m := range all {
		if byID[m.ID] != nil {
			continue
		}
		t := universe[m.PkgPath]
		if t == nil {
			t = types.NewPackage(m.PkgPath, m.Name)
			t.MarkComplete()
		}
		byID[m.ID] = &packages.Package{
			ID: m.ID, Name: m.Name, PkgPath: m.PkgPath,
			GoFiles: m.GoFiles, CompiledGoFiles: m.CompiledGoFiles, OtherFiles: m.OtherFiles,
			EmbedFiles: m.EmbedFiles, EmbedPatterns: m.EmbedPatterns, IgnoredFiles: m.IgnoredFiles,
			Module: m.Module, Types: t, TypesSizes: sizes,
		}
	}
	for _, m := range all {
		p := byID[m.ID]
		p.Imports = make(map[string]*packages.Package, len(m.Imports))
		for path, imp := range m.Imports {
			q := byID[imp.ID]
			if q == nil {
				return nil, false, nil
			}
			p.Imports[path] = q
		}
	}
	pkgs = slices.Clip(ex.pkgs)
	for _, e := range extra {
		pkgs = append(pkgs, byID[e.ID])
	}
	return pkgs, true, nil
}

// readExport reads the types of p from its export file into universe.
func readExport(fset *token.FileSet, universe map[string]*types.Package, p *packages.Package) (*types.Package, error) {
	if p.ExportFile == "" {
		return nil, fmt.Errorf("%s: no export data", p.PkgPath)
	}
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.PkgPath, err)
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: reading export data: %w", p.PkgPath, err)
	}
	t, err := gcexportdata.Read(r, fset, universe, p.PkgPath)
	if err != nil {
		return nil, fmt.Errorf("%s: reading export data: %w", p.PkgPath, err)
	}
	return t, nil
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
