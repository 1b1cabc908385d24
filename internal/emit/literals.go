package emit

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
	"github.com/gentest-go/gentest/internal/srcpos"
)

// litExpr writes a literal argument for a parameter of type t. Untyped
// constants are assignable to named basic types, so they need no
// conversion; for interface parameters the literal's default type is what
// the executor used too. A literal that names a constant is written as
// that constant when the test can refer to it.
func (r *renderer) litExpr(l seq.Lit, t types.Type) (ast.Expr, error) {
	if c := r.litConst(l, t); c != nil {
		return sel(ident(r.qualify(c.Pkg())), c.Name()), nil
	}
	if c := r.litEnum(l, t); c != nil {
		return sel(ident(r.qualify(c.Pkg())), c.Name()), nil
	}
	_, iface := t.Underlying().(*types.Interface)
	switch l.Kind {
	case seq.LitNil:
		return ident("nil"), nil
	case seq.LitBool:
		return ident(strconv.FormatBool(l.B)), nil
	case seq.LitInt:
		if iface {
			t = types.Typ[types.Int] // the literal's default type
		}
		r.wordInt(t, l.I)
		return intLit(l.I), nil
	case seq.LitUint:
		x := ast.Expr(&ast.BasicLit{Kind: token.INT, Value: strconv.FormatUint(l.U, 10)})
		if iface {
			x = call(ident("uint"), x)
			t = types.Typ[types.Uint]
		}
		r.wordUint(t, l.U)
		return x, nil
	case seq.LitFloat:
		return r.floatLit(l.F), nil
	case seq.LitString:
		return strLit(l.S), nil
	case seq.LitBytes:
		return call(&ast.ArrayType{Elt: ident("byte")}, strLit(l.S)), nil
	case seq.LitSlice:
		st, ok := t.Underlying().(*types.Slice)
		if !ok {
			return nil, fmt.Errorf("slice literal for %s", t)
		}
		te, err := r.typeExpr(t)
		if err != nil {
			return nil, err
		}
		cl := &ast.CompositeLit{Type: te}
		for _, e := range l.Elems {
			x, err := r.litExpr(e, st.Elem())
			if err != nil {
				return nil, err
			}
			cl.Elts = append(cl.Elts, x)
		}
		return cl, nil
	case seq.LitZero:
		te, err := r.typeExpr(t)
		if err != nil {
			return nil, err
		}
		switch t.Underlying().(type) {
		case *types.Array, *types.Struct:
			// uuid.UUID{} reads as the zero value; *new(uuid.UUID) reads
			// as a puzzle.
			return &ast.CompositeLit{Type: te}, nil
		}
		return &ast.StarExpr{X: call(ident("new"), te)}, nil
	}
	return nil, fmt.Errorf("unknown literal kind %d", l.Kind)
}

// litConst returns the constant a literal names (Lit.Name, "path.Name"),
// if the test can refer to it and it has the parameter's type (or is
// untyped and the parameter is not an interface, whose dynamic type the
// constant would change).
func (r *renderer) litConst(l seq.Lit, t types.Type) *types.Const {
	if l.Name == "" {
		return nil
	}
	i := strings.LastIndexByte(l.Name, '.')
	if i <= 0 {
		return nil
	}
	path, name := l.Name[:i], l.Name[i+1:]
	var p *types.Package
	if path == r.pkg.Path() {
		p = r.pkg
	} else {
		for _, imp := range r.pkg.Imports() {
			if imp.Path() == path && !isInternalPath(path) {
				p = imp
			}
		}
	}
	if p == nil {
		return nil
	}
	c, ok := p.Scope().Lookup(name).(*types.Const)
	if !ok || !c.Exported() {
		return nil
	}
	if types.Identical(c.Type(), t) {
		return c
	}
	if b, ok := c.Type().(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		if _, iface := t.Underlying().(*types.Interface); !iface {
			return c
		}
	}
	return nil
}

// litEnum returns the constant of named type t with the value of l, so
// that Color(2) is written as p.Blue even when the search did not pick
// the constant by name.
func (r *renderer) litEnum(l seq.Lit, t types.Type) *types.Const {
	n, ok := t.(*types.Named)
	if !ok {
		return nil
	}
	var tr rt.Tree
	switch l.Kind {
	case seq.LitInt:
		tr = rt.Tree{Kind: rt.TInt, I: l.I}
	case seq.LitUint:
		tr = rt.Tree{Kind: rt.TUint, U: l.U}
	case seq.LitString:
		tr = rt.Tree{Kind: rt.TString, S: l.S}
	default:
		return nil
	}
	return r.enumConst(n, &tr)
}

// typedConst reports whether litExpr writes l as a constant of type t, so
// that it needs no conversion to be a method receiver.
func (r *renderer) typedConst(l seq.Lit, t types.Type) bool {
	c := r.litConst(l, t)
	if c == nil {
		c = r.litEnum(l, t)
	}
	return c != nil && types.Identical(c.Type(), t)
}

