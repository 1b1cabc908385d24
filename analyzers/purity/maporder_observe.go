package purity

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file decides which slices built in map iteration order the
// maporder check reports: those whose order a caller can observe and that
// a person would care about (see the package doc, "maporder"). The
// walker (maporder.go) finds every slice appended in a map range that is
// returned, stored or neither; a slice is reported only when
//
//   - it (or an element of it, in order) reaches output: formatted by
//     fmt, joined by strings.Join, written to a writer or logged, in the
//     function or in a function of the package it is passed to (text
//     joined from it and only stored is not output: maporder_stored.go),
//     and its elements are not entries that carry their key, unless
//     they are messages (keyed entries in text are mostly a wire format
//     a program reads back as a set);
//   - it is a list of messages: errors, diagnostics, warnings, or
//     strings made by fmt.Sprintf with words in the format, returned or
//     stored into the result;
//   - it is the result (or part of the result) of a public function or
//     method, unless the map is the caller's (a parameter), the function
//     is a Keys/Values/Entries method of a map-backed type, or the
//     elements carry their map key (&X{Name: k}, k+"="+v: a keyed set);
//   - the result of an unexported function, and a caller in the package
//     does one of the above with it without sorting it;
//
// and never when the function's doc comment, or that of an interface
// method of the package it implements, says the order is unspecified.

// mapOrderCheck holds what the map-order report computes once per package.
type mapOrderCheck struct {
	st        *state
	pkg       *ssa.Package
	fns       []*ssa.Function
	callers   map[*ssa.Function][]ssa.CallInstruction // built on first use
	ifaceDocs map[string][]string                     // interface method name -> doc texts, on first use
	// cur is the leak being decided and curAcc the values that hold its
	// slice in its function (for the joins of maporder_set.go).
	cur    *mapLeak
	curAcc map[ssa.Value]bool
	// dead holds blocks of callees being followed that the call cannot
	// run (emptyVariadicBlocks); their instructions are not output.
	dead map[*ssa.BasicBlock]bool
}

// maxCallerDepth bounds how far up (unexported callers) and down (callees
// a slice is passed to) the check follows a slice in the package.
const maxCallerDepth = 2

// unorderedPhrases are what a doc comment says of a result in no fixed
// order.
var unorderedPhrases = []string{
	"unspecified order", "no particular order", "any order", "random order", "not sorted",
	"arbitrary order", "undefined order", "unordered", "nondeterministic order", "no guaranteed order",
	"order is not specified", "order is unspecified", "order is undefined",
}

// observed returns why the order of the slice of leak l in fn matters
// ("reaches output at fmt.Errorf (x.go:3)"), or "" if the check leaves it
// alone.
func (c *mapOrderCheck) observed(fn *ssa.Function, l mapLeak) string {
	if c.documentedUnordered(fn) {
		return ""
	}
	vals := flowList(l.acc)
	c.cur, c.curAcc = &l, make(map[ssa.Value]bool)
	for _, v := range vals {
		c.curAcc[v] = true
	}
	if pos, name := c.toOutput(vals, 0); pos.IsValid() {
		if keyedElems(l) && !c.messageList(fn, l) {
			// Entries that carry their key (k=v, a member built from
			// k and v, a part named by k): text a program reads back
			// as a set of entries (a W3C baggage header, a handler
			// script's tags line, a multipart request read by name)
			// looks like the same text made for people, and nothing
			// here tells them apart. The check takes the conservative
			// side; messages (words around the key) and bare keys
			// stay reported.
			return ""
		}
		return "reaches output at " + name + " (" + c.st.pos(pos) + ")"
	}
	if l.local {
		return ""
	}
	what := "returned"
	if !l.sinkPos.IsValid() {
		what = "returned by " + fn.Name()
	} else if l.store {
		what = "stored at " + c.st.pos(l.sinkPos)
		if !c.storeInResult(l) {
			return ""
		}
		what += " into the result of " + fn.Name()
	} else {
		what += " at " + c.st.pos(l.sinkPos)
	}
	if c.messageList(fn, l) {
		// Even of an unexported function: its callers may keep them
		// in state another method shows (gomega's matchers store their
		// failures), or call it through an interface (hcl's decode),
		// where the callers this check sees say nothing. Restricting
		// them to callers that return or show them lost 8 true reports
		// of the earlier triage runs for 1 false one.
		return "is a list of messages " + what
	}
	if keysMethod(fn) {
		// Also an unexported one that an exported method returns
		// (fiber's Session.Keys returning data.Keys).
		return ""
	}
	if c.isPublic(fn) {
		// A listing whose order reaches no output in the package: whether
		// a caller reads that order is the caller's business, and most do
		// not (see checkListings).
		if !checkListings || c.mapAPI(fn, l) || (keyedElems(l) && !exportedStructElems(l)) {
			return ""
		}
		return "is " + what + ", a listing of exported " + fn.Name()
	}
	if why := c.viaCallers(fn, 0); why != "" {
		if keyedElems(l) && !exportedStructElems(l) {
			// Entries that carry their key, handed to a caller that
			// shows or lists them: the same keyed set as above and as
			// a listing's, whichever function the output is in
			// (gqlgen's findFiles, whose parts a closure writes into a
			// multipart body read by name). An exported struct's
			// entries stay reported, as in a listing: an API's values
			// users print and compare whole (graphql's enum values).
			return ""
		}
		return "is " + what + " and " + why
	}
	return ""
}

