package srcpos_test

import (
	"go/token"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/srcpos"
)

// Two file sets into which the same files entered in opposite orders, as
// go/packages' parallel parsing may add them, give the same order.
func TestCompareIndependentOfLoadOrder(t *testing.T) {
	order := func(names ...string) []string {
		fset := token.NewFileSet()
		type decl struct {
			name string
			pos  token.Pos
		}
		var decls []decl
		for _, n := range names {
			f := fset.AddFile(n, -1, 100)
			decls = append(decls, decl{n + ":10", f.Pos(10)}, decl{n + ":50", f.Pos(50)})
		}
		slices.SortFunc(decls, func(a, b decl) int { return srcpos.Compare(fset, a.pos, b.pos) })
		var out []string
		for _, d := range decls {
			out = append(out, d.name)
		}
		return out
	}
	a, b := order("a.go", "b.go"), order("b.go", "a.go")
	if !slices.Equal(a, b) || a[0] != "a.go:10" || a[3] != "b.go:50" {
		t.Errorf("orders %v and %v; want both a.go:10 a.go:50 b.go:10 b.go:50", a, b)
	}
	if srcpos.Compare(nil, 3, 5) >= 0 || srcpos.Compare(token.NewFileSet(), token.NoPos, 1) != -1 {
		t.Error("positions without a file do not sort by value")
	}
}
