package emit

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Repeated statements (seq.Stmt.Repeat) are written as a person writes
// them: a loop of the calls before the last, with the arguments that
// depend on the loop index spelled from it, then the last call as an
// ordinary statement whose results the test checks and later calls use:
//
//	for i := range 63 {
//		tr.Insert(i, "k"+strconv.Itoa(i))
//	}
//	got := tr.Insert(63, "k63")
//
// The executor runs the statement the same way (rt.Stmt.Repeat): the
// first Repeat-1 calls' results are dropped, the last call's are bound.

// repeatLoop appends to w.out the loop of the first Repeat-1 calls of
// statement i (when it repeats) and returns the statement its last call
// is: its Index literals set to what that call takes.
func (r *renderer) repeatLoop(w *bodyWriter, i int, op *model.Op, st seq.Stmt) (seq.Stmt, error) {
	if st.Repeat < 2 {
		return st, nil
	}
	n := st.Repeat - 1
	indexed := false
	for _, a := range st.Args {
		indexed = indexed || a.IsLit && a.Index
	}
	name := ""
	if indexed {
		name = r.names.fresh("i")
	}
	r.loopVar = name
	call, err := r.callExpr(w.c.Seq, op, i, st, w.vars, nil)
	r.loopVar = ""
	if err != nil {
		return st, err
	}
	var body ast.Stmt = &ast.ExprStmt{X: call}
	if _, ok := call.(*ast.CallExpr); !ok {
		// A composite literal or conversion is no statement.
		body = &ast.AssignStmt{Lhs: []ast.Expr{ident("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{call}}
	}
	w.out = append(w.out, r.loopOf(name, n, body))
	last := seq.Stmt{Op: st.Op, Args: append([]seq.Arg(nil), st.Args...)}
	for k, a := range last.Args {
		if a.IsLit && a.Index {
			last.Args[k] = seq.LitArg(a.Lit.AtIndex(n))
		}
	}
	return last, nil
}

// loopOf writes a loop of n runs of body with index variable name (none
// when name is ""): a range over an integer from Go 1.22 on, the
// three-clause loop before.
func (r *renderer) loopOf(name string, n int, body ast.Stmt) ast.Stmt {
	block := &ast.BlockStmt{List: []ast.Stmt{body}}
	if r.goAtLeast("go1.22") {
		rs := &ast.RangeStmt{X: intLit(int64(n)), Body: block}
		if name != "" {
			rs.Key, rs.Tok = ident(name), token.DEFINE
		}
		return rs
	}
	if name == "" {
		name = r.names.fresh("i")
	}
	return &ast.ForStmt{
		Init: &ast.AssignStmt{Lhs: []ast.Expr{ident(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{intLit(0)}},
		Cond: &ast.BinaryExpr{X: ident(name), Op: token.LSS, Y: intLit(int64(n))},
		Post: &ast.IncDecStmt{X: ident(name), Tok: token.INC},
		Body: block,
	}
}

// indexExpr writes the argument an Index literal l takes in the loop
// (r.loopVar the index), for a parameter of type t: what rt.Lit.AtIndex
// computes, numbers plus the index and strings with its digits appended.
func (r *renderer) indexExpr(l seq.Lit, t types.Type) (ast.Expr, error) {
	idx := ident(r.loopVar)
	_, iface := t.Underlying().(*types.Interface)
	var x ast.Expr
	var typ types.Type // the type x has; converted to t when they differ
	switch l.Kind {
	case seq.LitInt, seq.LitUint:
		base := intLit(l.I)
		if l.Kind == seq.LitUint {
			base = &ast.BasicLit{Kind: token.INT, Value: strconv.FormatUint(l.U, 10)}
		}
		typ = types.Typ[types.Int]
		x = idx
		if l.I != 0 || l.U != 0 {
			x = &ast.BinaryExpr{X: base, Op: token.ADD, Y: idx}
		}
		if l.Kind == seq.LitUint && !iface && l.U == 0 {
			return r.convert(t, idx)
		}
		if l.Kind == seq.LitUint && !iface {
			// base may not fit an int: convert each side to t.
			bt, err := r.convert(t, base)
			if err != nil {
				return nil, err
			}
			it, err := r.convert(t, idx)
			if err != nil {
				return nil, err
			}
			return &ast.BinaryExpr{X: bt, Op: token.ADD, Y: it}, nil
		}
	case seq.LitFloat:
		typ = types.Typ[types.Float64]
		x = call(ident("float64"), idx)
		if l.F != 0 {
			x = &ast.BinaryExpr{X: r.floatLit(l.F), Op: token.ADD, Y: x}
		}
	case seq.LitString, seq.LitBytes:
		typ = types.Typ[types.String]
		x = call(sel(ident(r.use("strconv")), "Itoa"), idx)
		if l.S != "" {
			x = &ast.BinaryExpr{X: strLit(l.S), Op: token.ADD, Y: x}
		}
		if l.Kind == seq.LitBytes {
			typ = types.NewSlice(types.Typ[types.Byte])
			x = call(&ast.ArrayType{Elt: ident("byte")}, x)
		}
	default:
		return r.litExpr(l, t)
	}
	if iface || types.Identical(typ, t) {
		return x, nil
	}
	return r.convert(t, x)
}
