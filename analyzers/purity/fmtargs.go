package purity

import (
	"go/constant"
	"go/types"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"
)

// This file models what fmt does with the values it formats (the
// FormatsParams of its printers in roots.go): for each operand, fmt calls
// the Format, GoString, Error or String method of its dynamic type when it
// has one that suits the verb, and otherwise prints it by reflection,
// calling the same methods on the exported fields, elements, map keys and
// values it meets on the way (and on what a pointer operand points to).
// The analysis follows the operands' static types: a concrete type gives
// the methods exactly; an interface, whose dynamic type is unknown, is a
// call through a parameter when it is one (its caller knows the argument)
// and makes the summary conservative otherwise.

// verbUse is one verb applied to an operand.
type verbUse struct {
	verb   rune
	sharpV bool // %#v: GoString instead of Error and String
}

// formatArg adds the effects of formatting v, an argument in a
// FormatsParams position of a call to obj (a slice of interfaces holding
// the operands, or one interface value). args are the call's SSA
// arguments, receiver first, and k the position of v among them.
func (w *walker) formatArg(obj *types.Func, args []ssa.Value, k int, detail string) {
	v := args[k]
	verbs, known := callVerbs(obj, args, k)
	if interfaceElem(v.Type()) == nil {
		w.formatValue(v, nil, false, detail)
		return
	}
	elems, ok := sliceElements(v)
	if !ok {
		// A slice the function did not build: the operands it was
		// given (a ...any parameter passed on with a...).
		w.formatUnknown(v, detail)
		return
	}
	for _, e := range elems {
		var uses []verbUse
		if known && e.index >= 0 && e.index < len(verbs) {
			uses = verbs[e.index]
		}
		w.formatValue(e.val, uses, known && e.index >= 0, detail)
	}
}

// callVerbs returns the verbs a call to a fmt printer applies to each of
// its operands, when the format is a constant that says so plainly.
func callVerbs(obj *types.Func, args []ssa.Value, k int) ([][]verbUse, bool) {
	if obj == nil {
		return nil, false
	}
	fi, ok := fmtFormat[obj.FullName()]
	if !ok {
		return nil, false
	}
	sl, ok := args[k].(*ssa.Slice)
	if !ok {
		return nil, false
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	arr, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	n := int(arr.Len())
	if fi < 0 {
		uses := make([][]verbUse, n)
		for i := range uses {
			uses[i] = []verbUse{{verb: 'v'}}
		}
		return uses, true
	}
	if fi >= len(args) {
		return nil, false
	}
	c, ok := args[fi].(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return nil, false
	}
	return parseVerbs(constant.StringVal(c.Value), n)
}

// parseVerbs maps each of n operands to the verbs a format applies to it.
// Explicit argument indexes ("%[2]d") are not followed: the answer is then
// unknown. Operands left over are printed with %v, as fmt does for
// %!(EXTRA ...).
func parseVerbs(format string, n int) ([][]verbUse, bool) {
	uses := make([][]verbUse, n)
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		sharp := false
		for ; i < len(format) && strings.IndexByte("#0+- ", format[i]) >= 0; i++ {
			sharp = sharp || format[i] == '#'
		}
	width:
		for ; i < len(format); i++ {
			switch c := format[i]; {
			case c == '[':
				return nil, false
			case c == '*':
				arg++ // an int width or precision: no method is called
			case c == '.' || c >= '0' && c <= '9':
			default:
				break width
			}
		}
		if i >= len(format) {
			break
		}
		verb, size := utf8.DecodeRuneInString(format[i:])
		i += size - 1
		if verb == '%' {
			continue
		}
		if verb == 'w' {
			verb = 'v'
		}
		if arg < n {
			uses[arg] = append(uses[arg], verbUse{verb: verb, sharpV: sharp && verb == 'v'})
		}
		arg++
	}
	for ; arg < n; arg++ {
		uses[arg] = append(uses[arg], verbUse{verb: 'v'})
	}
	return uses, true
}

type element struct {
	index int // -1 when not a constant
	val   ssa.Value
}