// flowList returns the values an accumulator reaches through phis,
// slicing and type changes, in a deterministic order (that of discovery).
func flowList(start []ssa.Value) []ssa.Value {
	seen := make(map[ssa.Value]bool)
	var out []ssa.Value
	work := append([]ssa.Value(nil), start...)
	for len(work) > 0 {
		v := work[0]
		work = work[1:]
		if seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, v)
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Phi, *ssa.Slice, *ssa.ChangeType:
				work = append(work, ref.(ssa.Value))
			}
		}
	}
	return out
}

// toOutput follows vals (slices in map order, or values taken from their
// elements) forward in their function and into the functions of the
// package they are passed to, and returns the first output call they
// reach and its name.
//
// A value taken from one element stays "of an element" through whatever
// holds it next: stored into the variadic argument list of a call
// (errorf(pos, "%s", obj)) or into a struct, it is still one element
// formatted on its own, which has no order, though the list it is in is
// a slice. Only a whole slice formatted or joined shows its order (or an
// element written in sequence, in its turn).
func (c *mapOrderCheck) toOutput(vals []ssa.Value, depth int) (token.Pos, string) {
	return c.toOutputFrom(vals, false, anyField, depth)
}

// anyField is the field of toOutputFrom's values that holds the slice
// when any may: the values are the slice itself, or what it flowed to.
const anyField = -1

