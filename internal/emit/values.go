package emit

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// spellable reports whether want can be written as a Go expression of static
// type t in the external test package.
func (r *renderer) spellable(t types.Type, want *rt.Tree) bool {
	if want == nil {
		return false
	}
	if want.Kind == rt.TNil {
		if nilable(t) {
			return true
		}
	}
	ok := false
	r.probe(func() { _, ok = r.valueExpr(t, want) })
	return ok
}

// probe runs f, which tries rendering something, without keeping the
// imports it records.
func (r *renderer) probe(f func()) {
	saved := make(map[string]string, len(r.imports))
	for k, v := range r.imports {
		saved[k] = v
	}
	usedCmp := r.usesCmp
	f()
	r.imports = saved
	r.usesCmp = usedCmp
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
	if !r.nameable(t) {
		return nil, false
	}
	te, err := r.typeExpr(t)
	if err != nil {
		return nil, false
	}
	switch want.Kind {
	case rt.TNil:
		return &ast.CallExpr{Fun: &ast.ParenExpr{X: te}, Args: []ast.Expr{ident("nil")}}, true
	case rt.TBytes:
		if named, ok := t.(*types.Named); ok && named != nil {
			return &ast.CallExpr{Fun: te, Args: []ast.Expr{strLit(want.S)}}, true
		}
		return &ast.CallExpr{Fun: te, Args: []ast.Expr{strLit(want.S)}}, true
	case rt.TSlice:
		cl := &ast.CompositeLit{Type: te}
		for i := range want.Elems {
			x, ok := r.valueExpr(u.Elem(), &want.Elems[i])
			if !ok {
				return nil, false
			}
			cl.Elts = append(cl.Elts, elide(x))
		}
		return cl, true
	}
	return nil, false
}

// arrayValue writes an array literal.
func (r *renderer) arrayValue(t types.Type, u *types.Array, want *rt.Tree) (ast.Expr, bool) {
	if want.Kind != rt.TArray || !r.nameable(t) {
		return nil, false
	}
	te, err := r.typeExpr(t)
	if err != nil {
		return nil, false
	}
	cl := &ast.CompositeLit{Type: te}
	for i := range want.Elems {
		x, ok := r.valueExpr(u.Elem(), &want.Elems[i])
		if !ok {
			return nil, false
		}
		cl.Elts = append(cl.Elts, elide(x))
	}
	return cl, true
}

// mapValue writes a map literal or nil.
func (r *renderer) mapValue(t types.Type, u *types.Map, want *rt.Tree) (ast.Expr, bool) {
	if !r.nameable(t) {
		return nil, false
	}
	te, err := r.typeExpr(t)
	if err != nil {
		return nil, false
	}
	if want.Kind == rt.TNil {
		return &ast.CallExpr{Fun: &ast.ParenExpr{X: te}, Args: []ast.Expr{ident("nil")}}, true
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

// interfaceValue writes an interface value whose dynamic type is the default type of an untyped literal.
func (r *renderer) interfaceValue(t types.Type, u *types.Interface, want *rt.Tree) (ast.Expr, bool) {
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
		return intLit(want.I), true
	case info&types.IsInteger != 0 && want.Kind == rt.TUint:
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
	}
	return nil, false
}

func fmtFloat32(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 32)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// isDefault reports whether an untyped literal for want has type b by
// default, so no conversion is needed for cmp.Diff to see equal types.
func isDefault(b *types.Basic, want *rt.Tree) bool {
	switch b.Kind() {
	case types.Int:
		return want.Kind == rt.TInt
	case types.Float64:
		return want.Kind == rt.TFloat
	case types.String, types.Bool:
		return true
	}
	return false
}

// namer gives variables short names derived from their types.
type namer struct {
	used  map[string]int  // base name -> times used
	taken map[string]bool // every name given or reserved
}

func newNamer(r *renderer) *namer {
	n := &namer{used: map[string]int{}, taken: map[string]bool{}}
	for _, name := range r.imports {
		n.used[name] = 1
		n.taken[name] = true
	}
	for name := range r.pkgNames {
		n.used[name] = 1
		n.taken[name] = true
	}
	reserved := []string{"t", "tt", "tests", "diff", r.pkgName}
	for _, name := range r.own {
		reserved = append(reserved, name)
	}
	for _, reserved := range reserved {
		n.used[reserved] = 1
		n.taken[reserved] = true
	}
	return n
}

func (n *namer) name(t types.Type, isGot bool) string {
	base := "v"
	if types.Identical(t, errType) {
		base = "err"
	} else if isGot {
		base = "got"
	} else {
		base = baseName(t)
	}
	return n.fresh(base)
}

// fresh returns a new variable name based on base: base, base2, base3...
func (n *namer) fresh(base string) string {
	for {
		c := n.used[base]
		n.used[base] = c + 1
		name := base
		if c > 0 {
			name = base + strconv.Itoa(c+1)
		}
		if !n.taken[name] {
			n.taken[name] = true
			return name
		}
	}
}

func baseName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t := t.(type) {
	case *types.Named:
		return lowerFirst(t.Obj().Name())
	case *types.Basic:
		switch {
		case t.Info()&types.IsString != 0:
			return "s"
		case t.Info()&types.IsBoolean != 0:
			return "ok"
		case t.Info()&types.IsNumeric != 0:
			return "n"
		}
	case *types.Slice:
		return "items"
	case *types.Map:
		return "m"
	}
	return "v"
}

