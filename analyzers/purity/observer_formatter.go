package purity

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file holds the third class of incidental code beside lazy fills
// and debug code (incidental.go): a fmt.Formatter that records the
// parameters of the current formatting in its own receiver.
//
// A Format(fmt.State, rune) method is called by fmt once per operand and
// verb. Formatters that delegate to helper methods commonly keep the
// call's fmt.State, verb, width, precision or flags in fields of the
// receiver so that the helpers can reach them (spew's formatState keeps
// the fmt.State; x/text's plural parser is formatted into once, only to
// capture the verb and precision of a format string). Such a store
// overwrites the field with something of this call only: what the method
// prints does not depend on an earlier call, nothing accumulates, and the
// next Format overwrites it again. A caller would not call it a side
// effect of formatting, so the observer check does not report it.
//
// The line: only a store into a field of the receiver itself (r.f = v,
// not through a further pointer, map or slice of it), in a method with
// Format's fmt.Formatter signature, of a value that is a parameter of the
// method, a constant, or the result of a method call on the fmt.State
// parameter (s.Precision(), s.Width(), s.Flag('#')). A counter bumped, an
// append, a value computed from the receiver's old state, a map update or
// anything stored by String, Error and the other observers stays a side
// effect.

// formatterStateStores marks in ic the stores of w.fn that record the
// parameters of the current formatting in the receiver, when w.fn is a
// Format method of fmt.Formatter's shape.
func (w *walker) formatterStateStores(blocks []*ssa.BasicBlock, ic incidentalCode) {
	fn := w.fn
	if fn.Signature.Recv() == nil || fn.Name() != "Format" || len(fn.Params) != 3 || !isFmtState(fn.Params[1].Type()) {
		return
	}
	if b, ok := fn.Params[2].Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Int32 {
		return
	}
	recv, state := fn.Params[0], fn.Params[1]
	for _, b := range blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if !ok || fa.X != recv {
				continue
			}
			if formattingParam(st.Val, fn, state) {
				ic.instrs[st] = true
			}
		}
	}
}

// formattingParam reports whether v is a value of the current formatting
// only: a parameter of fn other than its receiver, a constant, or a
// result of a method call on the fmt.State parameter.
func formattingParam(v ssa.Value, fn *ssa.Function, state *ssa.Parameter) bool {
	v = stripConv(v)
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	switch v := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.Parameter:
		return v.Parent() == fn && v != fn.Params[0]
	case *ssa.Call:
		return v.Call.IsInvoke() && v.Call.Value == state
	}
	return false
}

// isFmtState reports whether t is fmt.State.
func isFmtState(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == "fmt" && obj.Name() == "State"
}