// toOutputFrom is toOutput for vals taken from an element (elem) or
// not, and, when field is not anyField, for vals that are a struct (or
// a pointer to one) the slice was stored into field number field of: of
// such a container only that field is followed, so that a message built
// around the slice reaches output only when the slice does, not when
// another of its fields is logged (serf's query filters, stored into a
// message whose Name a warning prints). A parameter of a callee keeps
// what its argument was.
func (c *mapOrderCheck) toOutputFrom(vals []ssa.Value, elem bool, field int, depth int) (token.Pos, string) {
	type item struct {
		v     ssa.Value
		elem  bool // taken from an element, not the whole slice
		field int  // the field of a container holding it, or anyField
	}
	seen := make(map[ssa.Value]bool)
	var work []item
	for _, v := range vals {
		work = append(work, item{v: v, elem: elem, field: field})
	}
	for budget := 0; len(work) > 0 && budget < 600; budget++ {
		it := work[0]
		work = work[1:]
		v := it.v
		if seen[v] {
			continue
		}
		seen[v] = true
		_, isSlice := v.Type().Underlying().(*types.Slice)
		whole := isSlice && !it.elem
		for _, ref := range *v.Referrers() {
			if c.dead[ref.Block()] {
				continue
			}
			switch ref := ref.(type) {
			case *ssa.Index, *ssa.IndexAddr:
				// Of a slice, an element; of an array (a variadic
				// argument list), what it holds.
				work = append(work, item{ref.(ssa.Value), it.elem || isSlice, anyField})
			case *ssa.Field:
				if it.field == anyField || ref.Field == it.field {
					work = append(work, item{ref, it.elem, anyField})
				}
			case *ssa.FieldAddr:
				if it.field == anyField || ref.Field == it.field {
					work = append(work, item{ref, it.elem, anyField})
				}
			case *ssa.Phi, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Convert, *ssa.TypeAssert, *ssa.UnOp:
				// The same value, or the struct a pointer holds: a
				// container stays one.
				work = append(work, item{ref.(ssa.Value), it.elem, it.field})
			case *ssa.Extract, *ssa.Slice:
				work = append(work, item{ref.(ssa.Value), it.elem, anyField})
			case *ssa.BinOp:
				if ref.Op == token.ADD {
					work = append(work, item{ref, it.elem, anyField}) // string concatenation
				}
			case *ssa.Store:
				// Into a variadic argument list or a composite literal:
				// follow the container (of a struct, only the field
				// stored into); into a local variable (a parameter
				// spilled by go/ssa): follow the variable.
				if ref.Val == v {
					if base := addrBase(ref.Addr); base != nil {
						f := anyField
						if fa, ok := ref.Addr.(*ssa.FieldAddr); ok && it.field == anyField {
							f = fa.Field
						}
						work = append(work, item{base, it.elem, f})
					} else if alloc, ok := ref.Addr.(*ssa.Alloc); ok {
						work = append(work, item{alloc, it.elem, it.field})
					}
				}
			case ssa.CallInstruction:
				if pos, name := c.callOutput(ref, v, whole, it.elem, it.field, depth); pos.IsValid() {
					return pos, name
				}
				if call, ok := ref.(*ssa.Call); ok && c.carriesOrder(call, v, whole) {
					_, isBuiltin := call.Call.Value.(*ssa.Builtin)
					work = append(work, item{call, it.elem || !isBuiltin, anyField})
				}
			}
		}
	}
	return token.NoPos, ""
}

// addrBase returns the local allocation an element or field address is
// of, or nil.
func addrBase(addr ssa.Value) ssa.Value {
	var x ssa.Value
	switch a := addr.(type) {
	case *ssa.IndexAddr:
		x = a.X
	case *ssa.FieldAddr:
		x = a.X
	default:
		return nil
	}
	if alloc, ok := x.(*ssa.Alloc); ok {
		return alloc
	}
	return nil
}

// callOutput reports whether the call ref, which v is an operand of, is
// output of v in order: a formatting, joining, writing or logging call
// (only writes in sequence for a value taken from one element: each
// element formatted on its own has no order), or a function of the
// package whose parameter reaches one.
func (c *mapOrderCheck) callOutput(ref ssa.CallInstruction, v ssa.Value, whole, elem bool, field int, depth int) (token.Pos, string) {
	common := ref.Common()
	var obj *types.Func
	if common.IsInvoke() {
		obj = common.Method
	} else if callee := common.StaticCallee(); callee != nil {
		obj = funcObject(callee)
		if callee.Pkg == c.pkg && callee.Blocks != nil && depth < maxCallerDepth {
			// What the callee does only in code this call cannot run
			// is not done (gorm's Select reports a query of another
			// type, or an unsupported extra argument, formatting the
			// query; maporder_variadic.go).
			var added []*ssa.BasicBlock
			for b := range unreachableBlocks(common, callee) {
				if !c.dead[b] {
					if c.dead == nil {
						c.dead = make(map[*ssa.BasicBlock]bool)
					}
					c.dead[b] = true
					added = append(added, b)
				}
			}
			pos, name := token.NoPos, ""
			for i, a := range common.Args {
				if a == v && i < len(callee.Params) {
					if pos, name = c.toOutputFrom([]ssa.Value{callee.Params[i]}, elem, field, depth+1); pos.IsValid() {
						break
					}
				}
			}
			for _, b := range added {
				delete(c.dead, b)
			}
			if pos.IsValid() {
				return pos, name
			}
		}
	}
	if obj == nil || obj.Pkg() == nil {
		return token.NoPos, ""
	}
	if isDestination(common, obj, v) {
		// v is where the call writes, not what it writes: each element
		// written to (a connection of a set, sent its own command) has
		// its own stream, and no stream sees the elements' order.
		return token.NoPos, ""
	}
	if isOutputFunc(obj, whole) && !c.orderFreeJoin(ref, obj, v) && !(whole && storedOnlyJoin(ref, obj)) {
		return ref.Pos(), obj.FullName()
	}
	return token.NoPos, ""
}

