package model

import (
	"go/types"
	"sort"
)

// Sentinels returns the exported package-level variables of type error
// that errors of pkg may match: pkg's own, in declaration order, then
// those of the packages it imports (io.EOF), by import path. The executor
// reports which of them an error matches (errors.Is).
func Sentinels(pkg *types.Package) []*types.Var {
	out := sentinelsOf(pkg)
	imps := append([]*types.Package(nil), pkg.Imports()...)
	sort.Slice(imps, func(i, j int) bool { return imps[i].Path() < imps[j].Path() })
	for _, p := range imps {
		if isInternal(p.Path()) || p.Name() == "main" {
			continue
		}
		out = append(out, sentinelsOf(p)...)
	}
	return out
}

// SentinelName is how the executor names sentinel v: "path.Name".
func SentinelName(v *types.Var) string { return v.Pkg().Path() + "." + v.Name() }

func sentinelsOf(pkg *types.Package) []*types.Var {
	errType := types.Universe.Lookup("error").Type()
	var out []*types.Var
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if ok && v.Exported() && types.Identical(v.Type(), errType) {
			out = append(out, v)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}
