package accesspath

import (
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// cells describes the memory a value of some type can reach through
// pointers, slices, maps and channels: the types of the cells it may
// address (a *T addresses a T and the fields and elements inside it). any
// is set when the type can hold a pointer to memory of any type (an
// interface, a function's captured variables, unsafe.Pointer, a type
// parameter).
type cells struct {
	types []types.Type
	set   typeutil.Map // the same types, for lookups up to identity
	any   bool
}

// mayShare reports whether a value of type r (a call's result) may point
// into memory reachable from a value of type a (an argument): some cell
// type reachable from one is reachable from the other. Without unsafe,
// a pointer only ever addresses a cell of its own element type, so a
// []byte result cannot point into a []int32 argument's array, and an int
// result points nowhere.
func (a *Analysis) mayShare(r, arg types.Type) bool {
	rc, ac := a.cellsOf(r), a.cellsOf(arg)
	if rc.any && len(ac.types) > 0 || ac.any && len(rc.types) > 0 || rc.any && ac.any {
		return true
	}
	small, large := rc, ac
	if len(small.types) > len(large.types) {
		small, large = large, small
	}
	for _, x := range small.types {
		if large.set.At(x) != nil {
			return true
		}
	}
	return false
}

// maxTypeDepth bounds the nesting collectCells follows.
const maxTypeDepth = 200

// cellsOf returns the cells of t, memoized per type.
func (a *Analysis) cellsOf(t types.Type) *cells {
	if c, ok := a.cellMemo[t]; ok {
		return c
	}
	c := &cells{}
	collectCells(c, t, false, map[types.Type]bool{}, 0)
	if a.cellMemo == nil {
		a.cellMemo = make(map[types.Type]*cells)
	}
	a.cellMemo[t] = c
	return c
}

// collectCells adds to c the cells reachable from a value of type t;
// inCell says whether the value itself is in addressable memory (then t
// is a cell type too). Struct fields and array elements are part of the
// value; pointees, slice and map elements and channel buffers are cells.
func collectCells(c *cells, t types.Type, inCell bool, seen map[types.Type]bool, depth int) {
	if c.any {
		return
	}
	if depth > maxTypeDepth {
		// Types of generic instances need not be canonical, so seen may
		// miss a cycle through them: give up rather than loop.
		c.any = true
		return
	}
	if inCell {
		if seen[t] {
			return
		}
		seen[t] = true
		if c.set.At(t) == nil {
			c.set.Set(t, true)
			c.types = append(c.types, t)
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Kind() == types.UnsafePointer:
			c.any = true
		case u.Info()&types.IsString != 0:
			// A string's bytes may be a []byte's (unsafe.String,
			// strings.Builder), though no one writes them.
			collectCells(c, types.Typ[types.Byte], true, seen, depth+1)
		}
	case *types.Pointer:
		collectCells(c, u.Elem(), true, seen, depth+1)
	case *types.Slice:
		collectCells(c, u.Elem(), true, seen, depth+1)
	case *types.Chan:
		collectCells(c, u.Elem(), true, seen, depth+1)
	case *types.Map:
		collectCells(c, u.Key(), true, seen, depth+1)
		collectCells(c, u.Elem(), true, seen, depth+1)
	case *types.Array:
		collectCells(c, u.Elem(), inCell, seen, depth+1)
	case *types.Struct:
		for i := range u.NumFields() {
			collectCells(c, u.Field(i).Type(), inCell, seen, depth+1)
		}
	case *types.Tuple:
		for i := range u.Len() {
			collectCells(c, u.At(i).Type(), inCell, seen, depth+1)
		}
	default:
		// Interfaces, functions (their closures' variables), type
		// parameters.
		c.any = true
	}
}
