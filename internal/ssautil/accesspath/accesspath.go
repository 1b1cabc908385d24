// Package accesspath finds the memory roots an SSA value may point into:
// the function's parameters and free variables, package-level variables,
// and objects allocated in the function itself.
//
// It is a points-to analysis in miniature, local to one function and
// flow-insensitive: a value derived from a parameter by field selection,
// indexing, slicing, conversion or loads is rooted at that parameter, and a
// pointer stored into a local object and loaded back keeps its roots. Effect
// analyses use it to tell a write into a fresh object (no side effect) from
// a write into memory the caller can see.
package accesspath

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Kind is the kind of a root.
type Kind uint8

// The kinds of roots.
const (
	Param   Kind = iota + 1 // a parameter of the function, receiver included
	FreeVar                 // a free variable of a closure
	Global                  // a package-level variable
	Local                   // an object allocated by the function
	Unknown                 // the analysis gave up (budget exceeded)
)

// A Root is a place memory reachable from a value may come from.
type Root struct {
	Kind Kind
	// Index is the position in Function.Params or Function.FreeVars.
	Index int
	// Value is the *ssa.Parameter, *ssa.FreeVar, *ssa.Global (or the call
	// whose result refers to a global), or the allocation site of a Local
	// root.
	Value ssa.Value
	// Deref is the number of loads between the root and the value, capped
	// at MaxDeref: 0 when the value is the root itself or an address inside
	// it, 1 when it was loaded from memory the root points to, and so on.
	// It matters for free variables, which are cells: a closure writing its
	// free variable at Deref 0 writes the captured variable itself.
	Deref int
}

// MaxDeref caps Root.Deref: deeper loads are counted as MaxDeref.
const MaxDeref = 2

// budget bounds the values visited per query, so huge generated functions
// stay linear; past it the answer includes an Unknown root.
const budget = 1000

// Analysis answers root queries for one function. It is not safe for
// concurrent use.
type Analysis struct {
	fn *ssa.Function
	// contents maps a local allocation site to the values stored into it
	// (through any field or index of it), so that loads from local objects
	// keep the roots of what was stored. fields holds the subset stored
	// directly into a field of the object, so that a load of another field
	// does not pick them up: flat := &T{A: p.A}; flat.M = make(map...);
	// flat.M[k] = v writes a fresh map, not p's memory.
	contents map[ssa.Value][]ssa.Value
	fields   map[fieldKey][]ssa.Value
	// whole holds values stored into an object other than through one of
	// its fields (elements, or the whole object).
	whole map[ssa.Value][]ssa.Value
	// Results, if set, tells what a call's result may point into (see
	// CallResults); ok is false when unknown. Without it, or when it
	// returns !ok, a call's result may point into anything its arguments
	// point to.
	Results func(c *ssa.CallCommon) (r CallResults, ok bool)

	memo      map[key][]Root
	writeMemo map[ssa.Value][]Root  // see WrittenRoots
	cellMemo  map[types.Type]*cells // see mayShare
}

// CallResults is what a callee's summary says its results may point into.
// Argument indices are as in ssa.CallCommon.Args, with the invoke receiver
// prepended for methods.
type CallResults struct {
	// Args lists the arguments whose memory the results may point into,
	// at any depth.
	Args []int
	// Direct lists those (a subset of Args) whose memory the results'
	// own memory may be: the result is the argument, a slice of its
	// array, a pointer into it. A new slice or struct that only holds
	// what the argument holds has its own memory, and writing into it
	// writes nothing of the argument.
	Direct []int
	// Global reports that the results may point into package-level
	// variables, and GlobalResults which of them (0-based positions in
	// the callee's results; nil: any of them). A function returning a
	// fresh object beside a package's sentinel error (return nil,
	// ErrUnsupported) has only its error result in package memory.
	Global        bool
	GlobalResults []int
}

type fieldKey struct {
	alloc ssa.Value
	field int
}

type key struct {
	v     ssa.Value
	deref int
}

// New returns an analysis of fn.
func New(fn *ssa.Function) *Analysis {
	return &Analysis{fn: fn}
}

// IsAllocation reports whether v creates a new object in the function.
func IsAllocation(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeClosure:
		return true
	}
	return false
}

// Base strips address arithmetic (field and element addresses, slicing,
// type changes) from an address without going through loads.
func Base(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Slice:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
}

