package typedeps

import (
	"cmp"
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/gentest-go/gentest/internal/analysisdoc"
	"github.com/gentest-go/gentest/internal/typename"
)

// doc is the package documentation, the one source of Analyzer.Doc.
//
//go:embed doc.go
var doc string

// Analyzer computes type dependencies; see the package documentation.
var Analyzer = &analysis.Analyzer{
	Name:       "typedeps",
	Doc:        analysisdoc.MustExtract(doc, "typedeps"),
	URL:        "https://pkg.go.dev/github.com/gentest-go/gentest/analyzers/typedeps",
	Run:        run,
	FactTypes:  []analysis.Fact{new(PackageTypes)},
	ResultType: reflect.TypeFor[*PackageTypes](),
}

// reportUnconstructible enables the diagnostic; off by default because
// such parameters are sometimes deliberate (a sealed interface whose only
// values come from the package's own callbacks).
var reportUnconstructible bool

func init() {
	Analyzer.Flags.BoolVar(&reportUnconstructible, "unconstructible", false,
		"report exported functions with a parameter whose type no client can obtain")
}

func run(pass *analysis.Pass) (any, error) {
	docs := typeDocs(pass.Files, pass.TypesInfo)
	c := &Classifier{
		Doc: func(tn *types.TypeName) string { return docs[tn] },
		Known: func(tn *types.TypeName) (bool, bool) {
			if tn.Pkg() == nil || tn.Pkg() == pass.Pkg {
				return false, false
			}
			var fact PackageTypes
			if !pass.ImportPackageFact(tn.Pkg(), &fact) {
				return false, false
			}
			i, ok := slices.BinarySearchFunc(fact.Types, typeString(tn.Type()), func(t TypeInfo, s string) int {
				return cmp.Compare(t.Type, s)
			})
			if !ok {
				return false, false
			}
			return fact.Types[i].Zero, true
		},
	}

	fact := &PackageTypes{}
	classes := make(map[*types.TypeName]Class)
	var declared []*types.Named
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		declared = append(declared, named)
		class := c.Classify(named)
		classes[tn] = class
		fact.Types = append(fact.Types, TypeInfo{
			Type:     typeString(named),
			Kind:     typename.Kind(named.Underlying()),
			Class:    class,
			Zero:     !types.IsInterface(named) && c.ZeroUsable(named),
			Exported: tn.Exported(),
		})
	}
	sortBy(fact.Types, func(t TypeInfo) string { return t.Type })

	ops := c.operations(pass.Pkg)
	for _, op := range ops {
		fact.Operations = append(fact.Operations, op.Operation)
	}
	fact.Implements = implementsPairs(pass.Pkg, declared)
	fact.Index = index(declared, ops)
	// Other packages see only the exported part: that is all a client can
	// use, and every importer decodes the fact of every dependency (the
	// full net/http fact is about 220 KB). The result keeps everything.
	pass.ExportPackageFact(exportedPart(fact))

	if reportUnconstructible {
		checkParams(pass, classes, ops)
	}
	return fact, nil
}

// exportedPart returns the part of a package fact that concerns exported
// types and operations.
func exportedPart(f *PackageTypes) *PackageTypes {
	out := &PackageTypes{}
	types := map[string]bool{}
	for _, t := range f.Types {
		if t.Exported {
			out.Types = append(out.Types, t)
			types[t.Type] = true
		}
	}
	ops := map[string]bool{}
	for _, op := range f.Operations {
		if op.Exported {
			out.Operations = append(out.Operations, op)
			ops[op.Name] = true
		}
	}
	local := func(t string) bool {
		t = strings.TrimPrefix(t, "*")
		_, declaredHere := typesIndex(f, t)
		return !declaredHere || types[t]
	}
	for _, im := range f.Implements {
		if local(im.Type) && local(im.Interface) {
			out.Implements = append(out.Implements, im)
		}
	}
	for _, td := range f.Index {
		if !local(td.Type) {
			continue
		}
		e := TypeDeps{Type: td.Type}
		for _, p := range td.Producers {
			if ops[p] {
				e.Producers = append(e.Producers, p)
			}
		}
		for _, c := range td.Consumers {
			if ops[c] {
				e.Consumers = append(e.Consumers, c)
			}
		}
		if len(e.Producers) > 0 || len(e.Consumers) > 0 {
			out.Index = append(out.Index, e)
		}
	}
	return out
}

// typesIndex finds a type declared in the package by its string.
func typesIndex(f *PackageTypes, t string) (int, bool) {
	return slices.BinarySearchFunc(f.Types, t, func(x TypeInfo, s string) int { return cmp.Compare(x.Type, s) })
}

func sortBy[T any](s []T, key func(T) string) {
	slices.SortFunc(s, func(a, b T) int { return cmp.Compare(key(a), key(b)) })
}

// typeDocs maps the package's type names to their doc comments.
func typeDocs(files []*ast.File, info *types.Info) map[*types.TypeName]string {
	docs := make(map[*types.TypeName]string)
	for _, file := range files {
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				if tn, ok := info.Defs[ts.Name].(*types.TypeName); ok && doc != nil {
					docs[tn] = doc.Text()
				}
			}
		}
	}
	return docs
}

