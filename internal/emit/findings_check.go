package emit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
)

// operand is a value a check works on: a variable and its type.
type operand struct {
	v string
	t types.Type
}

// contractCheck renders the statements of a contract check after the sequence.
func (r *renderer) contractCheck(c *oracle.Case, ch oracle.FindingCheck, res *bodyResult) ([]ast.Stmt, error) {
	xop := r.prog.Ops[c.Seq.Stmts[ch.Stmt].Op]
	if ch.Result < 0 || ch.Result >= len(xop.Results) {
		return nil, fmt.Errorf("finding: no result %d of %s", ch.Result, xop.Name)
	}
	k := &findingCheck{r: r, c: c, ch: ch, res: res, xop: xop, x: operand{res.vars[ch.Value()], xop.Results[ch.Result]}}
	var err error
	switch ch.Kind {
	case oracle.CheckEqualReflexive:
		err = k.equalReflexive()
	case oracle.CheckEqualSymmetric, oracle.CheckCompareAntisymmetric:
		err = k.symmetric()
	case oracle.CheckCompareEqual:
		err = k.compareEqual()
	case oracle.CheckRoundTrip:
		err = k.roundTrip()
	case oracle.CheckNoPanic:
		err = k.noPanic()
	case oracle.CheckClone:
		err = k.clone()
	case oracle.CheckDeterministic:
		err = k.deterministic()
	default:
		err = fmt.Errorf("finding: unknown check %q", ch.Kind)
	}
	if err != nil {
		return nil, err
	}
	return k.out, nil
}

// findingCheck renders one contract check: the operand x is result Result
// of statement Stmt; statements go to out.
type findingCheck struct {
	r   *renderer
	c   *oracle.Case
	ch  oracle.FindingCheck
	res *bodyResult
	xop *model.Op
	x   operand
	out []ast.Stmt
}

// method is the checked method's name, def unless the check names one.
func (k *findingCheck) method(def string) string {
	if k.ch.Method != "" {
		return k.ch.Method
	}
	return def
}

// other binds y, writing a literal into a variable of the type the method
// m takes.
func (k *findingCheck) other(m string) (operand, error) {
	ch, r, res := k.ch, k.r, k.res
	if ch.Other == nil {
		return operand{}, fmt.Errorf("finding: %s needs a second operand", ch.Kind)
	}
	if !ch.Other.IsLit {
		op := r.prog.Ops[k.c.Seq.Stmts[ch.Other.Stmt].Op]
		if ch.Other.Result >= len(op.Results) {
			return operand{}, fmt.Errorf("finding: no result %d of %s", ch.Other.Result, op.Name)
		}
		return operand{res.vars[ch.Other.Value()], op.Results[ch.Other.Result]}, nil
	}
	sig, err := r.methodSig(k.x.t, m)
	if err != nil {
		return operand{}, err
	}
	pt := sig.Params().At(0).Type()
	lit, err := r.litExpr(ch.Other.Lit, pt)
	if err != nil {
		return operand{}, err
	}
	conv, err := r.convert(pt, lit)
	if err != nil {
		return operand{}, err
	}
	y := operand{res.names.fresh("other"), pt}
	k.out = append(k.out, define(y.v, conv))
	return y, nil
}

// equalReflexive checks x.Equal(x).
func (k *findingCheck) equalReflexive() error {
	m := k.method("Equal")
	xx, err := k.r.methodCall(k.x, m, k.x)
	if err != nil {
		return err
	}
	what := k.x.v + "." + m + "(" + k.x.v + ")"
	k.out = append(k.out, ifStmt(&ast.UnaryExpr{Op: token.NOT, X: xx},
		errorf(desc{format: esc(what)}, " = false, want true: "+m+" must be reflexive")))
	return nil
}

// symmetric checks x.Equal(y) == y.Equal(x), or that Compare is antisymmetric.
func (k *findingCheck) symmetric() error {
	m := k.method("Equal")
	if k.ch.Kind == oracle.CheckCompareAntisymmetric {
		m = k.method("Compare")
	}
	y, err := k.other(m)
	if err != nil {
		return err
	}
	xy, err := k.r.methodCall(k.x, m, y)
	if err != nil {
		return err
	}
	yx, err := k.r.methodCall(y, m, k.x)
	if err != nil {
		return err
	}
	a, b := k.res.names.fresh("xy"), k.res.names.fresh("yx")
	msg := esc(k.x.v+"."+m+"("+y.v+")") + " = %v, " + esc(y.v+"."+m+"("+k.x.v+")") + " = %v: " + m + " must be symmetric"
	cond := binary(ident(a), token.NEQ, ident(b))
	if k.ch.Kind == oracle.CheckCompareAntisymmetric {
		msg = esc(k.x.v+"."+m+"("+y.v+")") + " = %d, " + esc(y.v+"."+m+"("+k.x.v+")") + " = %d: " + m + " must be antisymmetric"
		cond = binary(
			binary(&ast.ParenExpr{X: binary(ident(a), token.LSS, intLit(0))}, token.NEQ, &ast.ParenExpr{X: binary(ident(b), token.GTR, intLit(0))}),
			token.LOR,
			binary(&ast.ParenExpr{X: binary(ident(a), token.GTR, intLit(0))}, token.NEQ, &ast.ParenExpr{X: binary(ident(b), token.LSS, intLit(0))}))
	}
	k.out = append(k.out, &ast.IfStmt{
		Init: &ast.AssignStmt{Lhs: []ast.Expr{ident(a), ident(b)}, Tok: token.DEFINE, Rhs: []ast.Expr{xy, yx}},
		Cond: cond,
		Body: block(errorf(desc{}, msg, ident(a), ident(b))),
	})
	return nil
}