func (a *Analysis) buildContents() {
	a.contents = make(map[ssa.Value][]ssa.Value)
	a.fields = make(map[fieldKey][]ssa.Value)
	a.whole = make(map[ssa.Value][]ssa.Value)
	add := func(addr, val ssa.Value) {
		b := Base(addr)
		if !IsAllocation(b) || !MayAlias(val.Type()) {
			return
		}
		a.contents[b] = append(a.contents[b], val)
		if fa, ok := addr.(*ssa.FieldAddr); ok && fa.X == b {
			k := fieldKey{b, fa.Field}
			a.fields[k] = append(a.fields[k], val)
		} else {
			a.whole[b] = append(a.whole[b], val)
		}
	}
	for _, b := range a.fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				add(instr.Addr, instr.Val)
			case *ssa.MapUpdate:
				add(instr.Map, instr.Key)
				add(instr.Map, instr.Value)
			case *ssa.Send:
				add(instr.Chan, instr.X)
			case *ssa.MakeClosure:
				for _, b := range instr.Bindings {
					if MayAlias(b.Type()) {
						a.contents[instr] = append(a.contents[instr], b)
					}
				}
			}
		}
	}
}

// Roots returns the roots of memory reachable from v, v itself being
// reached through deref loads (0 for a value used directly, such as the
// address of a store). The result is deduplicated, in discovery order, and
// must not be modified.
func (a *Analysis) Roots(v ssa.Value, deref int) []Root {
	if deref > MaxDeref {
		deref = MaxDeref
	}
	k := key{v, deref}
	if r, ok := a.memo[k]; ok {
		return r
	}
	if a.contents == nil {
		a.buildContents()
	}
	if a.memo == nil {
		a.memo = make(map[key][]Root)
	}
	a.memo[k] = a.query(k, nil)
	return a.memo[k]
}

// WrittenRoots returns the roots of the memory a write through addr
// itself changes: a store through a pointer, an append, copy or element
// store into a slice's array, a map update. It is Roots(addr, 0) less the
// memory a call's result may only reach through arguments that cannot
// hold a cell of the written type: without unsafe, a []string's array is
// never inside the memory of a []byte argument, so a struct a helper
// builds around that argument (&raw{X: newBuffer(b)}) is not the
// argument's memory where its []string field is appended to. The type
// rule for unresolved calls (mayShare) compares a result's type with the
// arguments'; this compares the type actually written, which also applies
// to calls whose summary lists the argument. Addresses whose written
// type is not known (an interface, a type parameter) get Roots(addr, 0).
func (a *Analysis) WrittenRoots(addr ssa.Value) []Root {
	written := writtenCells(addr.Type())
	if written == nil {
		return a.Roots(addr, 0)
	}
	if r, ok := a.writeMemo[addr]; ok {
		return r
	}
	if a.contents == nil {
		a.buildContents()
	}
	if a.writeMemo == nil {
		a.writeMemo = make(map[ssa.Value][]Root)
	}
	a.writeMemo[addr] = a.query(key{addr, 0}, written)
	return a.writeMemo[addr]
}

// writtenCells returns the types of the cells a write through a value of
// type t changes: the pointee or element, and the fields and array
// elements inside it (not what they point to). Nil when a cell may be of
// any type: t is not a pointer, slice or map, or what it addresses is or
// holds an interface or a type parameter, whose dynamic types a generic
// function or a conversion may make anything.
func writtenCells(t types.Type) []types.Type {
	var out []types.Type
	var add func(t types.Type, depth int) bool
	add = func(t types.Type, depth int) bool {
		if depth > 8 {
			return false
		}
		if _, ok := types.Unalias(t).(*types.TypeParam); ok {
			return false
		}
		out = append(out, t)
		switch u := t.Underlying().(type) {
		case *types.Interface:
			return false
		case *types.Basic:
			return u.Kind() != types.UnsafePointer
		case *types.Struct:
			for i := range u.NumFields() {
				if !add(u.Field(i).Type(), depth+1) {
					return false
				}
			}
		case *types.Array:
			return add(u.Elem(), depth+1)
		}
		return true
	}
	var ok bool
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Pointer:
		ok = add(u.Elem(), 0)
	case *types.Slice:
		ok = add(u.Elem(), 0)
	case *types.Map:
		ok = add(u.Key(), 0) && add(u.Elem(), 0)
	}
	if !ok {
		return nil
	}
	return out
}

