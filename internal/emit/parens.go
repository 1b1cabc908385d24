package emit

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// parenHeaderLits puts parentheses around the composite literals that the
// header of an if, switch or for statement holds outside any brackets:
// there `uuid.UUID{}.ID()` or `&objects.Config{}` does not parse (the
// brace would open the statement's block), while `(uuid.UUID{}).ID()`
// does. The headers come from guards (`if _, err := f(); err != nil`)
// and checks (`if got := ...; got != want`) around calls whose receiver
// or argument is a literal.
func parenHeaderLits(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.IfStmt:
			parenStmt(s.Init)
			s.Cond = parenTop(s.Cond)
		case *ast.SwitchStmt:
			parenStmt(s.Init)
			s.Tag = parenTop(s.Tag)
		case *ast.TypeSwitchStmt:
			parenStmt(s.Init)
			parenStmt(s.Assign)
		case *ast.ForStmt:
			parenStmt(s.Init)
			s.Cond = parenTop(s.Cond)
			parenStmt(s.Post)
		case *ast.RangeStmt:
			s.X = parenTop(s.X)
		}
		return true
	})
}

func parenStmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		for i, e := range s.Rhs {
			s.Rhs[i] = parenTop(e)
		}
	case *ast.ExprStmt:
		s.X = parenTop(s.X)
	case *ast.SendStmt:
		s.Chan, s.Value = parenTop(s.Chan), parenTop(s.Value)
	case *ast.IncDecStmt:
		s.X = parenTop(s.X)
	}
}

// parenTop returns e with its composite literals of named types that are
// not inside parentheses, brackets or braces parenthesized.
func parenTop(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case nil:
		return nil
	case *ast.CompositeLit:
		if namedLitType(x.Type) {
			return &ast.ParenExpr{X: x}
		}
	case *ast.UnaryExpr:
		if lit, ok := x.X.(*ast.CompositeLit); ok && namedLitType(lit.Type) {
			return &ast.ParenExpr{X: x}
		}
		x.X = parenTop(x.X)
	case *ast.BinaryExpr:
		x.X, x.Y = parenTop(x.X), parenTop(x.Y)
	case *ast.SelectorExpr:
		x.X = parenTop(x.X)
	case *ast.CallExpr:
		x.Fun = parenTop(x.Fun) // the arguments are inside parentheses
	case *ast.IndexExpr:
		x.X = parenTop(x.X)
	case *ast.SliceExpr:
		x.X = parenTop(x.X)
	case *ast.StarExpr:
		x.X = parenTop(x.X)
	case *ast.TypeAssertExpr:
		x.X = parenTop(x.X)
	}
	return e
}

// namedLitType reports whether a composite literal of type t is ambiguous
// in a statement header: its type is a (qualified, possibly instantiated)
// name, not a slice, array, map or struct type.
func namedLitType(t ast.Expr) bool {
	switch t := t.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		return true
	case *ast.IndexExpr:
		return namedLitType(t.X)
	case *ast.IndexListExpr:
		return namedLitType(t.X)
	}
	return false
}

// parses reports whether src, the text of one declaration, parses.
func parses(src string) bool {
	_, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+src, 0)
	return err == nil
}
