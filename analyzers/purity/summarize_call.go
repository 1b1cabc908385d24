package purity

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file resolves the calls of a function being summarised: static
// callees, function values and interface methods, the summaries the
// callers add for parameters, and generic type arguments.

// call handles a call, go or defer instruction.
func (w *walker) call(instr ssa.Instruction, c *ssa.CallCommon) {
	st := w.st
	at := st.pos(instr.Pos())
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "append":
			if len(c.Args) > 0 {
				w.writeCell(c.Args[0], "appends into a shared backing array at "+at)
			}
		case "copy", "clear", "delete":
			w.writeCell(c.Args[0], b.Name()+" at "+at)
		case "close":
			w.write(c.Args[0], 0, b.Name()+" at "+at)
		case "print", "println":
			w.s.add(Stdio, b.Name()+" at "+at)
		}
		return
	}
	before := w.s.effects
	defer func() { w.callEffects[instr] = w.s.effects &^ before }()

	if c.IsInvoke() {
		if x, t := concrete(c.Value); t != nil {
			if m := lookupMethod(t, c.Method); m != nil {
				args := append([]ssa.Value{x}, c.Args...)
				w.apply(st.summaryOfObj(m), m, args, at)
				return
			}
		}
		if _, ok := types.Unalias(c.Value.Type()).(*types.TypeParam); ok {
			w.s.tparams = true
			return
		}
		if f, ok := sealedRootMethod(c.Value.Type(), c.Method); ok {
			args := append([]ssa.Value{c.Value}, c.Args...)
			w.apply(fromFact(f, true), c.Method, args, at)
			return
		}
		if impls := st.packageImpls(c.Method); len(impls) > 0 {
			// An unexported method of the package: it runs one of the
			// package's implementations, whose effects are all added.
			args := append([]ssa.Value{c.Value}, c.Args...)
			for _, m := range impls {
				w.s.weak = st.scc[st.byObj[m]]
				w.apply(st.summaryOfObj(m), m, args, at)
			}
			w.s.weak = false
			return
		}
		w.calledValue(c.Value, 0, nil, "calls "+c.Method.Name()+" at "+at)
		return
	}
	if callee := c.StaticCallee(); callee != nil {
		args := c.Args
		if mc, ok := c.Value.(*ssa.MakeClosure); ok && strings.HasPrefix(callee.Synthetic, "bound method wrapper") {
			args = append([]ssa.Value{mc.Bindings[0]}, args...)
		}
		var obj *types.Func
		if callee.Parent() == nil {
			obj = funcObject(callee)
		}
		if obj != nil && isAbstract(obj) {
			// A thunk or bound wrapper of an interface method.
			if len(args) > 0 {
				w.calledValue(args[0], 0, nil, "calls "+obj.Name()+" at "+at)
			}
			return
		}
		orig := callee
		if callee.Origin() != nil {
			orig = callee.Origin()
		}
		w.s.weak = st.scc[orig]
		w.seeding = clockSeed(obj, instr) || nanoClock(callee) && seedsCall(instr)
		w.apply(st.summaryOfFunc(callee), obj, args, at)
		w.s.weak, w.seeding = false, false
		if len(callee.TypeArgs()) > 0 {
			w.typeArgs(callee, at)
		}
		return
	}
	w.calledValue(c.Value, 0, nil, "calls a function value at "+at)
}

func isAbstract(obj *types.Func) bool {
	recv := obj.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// concrete strips conversions from an interface value down to the
// operand of the MakeInterface that produced it, if any.
func concrete(v ssa.Value) (ssa.Value, types.Type) {
	for {
		switch x := v.(type) {
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.MakeInterface:
			if types.IsInterface(x.X.Type()) {
				v = x.X
				continue
			}
			if _, ok := types.Unalias(x.X.Type()).(*types.TypeParam); ok {
				return nil, nil
			}
			return x.X, x.X.Type()
		default:
			return nil, nil
		}
	}
}

func lookupMethod(t types.Type, m *types.Func) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
	f, _ := obj.(*types.Func)
	return f
}

