package emit

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"strings"
	"testing"
)

// Composite literals of named types in if, switch and for headers are
// parenthesized where the parser would take their brace for the block's,
// and left alone inside call arguments and in ordinary statements.
func TestParenHeaderLits(t *testing.T) {
	// Such headers do not parse as written: the AST is built from
	// expressions parsed apart, as emit builds it.
	fd := &ast.FuncDecl{Name: ast.NewIdent("f"), Type: &ast.FuncType{Params: &ast.FieldList{}}, Body: &ast.BlockStmt{}}
	expr := func(s string) ast.Expr {
		e, err := parser.ParseExpr(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		return e
	}
	fd.Body.List = []ast.Stmt{
		&ast.IfStmt{
			Init: &ast.AssignStmt{Lhs: []ast.Expr{ident("_"), ident("err")}, Tok: token.DEFINE, Rhs: []ast.Expr{expr("uuid.UUID{}.MarshalText()")}},
			Cond: expr("err != nil"), Body: &ast.BlockStmt{}},
		&ast.IfStmt{
			Init: &ast.AssignStmt{Lhs: []ast.Expr{ident("got")}, Tok: token.DEFINE, Rhs: []ast.Expr{expr("objects.Allow(objects.Limits{Max: 1}, 2)")}},
			Cond: &ast.BinaryExpr{X: ident("got"), Op: token.NEQ, Y: expr("&objects.Config{}")}, Body: &ast.BlockStmt{}},
		&ast.RangeStmt{Key: ident("_"), Value: ident("v"), Tok: token.DEFINE, X: expr("pkg.List[int]{}.All()"), Body: &ast.BlockStmt{}},
		&ast.AssignStmt{Lhs: []ast.Expr{ident("got")}, Tok: token.DEFINE, Rhs: []ast.Expr{expr("uuid.UUID{}.ID()")}},
	}
	parenHeaderLits(fd)
	var b bytes.Buffer
	if err := printer.Fprint(&b, token.NewFileSet(), fd); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !parses(out) {
		t.Fatalf("does not parse:\n%s", out)
	}
	for _, want := range []string{"(uuid.UUID{}).MarshalText()", "objects.Allow(objects.Limits{Max: 1}, 2)", "(&objects.Config{})",
		"range (pkg.List[int]{}).All()", "got := uuid.UUID{}.ID()"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}