// mayHold reports whether memory reachable from a value of type arg may
// be a cell of one of the written types (see WrittenRoots).
func (a *Analysis) mayHold(arg types.Type, written []types.Type) bool {
	c := a.cellsOf(arg)
	if c.any {
		return true
	}
	for _, t := range written {
		if c.set.At(t) != nil {
			return true
		}
	}
	return false
}

// query runs one root search from k; written, when not nil, filters the
// arguments a call's result is traced into (WrittenRoots).
func (a *Analysis) query(k key, written []types.Type) []Root {
	w := &walk{a: a, written: written, seenRoot: make(map[Root]bool), visited: map[key]bool{k: true}, stack: []key{k}}
	for len(w.stack) > 0 {
		if len(w.visited) > budget {
			w.addRoot(Root{Kind: Unknown})
			break
		}
		cur := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		if MayAlias(cur.v.Type()) {
			w.visit(cur.v, cur.deref)
		}
	}
	return w.roots
}

// walk is the state of one Roots query: a depth-first search from the
// queried value back through what it was derived from.
type walk struct {
	a *Analysis
	// written, when not nil, holds the types of the cells the queried
	// write changes (WrittenRoots).
	written  []types.Type
	roots    []Root // found so far, in discovery order
	seenRoot map[Root]bool
	visited  map[key]bool
	stack    []key
}

func (w *walk) addRoot(r Root) {
	if !w.seenRoot[r] {
		w.seenRoot[r] = true
		w.roots = append(w.roots, r)
	}
}

// push schedules v, reached through d loads (clamped to 0..MaxDeref).
func (w *walk) push(v ssa.Value, d int) {
	d = min(max(d, 0), MaxDeref)
	k := key{v, d}
	if !w.visited[k] {
		w.visited[k] = true
		w.stack = append(w.stack, k)
	}
}

// visit records v as a root or pushes what it is derived from; d is the
// number of loads between v and the queried value.
func (w *walk) visit(v ssa.Value, d int) {
	if e, ok := v.(*ssa.Extract); ok {
		if call, ok := e.Tuple.(*ssa.Call); ok {
			// One result of a call: the callee's summary may say
			// more about it than about the others.
			w.callRoots(call, d, e.Index)
			return
		}
	}
	if x, loads, ok := derivedFrom(v); ok {
		w.push(x, d+loads)
		return
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		w.addRoot(Root{Kind: Param, Index: paramIndex(v), Value: v})
	case *ssa.FreeVar:
		w.addRoot(Root{Kind: FreeVar, Index: freeVarIndex(v), Value: v, Deref: d})
	case *ssa.Global:
		w.addRoot(Root{Kind: Global, Value: v})
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeClosure:
		w.addRoot(Root{Kind: Local, Value: v})
		if d > 0 {
			for _, c := range w.a.contents[v] {
				w.push(c, d-1)
			}
		}
	case *ssa.FieldAddr:
		if d > 0 && IsAllocation(v.X) {
			// A load from one field of a local object.
			w.addRoot(Root{Kind: Local, Value: v.X})
			for _, c := range w.a.fieldContents(v.X, v.Field, nil) {
				w.push(c, d-1)
			}
			return
		}
		w.push(v.X, d)
	case *ssa.Convert:
		if isUnsafePointer(v.Type()) && !MayAlias(v.X.Type()) {
			// unsafe.Pointer(uintptr(p) + off): the pointer is p's
			// memory (bbolt's page elements and byte slices are made
			// so), found through the integer arithmetic.
			for _, x := range uintptrOrigins(v.X) {
				w.push(x, d)
			}
		} else if isUnsafePointer(v.Type()) || isUnsafePointer(v.X.Type()) {
			w.push(v.X, d)
		} else {
			// string to []byte or []rune copies.
			w.addRoot(Root{Kind: Local, Value: v})
		}
	case *ssa.Phi:
		for _, e := range v.Edges {
			w.push(e, d)
		}
	case *ssa.Select:
		for _, st := range v.States {
			if st.Dir == types.RecvOnly {
				w.push(st.Chan, d+1)
			}
		}
	case *ssa.Call:
		w.callRoots(v, d, -1)
	}
}

