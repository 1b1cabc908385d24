package emit

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gentest-go/gentest/internal/model"
)

// Handler swaps in fuzz targets. A package whose exported handler
// variable exits by default (model/exitvar.go) gets the swap in every
// sequence, and its unit tests write it as any assignment to package
// state: old := p.ErrorHandler; t.Cleanup(...); p.ErrorHandler = func...
// A fuzz target has no sequence: it calls the operation on inputs the
// fuzzer makes up, which reach the error paths more often than not, and
// a handler that exits ends the fuzzing process (go test reports the
// seed as a crash of the test binary). So a fuzz target stores the same
// returning handler first, restored with f.Cleanup.

// exitSwapStmts returns the statements that swap each exiting handler
// variable of the program for its returning literal and restore it when
// the test named by tb ("t" or "f") ends; none when the package has none.
func (r *renderer) exitSwapStmts(tb string) []ast.Stmt {
	var out []ast.Stmt
	for _, set := range r.prog.ExitSwaps() {
		var lit *model.Op
		for _, op := range r.prog.Ops {
			if op.Kind == model.FuncLit && op.Variant == model.FuncZero && types.Identical(op.Type, set.Params[0].Type) {
				lit = op
				break
			}
		}
		if lit == nil {
			continue
		}
		x, err := r.parseFuncLit(model.FuncLitSource(lit, r.qualify, ""))
		if err != nil {
			continue
		}
		v := func() ast.Expr { return sel(ident(r.qualify(set.Var.Pkg())), set.Var.Name()) }
		old := "old" + set.Var.Name()
		restore := &ast.FuncLit{Type: &ast.FuncType{Params: &ast.FieldList{}},
			Body: block(&ast.AssignStmt{Lhs: []ast.Expr{v()}, Tok: token.ASSIGN, Rhs: []ast.Expr{ident(old)}})}
		r.need("go1.14") // Cleanup
		out = append(out,
			define(old, v()),
			&ast.ExprStmt{X: call(sel(ident(tb), "Cleanup"), restore)},
			&ast.AssignStmt{Lhs: []ast.Expr{v()}, Tok: token.ASSIGN, Rhs: []ast.Expr{x}})
	}
	return out
}
