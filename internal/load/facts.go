package load

import (
	"errors"
	"fmt"
	"go/types"
	"os"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// AnalyzeFacts runs analyzers over pkgs and their dependencies like
// Analyze, and returns the Analysis in its released form (facts and root
// results only), but it keeps far less live while it runs. checker.Analyze
// keeps every pass until it returns, so the SSA and inspectors of the whole
// dependency graph are live at once; AnalyzeFacts analyzes one package at a
// time (up to GOMAXPROCS in parallel, a package after its imports), runs
// every analyzer on it, keeps the facts and drops the results, unless the
// package is one of pkgs. Each analyzer sees the facts checker.Analyze
// would show it (see visible), so the facts are the same.
//
// The syntax and type information (Syntax, TypesInfo) of every package
// that is not one of pkgs are dropped as soon as it is analyzed, and so
// are the facts of its objects that its importers cannot see; nothing
// reads them after its facts are out. Diagnostics are not kept: the
// generator reads facts and results only.
//
// With a cache (non-nil, with a Dir), the facts of packages other than pkgs
// are read from it when their entry is there, and written to it when they
// were computed. Dependencies loaded from export data (WithSupportCached)
// have no syntax and can only be read from the cache: when one's entry is
// missing or does not decode, AnalyzeFacts fails with ErrNeedSource.
func AnalyzeFacts(analyzers []*analysis.Analyzer, pkgs []*packages.Package, cache *FactCache) (*Analysis, error) {
	return AnalyzeFactsFor(analyzers, pkgs, nil, cache)
}

// AnalyzeFactsFor is AnalyzeFacts where only pkgs' results are wanted and
// others are analyzed for their facts alone: like dependencies, their
// facts are pruned to what importers see, cached, and read from the cache
// when they were loaded without syntax. The generator's support packages
// are such: it reads the facts of their exported producers, never their
// results, and so a run that loads them from export data sees what a run
// from source sees.
func AnalyzeFactsFor(analyzers []*analysis.Analyzer, pkgs, others []*packages.Package, cache *FactCache) (*Analysis, error) {
	if err := analysis.Validate(analyzers); err != nil {
		return nil, fmt.Errorf("running analyzers: %w", err)
	}
	d := &factDriver{
		order:    requiredOrder(analyzers),
		roots:    map[*packages.Package]bool{},
		deps:     map[*types.Package]map[*types.Package]bool{},
		direct:   map[*types.Package]map[*types.Package]bool{},
		failed:   map[actKey]error{},
		an:       &Analysis{released: true, results: map[rootKey]any{}, objFacts: map[objFactKey]analysis.Fact{}, pkgFacts: map[pkgFactKey]analysis.Fact{}},
		wanted:   map[*analysis.Analyzer]bool{},
		finished: map[*packages.Package]chan struct{}{},
		own:      map[*packages.Package][]factKey{},
		noSource: map[*packages.Package]bool{},
	}
	if cache != nil && cache.Dir != "" {
		d.cache = cache
	}
	for _, a := range analyzers {
		d.wanted[a] = true
	}
	for _, p := range pkgs {
		d.roots[p] = true
	}
	// The graph in postorder, with each package's direct and transitive
	// imports.
	var all []*packages.Package
	packages.Visit(append(slices.Clip(pkgs), others...), nil, func(p *packages.Package) {
		all = append(all, p)
		d.finished[p] = make(chan struct{})
		direct, deps := map[*types.Package]bool{}, map[*types.Package]bool{}
		for _, imp := range p.Imports {
			direct[imp.Types] = true
			deps[imp.Types] = true
			for t := range d.deps[imp.Types] {
				deps[t] = true
			}
		}
		d.direct[p.Types], d.deps[p.Types] = direct, deps
	})
	if d.cache != nil {
		d.keys = d.cache.keys(all)
	}
	for _, p := range all {
		if !d.roots[p] && len(p.CompiledGoFiles) > 0 && p.Syntax == nil {
			d.noSource[p] = true
		}
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, p := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(d.finished[p])
			for _, imp := range p.Imports {
				<-d.finished[imp]
			}
			sem <- struct{}{}
			defer func() { <-sem }()
			d.analyze(p)
			if !d.roots[p] {
				// Its facts are out and importers' SSA is built from
				// types: its syntax can go now, not after the whole
				// graph.
				p.Syntax, p.TypesInfo = nil, nil
			}
		}()
	}
	wg.Wait()
	if d.missing != nil {
		// The roots' failures follow from it; the caller loads again.
		return d.an, fmt.Errorf("facts of %s: %w", d.missing.PkgPath, ErrNeedSource)
	}
	var errs []error
	for _, a := range analyzers {
		for _, p := range pkgs {
			if err := d.failed[actKey{a, p}]; err != nil {
				errs = append(errs, fmt.Errorf("%s on %s: %w", a.Name, p.PkgPath, err))
			}
		}
	}
	if len(errs) > 0 {
		return d.an, errors.Join(errs...)
	}
	return d.an, nil
}

