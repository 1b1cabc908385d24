package emit

import (
	"go/ast"
	"go/token"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// elements writes statement i when it reads an indexed container's
// elements (model.Elements), as the container's own tests do:
//
//	var items []string
//	for i := 0; i < q.Len(); i++ {
//		items = append(items, q.At(i))
//	}
//
// followed by its checks, which name items; nothing when no check of it
// is written. done says that statement i was one and is written.
func (r *renderer) elements(w *bodyWriter, i int) (done bool, err error) {
	st := w.c.Seq.Stmts[i]
	op := r.prog.Ops[st.Op]
	if op.Kind != model.Elements {
		return false, nil
	}
	if !w.writesCheck(i) {
		return true, nil
	}
	args, _, err := r.argExprs(w.c.Seq, op, i, st, w.vars, w.bo.override)
	if err != nil {
		return true, err
	}
	te, err := r.typeExpr(op.Results[0])
	if err != nil {
		return true, err
	}
	name := r.names.fresh("items")
	idx := r.names.fresh("i")
	get := ast.Expr(&ast.CallExpr{Fun: sel(args[0], op.Func.Name()), Args: []ast.Expr{ident(idx)}})
	var body []ast.Stmt
	if op.Func.Signature().Results().Len() == 2 {
		// Get(i) (T, bool): the element, its flag left out.
		e := r.names.fresh("e")
		body = append(body, &ast.AssignStmt{Lhs: []ast.Expr{ident(e), ident("_")}, Tok: token.DEFINE, Rhs: []ast.Expr{get}})
		get = ident(e)
	}
	body = append(body, &ast.AssignStmt{Lhs: []ast.Expr{ident(name)}, Tok: token.ASSIGN,
		Rhs: []ast.Expr{&ast.CallExpr{Fun: ident("append"), Args: []ast.Expr{ident(name), get}}}})
	w.out = append(w.out,
		varDecl(name, te),
		&ast.ForStmt{
			Init: &ast.AssignStmt{Lhs: []ast.Expr{ident(idx)}, Tok: token.DEFINE, Rhs: []ast.Expr{&ast.BasicLit{Kind: token.INT, Value: "0"}}},
			Cond: &ast.BinaryExpr{X: ident(idx), Op: token.LSS, Y: &ast.CallExpr{Fun: sel(args[0], op.Count.Name())}},
			Post: &ast.IncDecStmt{X: ident(idx), Tok: token.INC},
			Body: block(body...),
		})
	w.vars[seq.ValueID{Stmt: i}] = name
	w.descs[i] = desc{format: name}
	r.checksAfter(w, i)
	return true, nil
}
