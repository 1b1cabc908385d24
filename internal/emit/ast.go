package emit

import (
	"go/ast"
	"go/token"
)

func ident(name string) *ast.Ident { return ast.NewIdent(name) }

// varDecl is the statement var name T, for typ the expression of T.
func varDecl(name string, typ ast.Expr) ast.Stmt {
	return &ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{ident(name)}, Type: typ}}}}
}

func sel(x ast.Expr, name string) ast.Expr { return &ast.SelectorExpr{X: x, Sel: ident(name)} }

func define(name string, x ast.Expr) ast.Stmt {
	return &ast.AssignStmt{Lhs: []ast.Expr{ident(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{x}}
}

func block(stmts ...ast.Stmt) *ast.BlockStmt { return &ast.BlockStmt{List: stmts} }

func ifStmt(cond ast.Expr, then ...ast.Stmt) *ast.IfStmt {
	return &ast.IfStmt{Cond: cond, Body: block(then...)}
}

func binary(x ast.Expr, op token.Token, y ast.Expr) ast.Expr {
	return &ast.BinaryExpr{X: x, Op: op, Y: y}
}

func call(fun ast.Expr, args ...ast.Expr) *ast.CallExpr { return &ast.CallExpr{Fun: fun, Args: args} }

// funcType is func(name *testing.typ).
func (r *renderer) funcType(name, typ string) *ast.FuncType {
	return &ast.FuncType{Params: &ast.FieldList{List: []*ast.Field{{
		Names: []*ast.Ident{ident(name)},
		Type:  &ast.StarExpr{X: sel(ident(r.own["testing"]), typ)},
	}}}}
}
