package load

import (
	"errors"
	"fmt"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// This file holds the results of running the analyzer suite over the
// loaded packages, and looks facts up in them.

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
