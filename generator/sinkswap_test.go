package generator_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// A writer's output goes into the io.Writer the test hands it; the search
// fills that parameter with any writer it finds, io.MultiWriter() and
// io.NewOffsetWriter(nil, 0) among them, whose content no test can read.
// The judge swaps in a buffer where the case still covers what it did
// (oracle/sinkswap.go), and the observers read it: every test of the
// fixture that flushes rows checks what was written. Seed 5 is one whose
// search hands Flush's table an io.MultiWriter().
func TestReadableSinks(t *testing.T) {
	endToEnd(t)
	_, src := gen(t, scratchModule(t, "../testdata/gen/sinkswap", "example.com/sinkswap"), 3000, 5)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "gen_test.go", src, 0)
	if err != nil {
		t.Fatalf("the written file does not parse: %v\n%s", err, src)
	}
	flushes := 0
	check := func(body *ast.BlockStmt) {
		calls := map[string]bool{}
		ast.Inspect(body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok && n != ast.Node(body) {
				return false // a subtest is judged on its own
			}
			if c, ok := n.(*ast.CallExpr); ok {
				if sel, ok := c.Fun.(*ast.SelectorExpr); ok {
					calls[sel.Sel.Name] = true
				}
			}
			return true
		})
		if calls["Add"] && calls["Flush"] {
			flushes++
			if !calls["String"] {
				t.Errorf("a test flushes rows without reading what was written (line %d):\n%s", fset.Position(body.Pos()).Line, src)
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch fn := n.(type) {
		case *ast.FuncDecl:
			check(fn.Body)
		case *ast.FuncLit:
			check(fn.Body)
		}
		return true
	})
	if flushes == 0 {
		t.Errorf("no test flushes rows: the fixture no longer exercises its class\n%s", src)
	}
}