// sliceElements returns the values stored into a slice the function built
// itself (the array SSA allocates for a variadic call, or a slice
// literal), or false when the slice comes from elsewhere or its elements'
// addresses escape.
func sliceElements(v ssa.Value) ([]element, bool) {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, true // no operands
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	var elems []element
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.IndexAddr:
			idx := -1
			if c, ok := ref.Index.(*ssa.Const); ok && c.Value != nil {
				if i, ok := constant.Int64Val(constant.ToInt(c.Value)); ok {
					idx = int(i)
				}
			}
			for _, use := range *ref.Referrers() {
				st, ok := use.(*ssa.Store)
				if !ok || st.Addr != ref {
					return nil, false
				}
				elems = append(elems, element{idx, st.Val})
			}
		case *ssa.Slice:
			if ref != sl {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return elems, true
}

// formatValue adds the effects of formatting one operand v, an interface
// value, with the given verbs (all verbs when !known).
func (w *walker) formatValue(v ssa.Value, uses []verbUse, known bool, detail string) {
	if known && !slices.ContainsFunc(uses, func(u verbUse) bool { return u.verb != 'T' && u.verb != 'p' }) {
		return // only its type or address is printed: no method is called
	}
	x, t := concrete(v)
	if t == nil {
		w.formatUnknown(v, detail)
		return
	}
	if !known {
		uses = nil
	}
	methods, unknown := fmtMethods(t, uses, known)
	if unknown != nil {
		w.s.setConservative(detail + " (formats a " + types.TypeString(unknown, nil) + " whose dynamic type is unknown)")
		return
	}
	for _, m := range methods {
		t := w.st.summaryOfObj(m)
		if t == nil {
			w.s.setConservative(detail + " (no summary for " + m.FullName() + ")")
			continue
		}
		// fmt recovers a panic in the method and prints it.
		noPanic := *t
		noPanic.effects &^= Panics
		w.applyVia(&noPanic, m, []ssa.Value{x}, detail)
	}
}

// formatUnknown handles an operand, or a slice of operands, whose dynamic
// types the function does not know: a parameter's are its caller's to
// resolve (FormatsParams), nil has none, anything else is unknown.
func (w *walker) formatUnknown(v ssa.Value, detail string) {
	v = stripConv(v)
	switch x := v.(type) {
	case *ssa.Const:
		if x.IsNil() {
			return
		}
	case *ssa.Parameter:
		for i, p := range w.fn.Params {
			if p == x {
				w.s.format(i)
				return
			}
		}
	case *ssa.UnOp:
		// An element of a slice-of-interface parameter, as in
		// calledValue.
		if ia, ok := x.X.(*ssa.IndexAddr); ok {
			if p, ok := ia.X.(*ssa.Parameter); ok && interfaceElem(p.Type()) != nil {
				for i, q := range w.fn.Params {
					if q == p {
						w.s.format(i)
						return
					}
				}
			}
		}
	}
	w.s.setConservative(detail + " (formats a " + types.TypeString(v.Type(), nil) + " whose dynamic type is unknown)")
}

// fmtMethods returns the methods fmt may call when it formats a value of
// the concrete type t with the given verbs (any verb when !known): the
// methods of t and of the values it prints by reflection. unknown is the
// first interface type (or reflect.Value) met whose dynamic type decides
// what fmt calls.
func fmtMethods(t types.Type, uses []verbUse, known bool) (methods []*types.Func, unknown types.Type) {
	type key struct {
		t    types.Type
		top  bool
		mthd bool
	}
	seen := make(map[key]bool)
	added := make(map[*types.Func]bool)
	add := func(m *types.Func) {
		if m != nil && !added[m] {
			added[m] = true
			methods = append(methods, m)
		}
	}
	// methodsOK is false under an unexported embedded field, whose
	// reflect value cannot be turned back into an interface: fmt prints
	// it without calling its methods (its exported fields get theirs).
	var visit func(t types.Type, depth int, methodsOK bool)
	visit = func(t types.Type, depth int, methodsOK bool) {
		k := key{t, depth == 0, methodsOK}
		if seen[k] || depth > 16 {
			return
		}
		seen[k] = true
		if methodsOK {
			if types.IsInterface(t) || isReflectValue(t) {
				if unknown == nil {
					unknown = t
				}
				return
			}
			handled := fmtHandlers(t, uses, known, add)
			if handled {
				return
			}
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			// Only an operand that is a pointer is followed (&{...});
			// deeper pointers print as addresses.
			if depth == 0 {
				switch u.Elem().Underlying().(type) {
				case *types.Struct, *types.Array, *types.Slice, *types.Map:
					visit(u.Elem(), depth+1, true)
				}
			}
		case *types.Struct:
			for f := range u.Fields() {
				switch {
				case f.Exported():
					visit(f.Type(), depth+1, true)
				case f.Embedded():
					visit(f.Type(), depth+1, false)
				}
			}
		case *types.Array:
			visit(u.Elem(), depth+1, methodsOK)
		case *types.Slice:
			visit(u.Elem(), depth+1, methodsOK)
		case *types.Map:
			visit(u.Key(), depth+1, methodsOK)
			visit(u.Elem(), depth+1, methodsOK)
		}
	}
	visit(t, 0, true)
	return methods, unknown
}

// fmtHandlers adds the methods of t that fmt calls for the verbs and
// reports whether they handle every verb, so that fmt does not print t by
// reflection (handleMethods in fmt/print.go).
func fmtHandlers(t types.Type, uses []verbUse, known bool, add func(*types.Func)) bool {
	mset := types.NewMethodSet(t)
	format := fmtMethod(mset, "Format")
	gostr := fmtMethod(mset, "GoString")
	errm := fmtMethod(mset, "Error")
	str := fmtMethod(mset, "String")
	if !known {
		if format != nil {
			add(format)
			return true
		}
		add(gostr)
		add(errm)
		add(str)
		return false
	}
	handled := true
	for _, u := range uses {
		switch {
		case u.verb == 'T' || u.verb == 'p':
			// The type's name, or the pointer: no method is called.
		case format != nil:
			add(format)
		case u.sharpV:
			if gostr != nil {
				add(gostr)
			} else {
				handled = false
			}
		case strings.ContainsRune("vsxXq", u.verb) && (errm != nil || str != nil):
			if errm != nil {
				add(errm)
			} else {
				add(str)
			}
		default:
			handled = false
		}
	}
	return handled
}

// fmtMethod returns the method name of a method set if it has the
// signature of fmt's interface of that name.
func fmtMethod(mset *types.MethodSet, name string) *types.Func {
	sel := mset.Lookup(nil, name)
	if sel == nil {
		return nil
	}
	m, ok := sel.Obj().(*types.Func)
	if !ok {
		return nil
	}
	sig := m.Signature()
	if name == "Format" {
		if sig.Params().Len() != 2 || sig.Results().Len() != 0 {
			return nil
		}
		n, ok := types.Unalias(sig.Params().At(0).Type()).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "fmt" || n.Obj().Name() != "State" {
			return nil
		}
		return m
	}
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
		return nil
	}
	return m
}

func isReflectValue(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "reflect" && n.Obj().Name() == "Value"
}