// isDestination reports whether v is where the call common of obj writes,
// not what it writes: the receiver of a method, or the io.Writer first
// argument of a function (io.WriteString(w, s), fmt.Fprintf(w, ...)).
func isDestination(common *ssa.CallCommon, obj *types.Func, v ssa.Value) bool {
	if common.IsInvoke() {
		return common.Value == v
	}
	if len(common.Args) == 0 || common.Args[0] != v {
		return false
	}
	sig := obj.Signature()
	if sig.Recv() != nil {
		return true
	}
	if sig.Params().Len() == 0 {
		return false
	}
	n, ok := types.Unalias(sig.Params().At(0).Type()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "io" && n.Obj().Name() == "Writer"
}

// carriesOrder reports whether the result of call carries the order of
// v, one of its operands: append(x, v...) does, and so does any call on
// a value taken from an element (obj.Pos(), fset.Position(p)), whose
// result is written in the element's turn; len and cap do not, and a
// whole slice given to another package's function is that function's
// business.
func (c *mapOrderCheck) carriesOrder(call *ssa.Call, v ssa.Value, whole bool) bool {
	if b, ok := call.Call.Value.(*ssa.Builtin); ok {
		return b.Name() == "append"
	}
	if call.Type() == nil || isEmptyTuple(call.Type()) {
		return false
	}
	return !whole
}

func isEmptyTuple(t types.Type) bool {
	tup, ok := t.(*types.Tuple)
	return ok && tup.Len() == 0
}

// isOutputFunc reports whether obj formats, joins, writes or logs its
// arguments: for a whole slice any of them, for a value from one
// element only those that write in sequence (a Sprintf of one element
// is as unordered as the element).
func isOutputFunc(obj *types.Func, whole bool) bool {
	pkg, name := obj.Pkg().Path(), obj.Name()
	recv := ""
	if r := obj.Signature().Recv(); r != nil {
		if n, ok := deref(r.Type()).(*types.Named); ok {
			recv = n.Obj().Name()
		} else if _, ok := r.Type().Underlying().(*types.Interface); ok {
			recv = "interface"
		}
	}
	sequence := false
	switch {
	case pkg == "fmt" && recv == "" && (strings.HasPrefix(name, "Print") || strings.HasPrefix(name, "Fprint")):
		sequence = true
	case pkg == "log" && (recv == "" || recv == "Logger"):
		// A log line holding the whole slice shows its order; lines
		// of one element each are read one at a time, and the order
		// of such lines (serf's warnings about each filter it does
		// not know) is nothing a reader compares.
		return whole
	case (pkg == "strings" && recv == "Builder") || (pkg == "bytes" && recv == "Buffer") ||
		(pkg == "bufio" && recv == "Writer") || (pkg == "os" && recv == "File"):
		sequence = strings.HasPrefix(name, "Write")
	case pkg == "io" && (name == "WriteString" || name == "Write"):
		sequence = true
	}
	if sequence || !whole {
		return sequence
	}
	switch {
	case pkg == "fmt" && recv == "" && (strings.HasPrefix(name, "Sprint") || strings.HasPrefix(name, "Append") || name == "Errorf"):
		return true
	case (pkg == "strings" || pkg == "bytes") && name == "Join":
		return true
	case pkg == "errors" && name == "Join":
		return true
	}
	return false
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// messageList reports whether the slice of l is a list of messages a
// person reads: errors or diagnostics (the slice or its elements
// implement error, or are named ...Diagnostic(s) or ...Warning(s)), or
// strings made by fmt.
func (c *mapOrderCheck) messageList(fn *ssa.Function, l mapLeak) bool {
	if len(l.acc) == 0 {
		return false
	}
	t := l.acc[0].Type()
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	elem := sl.Elem()
	if types.Implements(t, errType) || types.Implements(elem, errType) {
		return true
	}
	if _, isPtr := elem.(*types.Pointer); !isPtr && !types.IsInterface(elem) && types.Implements(types.NewPointer(elem), errType) {
		return true
	}
	for _, n := range []types.Type{t, deref(elem)} {
		if named, ok := n.(*types.Named); ok {
			name := named.Obj().Name()
			if strings.Contains(name, "Diagnostic") || strings.Contains(name, "Warning") {
				return true
			}
		}
	}
	for _, e := range appendedElems(l) {
		if call, ok := e.(*ssa.Call); ok {
			if callee := call.Call.StaticCallee(); callee != nil {
				if obj := funcObject(callee); obj != nil && obj.Pkg() != nil &&
					obj.Pkg().Path() == "fmt" && (strings.HasPrefix(obj.Name(), "Sprint") || obj.Name() == "Errorf") &&
					!wordlessFormat(obj.Name(), call.Call.Args) {
					return true
				}
			}
		}
	}
	return false
}

// wordlessFormat reports whether a call of the fmt function name with args
// has a constant format whose text outside its verbs holds no letter:
// fmt.Sprintf("%v=%v", k, v) or "%s:%d" encodes an entry (an environment,
// a header's pairs); a message has words ("unknown key %q").
func wordlessFormat(name string, args []ssa.Value) bool {
	if !strings.HasSuffix(name, "f") || len(args) == 0 {
		return false
	}
	format, ok := constString(args[0])
	if !ok {
		return false
	}
	for i := 0; i < len(format); i++ {
		ch := format[i]
		if ch == '%' {
			// Skip flags, width, precision and the verb.
			for i++; i < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[i]) >= 0; i++ {
			}
			continue
		}
		if 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' || ch >= 0x80 {
			return false
		}
	}
	return true
}

