package emit

import (
	"go/ast"
	"go/token"
	"go/types"
	"math"
	"strconv"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/oracle"
)

// spellable reports whether want can be written as a Go expression of static
// type t in the external test package.
func (r *renderer) spellable(t types.Type, want *rt.Tree) bool {
	if want == nil {
		return false
	}
	if want.Kind == rt.TNil {
		if oracle.Nilable(t) {
			return true
		}
	}
	if _, basic := t.Underlying().(*types.Basic); !basic && oracle.HasNaN(want) && !r.nanComparable(t) {
		return false // written, but no check at hand would find it equal
	}
	ok := false
	r.probe(func() { _, ok = r.valueExpr(t, want) })
	return ok
}

// valueExpr writes the value want as an expression of static type t.
func (r *renderer) valueExpr(t types.Type, want *rt.Tree) (ast.Expr, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return r.basicValue(t, u, want)
	case *types.Pointer:
		return r.pointerValue(t, u, want)
	case *types.Struct:
		return r.structValue(t, u, want)
	case *types.Slice:
		return r.sliceValue(t, u, want)
	case *types.Array:
		return r.arrayValue(t, u, want)
	case *types.Map:
		return r.mapValue(t, u, want)
	case *types.Interface:
		return r.interfaceValue(t, u, want)
	}
	return nil, false
}

// basicValue writes a basic value, as a named constant, a conversion or a literal.
func (r *renderer) basicValue(t types.Type, u *types.Basic, want *rt.Tree) (ast.Expr, bool) {
	lit, ok := r.basicLit(u, want)
	if !ok {
		return nil, false
	}
	if named, isNamed := t.(*types.Named); isNamed {
		if !r.nameable(named) {
			return nil, false
		}
		if c := r.enumConst(named, want); c != nil {
			return sel(ident(r.qualify(c.Pkg())), c.Name()), true
		}
		te, err := r.typeExpr(named)
		if err != nil {
			return nil, false
		}
		return &ast.CallExpr{Fun: te, Args: []ast.Expr{lit}}, true
	}
	if isDefault(u, want) {
		return lit, true
	}
	return &ast.CallExpr{Fun: ident(u.Name()), Args: []ast.Expr{lit}}, true
}

// pointerValue writes a pointer to a struct as &T{...}.
func (r *renderer) pointerValue(t types.Type, u *types.Pointer, want *rt.Tree) (ast.Expr, bool) {
	if want.Kind == rt.TNil {
		return nil, false
	}
	if want.Kind != rt.TPtr || len(want.Elems) != 1 {
		return nil, false
	}
	if _, isStruct := u.Elem().Underlying().(*types.Struct); !isStruct {
		return nil, false
	}
	x, ok := r.valueExpr(u.Elem(), &want.Elems[0])
	if !ok {
		return nil, false
	}
	return &ast.UnaryExpr{Op: token.AND, X: x}, true
}

// structValue writes a struct literal of its non-zero exported fields.
func (r *renderer) structValue(t types.Type, u *types.Struct, want *rt.Tree) (ast.Expr, bool) {
	if want.Kind != rt.TStruct || !want.Exported || !r.nameable(t) || len(want.Elems) != u.NumFields() {
		return nil, false
	}
	te, err := r.typeExpr(t)
	if err != nil {
		return nil, false
	}
	cl := &ast.CompositeLit{Type: te}
	for i := 0; i < u.NumFields(); i++ {
		f := u.Field(i)
		x, ok := r.valueExpr(f.Type(), &want.Elems[i])
		if !ok {
			if want.Elems[i].Kind == rt.TNil {
				continue // a nil field is the zero value: leave it out
			}
			return nil, false
		}
		if isZeroTree(&want.Elems[i]) {
			continue
		}
		cl.Elts = append(cl.Elts, &ast.KeyValueExpr{Key: ident(f.Name()), Value: x})
	}
	return cl, true
}

// sliceValue writes a slice literal, nil, or a []byte conversion of a string.
func (r *renderer) sliceValue(t types.Type, u *types.Slice, want *rt.Tree) (ast.Expr, bool) {
	te, err := r.typeExpr(t)
	if err != nil {
		return nil, false
	}
	switch want.Kind {
	case rt.TNil:
		return typedNil(te), true
	case rt.TBytes:
		return &ast.CallExpr{Fun: te, Args: []ast.Expr{strLit(want.S)}}, true
	case rt.TSlice:
		return r.elemsLit(te, u.Elem(), want.Elems)
	}
	return nil, false
}

// arrayValue writes an array literal.
func (r *renderer) arrayValue(t types.Type, u *types.Array, want *rt.Tree) (ast.Expr, bool) {
	if want.Kind != rt.TArray {
		return nil, false
	}
	te, err := r.typeExpr(t)
	if err != nil {
		return nil, false
	}
	return r.elemsLit(te, u.Elem(), want.Elems)
}

// elemsLit writes the composite literal of type te holding elems, values
// of type elem.
func (r *renderer) elemsLit(te ast.Expr, elem types.Type, elems []rt.Tree) (ast.Expr, bool) {
	cl := &ast.CompositeLit{Type: te}
	for i := range elems {
		x, ok := r.valueExpr(elem, &elems[i])
		if !ok {
			return nil, false
		}
		cl.Elts = append(cl.Elts, elide(x))
	}
	return cl, true
}

