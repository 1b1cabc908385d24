package model

import (
	"go/token"
	"go/types"
	"slices"
	"sort"

	"github.com/gentest-go/gentest/internal/srcpos"
)

// Sentinels returns the exported package-level variables of type error
// that errors of the program's package may match: its own, in declaration
// order, then those of the packages it imports (io.EOF), by import path.
// The executor reports which of them an error matches (errors.Is).
func (p *Program) Sentinels() []*types.Var {
	pkg := p.Pkg
	out := sentinelsOf(p.Fset, pkg)
	imps := append([]*types.Package(nil), pkg.Imports()...)
	sort.Slice(imps, func(i, j int) bool { return imps[i].Path() < imps[j].Path() })
	for _, imp := range imps {
		if isInternal(imp.Path()) || imp.Name() == "main" {
			continue
		}
		out = append(out, sentinelsOf(p.Fset, imp)...)
	}
	return out
}

// SentinelName is how the executor names sentinel v: "path.Name".
func SentinelName(v *types.Var) string { return v.Pkg().Path() + "." + v.Name() }

func sentinelsOf(fset *token.FileSet, pkg *types.Package) []*types.Var {
	errType := types.Universe.Lookup("error").Type()
	var out []*types.Var
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if ok && v.Exported() && types.Identical(v.Type(), errType) {
			out = append(out, v)
		}
	}
	slices.SortStableFunc(out, func(a, b *types.Var) int { return srcpos.Compare(fset, a.Pos(), b.Pos()) })
	return out
}