// appendedElems returns the values appended, in the loop of l, to a
// slice of the accumulator's type: appendGroups' values, in one list.
func appendedElems(l mapLeak) []ssa.Value {
	var elems []ssa.Value
	for _, g := range appendGroups(&l) {
		elems = append(elems, g...)
	}
	return elems
}

// keyedElems reports whether the elements appended carry their map key
// beside something else: a struct with the key in a field (&X{Name: k,
// ...}) or a string made of the key and more (k+"="+v). Such a slice is
// a keyed set, which its consumers look up or apply by key. A bare key
// is no such element: a list of keys is a listing.
func keyedElems(l mapLeak) bool {
	for _, e := range appendedElems(l) {
		if isKeyed(e, l.next) {
			return true
		}
	}
	return false
}

// exportedStructElems reports whether the slice of l holds values of (or
// pointers to) an exported struct type: returned by a public function,
// such a slice is a listing in the API (grpc's GetServiceInfo lists
// MethodInfo{Name: m, ...}), which users print and compare whole, even
// though each element carries its key.
func exportedStructElems(l mapLeak) bool {
	if len(l.acc) == 0 {
		return false
	}
	sl, ok := l.acc[0].Type().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	n, ok := deref(sl.Elem()).(*types.Named)
	if !ok || !n.Obj().Exported() {
		return false
	}
	_, isStruct := n.Underlying().(*types.Struct)
	return isStruct
}

func isKeyed(e ssa.Value, next *ssa.Next) bool {
	switch e := e.(type) {
	case *ssa.Call:
		return keyedCall(e.Common(), next, 0)
	case *ssa.MakeInterface:
		return isKeyed(e.X, next)
	case *ssa.UnOp:
		if e.Op == token.MUL {
			return isKeyed(e.X, next)
		}
	case *ssa.BinOp:
		return e.Op == token.ADD && (dependsOnKey(e.X, next, 0) || dependsOnKey(e.Y, next, 0))
	case *ssa.Alloc:
		for _, ref := range *e.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			for _, r2 := range *fa.Referrers() {
				if st, ok := r2.(*ssa.Store); ok && st.Addr == fa && dependsOnKey(st.Val, next, 0) {
					return true
				}
			}
		}
	}
	return false
}

