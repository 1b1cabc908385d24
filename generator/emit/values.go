package emit

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"unicode"

	rt "github.com/gentest-go/gentest/generator/harness/rt"
)

// spellable reports whether want can be written as a Go expression of static
// type t in the external test package.
func (r *renderer) spellable(t types.Type, want *rt.Tree) bool {
	if want == nil {
		return false
	}
	if want.Kind == rt.TNil {
		if _, ok := nilable(t); ok {
			return true
		}
	}
	// Probe without recording imports.
	saved := map[string]string{}
	for k, v := range r.imports {
		saved[k] = v
	}
	usedCmp := r.usesCmp
	_, ok := r.valueExpr(t, want)
	r.imports = saved
	r.usesCmp = usedCmp
	return ok
}

// valueExpr writes the value want as an expression of static type t.
func (r *renderer) valueExpr(t types.Type, want *rt.Tree) (ast.Expr, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		lit, ok := r.basicLit(u, want)
		if !ok {
			return nil, false
		}
		if named, isNamed := t.(*types.Named); isNamed {
			if !r.nameable(named) {
				return nil, false
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
	case *types.Pointer:
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
	case *types.Struct:
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
	case *types.Slice:
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
	case *types.Array:
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
	case *types.Map:
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
	case *types.Interface:
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
	return nil, false
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
	used map[string]int
}

func newNamer(r *renderer) *namer {
	n := &namer{used: map[string]int{}}
	for _, name := range r.imports {
		n.used[name] = 1
	}
	for _, reserved := range []string{"t", "diff", "cmp", "testing", "math", r.pkgName} {
		n.used[reserved] = 1
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
	c := n.used[base]
	n.used[base] = c + 1
	if c == 0 {
		return base
	}
	return base + strconv.Itoa(c+1)
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
