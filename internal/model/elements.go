package model

import (
	"go/types"
)

// Element views. A container whose only way to show its contents is an
// indexed getter (a deque's At(i), a vector's Get(i)) beside a count
// (Len, Size) has no observer that says what it holds: after an Insert in
// the middle a test checks Front and Back, and a fault that misplaces the
// middle element passes. A person reads such a container the way its own
// tests do, element by element:
//
//	var items []string
//	for i := 0; i < q.Len(); i++ {
//		items = append(items, q.At(i))
//	}
//
// so the model adds, for each such type, an Elements operation that does
// that: an observer like the others, which the oracle calls after a
// target and keeps when its check kills a mutant. A type with an observer
// that already shows its contents (String, or one returning a slice, an
// array or a map: Values, Keys) gets none.

// MaxElements bounds the elements an Elements operation reads: a check of
// hundreds of elements is no check a reader can follow.
const MaxElements = 64

// elementViews adds the Elements operations. It runs after the facts are
// attached: both methods must be pure.
func (p *Program) elementViews() {
	type view struct{ count, get *Op }
	views := map[string]*view{}
	var order []string // receiver types in operation order: determinism
	full := map[string]bool{}
	for _, op := range p.Ops {
		if !op.Observer() || !op.UnderTest {
			continue
		}
		k := types.TypeString(op.Params[0].Type, nil)
		if showsContents(op) {
			full[k] = true
		}
		v := views[k]
		if v == nil {
			v = &view{}
			views[k] = v
			order = append(order, k)
		}
		if isCount(op) && v.count == nil {
			v.count = op
		}
	}
	for _, op := range p.Ops {
		k := ""
		if op.Kind == Method && op.UnderTest && len(op.Params) > 0 {
			k = types.TypeString(op.Params[0].Type, nil)
		}
		if v := views[k]; v != nil && v.get == nil && isIndexGetter(op) {
			v.get = op
		}
	}
	for _, k := range order {
		v := views[k]
		if full[k] || v.count == nil || v.get == nil {
			continue
		}
		p.add(&Op{Kind: Elements, Name: v.get.Name, Func: v.get.Func, Count: v.count.Func, Type: v.get.Params[0].Type,
			Params:  []Param{{Name: "x", Type: v.get.Params[0].Type, Recv: true}},
			Results: []types.Type{types.NewSlice(v.get.Results[0])}, Effects: v.get.Effects})
	}
}

// showsContents reports whether the observer op says what its receiver
// holds: String, or a slice, array or map result.
func showsContents(op *Op) bool {
	if op.Func != nil && op.Func.Name() == "String" {
		return true
	}
	switch op.Results[0].Underlying().(type) {
	case *types.Slice, *types.Array, *types.Map:
		return true
	}
	return false
}

// isCount reports whether op is Len() int or Size() int.
func isCount(op *Op) bool {
	if op.Func == nil || len(op.Results) != 1 || !types.Identical(op.Results[0], types.Typ[types.Int]) {
		return false
	}
	n := op.Func.Name()
	return n == "Len" || n == "Size"
}

// isIndexGetter reports whether op is a pure method taking an int index
// and returning an element, alone or with a bool (Get(i) (T, bool)). Its
// type must also have a count (Len, Size): a number's Pow(n int) is no
// getter, and numbers have no length.
func isIndexGetter(op *Op) bool {
	if !op.Effects.Known || !op.Effects.Pure || op.Effects.Nondeterministic || len(op.Params) != 2 ||
		!types.Identical(op.Params[1].Type, types.Typ[types.Int]) {
		return false
	}
	switch len(op.Results) {
	case 1:
	case 2:
		if !isBool(op.Results[1]) {
			return false
		}
	default:
		return false
	}
	return true
}