// fieldContents returns the values that may be stored in field f of the
// local object alloc: those stored into the field, and those stored into
// the whole object. A whole struct copied from another local object (a
// composite literal, which SSA builds in a temporary and copies: d :=
// T{A: p.A} then d.B = make(...)) contributes only what was stored into
// that object's field f, so d.B does not pick up p.A.
func (a *Analysis) fieldContents(alloc ssa.Value, f int, seen []ssa.Value) []ssa.Value {
	out := a.fields[fieldKey{alloc, f}]
	for _, c := range a.whole[alloc] {
		if load, ok := c.(*ssa.UnOp); ok && load.Op == token.MUL {
			if src, ok := load.X.(*ssa.Alloc); ok && !slices.Contains(seen, ssa.Value(src)) &&
				types.Identical(src.Type(), alloc.Type()) {
				out = append(slices.Clip(out), a.fieldContents(src, f, append(seen, alloc))...)
				continue
			}
		}
		out = append(slices.Clip(out), c)
	}
	return out
}

// derivedFrom returns the one operand v refers into whatever memory it
// refers to (a field, element or slice of it, the same pointer under
// another type, a value it holds), and the loads between them: 1 for a
// map lookup, a dereference, a channel receive or an iterator step.
func derivedFrom(v ssa.Value) (x ssa.Value, loads int, ok bool) {
	switch v := v.(type) {
	case *ssa.Field:
		return v.X, 0, true
	case *ssa.IndexAddr:
		return v.X, 0, true
	case *ssa.Index:
		return v.X, 0, true
	case *ssa.Slice:
		return v.X, 0, true
	case *ssa.Lookup:
		return v.X, 1, true
	case *ssa.ChangeType:
		return v.X, 0, true
	case *ssa.ChangeInterface:
		return v.X, 0, true
	case *ssa.MakeInterface:
		return v.X, 0, true
	case *ssa.TypeAssert:
		return v.X, 0, true
	case *ssa.SliceToArrayPointer:
		return v.X, 0, true
	case *ssa.MultiConvert:
		return v.X, 0, true
	case *ssa.Extract:
		return v.Tuple, 0, true
	case *ssa.Range:
		return v.X, 0, true
	case *ssa.Next:
		return v.Iter, 1, true
	case *ssa.UnOp:
		if v.Op == token.MUL || v.Op == token.ARROW {
			return v.X, 1, true
		}
	}
	return nil, 0, false
}

// pushArg schedules an argument a call's result may point into, unless
// the query is a write of cells the argument's memory cannot hold.
func (w *walk) pushArg(arg ssa.Value, d int) {
	if w.written != nil && !w.a.mayHold(arg.Type(), w.written) {
		return
	}
	w.push(arg, d)
}

// callRoots records the roots of a call's result (of result number index
// when the call has several and one is queried, else -1): a fresh object,
// and what the callee's summary (Analysis.Results) says it may return, or
// else anything the arguments refer to.
func (w *walk) callRoots(v *ssa.Call, d, index int) {
	c := v.Common()
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "append":
			// The result shares the first argument's backing array or
			// is fresh; the appended elements are copied, so only what
			// they point to is reachable from the result.
			w.addRoot(Root{Kind: Local, Value: v})
			w.push(c.Args[0], d)
			if d > 0 && len(c.Args) > 1 {
				w.push(c.Args[1], d)
			}
		case "ssa:wrapnilchk":
			w.push(c.Args[0], d)
		}
		return
	}
	w.addRoot(Root{Kind: Local, Value: v})
	if w.a.Results != nil {
		if r, ok := w.a.Results(c); ok {
			args := c.Args
			if c.IsInvoke() {
				args = append([]ssa.Value{c.Value}, args...)
			}
			idx := r.Args
			if d == 0 {
				// The result's own memory: only the arguments it may be.
				idx = r.Direct
			}
			for _, i := range idx {
				if i < len(args) {
					w.pushArg(args[i], d+1)
				}
			}
			if r.Global && (index < 0 || r.GlobalResults == nil || slices.Contains(r.GlobalResults, index)) {
				w.addRoot(Root{Kind: Global, Value: v})
			}
			return
		}
	}
	// A method in the append style (strconv.AppendInt's shape: its
	// results that can hold memory are slices of the type of a
	// destination argument) returns that destination, extended, or a
	// fresh slice; not memory of its receiver or other arguments. An
	// interface's formatExpandedTo(b []byte, ...) []byte or
	// AsCanonicalBytes(out []byte) ([]byte, int32) is such a method:
	// the convention is the package's own. A function value is whatever
	// a caller passed, so it keeps the rule below (a callback may hand
	// back one of its receiver-like argument's slices).
	if dst := appendDestinations(c, v.Type()); len(dst) > 0 {
		for _, arg := range dst {
			w.pushArg(arg, d+1)
		}
		return
	}
	// The result may point to anything reachable from the arguments
	// that holds memory of a type the result can point to: a callback
	// taking (*Path, []byte) and returning []byte returns the buffer or
	// a fresh one, never the path's []int32 (see mayShare).
	if c.IsInvoke() && w.a.mayShare(v.Type(), c.Value.Type()) {
		w.pushArg(c.Value, d+1)
	}
	for _, arg := range c.Args {
		if w.a.mayShare(v.Type(), arg.Type()) {
			w.pushArg(arg, d+1)
		}
	}
}

