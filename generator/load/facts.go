package load

import (
	"errors"
	"fmt"
	"go/types"
	"os"
	"reflect"
	"runtime"
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
// that is not one of pkgs are dropped as soon as it is analyzed; nothing
// reads them after its facts are out. Diagnostics are not kept: the
// generator reads facts and results only.
func AnalyzeFacts(analyzers []*analysis.Analyzer, pkgs []*packages.Package) (*Analysis, error) {
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
	packages.Visit(pkgs, nil, func(p *packages.Package) {
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

	mu     sync.RWMutex // guards failed and an's maps
	failed map[actKey]error
	an     *Analysis
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
			d.an.objFacts[objFactKey{a, obj, reflect.TypeOf(fact)}] = fact
			d.mu.Unlock()
		},
		ExportPackageFact: func(fact analysis.Fact) {
			if !exportOK {
				panic(fmt.Sprintf("%s: ExportPackageFact called after Run", a.Name))
			}
			d.mu.Lock()
			d.an.pkgFacts[pkgFactKey{a, p.Types, reflect.TypeOf(fact)}] = fact
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