// calledValue handles a call through a function value or interface v that
// has no static callee. iface, when not nil, is the interface whose
// methods the callee calls on v (for arguments); nil means v itself is
// called or one of its methods is.
func (w *walker) calledValue(v ssa.Value, deref int, iface *types.Interface, detail string) {
	st := w.st
	v = stripConv(v)
	switch x := v.(type) {
	case *ssa.Const:
		return // nil
	case *ssa.Parameter:
		for i, p := range w.fn.Params {
			if p == x {
				w.s.call(i)
				return
			}
		}
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL && deref == 0 {
			// A package variable holding a function, set only by its
			// initializer (var timeNow = time.Now, a test seam): calls
			// through it call that function.
			if fns := st.seam(g); fns != nil {
				for _, f := range fns {
					w.calledValue(f, 0, iface, detail)
				}
				return
			}
		}
		if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL {
			w.freeCall(fv)
			return
		}
		// An element of a slice-of-interface parameter (xs[i], range
		// xs, a variadic ...I): a call through the parameter, whose
		// caller knows the elements it passed (see elementsCalled).
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL && deref == 0 {
			if p, ok := ia.X.(*ssa.Parameter); ok && interfaceElem(p.Type()) != nil {
				for i, q := range w.fn.Params {
					if q == p {
						w.s.call(i)
						return
					}
				}
			}
		}
	case *ssa.FreeVar:
		if deref == 0 {
			w.freeCall(x)
			return
		}
	case *ssa.Function:
		if t := st.summaryOfFunc(x); t != nil {
			w.merge(t, detail)
		} else {
			w.s.setConservative(detail)
		}
		return
	case *ssa.MakeClosure:
		fn := x.Fn.(*ssa.Function)
		if strings.HasPrefix(fn.Synthetic, "bound method wrapper") {
			m := funcObject(fn)
			if m != nil && !isAbstract(m) {
				w.applyVia(st.summaryOfObj(m), m, []ssa.Value{x.Bindings[0]}, detail)
				return
			}
			w.calledValue(x.Bindings[0], 0, nil, detail)
			return
		}
		return // a closure: merged into its parent already
	case *ssa.MakeInterface:
		if _, t := concrete(x); t != nil && iface != nil {
			for m := range iface.Methods() {
				if cm := lookupMethod(t, m); cm != nil {
					w.applyVia(st.summaryOfObj(cm), cm, []ssa.Value{x.X}, detail)
				}
			}
			return
		}
	case *ssa.Call:
		if f, ok := onceWrapped(x); ok {
			// The wrapper returned by sync.OnceFunc and friends calls f.
			w.calledValue(f, 0, nil, detail)
			return
		}
	case *ssa.Phi:
		known := true
		for _, e := range x.Edges {
			switch stripConv(e).(type) {
			case *ssa.Function, *ssa.MakeClosure, *ssa.Const:
			default:
				known = false
			}
		}
		if known {
			for _, e := range x.Edges {
				w.calledValue(e, deref, iface, detail)
			}
			return
		}
	}
	w.s.setConservative(detail + " (unknown callee)")
}

// onceWrapped returns the function f of a call sync.OnceFunc(f),
// sync.OnceValue(f) or sync.OnceValues(f): calling the result calls f (at
// most once, but the analysis does not know whether this is the first call).
func onceWrapped(c *ssa.Call) (ssa.Value, bool) {
	callee := c.Call.StaticCallee()
	if callee == nil || len(c.Call.Args) != 1 {
		return nil, false
	}
	obj := funcObject(callee)
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "sync" {
		return nil, false
	}
	switch obj.Name() {
	case "OnceFunc", "OnceValue", "OnceValues":
		return c.Call.Args[0], true
	}
	return nil, false
}

// sealedRootMethod returns the hand-written summary of the method m of an
// interface declared in a root package (reflect.Type) that has unexported
// methods: only that package can implement it, and its implementations are
// summarised by the root table.
func sealedRootMethod(recv types.Type, m *types.Func) (*Fact, bool) {
	iface, ok := recv.Underlying().(*types.Interface)
	if !ok || m.Pkg() == nil {
		return nil, false
	}
	sealed := false
	for im := range iface.Methods() {
		if !im.Exported() && im.Pkg() == m.Pkg() {
			sealed = true
			break
		}
	}
	if !sealed {
		return nil, false
	}
	return rootFact(m)
}

func stripConv(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			if types.IsInterface(x.X.Type()) {
				v = x.X
				continue
			}
			return v
		default:
			return v
		}
	}
}

// apply adds the effects of a call to a callee with summary t. args are
// the SSA arguments, receiver first for methods.
func (w *walker) apply(t *summary, obj *types.Func, args []ssa.Value, at string) {
	name := "a function"
	if obj != nil {
		name = obj.FullName()
	}
	w.applyDetail(t, obj, args, at, "calls "+name+" at "+at)
}

// applyVia is apply for a callee reached through an argument of another
// call, which detail describes.
func (w *walker) applyVia(t *summary, obj *types.Func, args []ssa.Value, detail string) {
	if obj != nil {
		detail += " (" + obj.FullName() + ")"
	}
	w.applyDetail(t, obj, args, detail, detail)
}