// appendDestinations returns the explicit arguments of c whose type is
// that of its result's components that can refer to memory, when those
// are all slices of one type ((number, suffix []byte) counts); nil when
// they are not, or no argument has their type.
func appendDestinations(c *ssa.CallCommon, result types.Type) []ssa.Value {
	var slice types.Type
	components := []types.Type{result}
	if t, ok := result.(*types.Tuple); ok {
		components = components[:0]
		for i := range t.Len() {
			components = append(components, t.At(i).Type())
		}
	}
	for _, t := range components {
		if !MayAlias(t) {
			continue
		}
		if _, ok := t.Underlying().(*types.Slice); !ok || slice != nil && !types.Identical(t, slice) {
			return nil
		}
		slice = t
	}
	if slice == nil {
		return nil
	}
	args := c.Args
	switch {
	case c.IsInvoke():
	case c.Signature().Recv() != nil && len(args) > 0:
		args = args[1:] // a static method call's receiver
	default:
		return nil
	}
	var dst []ssa.Value
	for _, arg := range args {
		if types.Identical(arg.Type(), slice) {
			dst = append(dst, arg)
		}
	}
	return dst
}

func paramIndex(p *ssa.Parameter) int {
	for i, q := range p.Parent().Params {
		if q == p {
			return i
		}
	}
	return -1
}

func freeVarIndex(fv *ssa.FreeVar) int {
	for i, q := range fv.Parent().FreeVars {
		if q == fv {
			return i
		}
	}
	return -1
}

// uintptrOrigins returns the pointers an integer was computed from: the
// operands of unsafe.Pointer-to-integer conversions reached through
// arithmetic, conversions and phis. Integers not made from a pointer
// (offsets, sizes) contribute nothing. The walk is iterative with a set
// of seen values (a loop's offset is a phi of itself) and stops after 64
// values, which no real offset computation comes near.
func uintptrOrigins(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{v}
	for len(work) > 0 && len(seen) < 64 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Convert:
			if isUnsafePointer(v.X.Type()) {
				out = append(out, v.X)
			} else {
				work = append(work, v.X)
			}
		case *ssa.BinOp:
			work = append(work, v.X, v.Y)
		case *ssa.Phi:
			work = append(work, v.Edges...)
		}
	}
	return out
}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// MayAlias reports whether a value of type t can refer to memory shared
// with other values: pointers, slices, maps, channels, functions,
// interfaces, type parameters, unsafe pointers, and aggregates containing
// them. Strings and numbers cannot.
func MayAlias(t types.Type) bool {
	return mayAlias(t, 0)
}

func mayAlias(t types.Type, depth int) bool {
	if depth > 8 {
		return true
	}
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		return true
	case *types.Tuple:
		for i := range t.Len() {
			if mayAlias(t.At(i).Type(), depth+1) {
				return true
			}
		}
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Struct:
		for i := range u.NumFields() {
			if mayAlias(u.Field(i).Type(), depth+1) {
				return true
			}
		}
		return false
	case *types.Array:
		return mayAlias(u.Elem(), depth+1)
	case *types.Tuple:
		return mayAlias(u, depth+1)
	}
	return true
}
