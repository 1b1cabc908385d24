package model

import (
	"go/token"
	"go/types"
	"slices"
	"sort"

	"github.com/gentest-go/gentest/internal/srcpos"
)

// Sentinels returns the exported package-level variables that errors of
// the program's package may match with errors.Is (see isSentinel): its
// own, in declaration order, then those of the packages it imports
// (io.EOF), by import path. The executor reports which of them an error
// matches (errors.Is).
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
	var out []*types.Var
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if ok && v.Exported() && isSentinel(v.Type()) {
			out = append(out, v)
		}
	}
	slices.SortStableFunc(out, func(a, b *types.Var) int { return srcpos.Compare(fset, a.Pos(), b.Pos()) })
	return out
}

// isSentinel reports whether an exported variable of type t is an error
// sentinel: a value of t is an error (t implements error: the variable
// may be declared error, a named error type such as statsError{...}, a
// pointer to one, or an interface embedding error), and errors.Is can
// match it by ==, which it tries only when the target's dynamic type is
// comparable. A struct with a slice field is not: no error equals it
// unless some error's own Is method says so, which the executor cannot
// rely on, so it is left out. A pointer (&MyErr{}) is comparable, and
// matches the error holding that same pointer.
func isSentinel(t types.Type) bool {
	errIface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	return types.Implements(t, errIface) && types.Comparable(t)
}
