package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/types"
	"os"
	"sort"

	"github.com/gentest-go/gentest/analyzers/suite"
	"github.com/gentest-go/gentest/internal/load"
	"golang.org/x/tools/go/analysis"
)

// cmdFacts is gentest facts: the analyzers' facts of each function,
// as text or JSON.
func cmdFacts(args []string) int {
	fs := flag.NewFlagSet("gentest facts", flag.ContinueOnError)
	jsonOut := fs.Bool("json", false, "print one JSON object per package")
	all := fs.Bool("all", false, "also print functions without facts")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: gentest facts [flags] [packages]

facts prints, for each function and method of the packages, the facts the
analyzers computed (effects from purity, constants from constpool, types from
typedeps, construction recipes and branch dependencies from construct) — what
the generator reads.

Flags:
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	dir, _ := os.Getwd()
	pkgs, err := load.Packages(dir, fs.Args())
	if err != nil {
		fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
		return 1
	}
	for _, p := range pkgs {
		if err := load.CheckCompiles(p); err != nil {
			fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
			return 1
		}
	}
	if err := suite.ExportAllFacts(); err != nil {
		fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
		return 1
	}
	an, err := load.Analyze(suite.Analyzers(), pkgs)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
		return 1
	}
	for _, p := range pkgs {
		obj := packageFacts(an, p.PkgPath, p.Types, *all)
		if *jsonOut {
			enc := json.NewEncoder(os.Stdout)
			enc.SetEscapeHTML(false) // operators like "<" stay readable
			if err := enc.Encode(obj); err != nil {
				fmt.Fprintf(os.Stderr, "gentest: encoding facts of %s: %v\n", p.PkgPath, err)
				return 1
			}
		} else {
			writeFactsReport(os.Stdout, an, p.PkgPath, p.Types, *all)
		}
	}
	return 0
}

// packageFacts gathers the facts of one package into the JSON shape of
// gentest facts -json: {"package", "functions": [{"name", ...}], ...}.
func packageFacts(an *load.Analysis, path string, pkg *types.Package, all bool) map[string]any {
	obj := map[string]any{"package": path}
	funcs := map[string]map[string]any{}
	eachFact(an, path, pkg, func(fn *types.Func, fact analysis.Fact) {
		ff, ok := fact.(suite.FuncFact)
		if !ok {
			return
		}
		name := fn.FullName()
		m := funcs[name]
		if m == nil {
			m = map[string]any{"name": name}
			funcs[name] = m
		}
		for k, v := range ff.FuncJSON() {
			m[k] = v
		}
	}, func(fact analysis.Fact) {
		if f, ok := fact.(suite.PackageFact); ok {
			for k, v := range f.PackageJSON() {
				obj[k] = v
			}
		}
	})
	names := funcNames(funcs, pkg, all, func(name string) map[string]any { return map[string]any{"name": name} })
	list := make([]map[string]any, 0, len(names))
	for _, n := range names {
		list = append(list, funcs[n])
	}
	obj["functions"] = list
	return obj
}

// eachFact calls fn with each fact the analyzers computed on a function
// or method of pkg, and pkgFact with each fact on pkg itself, analyzer by
// analyzer in the suite's order.
func eachFact(an *load.Analysis, path string, pkg *types.Package, fn func(*types.Func, analysis.Fact), pkgFact func(analysis.Fact)) {
	for _, a := range suite.Analyzers() {
		act := an.Action(a, path)
		if act == nil {
			continue
		}
		for _, of := range act.AllObjectFacts() {
			if f, ok := of.Object.(*types.Func); ok && f.Pkg() == pkg {
				fn(f, of.Fact)
			}
		}
		for _, pf := range act.AllPackageFacts() {
			if pf.Package == pkg {
				pkgFact(pf.Fact)
			}
		}
	}
}

// funcNames returns the full names of funcs, sorted, after adding (with
// all) every function and method of pkg that has no facts, as blank(name).
func funcNames[T any](funcs map[string]T, pkg *types.Package, all bool, blank func(fullName string) T) []string {
	if all {
		for _, fn := range allFuncs(pkg) {
			if _, ok := funcs[fn.FullName()]; !ok {
				funcs[fn.FullName()] = blank(fn.FullName())
			}
		}
	}
	names := make([]string, 0, len(funcs))
	for n := range funcs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func allFuncs(pkg *types.Package) []*types.Func {
	var out []*types.Func
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		switch o := scope.Lookup(name).(type) {
		case *types.Func:
			out = append(out, o)
		case *types.TypeName:
			if n, ok := o.Type().(*types.Named); ok && !o.IsAlias() {
				for i := 0; i < n.NumMethods(); i++ {
					out = append(out, n.Method(i))
				}
			}
		}
	}
	return out
}