// keyedCall reports whether the call c makes an entry of the iteration
// next: it takes the key and another value that is not a constant
// (fmt.Sprintf("%s=%s", k, v), memberOf(k, v)), also through a variadic
// list, or it is called on or with such an entry (memberOf(k, v).String()).
func keyedCall(c *ssa.CallCommon, next *ssa.Next, depth int) bool {
	if _, ok := c.Value.(*ssa.Builtin); ok || depth > 2 {
		return false
	}
	args := c.Args
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, args...)
	}
	var expanded []ssa.Value
	for _, a := range args {
		if sl, ok := a.(*ssa.Slice); ok {
			if alloc, ok := sl.X.(*ssa.Alloc); ok {
				// A variadic list: the values stored into its array.
				for _, ref := range *alloc.Referrers() {
					ia, ok := ref.(*ssa.IndexAddr)
					if !ok {
						continue
					}
					for _, r2 := range *ia.Referrers() {
						if st, ok := r2.(*ssa.Store); ok && st.Addr == ia {
							expanded = append(expanded, st.Val)
						}
					}
				}
				continue
			}
		}
		expanded = append(expanded, a)
	}
	key, other := false, false
	for _, a := range expanded {
		switch {
		case dependsOnKey(a, next, 0):
			key = true
		case isEntryCall(a, next, depth):
			return true
		default:
			if _, isConst := a.(*ssa.Const); !isConst && dependsOn(a, next) {
				other = true
			}
		}
	}
	return key && other
}

// isEntryCall reports whether v is the result of a call that makes an
// entry of the iteration next (keyedCall), seen through an interface
// conversion.
func isEntryCall(v ssa.Value, next *ssa.Next, depth int) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	call, ok := v.(*ssa.Call)
	return ok && keyedCall(call.Common(), next, depth+1)
}

// dependsOnKey reports whether v is the key of the iteration next, or
// made of it by conversions, concatenation or a copy into new(T).
func dependsOnKey(v ssa.Value, next *ssa.Next, depth int) bool {
	if depth > 4 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Extract:
		return v.Tuple == next && v.Index == 1
	case *ssa.ChangeType:
		return dependsOnKey(v.X, next, depth+1)
	case *ssa.Convert:
		return dependsOnKey(v.X, next, depth+1)
	case *ssa.MakeInterface:
		return dependsOnKey(v.X, next, depth+1)
	case *ssa.BinOp:
		return v.Op == token.ADD && (dependsOnKey(v.X, next, depth+1) || dependsOnKey(v.Y, next, depth+1))
	case *ssa.UnOp:
		return v.Op == token.MUL && dependsOnKey(v.X, next, depth+1)
	case *ssa.Alloc:
		// &k or new(k): a copy of the key.
		for _, ref := range *v.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == v && dependsOnKey(st.Val, next, depth+1) {
				return true
			}
		}
	}
	return false
}

// storeInResult reports whether the store of leak l puts the slice into
// a value the function returns: a field of a composite literal returned,
// or put into a map or another literal that is.
func (c *mapOrderCheck) storeInResult(l mapLeak) bool {
	base := addrBase(l.storeAddr)
	return base != nil && reachesReturn(base, 0)
}

func reachesReturn(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Return:
			return true
		case *ssa.UnOp, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Phi:
			if reachesReturn(ref.(ssa.Value), depth+1) {
				return true
			}
		case *ssa.MapUpdate:
			if ref.Value == v && reachesReturn(ref.Map, depth+1) {
				return true
			}
		case *ssa.Store:
			if ref.Val == v {
				if base := addrBase(ref.Addr); base != nil && reachesReturn(base, depth+1) {
					return true
				}
				// Into an element of a slice made in the function
				// (exs[i], err = f()): the slice holds it.
				if ia, ok := ref.Addr.(*ssa.IndexAddr); ok {
					if ms, ok := ia.X.(*ssa.MakeSlice); ok && reachesReturn(ms, depth+1) {
						return true
					}
				}
			}
		}
	}
	return false
}