func (w *walker) applyDetail(t *summary, obj *types.Func, args []ssa.Value, at, detail string) {
	name := "a function"
	if obj != nil {
		name = obj.FullName()
	}
	if t == nil {
		w.s.setConservative(detail + " (no summary)")
		return
	}
	eff := t.effects &^ (MutatesReceiver | MutatesParams)
	vis := t.obs &^ (MutatesReceiver | MutatesParams)
	if stdLogPrint(obj) {
		// The clock (and, with Lshortfile, the call site) the standard
		// logger reads goes into the line it prints, never into a result
		// or state the caller reads: the call writes standard error, but
		// two runs of the caller return the same (net/mail's parser
		// logging under a debug switch).
		eff &^= Nondeterministic | CallSite | nondetCause
		vis &^= Nondeterministic | CallSite | nondetCause
	}
	if eff&(FSRead|FSWrite) != 0 && w.stdStream(args) {
		eff = eff&^(FSRead|FSWrite) | Stdio
		if vis&(FSRead|FSWrite) != 0 {
			vis = vis&^(FSRead|FSWrite) | Stdio
		}
	}
	if w.seeding && eff&^Panics == Nondeterministic|NotRandom && !t.conservative {
		// The clock read only seeds a random source (clockSeed): what
		// varies after it is what the source draws.
		eff = eff&^NotRandom | Random
		vis &^= NotRandom
		if vis&Nondeterministic != 0 {
			vis |= Random
		}
	}
	w.s.addVisible(eff, vis, detail)
	if t.conservative {
		w.s.setConservative(detail)
	}
	var sig *types.Signature
	if obj != nil {
		sig = obj.Signature()
	}
	for _, k := range sortedKeys(t.mutated) {
		if k >= len(args) {
			continue
		}
		deref := 0
		if sig != nil && sig.Variadic() && k == len(args)-1 {
			deref = 1 // the variadic slice is fresh; its elements are not
		}
		// A parameter the callee mutates only in incidental code is
		// mutated incidentally here.
		w.s.withQuiet(!t.obsMut[k], func() { w.write(args[k], deref, "passes it to "+name+" at "+at) })
	}
	for _, k := range sortedKeys(t.calls) {
		if k >= len(args) {
			continue
		}
		var iface *types.Interface
		if pt := paramType(sig, k); pt != nil {
			iface, _ = pt.Underlying().(*types.Interface)
			if elem := interfaceElem(pt); elem != nil && w.elementsCalled(args[k], elem, detail) {
				continue
			}
		}
		w.calledValue(args[k], 0, iface, detail)
	}
	for _, k := range sortedKeys(t.formats) {
		if k < len(args) {
			w.formatArg(obj, args, k, detail)
		}
	}
}

// interfaceElem returns the element type of a slice of interfaces, nil
// for other types.
func interfaceElem(t types.Type) *types.Interface {
	if sl, ok := t.Underlying().(*types.Slice); ok {
		iface, _ := sl.Elem().Underlying().(*types.Interface)
		return iface
	}
	return nil
}

// elementsCalled handles a slice of interfaces passed to a callee that
// calls methods of its elements, when the slice is one the function built
// itself (the array SSA allocates for a variadic call, or a slice
// literal): the callee calls the methods of iface on each element stored
// into it. It reports false when the slice comes from elsewhere; the
// caller then treats the slice as an unknown function value (a parameter
// of the function is passed on as a call through that parameter).
func (w *walker) elementsCalled(v ssa.Value, iface *types.Interface, detail string) bool {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return false
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	var elems []ssa.Value
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.IndexAddr:
			for _, use := range *ref.Referrers() {
				st, ok := use.(*ssa.Store)
				if !ok || st.Addr != ref {
					return false // the element's address escapes
				}
				elems = append(elems, st.Val)
			}
		case *ssa.Slice:
			if ref != sl {
				return false
			}
		default:
			return false
		}
	}
	for _, e := range elems {
		w.calledValue(e, 0, iface, detail)
	}
	return true
}

// paramType returns the type of SSA parameter k of sig (receiver first).
func paramType(sig *types.Signature, k int) types.Type {
	if sig == nil {
		return nil
	}
	if sig.Recv() != nil {
		if k == 0 {
			return sig.Recv().Type()
		}
		k--
	}
	if k < sig.Params().Len() {
		return sig.Params().At(k).Type()
	}
	return nil
}

// typeArgs adds the effects of the methods a generic callee may call on
// its type arguments.
func (w *walker) typeArgs(callee *ssa.Function, at string) {
	orig := callee.Origin()
	if orig == nil {
		return
	}
	t := w.st.summaryOfFunc(orig)
	if t == nil || !t.tparams {
		return
	}
	tparams := orig.TypeParams()
	targs := callee.TypeArgs()
	if tparams == nil || tparams.Len() != len(targs) {
		return
	}
	for i, targ := range targs {
		if _, ok := types.Unalias(targ).(*types.TypeParam); ok {
			w.s.tparams = true
			continue
		}
		iface, _ := tparams.At(i).Constraint().Underlying().(*types.Interface)
		if iface == nil || iface.NumMethods() == 0 {
			continue
		}
		if types.IsInterface(targ) {
			w.s.setConservative("calls methods of interface type argument at " + at)
			continue
		}
		for m := range iface.Methods() {
			cm := lookupMethod(targ, m)
			ms := w.st.summaryOfObj(cm)
			if ms == nil {
				w.s.setConservative("calls " + m.Name() + " at " + at)
				continue
			}
			w.merge(ms, "calls "+cm.FullName()+" at "+at)
			if ms.mutated[0] {
				w.s.setConservative("calls mutating method " + cm.FullName() + " on a type argument at " + at)
			}
		}
	}
}

