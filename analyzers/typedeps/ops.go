package typedeps

import (
	"cmp"
	"go/token"
	"go/types"
	"iter"
	"slices"
)

// Operation kinds.
const (
	KindFunc    = "func"    // a package-level function
	KindMethod  = "method"  // a method; Inputs[0] is the receiver
	KindLiteral = "literal" // a composite literal T{...}; Inputs are the exported fields
)

// Operation is something a test can do with a package's API to obtain or
// use values: call a function or method, or write a composite literal.
type Operation struct {
	// Name is the qualified name: "strings.NewReader",
	// "(*bytes.Buffer).Write", "(io.Reader).Read", or "bytes.Buffer{}" for
	// a literal (whose address &bytes.Buffer{} a test can also take).
	Name string
	// Kind is KindFunc, KindMethod or KindLiteral.
	Kind string
	// Inputs are the parameter types, receiver first for methods; for a
	// literal, the types of the exported fields in order.
	Inputs []string
	// Results are the result types; for a literal, the type itself.
	Results []string
	// Variadic is set when the last input is a ...T parameter (given as []T).
	Variadic bool `json:",omitempty"`
	// Exported is set when a client outside the package can use the
	// operation: an exported function, an exported method of an exported
	// type, a literal of an exported type.
	Exported bool
	// Generic is set for generic functions and methods of generic types:
	// their type strings mention type parameters, to be instantiated.
	Generic bool `json:",omitempty"`
}

// typeString names a type stably, with full package paths.
func typeString(t types.Type) string { return types.TypeString(t, nil) }

// Operations lists the operations pkg offers: its functions, the methods
// of its named types (including interface methods), and composite literals
// of its exported struct types whose zero or literal value is usable (per
// c; a nil c uses [Constructibility]). The result is sorted by Name.
func (c *Classifier) Operations(pkg *types.Package) []Operation {
	typed := c.operations(pkg)
	ops := make([]Operation, len(typed))
	for i, op := range typed {
		ops[i] = op.Operation
	}
	return ops
}

// typedOp is an Operation with the types its strings name.
type typedOp struct {
	Operation
	inputs, results []types.Type
}

func (c *Classifier) operations(pkg *types.Package) []typedOp {
	if c == nil {
		c = new(Classifier)
	}
	var ops []typedOp
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			ops = append(ops, funcOp(obj, nil))
		case *types.TypeName:
			if obj.IsAlias() {
				continue
			}
			named, ok := obj.Type().(*types.Named)
			if !ok {
				continue
			}
			for m := range methodsOf(named) {
				ops = append(ops, funcOp(m, named))
			}
			if st, ok := named.Underlying().(*types.Struct); ok && obj.Exported() {
				if class := c.Classify(named); class == ZeroValue || class == CompositeLit {
					ops = append(ops, literalOp(named, st))
				}
			}
		}
	}
	slices.SortFunc(ops, func(a, b typedOp) int { return cmp.Compare(a.Name, b.Name) })
	return ops
}

// Operations lists the operations of pkg by structure alone; see
// [Classifier.Operations].
func Operations(pkg *types.Package) []Operation {
	return new(Classifier).Operations(pkg)
}

// methodsOf yields the declared methods of a named type, or the methods of
// its interface.
func methodsOf(named *types.Named) iter.Seq[*types.Func] {
	if iface, ok := named.Underlying().(*types.Interface); ok {
		return iface.Methods()
	}
	return named.Methods()
}

func funcOp(fn *types.Func, recv *types.Named) typedOp {
	sig := fn.Signature()
	op := typedOp{Operation: Operation{
		Name:     fn.FullName(),
		Kind:     KindFunc,
		Variadic: sig.Variadic(),
		Exported: fn.Exported(),
		Generic:  sig.TypeParams().Len() > 0,
	}}
	if recv != nil {
		op.Kind = KindMethod
		op.Exported = op.Exported && recv.Obj().Exported()
		op.Generic = op.Generic || recv.TypeParams().Len() > 0
		if types.IsInterface(recv) {
			// Interface methods have the interface as receiver.
			op.Name = "(" + typeString(recv) + ")." + fn.Name()
			op.inputs = append(op.inputs, recv)
		} else {
			op.inputs = append(op.inputs, sig.Recv().Type())
		}
	}
	for v := range sig.Params().Variables() {
		op.inputs = append(op.inputs, v.Type())
	}
	for v := range sig.Results().Variables() {
		op.results = append(op.results, v.Type())
	}
	op.Inputs = typeStrings(op.inputs)
	op.Results = typeStrings(op.results)
	return op
}