// ErrNeedSource says that a dependency loaded from export data has no
// usable fact cache entry, so its facts need its syntax: load again from
// source (WithSupport) and analyze again.
var ErrNeedSource = errors.New("a dependency's facts are not cached and it was loaded without syntax")

type actKey struct {
	a   *analysis.Analyzer
	pkg *packages.Package
}

type factDriver struct {
	order  []*analysis.Analyzer // the analyzers and their requirements, requirements first
	wanted map[*analysis.Analyzer]bool
	roots  map[*packages.Package]bool
	// direct and deps are each package's direct and transitive imports,
	// by types.Package; read-only once the analysis starts.
	direct, deps map[*types.Package]map[*types.Package]bool
	finished     map[*packages.Package]chan struct{}

	cache *FactCache
	keys  map[*packages.Package]string // cache keys; read-only once the analysis starts
	// noSource marks dependencies loaded from export data, without syntax
	// (read-only once the analysis starts); missing is one of them whose
	// facts were not in the cache (guarded by mu).
	noSource map[*packages.Package]bool
	missing  *packages.Package

	mu     sync.RWMutex // guards failed, own and an's maps and counts
	failed map[actKey]error
	own    map[*packages.Package][]factKey // the facts each package exported, in order
	an     *Analysis
}

// factKey names one exported fact: of obj, or of the package when obj is
// nil.
type factKey struct {
	a   *analysis.Analyzer
	obj types.Object
	typ reflect.Type
}

// requiredOrder lists analyzers and everything they require, each after
// its requirements, in a fixed order.
func requiredOrder(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		out = append(out, a)
	}
	for _, a := range analyzers {
		visit(a)
	}
	return out
}

// analyze runs every analyzer on p, its imports being done. The results
// are dropped when the pass is over, except the requested analyzers'
// results on the roots.
func (d *factDriver) analyze(p *packages.Package) {
	key, cacheable := d.keys[p]
	cacheable = cacheable && !d.roots[p]
	if d.noSource[p] {
		facts, ok := []ownFact(nil), false
		if cacheable {
			facts, ok = d.cache.read(p, key, d.order, true)
		}
		d.mu.Lock()
		defer d.mu.Unlock()
		if !ok {
			if d.missing == nil || d.missing.PkgPath > p.PkgPath {
				d.missing = p
			}
			for _, a := range d.order {
				d.failed[actKey{a, p}] = ErrNeedSource
			}
			return
		}
		for _, f := range facts {
			d.insert(p, f)
		}
		d.an.Cached++
		return
	}
	if cacheable {
		if facts, ok := d.cache.read(p, key, d.order, false); ok {
			d.mu.Lock()
			for _, f := range facts {
				d.insert(p, f)
			}
			d.an.Cached++
			d.mu.Unlock()
			return
		}
	}
	defer func() {
		d.mu.Lock()
		d.an.Analyzed++
		d.mu.Unlock()
	}()
	results := map[*analysis.Analyzer]any{}
	for _, a := range d.order {
		err := d.prerequisites(a, p)
		var res any
		if err == nil {
			res, err = d.run(a, p, results)
		}
		if err != nil {
			d.mu.Lock()
			d.failed[actKey{a, p}] = err
			d.mu.Unlock()
			continue
		}
		results[a] = res
	}
	if !d.roots[p] {
		d.prune(p)
	}
	if cacheable {
		d.store(p, key)
	}
	if d.roots[p] {
		d.mu.Lock()
		for a, r := range results {
			if d.wanted[a] && r != nil {
				d.an.results[rootKey{a, p.PkgPath}] = r
			}
		}
		d.mu.Unlock()
	}
}