func isInternalPath(path string) bool {
	return path == "internal" || strings.HasPrefix(path, "internal/") || strings.HasSuffix(path, "/internal") ||
		strings.Contains(path, "/internal/")
}

// enumConsts indexes the exported constants of pkg and of the packages it
// imports whose type is a named basic type of their own package (enums,
// time.Second): type, exact value text -> constant. Of several constants
// with one value, the first declared wins (by file, then position:
// srcpos).
func enumConsts(fset *token.FileSet, pkg *types.Package) map[*types.TypeName]map[string]*types.Const {
	out := map[*types.TypeName]map[string]*types.Const{}
	pkgs := []*types.Package{pkg}
	for _, p := range pkg.Imports() {
		if !isInternalPath(p.Path()) {
			pkgs = append(pkgs, p)
		}
	}
	for _, p := range pkgs {
		scope := p.Scope()
		for _, name := range scope.Names() {
			c, ok := scope.Lookup(name).(*types.Const)
			if !ok || !c.Exported() {
				continue
			}
			n, ok := c.Type().(*types.Named)
			if !ok || n.Obj().Pkg() != p {
				continue
			}
			if _, basic := n.Underlying().(*types.Basic); !basic {
				continue
			}
			m := out[n.Obj()]
			if m == nil {
				m = map[string]*types.Const{}
				out[n.Obj()] = m
			}
			key := c.Val().ExactString()
			if old, dup := m[key]; !dup || srcpos.Compare(fset, c.Pos(), old.Pos()) < 0 {
				m[key] = c
			}
		}
	}
	return out
}

// enumConst returns the constant of type t with value want, or nil.
func (r *renderer) enumConst(t *types.Named, want *rt.Tree) *types.Const {
	m := r.enums[t.Obj()]
	if m == nil {
		return nil
	}
	var v constant.Value
	switch want.Kind {
	case rt.TInt:
		v = constant.MakeInt64(want.I)
	case rt.TUint:
		v = constant.MakeUint64(want.U)
	case rt.TString:
		v = constant.MakeString(want.S)
	case rt.TBool:
		v = constant.MakeBool(want.B)
	default:
		return nil
	}
	return m[v.ExactString()]
}

func intLit(i int64) ast.Expr {
	if i < 0 {
		if i == math.MinInt64 {
			return &ast.BasicLit{Kind: token.INT, Value: "-9223372036854775808"}
		}
		return &ast.UnaryExpr{Op: token.SUB, X: &ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(-i, 10)}}
	}
	return &ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(i, 10)}
}

// floatLit always has a decimal point or exponent, so that it stays a
// floating-point constant for interface parameters. NaN, the infinities
// and negative zero are not constants and need package math.
func (r *renderer) floatLit(f float64) ast.Expr {
	switch {
	case math.IsInf(f, 1):
		return call(sel(ident(r.use("math")), "Inf"), intLit(1))
	case math.IsInf(f, -1):
		return call(sel(ident(r.use("math")), "Inf"), intLit(-1))
	case math.IsNaN(f):
		return call(sel(ident(r.use("math")), "NaN"))
	case f == 0 && math.Signbit(f):
		return call(sel(ident(r.use("math")), "Copysign"), &ast.BasicLit{Kind: token.FLOAT, Value: "0.0"}, intLit(-1))
	}
	neg := f < 0
	s := strconv.FormatFloat(math.Abs(f), 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	var x ast.Expr = &ast.BasicLit{Kind: token.FLOAT, Value: s}
	if neg {
		x = &ast.UnaryExpr{Op: token.SUB, X: x}
	}
	return x
}

func fmtFloat32(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 32)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

func strLit(s string) ast.Expr {
	q := strconv.Quote(s)
	if strings.Contains(s, "\"") && !strings.ContainsAny(s, "`\r") && strconv.CanBackquote(s) {
		q = "`" + s + "`"
	}
	return &ast.BasicLit{Kind: token.STRING, Value: q}
}

// wordSized reports whether t is int, uint or uintptr (or a type defined
// on one): 32 bits wide on 386, arm, mips and mipsle, 64 elsewhere.
func wordSized(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Int || b.Kind() == types.Uint || b.Kind() == types.Uintptr)
}

// wordInt records that the file writes the integer i as a value of type
// t: when t is word-sized and i does not fit in 32 bits, the constant
// overflows on 32-bit platforms (math/bits' Add(18446744073709551615,
// ...)), so the file is built on 64-bit ones only (buildLine). The
// value is a 64-bit platform's, which is what the executor ran, and a
// form that compiles on both (math.MaxUint) would pin a different value
// on each.
func (r *renderer) wordInt(t types.Type, i int64) {
	if i < math.MinInt32 || i > math.MaxInt32 {
		r.need64 = r.need64 || wordSized(t)
	}
}

// wordUint is wordInt for an unsigned value.
func (r *renderer) wordUint(t types.Type, u uint64) {
	if u > math.MaxUint32 || u > math.MaxInt32 && isSignedWord(t) {
		r.need64 = r.need64 || wordSized(t)
	}
}

// isSignedWord reports whether t is int or a type defined on it.
func isSignedWord(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Int
}