// stdLogPrint reports whether obj is one of package log's functions that
// print a record through the standard logger (Print*, Fatal*, Panic*,
// Output). Their only nondeterminism is the time stamp of the record,
// which reaches the logger's writer and nothing the caller returns (a
// Panic's value is the message, without the time stamp). A *log.Logger's
// methods are not included: a logger of the package's own may write into
// a buffer the caller reads back.
func stdLogPrint(obj *types.Func) bool {
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "log" &&
		obj.Signature().Recv() == nil && logging(obj)
}

// clockSeed reports whether instr is a call of time.Now whose reading
// only seeds a random source, in nanoseconds, the idiom
// rand.Seed(time.Now().UnixNano()) (montanaflynn/stats' variates): the
// reading then decides which stream the source draws, as the runtime's
// own seed does, and never reaches a result; a caller's nondeterminism is
// the draws' (Random), not the clock's. Only UnixNano: two runs a moment
// apart seed the same stream from a coarser reading (Unix's seconds),
// and their draws agree though they depend on the clock.
func clockSeed(callee *types.Func, instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok || callee == nil || callee.FullName() != "time.Now" {
		return false
	}
	return seedsOnly(call, false, 0)
}

// seedsOnly reports whether every use of v, a time.Time (nanos false) or
// its UnixNano (nanos true), leads only to the seed of a random source:
// through UTC, Local and UnixNano, integer conversions, to math/rand's
// Seed or NewSource or (*math/rand.Rand).Seed.
func seedsOnly(v ssa.Value, nanos bool, depth int) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 || depth > 4 {
		return false
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.DebugRef:
			continue
		case *ssa.Convert:
			if !nanos || !seedsOnly(r, true, depth+1) {
				return false
			}
			continue
		case *ssa.Call:
			fn := r.Call.StaticCallee()
			if fn == nil || r.Call.IsInvoke() {
				return false
			}
			obj, _ := fn.Object().(*types.Func)
			if obj == nil {
				return false
			}
			switch name := obj.FullName(); {
			case !nanos && (name == "(time.Time).UTC" || name == "(time.Time).Local"):
				if !seedsOnly(r, false, depth+1) {
					return false
				}
			case !nanos && name == "(time.Time).UnixNano":
				if !seedsOnly(r, true, depth+1) {
					return false
				}
			case nanos && (name == "math/rand.Seed" || name == "math/rand.NewSource" || name == "(*math/rand.Rand).Seed"):
			default:
				return false
			}
			continue
		}
		return false
	}
	return true
}

// seedsCall reports whether instr is a call whose result, an integer,
// only seeds a random source (seedsOnly).
func seedsCall(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	return ok && seedsOnly(call, true, 0)
}

// nanoClock reports whether fn only returns the clock's reading in
// nanoseconds, time.Now().UnixNano() (through UTC or Local): stats'
// unixnano, whose result StableSample passes to rand.Seed. Its caller
// seeding a random source with it draws, as with the reading itself
// (clockSeed).
func nanoClock(fn *ssa.Function) bool {
	if fn == nil || len(fn.Blocks) != 1 || fn.Signature.Results().Len() != 1 {
		return false
	}
	var ret *ssa.Return
	for _, instr := range fn.Blocks[0].Instrs {
		if r, ok := instr.(*ssa.Return); ok {
			ret = r
		}
	}
	if ret == nil || len(ret.Results) != 1 {
		return false
	}
	v := ret.Results[0]
	for want := "(time.Time).UnixNano"; ; want = "" {
		call, ok := v.(*ssa.Call)
		if !ok || call.Call.IsInvoke() || call.Call.StaticCallee() == nil {
			return false
		}
		obj, _ := call.Call.StaticCallee().Object().(*types.Func)
		if obj == nil {
			return false
		}
		switch name := obj.FullName(); {
		case want != "" && name != want:
			return false
		case name == "time.Now":
			return true
		case name == "(time.Time).UnixNano" && want != "", name == "(time.Time).UTC", name == "(time.Time).Local":
			if len(call.Call.Args) != 1 {
				return false
			}
			v = call.Call.Args[0]
		default:
			return false
		}
	}
}