// prerequisites reports the failure of an action a on p depends on, as
// checker does: a's requirements on p and, for an analyzer with facts, a
// on each import.
func (d *factDriver) prerequisites(a *analysis.Analyzer, p *packages.Package) error {
	d.mu.RLock()
	defer d.mu.RUnlock()
	var failed []string
	for _, r := range a.Requires {
		if d.failed[actKey{r, p}] != nil {
			failed = append(failed, r.Name+"@"+p.PkgPath)
		}
	}
	if len(a.FactTypes) > 0 {
		for _, imp := range p.Imports {
			if d.failed[actKey{a, imp}] != nil {
				failed = append(failed, a.Name+"@"+imp.PkgPath)
			}
		}
	}
	if len(failed) == 0 {
		return nil
	}
	sort.Strings(failed)
	return fmt.Errorf("failed prerequisites: %v", failed)
}

func (d *factDriver) run(a *analysis.Analyzer, p *packages.Package, results map[*analysis.Analyzer]any) (any, error) {
	if p.IllTyped && !a.RunDespiteErrors {
		return nil, fmt.Errorf("analysis skipped due to errors in package")
	}
	inputs := map[*analysis.Analyzer]any{}
	for _, r := range a.Requires {
		inputs[r] = results[r]
	}
	module := &analysis.Module{} // non-nil, as in the go/analysis drivers
	if m := analysisModule(p.Module); m != nil {
		module = m
	}
	exportOK := true
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         p.Fset,
		Files:        p.Syntax,
		OtherFiles:   p.OtherFiles,
		IgnoredFiles: p.IgnoredFiles,
		Pkg:          p.Types,
		TypesInfo:    p.TypesInfo,
		TypesSizes:   p.TypesSizes,
		TypeErrors:   p.TypeErrors,
		Module:       module,
		ResultOf:     inputs,
		Report:       func(analysis.Diagnostic) {},
		ReadFile:     os.ReadFile,
		ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
			if obj == nil {
				panic("nil object")
			}
			if !d.visible(p, obj) {
				return false
			}
			d.mu.RLock()
			v := d.an.objFacts[objFactKey{a, obj, reflect.TypeOf(fact)}]
			d.mu.RUnlock()
			return copyFact(v, fact)
		},
		ImportPackageFact: func(pkg *types.Package, fact analysis.Fact) bool {
			if pkg == nil {
				panic("nil package")
			}
			if pkg != p.Types && !d.deps[p.Types][pkg] {
				return false
			}
			d.mu.RLock()
			v := d.an.pkgFacts[pkgFactKey{a, pkg, reflect.TypeOf(fact)}]
			d.mu.RUnlock()
			return copyFact(v, fact)
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			if !exportOK {
				panic(fmt.Sprintf("%s: ExportObjectFact called after Run", a.Name))
			}
			if obj.Pkg() != p.Types {
				panic(fmt.Sprintf("%s on %s: ExportObjectFact(%s): an object of another package", a.Name, p.PkgPath, obj))
			}
			d.mu.Lock()
			d.insert(p, ownFact{a: a, obj: obj, fact: fact})
			d.mu.Unlock()
		},
		ExportPackageFact: func(fact analysis.Fact) {
			if !exportOK {
				panic(fmt.Sprintf("%s: ExportPackageFact called after Run", a.Name))
			}
			d.mu.Lock()
			d.insert(p, ownFact{a: a, fact: fact})
			d.mu.Unlock()
		},
		AllObjectFacts:  func() []analysis.ObjectFact { return d.allObjectFacts(a, p) },
		AllPackageFacts: func() []analysis.PackageFact { return d.allPackageFacts(a, p) },
	}
	defer func() { exportOK = false }()
	res, err := a.Run(pass)
	if err != nil {
		return nil, err
	}
	if got, want := reflect.TypeOf(res), a.ResultType; got != want {
		return nil, fmt.Errorf("internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v", p.PkgPath, a, got, want)
	}
	return res, nil
}

// visible reports whether checker.Analyze would show the analysis of p a
// fact about obj. It passes facts along import edges, keeping at each
// edge only objects exportedFrom the imported package: a package's own
// objects, those of its direct imports that are exported (or methods,
// fields, types, constants, variables), and of deeper imports only
// methods, fields, types and constants.
func (d *factDriver) visible(p *packages.Package, obj types.Object) bool {
	op := obj.Pkg()
	switch {
	case op == p.Types:
		return true
	case op == nil || !d.deps[p.Types][op]:
		return false
	case !exportedFrom(obj, op):
		return false
	case d.direct[p.Types][op]:
		return true
	}
	// Through an intermediate package, which obj does not belong to.
	return exportedFrom(obj, nil)
}