// mapValue writes a map literal or nil.
func (r *renderer) mapValue(t types.Type, u *types.Map, want *rt.Tree) (ast.Expr, bool) {
	te, err := r.typeExpr(t)
	if err != nil {
		return nil, false
	}
	if want.Kind == rt.TNil {
		return typedNil(te), true
	}
	if want.Kind != rt.TMap || len(want.Elems)%2 != 0 {
		return nil, false
	}
	cl := &ast.CompositeLit{Type: te}
	for i := 0; i < len(want.Elems); i += 2 {
		k, ok := r.valueExpr(u.Key(), &want.Elems[i])
		if !ok {
			return nil, false
		}
		v, ok := r.valueExpr(u.Elem(), &want.Elems[i+1])
		if !ok {
			return nil, false
		}
		cl.Elts = append(cl.Elts, &ast.KeyValueExpr{Key: elide(k), Value: elide(v)})
	}
	return cl, true
}

// typedNil is the nil of type te: ([]T)(nil), (map[K]V)(nil).
func typedNil(te ast.Expr) ast.Expr {
	return &ast.CallExpr{Fun: &ast.ParenExpr{X: te}, Args: []ast.Expr{ident("nil")}}
}

// interfaceValue writes an interface value whose dynamic type is the default type of an untyped literal.
func (r *renderer) interfaceValue(t types.Type, u *types.Interface, want *rt.Tree) (ast.Expr, bool) {
	if want.Kind == rt.TNil {
		return ident("nil"), true // an element of a []any never set
	}
	// Only values whose dynamic type is the default type of an
	// untyped literal can be written without naming their type.
	if want.Named != "" {
		return nil, false
	}
	var b *types.Basic
	switch want.Type {
	case "int":
		b = types.Typ[types.Int]
	case "string":
		b = types.Typ[types.String]
	case "float64":
		b = types.Typ[types.Float64]
	case "bool":
		b = types.Typ[types.Bool]
	default:
		return nil, false
	}
	return r.basicLit(b, want)
}

// elide drops the redundant type of composite literal elements (gofmt -s).
func elide(x ast.Expr) ast.Expr {
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		if cl, ok := u.X.(*ast.CompositeLit); ok {
			return &ast.UnaryExpr{Op: token.AND, X: cl}
		}
	}
	if cl, ok := x.(*ast.CompositeLit); ok {
		return &ast.CompositeLit{Elts: cl.Elts}
	}
	return x
}

func isZeroTree(t *rt.Tree) bool {
	switch t.Kind {
	case rt.TBool:
		return !t.B
	case rt.TInt:
		return t.I == 0
	case rt.TUint:
		return t.U == 0
	case rt.TFloat:
		return t.F == 0
	case rt.TString:
		return t.S == ""
	case rt.TNil:
		return true
	}
	return false
}

func (r *renderer) basicLit(b *types.Basic, want *rt.Tree) (ast.Expr, bool) {
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0 && want.Kind == rt.TBool:
		return ident(strconv.FormatBool(want.B)), true
	case info&types.IsInteger != 0 && want.Kind == rt.TInt:
		r.wordInt(b, want.I)
		return intLit(want.I), true
	case info&types.IsInteger != 0 && want.Kind == rt.TUint:
		r.wordUint(b, want.U)
		return &ast.BasicLit{Kind: token.INT, Value: strconv.FormatUint(want.U, 10)}, true
	case info&types.IsFloat != 0 && want.Kind == rt.TFloat:
		if math.IsInf(want.F, 0) || math.IsNaN(want.F) {
			x := r.floatLit(want.F)
			if b.Kind() == types.Float32 {
				x = call(ident("float32"), x)
			}
			return x, true
		}
		if b.Kind() == types.Float32 || b.Kind() == types.UntypedFloat {
			// float32 values print exactly with 32-bit precision.
			return &ast.BasicLit{Kind: token.FLOAT, Value: fmtFloat32(want.F)}, true
		}
		return r.floatLit(want.F), true
	case info&types.IsString != 0 && want.Kind == rt.TString:
		return strLit(want.S), true
	case info&types.IsComplex != 0 && want.Kind == rt.TComplex:
		// complex(re, im); complex64's parts print with 32-bit
		// precision, and the conversion is basicValue's.
		part := func(f float64) ast.Expr {
			if b.Kind() == types.Complex64 && !math.IsInf(f, 0) && !math.IsNaN(f) && !(f == 0 && math.Signbit(f)) {
				return &ast.BasicLit{Kind: token.FLOAT, Value: fmtFloat32(f)}
			}
			return r.floatLit(f)
		}
		return call(ident("complex"), part(want.F), part(want.Imag)), true
	}
	return nil, false
}

// isDefault reports whether an untyped literal for want has type b by
// default, so no conversion is needed for cmp.Diff to see equal types.
func isDefault(b *types.Basic, want *rt.Tree) bool {
	switch b.Kind() {
	case types.Int:
		return want.Kind == rt.TInt
	case types.Float64:
		return want.Kind == rt.TFloat
	case types.Complex128:
		return want.Kind == rt.TComplex
	case types.String, types.Bool:
		return true
	}
	return false
}
