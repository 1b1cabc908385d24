package load

import (
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// The facts an analysis sees follow checker's rule: its package's own
// objects; of a direct import, what exportedFrom keeps (exported
// functions, methods, fields, types, constants, variables); of a deeper
// import, only methods, fields, types and constants; nothing of a package
// outside the imports.
func TestVisibleFollowsChecker(t *testing.T) {
	top, mid, dep, other := types.NewPackage("top", "top"), types.NewPackage("mid", "mid"), types.NewPackage("dep", "dep"), types.NewPackage("other", "other")
	d := &factDriver{
		direct: map[*types.Package]map[*types.Package]bool{top: {mid: true}, mid: {dep: true}},
		deps:   map[*types.Package]map[*types.Package]bool{top: {mid: true, dep: true}, mid: {dep: true}},
	}
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	fn := func(pkg *types.Package, name string) types.Object {
		return types.NewFunc(token.NoPos, pkg, name, sig)
	}
	method := func(pkg *types.Package, name string) types.Object {
		recv := types.NewVar(token.NoPos, pkg, "r", types.Typ[types.Int])
		return types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(recv, nil, nil, nil, nil, false))
	}
	pvar := func(pkg *types.Package, name string) types.Object {
		return types.NewVar(token.NoPos, pkg, name, types.Typ[types.Int])
	}
	cnst := func(pkg *types.Package, name string) types.Object {
		return types.NewConst(token.NoPos, pkg, name, types.Typ[types.Int], nil)
	}
	p := &packages.Package{Types: top}
	for _, c := range []struct {
		obj  types.Object
		want bool
	}{
		{fn(top, "own"), true},
		{fn(mid, "Exported"), true},
		{fn(mid, "unexported"), false},
		{pvar(mid, "v"), true},
		{fn(dep, "Deep"), false},
		{method(dep, "deepMethod"), true},
		{pvar(dep, "V"), false},
		{cnst(dep, "c"), true},
		{fn(other, "Elsewhere"), false},
	} {
		if got := d.visible(p, c.obj); got != c.want {
			t.Errorf("visible(%s.%s) = %v, want %v", c.obj.Pkg().Path(), c.obj.Name(), got, c.want)
		}
	}
}
