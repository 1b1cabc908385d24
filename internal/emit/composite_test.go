package emit

import (
	"go/ast"
	"go/token"
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// A struct literal leaves out a field at its zero value, but false, 0 or
// "" in a field of interface type is no zero value (nil is): left out,
// the test read nil where the run had false (container/heap's
// InterfaceShape{PopResult: false}, written InterfaceShape{}, failed its
// check "Pop(...) = <nil>, want false").
func TestCompositeInterfaceFieldZero(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	anyT := types.Universe.Lookup("any").Type()
	st := types.NewStruct([]*types.Var{
		types.NewField(0, pkg, "V", anyT, false),
		types.NewField(0, pkg, "N", types.Typ[types.Int], false),
		types.NewField(0, pkg, "W", anyT, false),
	}, nil)
	box := types.NewNamed(types.NewTypeName(0, pkg, "Box", nil), st, nil)
	pkg.Scope().Insert(box.Obj())
	pkg.MarkComplete()
	prog := &model.Program{Pkg: pkg, Fset: token.NewFileSet()}
	op := &model.Op{Kind: model.Composite, Name: "Box", Type: box, Results: []types.Type{box}, Params: []model.Param{
		{Name: "V", Type: anyT, Lit: model.LitIfaceA}, {Name: "N", Type: types.Typ[types.Int], Lit: model.LitInt},
		{Name: "W", Type: anyT, Lit: model.LitIfaceA}}}
	stmt := seq.Stmt{Args: []seq.Arg{
		seq.LitArg(seq.Lit{Kind: seq.LitBool, B: false}),
		seq.LitArg(seq.Lit{Kind: seq.LitInt, I: 0}),
		seq.LitArg(seq.Lit{Kind: seq.LitNil}),
	}}
	r := newRenderer(prog, Options{})
	x, err := r.compositeExpr(op, stmt, []ast.Expr{ident("false"), ident("0"), ident("nil")}, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := exprString(x); got != "p.Box{V: false}" {
		t.Errorf("literal %s, want p.Box{V: false}: the interface field's false kept, the int's 0 and the nil left out", got)
	}
}