var keywords = map[string]bool{"break": true, "case": true, "chan": true, "const": true, "continue": true,
	"default": true, "defer": true, "else": true, "fallthrough": true, "for": true, "func": true, "go": true,
	"goto": true, "if": true, "import": true, "interface": true, "map": true, "package": true, "range": true,
	"return": true, "select": true, "struct": true, "switch": true, "type": true, "var": true,
	"len": true, "cap": true, "new": true, "make": true, "copy": true, "append": true, "string": true,
	"error": true, "int": true, "bool": true, "byte": true, "rune": true, "nil": true, "true": true, "false": true}

func lowerFirst(s string) string {
	if s == "" {
		return "v"
	}
	// An initialism stays together: URL -> url, HTTPServer -> httpServer.
	rs := []rune(s)
	i := 0
	for i < len(rs) && unicode.IsUpper(rs[i]) {
		i++
	}
	switch {
	case i == 0:
	case i == 1 || i == len(rs):
		for j := 0; j < i; j++ {
			rs[j] = unicode.ToLower(rs[j])
		}
	default:
		for j := 0; j < i-1; j++ {
			rs[j] = unicode.ToLower(rs[j])
		}
	}
	out := string(rs)
	if keywords[out] {
		out += "Val"
	}
	return out
}

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
		return intLit(l.I), nil
	case seq.LitUint:
		x := ast.Expr(&ast.BasicLit{Kind: token.INT, Value: strconv.FormatUint(l.U, 10)})
		if iface {
			x = call(ident("uint"), x)
		}
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
// with one value, the first declared wins.
func enumConsts(pkg *types.Package) map[*types.TypeName]map[string]*types.Const {
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
			if old, dup := m[key]; !dup || c.Pos() < old.Pos() {
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

func strLit(s string) ast.Expr {
	q := strconv.Quote(s)
	if strings.Contains(s, "\"") && !strings.ContainsAny(s, "`\r") && strconv.CanBackquote(s) {
		q = "`" + s + "`"
	}
	return &ast.BasicLit{Kind: token.STRING, Value: q}
}

// typeExpr spells t in the external test package.
func (r *renderer) typeExpr(t types.Type) (ast.Expr, error) {
	if !r.nameable(t) {
		return nil, fmt.Errorf("type %s cannot be named outside its package", t)
	}
	s := types.TypeString(t, r.qualify)
	x, err := parser.ParseExpr(s)
	if err != nil {
		return nil, fmt.Errorf("spelling type %s: %w", s, err)
	}
	return x, nil
}

// nameable reports whether t can be written in the external test package.
func (r *renderer) nameable(t types.Type) bool {
	ok := true
	var visit func(t types.Type, depth int)
	visit = func(t types.Type, depth int) {
		if !ok || depth > 20 {
			return
		}
		switch t := t.(type) {
		case *types.Named:
			if t.Obj().Pkg() != nil && !t.Obj().Exported() {
				ok = false
				return
			}
			if args := t.TypeArgs(); args != nil {
				for i := 0; i < args.Len(); i++ {
					visit(args.At(i), depth+1)
				}
			}
		case *types.Alias:
			visit(types.Unalias(t), depth+1)
		case *types.Pointer:
			visit(t.Elem(), depth+1)
		case *types.Slice:
			visit(t.Elem(), depth+1)
		case *types.Array:
			visit(t.Elem(), depth+1)
		case *types.Map:
			visit(t.Key(), depth+1)
			visit(t.Elem(), depth+1)
		case *types.Chan:
			visit(t.Elem(), depth+1)
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				if !t.Field(i).Exported() {
					ok = false
				}
				visit(t.Field(i).Type(), depth+1)
			}
		case *types.Signature, *types.TypeParam, *types.Tuple:
			ok = false
		case *types.Interface:
			if !t.Empty() {
				ok = false
			}
		}
	}
	visit(t, 0)
	return ok
}
