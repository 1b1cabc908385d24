package model

import (
	"go/types"
)

// Construction options (Options.Construct): how the model builds values the
// way a package's API means them to be built, beyond zero values. The
// construct analyzer decides which struct types a composite literal may
// build and with which fields; the rest follows from the types.
type Construct struct {
	// LiteralFields returns the exported fields, in declaration order, a
	// composite literal of the package's named struct type may set, or nil
	// when the type is not to be built by a literal (it has none, or a
	// constructor builds what a literal cannot set).
	LiteralFields func(tn *types.TypeName) []string
	// Vars are the exported package variables whose values the model
	// offers as operations (base64.StdEncoding, DefaultConfig).
	Vars []*types.Var
}

// built are the effects of a literal or a variable read: none.
var built = Effects{Known: true, Pure: true}

// maxArray bounds the arrays the model writes as literals element by
// element.
const maxArray = 4

// composites adds the construction operations of c: composite literals of
// the package's struct types with their exported fields as parameters,
// literals of slices, arrays and maps whose elements no literal fills
// (structs, pointers, option funcs, ...) with one or two elements, and the
// package's variables. They are regular operations: the search calls them,
// pools their results and tunes their literal fields like any argument.
func (p *Program) composites(c *Construct) {
	if c == nil {
		return
	}
	// The types the package's operations take, then the types of the
	// fields and elements of those built here, breadth first.
	var queue []types.Type
	for _, op := range p.Ops {
		if !op.UnderTest {
			continue
		}
		for _, prm := range op.Params {
			queue = append(queue, prm.Type)
		}
	}
	seen := map[string]bool{}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		k := types.TypeString(t, nil)
		if seen[k] || unnameable(t, p.Pkg) != "" {
			continue
		}
		seen[k] = true
		queue = append(queue, p.composite(t, c)...)
	}
	for _, v := range c.Vars {
		if unnameable(v.Type(), p.Pkg) != "" {
			continue
		}
		p.add(&Op{Kind: Var, Name: v.Name(), Var: v, Results: []types.Type{v.Type()}, Effects: built})
	}
}

// composite adds the literal operations for values of type t and returns
// the types their parameters take.
func (p *Program) composite(t types.Type, c *Construct) []types.Type {
	ptr := false
	if pt, ok := t.(*types.Pointer); ok {
		t, ptr = pt.Elem(), true
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		n, ok := t.(*types.Named)
		if !ok || n.Obj().Pkg() != p.Pkg || c.LiteralFields == nil || n.TypeParams().Len() > 0 {
			return nil
		}
		names := c.LiteralFields(n.Obj())
		if len(names) == 0 {
			return nil
		}
		op := &Op{Kind: Composite, Name: n.Obj().Name(), Type: n, Ptr: ptr, Effects: built}
		var next []types.Type
		for _, name := range names {
			f := field(u, name)
			if f == nil || unnameable(f.Type(), p.Pkg) != "" {
				continue
			}
			op.Params = append(op.Params, Param{Name: name, Type: f.Type(), Lit: litClass(f.Type())})
			next = append(next, f.Type())
		}
		if len(op.Params) == 0 {
			return nil
		}
		if ptr {
			op.Results = []types.Type{types.NewPointer(n)}
		} else {
			op.Results = []types.Type{n}
		}
		p.add(op)
		return next
	case *types.Slice:
		if ptr || !needsElems(u.Elem()) {
			return nil
		}
		for n := 1; n <= 2; n++ {
			op := &Op{Kind: Composite, Name: recvName(t), Type: t, Results: []types.Type{t}, Effects: built}
			for i := 0; i < n; i++ {
				op.Params = append(op.Params, Param{Name: "e", Type: u.Elem(), Lit: litClass(u.Elem())})
			}
			p.add(op)
		}
		return []types.Type{u.Elem()}
	case *types.Array:
		if ptr || !needsElems(u.Elem()) || u.Len() < 1 || u.Len() > maxArray {
			return nil
		}
		op := &Op{Kind: Composite, Name: recvName(t), Type: t, Results: []types.Type{t}, Effects: built}
		for i := int64(0); i < u.Len(); i++ {
			op.Params = append(op.Params, Param{Name: "e", Type: u.Elem(), Lit: litClass(u.Elem())})
		}
		p.add(op)
		return []types.Type{u.Elem()}
	case *types.Map:
		if ptr {
			return nil
		}
		// Any map: a literal is the only way to a non-nil map argument.
		for n := 1; n <= 2; n++ {
			op := &Op{Kind: Composite, Name: recvName(t), Type: t, Results: []types.Type{t}, Effects: built}
			for i := 0; i < n; i++ {
				op.Params = append(op.Params,
					Param{Name: "k", Type: u.Key(), Lit: litClass(u.Key())},
					Param{Name: "v", Type: u.Elem(), Lit: litClass(u.Elem())})
			}
			p.add(op)
		}
		return []types.Type{u.Key(), u.Elem()}
	}
	return nil
}

// needsElems reports whether a slice or array of elem needs a literal
// operation: its elements are not literals the search writes directly.
func needsElems(elem types.Type) bool {
	switch litClass(elem) {
	case LitNone, LitNilOK:
		return true
	}
	return false
}

func field(st *types.Struct, name string) *types.Var {
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Name() == name && f.Exported() {
			return f
		}
	}
	return nil
}

// varsUnsafe drops the variables whose values a call may change: a
// pointer (or map, slice) shared by every test, handed to a mutator,
// would carry state from one test to the next.
func (p *Program) varsUnsafe() {
	var keep []*Op
	for _, op := range p.Ops {
		if op.Kind != Var || !sharesState(op.Var.Type()) || !p.mutable(op.Var.Type()) {
			keep = append(keep, op)
			continue
		}
		p.Excluded = append(p.Excluded, Excluded{op.Name, "package variable whose shared value a method of its type may change"})
	}
	p.Ops = keep
}

func sharesState(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice, *types.Chan, *types.Interface:
		return true
	}
	return false
}

// mutable reports whether an operation may change a value of type t it
// receives, or the model cannot tell.
func (p *Program) mutable(t types.Type) bool {
	for _, op := range p.Ops {
		for i, prm := range op.Params {
			if !types.AssignableTo(t, prm.Type) {
				continue
			}
			if !op.Effects.Known || op.Mutator(i) {
				return true
			}
		}
	}
	return false
}
