package emit

import (
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
)

// emptiness says what a check of a slice or map value must make of nil
// and empty.
type emptiness int

const (
	// nonEmpty: every want is neither nil nor empty, so nil and empty
	// cannot be confused and an Equal function that equates them (bytes,
	// slices, maps) says the same as an exact comparison.
	nonEmpty emptiness = iota
	// exactEmpty: some want is nil or empty and the operation returned
	// only one of the two: the check tells them apart, as cmp.Diff does.
	exactEmpty
	// equateEmpty: the operation returned both for this result
	// (Assertion.EquateEmpty); nil and empty are equal, as
	// cmpopts.EquateEmpty makes them.
	equateEmpty
)

// valueCheck compares got with want, both of type t (the static type of
// the result), and reports a mismatch through d and what. With
// Options.Cmp it is cmp.Diff, as ever; without, what the standard library
// offers (stdCheck).
func (r *renderer) valueCheck(t types.Type, want, got ast.Expr, d desc, what string, e emptiness) ast.Stmt {
	if r.opts.Cmp {
		return r.diff(want, got, d, what, r.equateEmpty(e == equateEmpty)...)
	}
	return r.stdCheck(t, want, got, d, what, e)
}

// stdCheck compares got with want with the standard library, choosing
// what a Go programmer writes for the type:
//
//   - got.Equal(want) when t has an Equal(t) bool method (go-cmp calls
//     it too);
//   - != for values == compares by content (no pointers, interfaces,
//     channels or functions inside), and for an interface holding a
//     basic value;
//   - bytes.Equal, slices.Equal (module at go1.21 or later) and
//     maps.Equal (go1.21) for byte slices and slices and maps of such
//     values, where they agree with an exact comparison (e != exactEmpty:
//     they equate nil and empty);
//   - reflect.DeepEqual, with both values printed with %#v, for the rest;
//     under equateEmpty, only when one of them is not empty.
//
// reflect.DeepEqual compares unexported fields too: it neither panics on
// them as cmp.Diff does without options nor ignores them, so the check is
// the one cmp.AllowUnexported would give. Nested nil and empty values are
// told apart (EquateEmpty applies to the top-level value only, where the
// oracle sets it).
func (r *renderer) stdCheck(t types.Type, want, got ast.Expr, d desc, what string, e emptiness) ast.Stmt {
	if r.hasEqualMethod(t) {
		return ifStmt(&ast.UnaryExpr{Op: token.NOT, X: call(sel(got, "Equal"), want)},
			errorf(d, esc(what)+" = %v, want %v", got, want))
	}
	if contentComparable(t, 0) {
		return neq(got, want, "%+v", d, what)
	}
	if types.IsInterface(t) {
		if _, composite := want.(*ast.CompositeLit); !composite {
			// An interface holding a basic value (valueExpr writes no
			// other): != cannot panic, as the want's dynamic type is
			// comparable.
			return neq(got, want, "%v", d, what)
		}
	}
	if p, ok := t.Underlying().(*types.Pointer); ok && contentComparable(p.Elem(), 0) {
		// &T{...} written as a literal: compare what the pointer holds.
		if lit, ok := want.(*ast.UnaryExpr); ok && lit.Op == token.AND {
			return neq(&ast.StarExpr{X: got}, lit.X, "%+v", d, what)
		}
	}
	if e != exactEmpty {
		switch u := t.Underlying().(type) {
		case *types.Slice:
			if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
				return equalFunc(r.use("bytes"), got, want, "%q", d, what)
			}
			if contentComparable(u.Elem(), 0) && r.goAtLeast("go1.21") {
				verb := "%v"
				if isText(u.Elem()) {
					verb = "%q"
				}
				return equalFunc(r.use("slices"), got, want, verb, d, what)
			}
		case *types.Map:
			if contentComparable(u.Key(), 0) && contentComparable(u.Elem(), 0) && r.goAtLeast("go1.21") {
				return equalFunc(r.use("maps"), got, want, "%v", d, what)
			}
		}
	}
	var cond ast.Expr = &ast.UnaryExpr{Op: token.NOT, X: call(sel(ident(r.use("reflect")), "DeepEqual"), got, want)}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		if e == equateEmpty {
			// Two empty values are equal whether nil or not, as
			// cmpopts.EquateEmpty has it.
			some := binary(binary(call(ident("len"), got), token.NEQ, intLit(0)), token.LOR,
				binary(call(ident("len"), want), token.NEQ, intLit(0)))
			cond = binary(&ast.ParenExpr{X: some}, token.LAND, cond)
		}
	}
	return ifStmt(cond, errorf(d, esc(what)+" = %#v, want %#v", got, want))
}

// equalFunc is if !pkg.Equal(got, want) { t.Errorf("<d><what> = <verb>, want <verb>", got, want) }.
func equalFunc(pkg string, got, want ast.Expr, verb string, d desc, what string) ast.Stmt {
	return ifStmt(&ast.UnaryExpr{Op: token.NOT, X: call(sel(ident(pkg), "Equal"), got, want)},
		errorf(d, esc(what)+" = "+verb+", want "+verb, got, want))
}

// hasEqualMethod reports whether t has a method Equal(t) bool, the form
// go-cmp calls instead of comparing the values' contents.
func (r *renderer) hasEqualMethod(t types.Type) bool {
	sig, err := r.methodSig(t, "Equal")
	if err != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool && types.Identical(sig.Params().At(0).Type(), t)
}

// contentComparable reports whether == compares values of t by content:
// basic values and structs and arrays of them. Pointers, interfaces,
// channels compare by identity (or panic, for an interface holding an
// uncomparable value); slices, maps and functions do not compare.
func contentComparable(t types.Type, depth int) bool {
	if depth > 10 {
		return false // a recursive type
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer && u.Info()&types.IsUntyped == 0
	case *types.Array:
		return contentComparable(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !contentComparable(u.Field(i).Type(), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// goAtLeast reports whether the file may use what Go version v (as
// "go1.21") brought, given the module's go line (Options.GoVersion): the
// std fallback writes slices.Equal and maps.Equal only for modules that
// declare go1.21 or later, and reflect.DeepEqual otherwise, so that the
// file needs no build line.
func (r *renderer) goAtLeast(v string) bool {
	return !olderGo(r.opts.GoVersion, v)
}

// olderGo reports whether a module's go line declared ("1.18", "1.21.3",
// "" for none) is older than Go version v ("go1.21"). No or an unreadable
// go line is not older: the go command then assumes a recent version.
func olderGo(declared, v string) bool {
	if declared == "" {
		return false
	}
	d := "go" + declared
	if !version.IsValid(d) || !version.IsValid(v) {
		return false
	}
	return version.Compare(d, v) < 0
}

// need records that the file uses what Go version v brought (an API or
// a language feature): when the module's go line is older, the file gets
// a //go:build line for the newest such version.
func (r *renderer) need(v string) {
	if r.needGo == "" || version.Compare(v, r.needGo) > 0 {
		r.needGo = v
	}
}

// buildLine is the constraint the rendered file needs: Options.BuildTag
// when set, else the newest Go version it uses when the module's go line
// is older (a fuzz target, go1.18, in a module declaring go 1.16), else
// none.
func (r *renderer) buildLine() string {
	if r.opts.BuildTag != "" {
		return r.opts.BuildTag
	}
	if r.needGo != "" && olderGo(r.opts.GoVersion, r.needGo) {
		return r.needGo
	}
	return ""
}
