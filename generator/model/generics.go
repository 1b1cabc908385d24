package model

import (
	"go/types"
	"strings"
)

// Generics: gentest tests a generic function or type through instances.
// Each type parameter gets candidate type arguments from its constraint:
// the basic types in its type set (~int | ~string gives int and string),
// or int and string for any and comparable. Tuples use the same choice for
// every parameter (all int, all string) plus one mixed tuple, and the same
// tuples serve functions and types, so that NewCache[int, string] makes the
// *Cache[int, string] whose methods are tested. Each tuple is checked with
// types.Instantiate, which enforces the constraints.

// maxInstances bounds the instances per generic declaration.
const maxInstances = 3

var ctxt = types.NewContext()

// instances returns the type-argument tuples to instantiate tparams with.
func instances(tparams *types.TypeParamList) [][]types.Type {
	n := tparams.Len()
	if n == 0 {
		return nil
	}
	per := make([][]types.Type, n)
	for i := 0; i < n; i++ {
		per[i] = candidates(tparams.At(i))
	}
	var out [][]types.Type
	seen := map[string]bool{}
	add := func(t []types.Type) {
		k := ""
		for _, x := range t {
			if x == nil {
				return
			}
			k += types.TypeString(x, nil) + ","
		}
		if !seen[k] && len(out) < maxInstances {
			seen[k] = true
			out = append(out, t)
		}
	}
	for choice := 0; choice < 2; choice++ {
		t := make([]types.Type, n)
		for i := range t {
			if len(per[i]) > 0 {
				t[i] = per[i][choice%len(per[i])]
			}
		}
		add(t)
	}
	if n >= 2 {
		t := make([]types.Type, n)
		for i := range t {
			if len(per[i]) > 0 {
				t[i] = per[i][(i+1)%len(per[i])]
			}
		}
		add(t)
	}
	return out
}

// candidates returns type arguments that satisfy tp's constraint, in
// preference order.
func candidates(tp *types.TypeParam) []types.Type {
	iface, _ := tp.Constraint().Underlying().(*types.Interface)
	if iface == nil {
		return nil
	}
	var out []types.Type
	seen := map[string]bool{}
	addT := func(t types.Type) {
		k := types.TypeString(t, nil)
		if !seen[k] {
			seen[k] = true
			out = append(out, t)
		}
	}
	// The terms of the type set, from embedded unions.
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		u, ok := iface.EmbeddedType(i).(*types.Union)
		if !ok {
			if b, ok := iface.EmbeddedType(i).Underlying().(*types.Interface); ok {
				for j := 0; j < b.NumEmbeddeds(); j++ {
					if u2, ok := b.EmbeddedType(j).(*types.Union); ok {
						for k := 0; k < u2.Len(); k++ {
							if bt, ok := u2.Term(k).Type().(*types.Basic); ok {
								addT(bt)
							}
						}
					}
				}
			}
			continue
		}
		for k := 0; k < u.Len(); k++ {
			if bt, ok := u.Term(k).Type().(*types.Basic); ok {
				addT(bt)
			}
		}
	}
	if len(out) == 0 && iface.NumMethods() == 0 {
		addT(types.Typ[types.Int])
		addT(types.Typ[types.String])
	}
	// Keep only those that really satisfy the constraint.
	var ok []types.Type
	for _, t := range out {
		if types.Satisfies(t, iface) {
			ok = append(ok, t)
		}
	}
	return ok
}

// typeArgsString spells a tuple for names and messages.
func typeArgsString(targs []types.Type) string {
	var parts []string
	for _, t := range targs {
		parts = append(parts, types.TypeString(t, nil))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// addGenericFunc adds one operation per instance of a generic function.
func (p *Program) addGenericFunc(fn *types.Func, opts Options) {
	sig := fn.Type().(*types.Signature)
	insts := instances(sig.TypeParams())
	if len(insts) == 0 {
		p.Excluded = append(p.Excluded, Excluded{fn.Name(), "generic function whose constraints gentest cannot satisfy"})
		return
	}
	for _, targs := range insts {
		inst, err := types.Instantiate(ctxt, sig, targs, true)
		if err != nil {
			continue
		}
		p.addFuncSig(fn, nil, inst.(*types.Signature), targs, opts)
	}
}

// instantiateType returns instances of a generic named type.
func instantiateType(n *types.Named) []*types.Named {
	var out []*types.Named
	for _, targs := range instances(n.TypeParams()) {
		inst, err := types.Instantiate(ctxt, n, targs, true)
		if err != nil {
			continue
		}
		if in, ok := inst.(*types.Named); ok {
			out = append(out, in)
		}
	}
	return out
}
