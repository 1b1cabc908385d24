package model

import "go/types"

// Walk calls f for t and, while f returns true, for the types t is built
// from: type arguments of named types, elements, keys, parameters and
// results, fields. It does not look through named types' underlying types
// and stops ten levels deep, so recursive types end.
func Walk(t types.Type, f func(types.Type) bool) {
	walk(t, f, 0)
}

func walk(t types.Type, f func(types.Type) bool, depth int) {
	if t == nil || depth > 10 || !f(t) {
		return
	}
	next := func(u types.Type) { walk(u, f, depth+1) }
	switch t := t.(type) {
	case *types.Named:
		if args := t.TypeArgs(); args != nil {
			for i := 0; i < args.Len(); i++ {
				next(args.At(i))
			}
		}
	case *types.Alias:
		next(types.Unalias(t))
	case *types.Pointer:
		next(t.Elem())
	case *types.Slice:
		next(t.Elem())
	case *types.Array:
		next(t.Elem())
	case *types.Map:
		next(t.Key())
		next(t.Elem())
	case *types.Chan:
		next(t.Elem())
	case *types.Signature:
		for i := 0; i < t.Params().Len(); i++ {
			next(t.Params().At(i).Type())
		}
		for i := 0; i < t.Results().Len(); i++ {
			next(t.Results().At(i).Type())
		}
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			next(t.Field(i).Type())
		}
	}
}