// compareEqual checks that x.Compare(y) == 0 exactly when x.Equal(y).
func (k *findingCheck) compareEqual() error {
	m := k.method("Compare")
	y, err := k.other(m)
	if err != nil {
		return err
	}
	cmpCall, err := k.r.methodCall(k.x, m, y)
	if err != nil {
		return err
	}
	eqCall, err := k.r.methodCall(k.x, "Equal", y)
	if err != nil {
		return err
	}
	a, b := k.res.names.fresh("order"), k.res.names.fresh("equal")
	msg := esc(k.x.v+"."+m+"("+y.v+")") + " = %d but " + esc(k.x.v+".Equal("+y.v+")") + " = %v: " + m + " and Equal must agree"
	k.out = append(k.out, &ast.IfStmt{
		Init: &ast.AssignStmt{Lhs: []ast.Expr{ident(a), ident(b)}, Tok: token.DEFINE, Rhs: []ast.Expr{cmpCall, eqCall}},
		Cond: binary(&ast.ParenExpr{X: binary(ident(a), token.EQL, intLit(0))}, token.NEQ, ident(b)),
		Body: block(errorf(desc{}, msg, ident(a), ident(b))),
	})
	return nil
}

// roundTrip checks that unmarshalling what x marshals to gives x back.
func (k *findingCheck) roundTrip() error {
	m := k.method("MarshalJSON")
	um := strings.Replace(m, "Marshal", "Unmarshal", 1)
	if um == m {
		return fmt.Errorf("finding: %s is not a Marshal method", m)
	}
	marshal, err := k.r.methodCall(k.x, m)
	if err != nil {
		return err
	}
	data, errV := k.res.names.fresh("data"), k.res.names.fresh("err")
	k.out = append(k.out, &ast.AssignStmt{Lhs: []ast.Expr{ident(data), ident(errV)}, Tok: token.DEFINE, Rhs: []ast.Expr{marshal}},
		ifStmt(binary(ident(errV), token.NEQ, ident("nil")), fatalf(desc{format: esc(k.x.v + "." + m + "()")}, " returned error: %v", ident(errV))))
	// A new zero value of k.x's type (through the pointer, if k.x is one).
	elem, ptr := k.x.t, false
	if p, ok := k.x.t.Underlying().(*types.Pointer); ok {
		elem, ptr = p.Elem(), true
	}
	te, err := k.r.typeExpr(elem)
	if err != nil {
		return err
	}
	x2 := operand{k.res.names.fresh(k.x.v + "2"), k.x.t}
	if ptr {
		k.out = append(k.out, define(x2.v, call(ident("new"), te)))
	} else {
		k.out = append(k.out, varDecl(x2.v, te))
	}
	if _, err := k.r.methodSig(k.x.t, um); err != nil {
		if _, err2 := k.r.methodSig(types.NewPointer(k.x.t), um); err2 != nil {
			return err
		}
	}
	errV2 := k.res.names.fresh("err")
	k.out = append(k.out, &ast.IfStmt{
		Init: define(errV2, call(sel(ident(x2.v), um), ident(data))),
		Cond: binary(ident(errV2), token.NEQ, ident("nil")),
		Body: block(fatalf(desc{format: esc(x2.v + "." + um + "(" + data + ")")}, " returned error: %v", ident(errV2))),
	})
	k.out = append(k.out, k.r.equalCheck(k.x, x2, esc(x2.v+" after "+um+"("+k.x.v+"."+m+"())")))
	return nil
}

