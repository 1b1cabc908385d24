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
// Parameters whose constraint is built from other parameters (S ~[]E, M
// ~map[K]V) are chosen after those, by substituting the arguments already
// chosen into the constraint's type term.
func instances(tparams *types.TypeParamList) [][]types.Type {
	n := tparams.Len()
	if n == 0 {
		return nil
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
	// pick chooses, for each parameter, candidate number choice(i).
	pick := func(choice func(i int) int) []types.Type {
		t := make([]types.Type, n)
		for pass := 0; pass < n; pass++ {
			for i := range t {
				if t[i] != nil {
					continue
				}
				if c := candidates(tparams, i, t); len(c) > 0 {
					t[i] = c[choice(i)%len(c)]
				}
			}
		}
		return t
	}
	for choice := 0; choice < 2; choice++ {
		add(pick(func(int) int { return choice }))
	}
	if n >= 2 {
		add(pick(func(i int) int { return i + 1 }))
	}
	return out
}

// candidates returns type arguments that satisfy the constraint of
// parameter i, in preference order, given the arguments chosen so far
// (nil where none is): the types of its type set's terms (basic types, or
// composite ones such as ~[]E once E is chosen), or int and string for
// any and comparable. The final check is types.Instantiate's.
func candidates(tparams *types.TypeParamList, i int, chosen []types.Type) []types.Type {
	tp := tparams.At(i)
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
	dependent := false
	term := func(t types.Type) {
		if !mentionsTypeParam(t) {
			if _, ok := t.Underlying().(*types.Interface); !ok {
				addT(t)
			}
			return
		}
		dependent = true
		if st, ok := subst(t, tparams, chosen); ok {
			addT(st)
		}
	}
	var terms func(it *types.Interface)
	terms = func(it *types.Interface) {
		for j := 0; j < it.NumEmbeddeds(); j++ {
			switch e := it.EmbeddedType(j).(type) {
			case *types.Union:
				for k := 0; k < e.Len(); k++ {
					term(e.Term(k).Type())
				}
			default:
				if b, ok := e.Underlying().(*types.Interface); ok {
					terms(b)
				} else {
					term(e)
				}
			}
		}
	}
	terms(iface)
	if len(out) == 0 && !dependent && iface.NumMethods() == 0 {
		addT(types.Typ[types.Int])
		addT(types.Typ[types.String])
	}
	if dependent {
		return out
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

// mentionsTypeParam reports whether t refers to a type parameter.
func mentionsTypeParam(t types.Type) bool {
	found := false
	Walk(t, func(t types.Type) bool {
		if _, ok := t.(*types.TypeParam); ok {
			found = true
		}
		return !found
	})
	return found
}

// subst replaces the type parameters of tparams in t by the chosen
// arguments; false if one of them has none yet.
func subst(t types.Type, tparams *types.TypeParamList, chosen []types.Type) (types.Type, bool) {
	switch t := t.(type) {
	case *types.TypeParam:
		for i := 0; i < tparams.Len(); i++ {
			if tparams.At(i) == t {
				return chosen[i], chosen[i] != nil
			}
		}
		return nil, false
	case *types.Slice:
		e, ok := subst(t.Elem(), tparams, chosen)
		return types.NewSlice(e), ok
	case *types.Array:
		e, ok := subst(t.Elem(), tparams, chosen)
		return types.NewArray(e, t.Len()), ok
	case *types.Pointer:
		e, ok := subst(t.Elem(), tparams, chosen)
		return types.NewPointer(e), ok
	case *types.Chan:
		e, ok := subst(t.Elem(), tparams, chosen)
		return types.NewChan(t.Dir(), e), ok
	case *types.Map:
		k, ok1 := subst(t.Key(), tparams, chosen)
		v, ok2 := subst(t.Elem(), tparams, chosen)
		return types.NewMap(k, v), ok1 && ok2
	case *types.Signature:
		ps, ok1 := substTuple(t.Params(), tparams, chosen)
		rs, ok2 := substTuple(t.Results(), tparams, chosen)
		return types.NewSignatureType(nil, nil, nil, ps, rs, t.Variadic()), ok1 && ok2
	case *types.Named:
		if t.TypeArgs().Len() == 0 {
			return t, true
		}
		var args []types.Type
		for i := 0; i < t.TypeArgs().Len(); i++ {
			a, ok := subst(t.TypeArgs().At(i), tparams, chosen)
			if !ok {
				return nil, false
			}
			args = append(args, a)
		}
		inst, err := types.Instantiate(ctxt, t.Origin(), args, true)
		return inst, err == nil
	}
	return t, true
}

func substTuple(tup *types.Tuple, tparams *types.TypeParamList, chosen []types.Type) (*types.Tuple, bool) {
	var vars []*types.Var
	for i := 0; i < tup.Len(); i++ {
		v := tup.At(i)
		t, ok := subst(v.Type(), tparams, chosen)
		if !ok {
			return nil, false
		}
		vars = append(vars, types.NewParam(v.Pos(), v.Pkg(), v.Name(), t))
	}
	return types.NewTuple(vars...), true
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