func (d *factDriver) allObjectFacts(a *analysis.Analyzer, p *packages.Package) []analysis.ObjectFact {
	d.mu.RLock()
	defer d.mu.RUnlock()
	var out []analysis.ObjectFact
	for k, f := range d.an.objFacts {
		if k.a == a && d.visible(p, k.obj) {
			out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
		}
	}
	return out
}

func (d *factDriver) allPackageFacts(a *analysis.Analyzer, p *packages.Package) []analysis.PackageFact {
	d.mu.RLock()
	defer d.mu.RUnlock()
	var out []analysis.PackageFact
	for k, f := range d.an.pkgFacts {
		if k.a == a && (k.pkg == p.Types || d.deps[p.Types][k.pkg]) {
			out = append(out, analysis.PackageFact{Package: k.pkg, Fact: f})
		}
	}
	return out
}

// exportedFrom is checker's filter of the facts passed from a package to
// its importers (golang.org/x/tools/go/analysis/checker): whether obj may
// be visible to a package that imports pkg.
func exportedFrom(obj types.Object, pkg *types.Package) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Exported() && obj.Pkg() == pkg || obj.Signature().Recv() != nil
	case *types.Var:
		if obj.IsField() {
			return true
		}
		return obj.Pkg() == pkg
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

// analysisModule converts a module as checker does.
func analysisModule(m *packages.Module) *analysis.Module {
	if m == nil {
		return nil
	}
	var merr *analysis.ModuleError
	if m.Error != nil {
		merr = &analysis.ModuleError{Err: m.Error.Err}
	}
	return &analysis.Module{Path: m.Path, Version: m.Version, Replace: analysisModule(m.Replace), Time: m.Time,
		Main: m.Main, Indirect: m.Indirect, Dir: m.Dir, GoMod: m.GoMod, GoVersion: m.GoVersion, Error: merr}
}

// insert records a fact p exported (or that the cache holds for p). The
// caller holds d.mu.
func (d *factDriver) insert(p *packages.Package, f ownFact) {
	t := reflect.TypeOf(f.fact)
	if f.obj == nil {
		k := pkgFactKey{f.a, p.Types, t}
		if _, dup := d.an.pkgFacts[k]; !dup {
			d.own[p] = append(d.own[p], factKey{f.a, nil, t})
		}
		d.an.pkgFacts[k] = f.fact
		return
	}
	k := objFactKey{f.a, f.obj, t}
	if _, dup := d.an.objFacts[k]; !dup {
		d.own[p] = append(d.own[p], factKey{f.a, f.obj, t})
	}
	d.an.objFacts[k] = f.fact // a later export replaces an earlier one
}

// store writes p's facts to the cache, unless an analyzer failed on p.
func (d *factDriver) store(p *packages.Package, key string) {
	d.mu.RLock()
	var own []ownFact
	failed := false
	for _, a := range d.order {
		if d.failed[actKey{a, p}] != nil {
			failed = true
		}
	}
	for _, k := range d.own[p] {
		f := ownFact{a: k.a, obj: k.obj}
		if k.obj == nil {
			f.fact = d.an.pkgFacts[pkgFactKey{k.a, p.Types, k.typ}]
		} else {
			f.fact = d.an.objFacts[objFactKey{k.a, k.obj, k.typ}]
		}
		own = append(own, f)
	}
	d.mu.RUnlock()
	if failed {
		return
	}
	if data, ok := encodeFacts(p, d.order, own); ok {
		d.cache.write(key, data)
	}
}

// prune drops the facts of a dependency's objects that its importers
// cannot see (unexported functions, package variables): nothing reads them
// once the package is analyzed, and the cache, which addresses objects by
// their path from the package scope, could not hold them, so a run with
// the cache and one without see the same facts.
func (d *factDriver) prune(p *packages.Package) {
	d.mu.Lock()
	defer d.mu.Unlock()
	kept := d.own[p][:0]
	for _, k := range d.own[p] {
		if k.obj != nil && !exportedFrom(k.obj, p.Types) {
			delete(d.an.objFacts, objFactKey{k.a, k.obj, k.typ})
			continue
		}
		kept = append(kept, k)
	}
	d.own[p] = kept
}