// noPanic calls String, Error or GoString, whose panic fails the test.
func (k *findingCheck) noPanic() error {
	m := k.method("String")
	s, err := k.r.methodCall(k.x, m)
	if err != nil {
		return err
	}
	// The call panics; the panic fails the test.
	k.out = append(k.out, &ast.AssignStmt{Lhs: []ast.Expr{ident("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{s}})
	return nil
}

// clone checks that x.Clone() equals x.
func (k *findingCheck) clone() error {
	m := k.method("Clone")
	cl, err := k.r.methodCall(k.x, m)
	if err != nil {
		return err
	}
	sig, _ := k.r.methodSig(k.x.t, m)
	if sig.Results().Len() != 1 {
		return fmt.Errorf("finding: %s does not return one value", m)
	}
	got := operand{k.res.names.fresh("clone"), sig.Results().At(0).Type()}
	k.out = append(k.out, define(got.v, cl))
	want := k.x
	if p, ok := k.x.t.Underlying().(*types.Pointer); ok && types.Identical(p.Elem(), got.t) {
		want = operand{"*" + k.x.v, got.t}
	} else if p, ok := got.t.Underlying().(*types.Pointer); ok && types.Identical(p.Elem(), k.x.t) {
		got = operand{"*" + got.v, k.x.t}
	}
	k.out = append(k.out, k.r.equalCheck(want, got, esc(k.x.v+"."+m+"()")))
	return nil
}

// deterministic calls the statement again and checks the result is equal.
func (k *findingCheck) deterministic() error {
	st := k.c.Seq.Stmts[k.ch.Stmt]
	call, err := k.r.callExpr(k.c.Seq, k.xop, k.ch.Stmt, st, k.res.vars, nil)
	if err != nil {
		return err
	}
	again := operand{k.res.names.fresh("again"), k.x.t}
	lhs := make([]ast.Expr, len(k.xop.Results))
	for j := range lhs {
		lhs[j] = ident("_")
	}
	lhs[k.ch.Result] = ident(again.v)
	k.out = append(k.out, &ast.AssignStmt{Lhs: lhs, Tok: token.DEFINE, Rhs: []ast.Expr{call}})
	k.out = append(k.out, k.r.equalCheck(k.x, again, k.res.descs[k.ch.Stmt].format+" called again"))
	return nil
}

// methodSig looks up method m of type t.
func (r *renderer) methodSig(t types.Type, m string) (*types.Signature, error) {
	obj, _, _ := types.LookupFieldOrMethod(t, true, r.pkg, m)
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil, fmt.Errorf("finding: %s has no method %s", t, m)
	}
	return fn.Type().(*types.Signature), nil
}

// methodCall writes x.m(args...), dereferencing or taking the address of
// an argument when the method's parameter needs it (Equal(T) called with
// a *T, say).
func (r *renderer) methodCall(x operand, m string, args ...operand) (ast.Expr, error) {
	sig, err := r.methodSig(x.t, m)
	if err != nil {
		return nil, err
	}
	if sig.Params().Len() != len(args) {
		return nil, fmt.Errorf("finding: %s.%s takes %d arguments, not %d", x.t, m, sig.Params().Len(), len(args))
	}
	var xs []ast.Expr
	for i, a := range args {
		pt := sig.Params().At(i).Type()
		var e ast.Expr = ident(a.v)
		switch {
		case types.AssignableTo(a.t, pt):
		case isPtrTo(a.t, pt):
			e = &ast.StarExpr{X: e}
		case isPtrTo(pt, a.t):
			e = &ast.UnaryExpr{Op: token.AND, X: e}
		default:
			return nil, fmt.Errorf("finding: cannot pass %s to %s.%s", a.t, x.t, m)
		}
		xs = append(xs, e)
	}
	return call(sel(ident(x.v), m), xs...), nil
}

func isPtrTo(p, elem types.Type) bool {
	ptr, ok := p.(*types.Pointer)
	return ok && types.AssignableTo(ptr.Elem(), elem)
}

// equalCheck compares got with want: cmp.Diff where Options.Cmp allows it
// and go-cmp can look into the values, reflect.DeepEqual where unexported
// fields would make it panic, or without go-cmp.
func (r *renderer) equalCheck(want, got operand, what string) ast.Stmt {
	wantX, gotX := ast.Expr(ident(want.v)), ast.Expr(ident(got.v))
	if strings.HasPrefix(want.v, "*") {
		wantX = &ast.StarExpr{X: ident(want.v[1:])}
	}
	if strings.HasPrefix(got.v, "*") {
		gotX = &ast.StarExpr{X: ident(got.v[1:])}
	}
	if r.opts.Cmp && r.cmpSafe(want.t, map[types.Type]bool{}) {
		return r.diff(wantX, gotX, desc{format: what}, "")
	}
	reflect := r.use("reflect")
	return ifStmt(&ast.UnaryExpr{Op: token.NOT, X: call(sel(ident(reflect), "DeepEqual"), wantX, gotX)},
		errorf(desc{format: what}, " = %+v, want %+v", gotX, wantX))
}

// cmpSafe reports whether cmp.Diff can compare values of t without
// options: no unexported struct fields on the way, except below a type
// with an Equal method, which go-cmp calls instead.
func (r *renderer) cmpSafe(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	if n, ok := t.(*types.Named); ok {
		if sig, err := r.methodSig(n, "Equal"); err == nil && sig.Params().Len() == 1 && sig.Results().Len() == 1 {
			return true
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !u.Field(i).Exported() || !r.cmpSafe(u.Field(i).Type(), seen) {
				return false
			}
		}
	case *types.Pointer:
		return r.cmpSafe(u.Elem(), seen)
	case *types.Slice:
		return r.cmpSafe(u.Elem(), seen)
	case *types.Array:
		return r.cmpSafe(u.Elem(), seen)
	case *types.Map:
		return r.cmpSafe(u.Key(), seen) && r.cmpSafe(u.Elem(), seen)
	case *types.Interface, *types.Chan, *types.Signature:
		return false
	}
	return true
}