// implementsPairs computes the implementation pairs with one side declared
// in pkg: pkg's concrete types against the non-empty interfaces of pkg,
// error, and the exported ones of its transitive imports, and pkg's
// interfaces against
// the exported concrete types of its transitive imports.
func implementsPairs(pkg *types.Package, declared []*types.Named) []Implements {
	var local, localIfaces []*types.Named
	for _, named := range declared {
		if named.TypeParams().Len() > 0 {
			continue // generic types implement nothing until instantiated
		}
		if types.IsInterface(named) {
			localIfaces = append(localIfaces, named)
		} else {
			local = append(local, named)
		}
	}
	// error is every package's interface: *csv.ParseError implements it.
	depIfaces := []*types.Named{types.Universe.Lookup("error").Type().(*types.Named)}
	var depTypes []*types.Named
	for _, imp := range Imports(pkg) {
		scope := imp.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 {
				continue
			}
			if types.IsInterface(named) {
				depIfaces = append(depIfaces, named)
			} else {
				depTypes = append(depTypes, named)
			}
		}
	}

	var out []Implements
	pair := func(concrete, iface *types.Named) {
		it, ok := iface.Underlying().(*types.Interface)
		if !ok || it.NumMethods() == 0 {
			return
		}
		if impl := implementer(concrete, it); impl != nil {
			out = append(out, Implements{Type: typeString(impl), Interface: typeString(iface)})
		}
	}
	for _, t := range local {
		for _, iface := range localIfaces {
			pair(t, iface)
		}
		for _, iface := range depIfaces {
			pair(t, iface)
		}
	}
	for _, iface := range localIfaces {
		for _, t := range depTypes {
			pair(t, iface)
		}
	}
	slices.SortFunc(out, func(a, b Implements) int {
		return cmp.Or(cmp.Compare(a.Type, b.Type), cmp.Compare(a.Interface, b.Interface))
	})
	return out
}

// index lists the producers and consumers among ops of the package's
// declared types and of the named types its operations mention.
func index(declared []*types.Named, ops []typedOp) []TypeDeps {
	// The universe of indexed types, by type string, in first-seen order.
	var universe []types.Type
	seen := make(map[string]bool)
	add := func(t types.Type) {
		named, _ := baseNamed(t)
		if named == nil || named.TypeParams().Len() > 0 && named.TypeArgs().Len() == 0 {
			return
		}
		if s := typeString(named); !seen[s] {
			seen[s] = true
			universe = append(universe, named)
		}
	}
	for _, named := range declared {
		add(named)
	}
	for _, op := range ops {
		for i, t := range op.inputs {
			if op.Variadic && i == len(op.inputs)-1 {
				t = t.(*types.Slice).Elem()
			}
			add(t)
		}
		for _, t := range op.results {
			add(t)
		}
	}

	var out []TypeDeps
	for _, t := range universe {
		d := TypeDeps{Type: typeString(t)}
		for _, op := range ops {
			if resultsYield(op.results, t) {
				d.Producers = append(d.Producers, op.Name)
			}
			for i, in := range op.inputs {
				if op.Variadic && i == len(op.inputs)-1 {
					in = in.(*types.Slice).Elem() // ...T consumes T
				}
				if named, _ := baseNamed(in); named != nil && types.Identical(named, t) {
					d.Consumers = append(d.Consumers, op.Name)
					break
				}
			}
		}
		if d.Producers != nil || d.Consumers != nil {
			out = append(out, d)
		}
	}
	sortBy(out, func(d TypeDeps) string { return d.Type })
	return out
}

// checkParams reports parameters of exported functions and methods whose
// type, declared in this package, no client can obtain.
func checkParams(pass *analysis.Pass, classes map[*types.TypeName]Class, ops []typedOp) {
	// Exported producers, for interfaces declared here that clients cannot
	// implement (unexported methods).
	var exported []typedOp
	for _, op := range ops {
		if op.Exported {
			exported = append(exported, op)
		}
	}
	obtainable := func(named *types.Named) (bool, string) {
		tn := named.Obj()
		class, ok := classes[tn]
		if !ok {
			return true, "" // another package's type: its own analysis judges it
		}
		switch class {
		case Unconstructible:
			if tn.Exported() {
				return false, "its unexported fields need initialization and no exported function returns it"
			}
			return false, "it is unexported and no exported function returns it"
		case Interface:
			if tn.Exported() && !sealed(named) {
				return true, ""
			}
			for _, op := range exported {
				if resultsYield(op.results, named) {
					return true, ""
				}
			}
			if tn.Exported() {
				return false, "it has unexported methods and no exported function returns an implementation"
			}
			return false, "it is unexported and no exported function returns an implementation"
		}
		return true, ""
	}

	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if recv := fn.Signature().Recv(); recv != nil {
				if named, _ := baseNamed(recv.Type()); named == nil || !named.Obj().Exported() {
					continue // clients cannot call methods of unexported types by name
				}
			}
			sig := fn.Signature()
			params := sig.Params()
			for i := range params.Len() {
				if sig.Variadic() && i == params.Len()-1 {
					continue // may be called with no arguments
				}
				p := params.At(i)
				named, _ := baseNamed(p.Type())
				if named == nil {
					continue
				}
				if ok, why := obtainable(named); !ok {
					name := p.Name()
					if name == "" || name == "_" {
						name = "#" + strconv.Itoa(i)
					}
					pass.Reportf(p.Pos(), "parameter %s of %s has type %s, which no client can obtain: %s",
						name, fn.Name(), types.TypeString(p.Type(), types.RelativeTo(pass.Pkg)), why)
				}
			}
		}
	}
}

// sealed reports whether an interface has unexported methods, so that only
// its own package can implement it.
func sealed(named *types.Named) bool {
	it := named.Underlying().(*types.Interface)
	for m := range it.Methods() {
		if !m.Exported() {
			return true
		}
	}
	return false
}