func literalOp(named *types.Named, st *types.Struct) typedOp {
	op := typedOp{Operation: Operation{
		Name:     typeString(named) + "{}",
		Kind:     KindLiteral,
		Exported: true,
		Generic:  named.TypeParams().Len() > 0,
	}}
	op.results = []types.Type{named}
	for f := range st.Fields() {
		if f.Exported() {
			op.inputs = append(op.inputs, f.Type())
		}
	}
	op.Inputs = typeStrings(op.inputs)
	op.Results = typeStrings(op.results)
	return op
}

func typeStrings(ts []types.Type) []string {
	var out []string
	for _, t := range ts {
		out = append(out, typeString(t))
	}
	return out
}

// Producers returns the functions and methods of pkgs that yield a value
// usable as t: a result of type t, of *t or (for a pointer t) of its
// element, or, for an interface t, any result type assignable to t. An
// error result after another result is not taken to produce error: it is
// the failure channel of a constructor. Only exported functions and methods
// of exported types are considered, except in pkgs[0], the package under
// test, whose unexported API a generated in-package test can call. The
// result is sorted by FullName.
func Producers(t types.Type, pkgs []*types.Package) []*types.Func {
	var out []*types.Func
	for i, pkg := range pkgs {
		scope := pkg.Scope()
		visible := func(name string) bool { return i == 0 || token.IsExported(name) }
		check := func(fn *types.Func) {
			if visible(fn.Name()) && produces(fn.Signature(), t) {
				out = append(out, fn)
			}
		}
		for _, name := range scope.Names() {
			if !visible(name) {
				continue
			}
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				check(obj)
			case *types.TypeName:
				if named, ok := obj.Type().(*types.Named); ok && !obj.IsAlias() {
					for m := range methodsOf(named) {
						check(m)
					}
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b *types.Func) int { return cmp.Compare(a.FullName(), b.FullName()) })
	return slices.CompactFunc(out, func(a, b *types.Func) bool { return a == b })
}

// produces reports whether a result of sig yields a value usable as t.
func produces(sig *types.Signature, t types.Type) bool {
	var results []types.Type
	for v := range sig.Results().Variables() {
		results = append(results, v.Type())
	}
	return resultsYield(results, t)
}

// resultsYield reports whether one of results yields a value usable as t,
// not counting a trailing error after other results.
func resultsYield(results []types.Type, t types.Type) bool {
	for i, r := range results {
		if i > 0 && i == len(results)-1 && isError(r) {
			continue
		}
		if yieldsType(r, t) {
			return true
		}
	}
	return false
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// yieldsType reports whether a value of type r can be used as t directly,
// by dereferencing, by taking its address, or by assigning it to an
// interface; the empty interface is excluded: everything yields it.
func yieldsType(r, t types.Type) bool {
	if types.Identical(r, t) {
		return true
	}
	if p, ok := types.Unalias(r).(*types.Pointer); ok && types.Identical(p.Elem(), t) {
		return true
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok && types.Identical(r, p.Elem()) {
		return true
	}
	if iface, ok := t.Underlying().(*types.Interface); ok && iface.NumMethods() > 0 && !iface.IsImplicit() {
		return types.AssignableTo(r, t)
	}
	return false
}

// Implementers returns the named types T, or *T when only the pointer has
// the methods, declared in pkgs that implement iface, sorted by type
// string. Interfaces, generic types and, for an empty iface, everything are
// excluded.
func Implementers(iface *types.Interface, pkgs []*types.Package) []types.Type {
	if iface.NumMethods() == 0 {
		return nil
	}
	var out []types.Type
	for _, pkg := range pkgs {
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || types.IsInterface(named) || named.TypeParams().Len() > 0 {
				continue
			}
			if impl := implementer(named, iface); impl != nil {
				out = append(out, impl)
			}
		}
	}
	slices.SortFunc(out, func(a, b types.Type) int { return cmp.Compare(typeString(a), typeString(b)) })
	return out
}

// implementer returns named or *named, whichever implements iface
// (preferring named), or nil.
func implementer(named *types.Named, iface *types.Interface) types.Type {
	if types.Implements(named, iface) {
		return named
	}
	if ptr := types.NewPointer(named); types.Implements(ptr, iface) {
		return ptr
	}
	return nil
}

// Imports returns pkg's transitive imports, sorted by path, without pkg.
func Imports(pkg *types.Package) []*types.Package {
	seen := map[*types.Package]bool{pkg: true}
	var out []*types.Package
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		for _, imp := range p.Imports() {
			if !seen[imp] {
				seen[imp] = true
				out = append(out, imp)
				visit(imp)
			}
		}
	}
	visit(pkg)
	slices.SortFunc(out, func(a, b *types.Package) int { return cmp.Compare(a.Path(), b.Path()) })
	return out
}