// isPublic reports whether fn is part of its module's API: a
// package-level function or a method with an exported name, in a package
// other than main and outside internal/ trees, and for a method of an
// unexported type, one named like a method of an exported interface of
// the package (goldmark's parseContext.References is Context.References).
func (c *mapOrderCheck) isPublic(fn *ssa.Function) bool {
	obj := funcObject(fn)
	if obj == nil || fn.Parent() != nil || !obj.Exported() {
		return false
	}
	pkg := c.st.pass.Pkg
	if pkg.Name() == "main" {
		return false
	}
	for _, elem := range strings.Split(pkg.Path(), "/") {
		if elem == "internal" {
			return false
		}
	}
	recv := obj.Signature().Recv()
	if recv == nil {
		return true
	}
	if n, ok := deref(recv.Type()).(*types.Named); ok && n.Obj().Exported() {
		return true
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() {
			continue
		}
		if iface, ok := tn.Type().Underlying().(*types.Interface); ok {
			for m := range iface.Methods() {
				if m.Name() == obj.Name() {
					return true
				}
			}
		}
	}
	return false
}

// mapAPI reports whether turning the map into a slice is what fn is for:
// the map is a parameter (lo.Keys: its order is the caller's map's), or
// fn is a Keys, Values or Entries method of a type that is, or holds, a
// map.
func (c *mapOrderCheck) mapAPI(fn *ssa.Function, l mapLeak) bool {
	obj := funcObject(fn)
	if p := paramBase(l.rng.X, 0); p != nil && (obj.Signature().Recv() == nil || p != fn.Params[0]) {
		return true // the caller's map, also one of a variadic list (lo.Keys(in ...map[K]V))
	}
	return keysMethod(fn)
}

// keysMethod reports whether fn is a Keys, Values, Entries, Items or
// Elems method of a type that is, or holds, a map.
func keysMethod(fn *ssa.Function) bool {
	obj := funcObject(fn)
	if obj == nil {
		return false
	}
	recv := obj.Signature().Recv()
	if recv == nil {
		return false
	}
	keysLike := false
	for _, p := range []string{"Keys", "Values", "Entries", "Items", "Elems"} {
		if strings.HasPrefix(obj.Name(), p) {
			keysLike = true
		}
	}
	if !keysLike {
		return false
	}
	switch u := deref(recv.Type()).Underlying().(type) {
	case *types.Map:
		return true
	case *types.Struct:
		for f := range u.Fields() {
			if _, ok := f.Type().Underlying().(*types.Map); ok {
				return true
			}
		}
	}
	return false
}

// documentedUnordered reports whether fn's doc comment, or that of an
// interface method of the package with fn's name that fn's receiver
// implements, says the order is unspecified.
func (c *mapOrderCheck) documentedUnordered(fn *ssa.Function) bool {
	if decl, ok := fn.Syntax().(*ast.FuncDecl); ok && decl.Doc != nil && saysUnordered(decl.Doc.Text()) {
		return true
	}
	obj := funcObject(fn)
	if obj == nil || obj.Signature().Recv() == nil {
		return false
	}
	if c.ifaceDocs == nil {
		c.ifaceDocs = interfaceMethodDocs(c.st.pass.Files)
	}
	for _, doc := range c.ifaceDocs[obj.Name()] {
		if saysUnordered(doc) {
			return true
		}
	}
	return false
}

func saysUnordered(doc string) bool {
	doc = strings.ToLower(strings.Join(strings.Fields(doc), " "))
	for _, p := range unorderedPhrases {
		if strings.Contains(doc, p) {
			return true
		}
	}
	// "Groups are random, but versions for a single group are
	// prioritized" (k8s's Scheme.PrioritizedVersionsAllGroups): a doc
	// that speaks of order and of randomness has said it.
	return strings.Contains(doc, "random") && strings.Contains(doc, "order")
}

