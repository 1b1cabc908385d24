package model

import (
	"go/types"
	"sort"
)

// Sentinels returns the exported package-level variables of pkg whose type
// is error, in declaration order: the sentinel errors callers compare
// with errors.Is. The executor reports which of them an error matches.
func Sentinels(pkg *types.Package) []*types.Var {
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
