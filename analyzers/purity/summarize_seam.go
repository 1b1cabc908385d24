package purity

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file finds the seams of a package: unexported variables of func
// type that only initialization sets, whose calls resolve to the
// functions stored.

// seam returns the functions an unexported package variable of func type
// can hold, when only initialization stores into it (its initializer or
// an init function) and every value stored is a function; otherwise nil.
// A store anywhere else, or any other use of the variable's address,
// means it can hold something else at run time. Tests that replace the
// variable are not part of the package the facts describe.
func (st *state) seam(g *ssa.Global) []ssa.Value {
	if st.seams == nil {
		st.seams = st.findSeams()
	}
	return st.seams[g]
}

// findSeams scans the package's functions once for the variables seam
// accepts.
func (st *state) findSeams() map[*ssa.Global][]ssa.Value {
	stored := map[*ssa.Global][]ssa.Value{}
	bad := map[*ssa.Global]bool{}
	isInit := func(fn *ssa.Function) bool {
		return fn.Parent() == nil && (fn.Name() == "init" || strings.HasPrefix(fn.Name(), "init#"))
	}
	visit := func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, ins := range b.Instrs {
				if u, ok := ins.(*ssa.UnOp); ok && u.Op == token.MUL {
					continue // a load: a call through it is what seam resolves
				}
				if sto, ok := ins.(*ssa.Store); ok {
					if g, ok := sto.Addr.(*ssa.Global); ok {
						if f, isFn := stripConv(sto.Val).(*ssa.Function); isFn && isInit(fn) {
							stored[g] = append(stored[g], f)
						} else {
							bad[g] = true
						}
						continue
					}
				}
				for _, op := range ins.Operands(nil) {
					if g, ok := (*op).(*ssa.Global); ok {
						bad[g] = true // its address escapes
					}
				}
			}
		}
	}
	fns := st.src
	if len(fns) > 0 {
		if init := fns[0].Pkg.Func("init"); init != nil {
			fns = append([]*ssa.Function{init}, fns...)
		}
	}
	seen := map[*ssa.Function]bool{}
	for _, fn := range fns {
		if !seen[fn] {
			seen[fn] = true
			visit(fn)
		}
	}
	out := map[*ssa.Global][]ssa.Value{}
	for g, vs := range stored {
		obj := g.Object()
		if bad[g] || obj == nil || obj.Exported() || obj.Pkg() != st.pass.Pkg {
			continue
		}
		if _, isFunc := obj.Type().Underlying().(*types.Signature); isFunc {
			out[g] = vs
		}
	}
	return out
}
