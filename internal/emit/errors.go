package emit

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
)

// How a non-nil error is checked, best first: errors.Is against an
// exported sentinel of the package, errors.As into an exported error type
// of the package (and its fields), its message (only when the package
// exports neither), or only that there is one.
const (
	errClassNone = ""
	errClassIs   = "is"
	errClassAs   = "as"
	errClassMsg  = "msg"
	errClassAny  = "nonnil"
)

// errorTypes returns the exported named types of pkg whose pointer
// implements error, in name order.
func errorTypes(pkg *types.Package) []*types.TypeName {
	var out []*types.TypeName
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() || tn.IsAlias() {
			continue
		}
		if _, iface := tn.Type().Underlying().(*types.Interface); iface {
			continue
		}
		if types.Implements(types.NewPointer(tn.Type()), errType.Underlying().(*types.Interface)) {
			out = append(out, tn)
		}
	}
	return out
}

// errClass says how the error of assertion a is checked.
func (r *renderer) errClass(a oracle.Assertion) string {
	if a.Kind != oracle.ErrNonNil {
		return errClassNone
	}
	if a.Err != nil && len(a.Err.Is) > 0 && r.sentinel(a.Err.Is[0]) != nil {
		return errClassIs
	}
	if r.asType(a.Err) != nil {
		return errClassAs
	}
	if !r.errAPI && errMsg(a) != "" {
		return errClassMsg
	}
	return errClassAny
}

// sentinel returns the exported error variable the executor named name
// (model.SentinelName), of the package or of one it imports.
func (r *renderer) sentinel(name string) *types.Var {
	for _, v := range r.sentinels {
		if model.SentinelName(v) == name {
			return v
		}
	}
	return nil
}

// sentinelExpr writes sentinel name: p.ErrX, io.EOF.
func (r *renderer) sentinelExpr(name string) ast.Expr {
	v := r.sentinel(name)
	return sel(ident(r.qualify(v.Pkg())), v.Name())
}

// asType returns the type errors.As assigns the error of tree e to: an
// exported type T of the package, or *T, that is the error's dynamic
// type. Nil if there is none.
func (r *renderer) asType(e *rt.Tree) types.Type {
	if e == nil || e.Kind != rt.TError {
		return nil
	}
	name, ptr := strings.CutPrefix(e.Type, "*")
	pkgName, typeName, ok := strings.Cut(name, ".")
	if !ok || pkgName != r.pkg.Name() {
		return nil
	}
	tn, ok := r.pkg.Scope().Lookup(typeName).(*types.TypeName)
	if !ok || !tn.Exported() || tn.IsAlias() {
		return nil
	}
	var t types.Type = tn.Type()
	if ptr {
		t = types.NewPointer(t)
	}
	if !types.Implements(t, errType.Underlying().(*types.Interface)) || !r.nameable(t) {
		return nil
	}
	return t
}

// errIs is if !errors.Is(err, p.ErrX) { t.Errorf(...) }.
func (r *renderer) errIs(v, name string, d desc) []ast.Stmt {
	target := r.sentinelExpr(name)
	return []ast.Stmt{ifStmt(&ast.UnaryExpr{Op: token.NOT, X: call(sel(ident(r.use("errors")), "Is"), ident(v), target)},
		errorf(d, " error = %v, want "+esc(exprString(target)), ident(v)))}
}

// errAs is errors.As into the error's exported type, then a check of its
// fields: the whole value when it can be written, else its exported
// fields of basic type.
func (r *renderer) errAs(v string, e *rt.Tree, d desc) []ast.Stmt {
	t := r.asType(e)
	te, _ := r.typeExpr(t)
	elem := t
	if p, ok := t.(*types.Pointer); ok {
		elem = p.Elem()
	}
	base := baseName(elem)
	if !strings.HasSuffix(strings.ToLower(base), "err") && !strings.HasSuffix(strings.ToLower(base), "error") {
		base += "Err"
	}
	target := r.names.fresh(base)
	out := []ast.Stmt{
		varDecl(target, te),
		ifStmt(&ast.UnaryExpr{Op: token.NOT, X: call(sel(ident(r.use("errors")), "As"), ident(v), &ast.UnaryExpr{Op: token.AND, X: ident(target)})},
			fatalf(d, " error = %v, want a "+esc(exprString(te)), ident(v))),
	}
	if len(e.Elems) != 1 || !oracle.Stable(&e.Elems[0]) || oracle.HasNaN(&e.Elems[0]) {
		return out
	}
	want := &rt.Tree{Kind: rt.TPtr, Elems: []rt.Tree{e.Elems[0]}}
	if _, ptr := t.(*types.Pointer); ptr {
		if x, ok := r.valueExpr(t, want); ok {
			return append(out, r.valueCheck(t, x, ident(target), d, " error", nonEmpty))
		}
	}
	// Exported fields one by one.
	st, ok := elem.Underlying().(*types.Struct)
	fields := &e.Elems[0]
	if !ok || fields.Kind != rt.TStruct || len(fields.Elems) != st.NumFields() {
		return out
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		ft := &fields.Elems[i]
		if !f.Exported() || !oracle.Stable(ft) || oracle.HasNaN(ft) { // NaN: never equal with valueCheck's ==
			continue
		}
		if _, basic := f.Type().Underlying().(*types.Basic); !basic {
			continue
		}
		x, ok := r.valueExpr(f.Type(), ft)
		if !ok {
			continue
		}
		got := sel(ident(target), f.Name())
		out = append(out, ifStmt(binary(got, token.NEQ, x),
			errorf(d, " error's "+f.Name()+" = %v, want %v", got, x)))
	}
	return out
}

func errMsg(a oracle.Assertion) string {
	if a.Want == nil {
		return ""
	}
	return a.Want.S
}
