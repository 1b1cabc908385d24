package typedeps

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// Only a doc comment promising a usable zero value counts.
func TestZeroDocumented(t *testing.T) {
	src := `package p

// List is a list. The zero value for List is an empty list ready to use.
type List struct{ n int }

// Tree is a tree; use New.
type Tree struct{ n int }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	got := ZeroDocumented([]*ast.File{f}, info)
	for name, want := range map[string]bool{"List": true, "Tree": false} {
		if tn := pkg.Scope().Lookup(name).(*types.TypeName); got[tn] != want {
			t.Errorf("%s: %v, want %v", name, got[tn], want)
		}
	}
}