// interfaceMethodDocs returns the doc comments of the methods of the
// interface types declared in files, by method name.
func interfaceMethodDocs(files []*ast.File) map[string][]string {
	docs := make(map[string][]string)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			it, ok := n.(*ast.InterfaceType)
			if !ok || it.Methods == nil {
				return true
			}
			for _, m := range it.Methods.List {
				text := m.Doc.Text() + m.Comment.Text()
				for _, name := range m.Names {
					docs[name.Name] = append(docs[name.Name], text)
				}
			}
			return true
		})
	}
	return docs
}

// viaCallers returns why the result of the unexported fn matters to a
// caller in the package ("reaches output at fmt.Errorf (x.go:3) in f"),
// or "". A caller that sorts anything is taken to sort it (as in
// maporder.go). A public caller that returns it counts only with
// -purity.listings.
func (c *mapOrderCheck) viaCallers(fn *ssa.Function, depth int) string {
	if c.callers == nil {
		c.callers = callSites(c.fns)
	}
	for _, call := range c.callers[fn] {
		caller := call.Parent()
		if caller.Syntax() == nil || isTestFile(c.st.pass.Fset, caller.Pos()) {
			continue
		}
		w := &walker{st: c.st, fn: caller}
		if w.sortsAnything() {
			continue
		}
		res, ok := call.(*ssa.Call)
		if !ok {
			continue
		}
		// Of several results, not the error: the error beside a slice
		// (keys, err := f()) returned by the caller is no listing. The
		// tuple itself counts when it is returned whole.
		vals := []ssa.Value{res}
		if _, tuple := res.Type().(*types.Tuple); tuple {
			errType := types.Universe.Lookup("error").Type()
			for _, ref := range *res.Referrers() {
				if e, ok := ref.(*ssa.Extract); ok && !types.Identical(e.Type(), errType) {
					vals = append(vals, e)
				}
			}
		}
		if pos, name := c.toOutput(vals, 0); pos.IsValid() {
			return "reaches output at " + name + " (" + c.st.pos(pos) + ") in " + caller.Name()
		}
		if !returnsAny(vals) || c.documentedUnordered(caller) {
			continue
		}
		if c.isPublic(caller) {
			if checkListings {
				return "is returned by exported " + caller.Name()
			}
			continue
		}
		if depth < maxCallerDepth {
			if why := c.viaCallers(caller, depth+1); why != "" {
				return why
			}
		}
	}
	return ""
}

// returnsAny reports whether one of vals, or what they flow to, is
// returned.
func returnsAny(vals []ssa.Value) bool {
	for _, v := range flowList(vals) {
		if reachesReturn(v, 1) {
			return true
		}
	}
	return false
}

// callSites returns the static calls of each function among fns, in the
// order of fns and of their instructions.
func callSites(fns []*ssa.Function) map[*ssa.Function][]ssa.CallInstruction {
	sites := make(map[*ssa.Function][]ssa.CallInstruction)
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if callee := call.Common().StaticCallee(); callee != nil {
					if callee.Origin() != nil {
						callee = callee.Origin()
					}
					sites[callee] = append(sites[callee], call)
				}
			}
		}
	}
	return sites
}

func isTestFile(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// paramBase returns the parameter v is, or an element or field of, or
// what a type assertion or an accessor (a method called with no other
// argument: pgx's value.(HstoreValuer).HstoreValue()) gives of it; or nil.
func paramBase(v ssa.Value, depth int) *ssa.Parameter {
	if depth > 4 {
		return nil
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		return v
	case *ssa.TypeAssert:
		return paramBase(v.X, depth+1)
	case *ssa.Extract:
		return paramBase(v.Tuple, depth+1)
	case *ssa.Call:
		c := v.Common()
		switch {
		case c.IsInvoke() && len(c.Args) == 0:
			return paramBase(c.Value, depth+1)
		case c.Signature().Recv() != nil && len(c.Args) == 1:
			return paramBase(c.Args[0], depth+1)
		}
		return nil
	case *ssa.UnOp:
		return paramBase(v.X, depth+1)
	case *ssa.Index:
		return paramBase(v.X, depth+1)
	case *ssa.IndexAddr:
		return paramBase(v.X, depth+1)
	case *ssa.ChangeType:
		return paramBase(v.X, depth+1)
	}
	return nil
}
