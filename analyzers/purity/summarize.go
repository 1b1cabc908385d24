package purity

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gentest-go/gentest/internal/ssautil/accesspath"
)

// walker computes the summary of one function from its body.
type walker struct {
	st  *state
	fn  *ssa.Function
	s   *summary
	acc *accesspath.Analysis
	// callEffects records the effects each call contributed, for the
	// map-order check (I/O inside a map loop happens in map order).
	callEffects map[ssa.Instruction]Effect
}

// summarize computes the summary of a local function from the current
// summaries of its callees.
func (st *state) summarize(fn *ssa.Function) *summary {
	s := newSummary(fn.Signature.Recv() != nil)
	obj := funcObject(fn)
	if obj != nil && fn.Parent() == nil {
		if f, ok := rootFact(obj); ok {
			return fromFact(f, s.recv)
		}
		if len(fn.Blocks) == 0 {
			f := bodylessDefault(obj)
			return fromFact(&f, s.recv)
		}
	}
	w := &walker{st: st, fn: fn, s: s, acc: accesspath.New(fn), callEffects: make(map[ssa.Instruction]Effect)}
	w.acc.Results = w.results
	for _, anon := range fn.AnonFuncs {
		// Closures are summarised into their parent whether or not the
		// parent calls them: they run on its behalf.
		as := st.local[anon]
		if as == nil {
			continue
		}
		w.merge(as, "in closure at "+st.pos(anon.Pos()))
	}
	for _, b := range liveBlocks(fn) {
		for _, instr := range b.Instrs {
			w.instr(instr)
		}
	}
	st.leaks[fn] = w.mapOrder()
	return s
}

// results tells the access-path analysis what a call's result may point
// into, from the callee's summary.
func (w *walker) results(c *ssa.CallCommon) (args []int, global, ok bool) {
	var t *summary
	if c.IsInvoke() {
		if _, ct := concrete(c.Value); ct != nil {
			t = w.st.summaryOfObj(lookupMethod(ct, c.Method))
		}
	} else if callee := c.StaticCallee(); callee != nil {
		if strings.HasPrefix(callee.Synthetic, "bound method wrapper") {
			return nil, false, false
		}
		t = w.st.summaryOfFunc(callee)
	}
	if t == nil || t.conservative {
		return nil, false, false
	}
	return sortedKeys(t.retAlias), t.retGlobal, true
}

// liveBlocks returns the blocks of fn reachable from its entry when
// branches on constants (if debug { ... } with a constant debug) take
// only their constant direction, in the order of fn.Blocks.
func liveBlocks(fn *ssa.Function) []*ssa.BasicBlock {
	live := make(map[*ssa.BasicBlock]bool)
	var visit func(b *ssa.BasicBlock)
	visit = func(b *ssa.BasicBlock) {
		if live[b] {
			return
		}
		live[b] = true
		succs := b.Succs
		if len(b.Instrs) > 0 {
			if i, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
				if c, ok := i.Cond.(*ssa.Const); ok && c.Value != nil {
					if constant.BoolVal(c.Value) {
						succs = succs[:1]
					} else {
						succs = succs[1:]
					}
				}
			}
		}
		for _, s := range succs {
			visit(s)
		}
	}
	if len(fn.Blocks) > 0 {
		visit(fn.Blocks[0])
	}
	if fn.Recover != nil {
		visit(fn.Recover)
	}
	out := make([]*ssa.BasicBlock, 0, len(live))
	for _, b := range fn.Blocks {
		if live[b] {
			out = append(out, b)
		}
	}
	return out
}

// merge adds the effects of a closure or callback that do not depend on
// arguments.
func (w *walker) merge(t *summary, detail string) {
	w.s.add(t.effects&^(MutatesReceiver|MutatesParams), detail)
	if t.conservative {
		w.s.setConservative(detail)
	}
	if t.tparams {
		w.s.tparams = true
	}
}

// sharedRoot reports whether a root of a returned value (queried without
// loads) makes the value itself package memory: a package-level variable
// or what one holds, or the result of a call that hands out such memory.
// A call whose summary is unknown counts as sharing, as does a root the
// analysis gave up on.
func (w *walker) sharedRoot(r accesspath.Root) bool {
	switch r.Kind {
	case accesspath.Unknown:
		return true
	case accesspath.Global:
		call, ok := r.Value.(*ssa.Call)
		if !ok {
			return true
		}
		return w.sharedCall(call.Common())
	}
	return false
}

// sharedCall reports whether a call's result may be package memory itself
// (see Fact.ResultShared); an unresolved callee may.
func (w *walker) sharedCall(c *ssa.CallCommon) bool {
	var t *summary
	if c.IsInvoke() {
		if _, ct := concrete(c.Value); ct != nil {
			t = w.st.summaryOfObj(lookupMethod(ct, c.Method))
		}
	} else if callee := c.StaticCallee(); callee != nil {
		t = w.st.summaryOfFunc(callee)
	}
	return t == nil || t.conservative || t.retShared
}

func (w *walker) instr(instr ssa.Instruction) {
	s, st := w.s, w.st
	switch instr := instr.(type) {
	case *ssa.Store:
		w.write(instr.Addr, 0, "stores at "+st.pos(instr.Pos()))
	case *ssa.MapUpdate:
		w.write(instr.Map, 0, "updates map at "+st.pos(instr.Pos()))
	case *ssa.Return:
		for _, res := range instr.Results {
			// Deep: a fresh wrapper around a parameter still exposes it.
			for _, r := range w.acc.Roots(res, accesspath.MaxDeref) {
				switch r.Kind {
				case accesspath.Param:
					if s.retAlias == nil {
						s.retAlias = make(map[int]bool)
					}
					s.retAlias[r.Index] = true
				case accesspath.Global, accesspath.Unknown, accesspath.FreeVar:
					s.retGlobal = true
				}
			}
			// Shallow: is the returned value itself package memory?
			for _, r := range w.acc.Roots(res, 0) {
				if w.sharedRoot(r) {
					s.retShared = true
				}
			}
		}
	case *ssa.Panic:
		if explicitPanic(instr) {
			s.add(Panics, "panic at "+st.pos(instr.Pos()))
		}
	// A channel is memory: a send, a receive or a close changes its state
	// (its buffer, its closedness) for everyone who holds it, so a
	// channel reachable from the receiver or a parameter is written.
	case *ssa.Send:
		s.add(Blocks, "channel send at "+st.pos(instr.Pos()))
		w.write(instr.Chan, 0, "sends on a channel at "+st.pos(instr.Pos()))
	case *ssa.UnOp:
		if g, ok := instr.X.(*ssa.Global); ok && instr.Op == token.MUL && g.Pkg != nil {
			if e, ok := processGlobals[g.Pkg.Pkg.Path()+"."+g.Name()]; ok {
				s.add(e.effects, e.why+" at "+st.pos(instr.Pos()))
			}
		}
		if instr.Op == token.ARROW {
			s.add(Blocks, "channel receive at "+st.pos(instr.Pos()))
			w.write(instr.X, 0, "receives from a channel at "+st.pos(instr.Pos()))
		}
	case *ssa.Select:
		if instr.Blocking {
			s.add(Blocks, "select at "+st.pos(instr.Pos()))
		}
		if len(instr.States) >= 2 {
			s.add(Nondeterministic, "select among several cases at "+st.pos(instr.Pos()))
		}
		for _, state := range instr.States {
			what := "receives from"
			if state.Dir == types.SendOnly {
				what = "sends on"
			}
			w.write(state.Chan, 0, what+" a channel in a select at "+st.pos(instr.Pos()))
		}
	case *ssa.MakeClosure:
		w.closure(instr)
	case *ssa.Go:
		s.add(Spawns, "go statement at "+st.pos(instr.Pos()))
		w.call(instr, instr.Common())
	case *ssa.Defer:
		w.call(instr, instr.Common())
	case *ssa.Call:
		w.call(instr, instr.Common())
	}
}

// explicitPanic tells a panic call in the source from the panics SSA
// inserts after calls that cannot return and in impossible select and
// range-over-func states.
func explicitPanic(p *ssa.Panic) bool {
	if !p.Pos().IsValid() {
		return false
	}
	// SSA emits the panic after the call, converting "noreturn" to an
	// interface in between; look back a few instructions.
	instrs := p.Block().Instrs
	for i, instr := range instrs {
		if instr != p {
			continue
		}
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			if c, ok := instrs[j].(*ssa.Call); ok && c.Pos() == p.Pos() {
				return false
			}
		}
	}
	return true
}

// write records a write into memory reachable from v.
func (w *walker) write(v ssa.Value, deref int, detail string) {
	for _, r := range w.acc.Roots(v, deref) {
		switch r.Kind {
		case accesspath.Param:
			w.s.mutate(r.Index, detail)
		case accesspath.FreeVar:
			if w.s.freeMut == nil {
				w.s.freeMut = make(map[int]int)
			}
			if d, ok := w.s.freeMut[r.Index]; !ok || r.Deref < d {
				w.s.freeMut[r.Index] = r.Deref
			}
			// The parent decides whether this is visible; record a reason
			// for the parent to use.
			w.s.reason(fmt.Sprintf("freevar:%d", r.Index), detail)
		case accesspath.Global:
			if zeroSizeGlobal(r.Value) {
				// Nothing can be stored in a variable of size zero,
				// nor in anything reachable from it: regexp hands
				// arrayNoInts[:0:0] ([0]int) to its matchers as an
				// empty destination, which would otherwise make every
				// match on a package-level *Regexp a global write.
				continue
			}
			w.s.add(WritesGlobal, detail+" into "+globalName(r.Value))
		case accesspath.Unknown:
			w.s.setConservative(detail + " through memory the analysis could not track")
		}
	}
}

// zeroSizeGlobal reports whether v is a package variable whose type has
// size zero (a zero-length array, an empty struct, or made of them).
func zeroSizeGlobal(v ssa.Value) bool {
	g, ok := v.(*ssa.Global)
	if !ok {
		return false
	}
	ptr, ok := g.Type().Underlying().(*types.Pointer)
	return ok && zeroSize(ptr.Elem(), 0)
}

// zeroSize reports whether values of t occupy no memory. Named types are
// followed to a small depth, which is enough for any real declaration and
// stops on a (size-infinite, so invalid) recursive one.
func zeroSize(t types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		return u.Len() == 0 || zeroSize(u.Elem(), depth+1)
	case *types.Struct:
		for i := range u.NumFields() {
			if !zeroSize(u.Field(i).Type(), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

func globalName(v ssa.Value) string {
	if g, ok := v.(*ssa.Global); ok && g.Pkg != nil {
		return g.Pkg.Pkg.Name() + "." + g.Name()
	}
	return v.Name()
}

// closure maps the effects of a closure on its free variables onto the
// values the parent binds them to.
func (w *walker) closure(mc *ssa.MakeClosure) {
	anon, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return
	}
	if anon.Synthetic != "" && anon.Parent() == nil {
		// A bound method value: calling it calls the method on the
		// bound receiver, which happens where the value is called.
		return
	}
	as := w.st.local[anon]
	if as == nil {
		return
	}
	// Sorted, so that the first reason recorded does not depend on map order.
	for _, i := range sortedKeys(as.freeMut) {
		if i < len(mc.Bindings) {
			w.write(mc.Bindings[i], as.freeMut[i], as.why[fmt.Sprintf("freevar:%d", i)])
		}
	}
	for _, i := range sortedKeys(as.freeCalls) {
		if i < len(mc.Bindings) {
			w.calledValue(mc.Bindings[i], 1, nil, "closure at "+w.st.pos(mc.Pos()))
		}
	}
}

// call handles a call, go or defer instruction.
func (w *walker) call(instr ssa.Instruction, c *ssa.CallCommon) {
	st := w.st
	at := st.pos(instr.Pos())
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "append":
			if len(c.Args) > 0 {
				w.write(c.Args[0], 0, "appends into a shared backing array at "+at)
			}
		case "copy", "clear", "delete", "close":
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
		w.apply(st.summaryOfFunc(callee), obj, args, at)
		w.s.weak = false
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

// seam returns the functions an unexported package variable of func type
// can hold, when only initialization stores into it (its initializer or
// an init function) and every value stored is a function; otherwise nil.
// A store anywhere else, or any other use of the variable's address,
// means it can hold something else at run time. Tests that replace the
// variable are not part of the package the facts describe.
func (st *state) seam(g *ssa.Global) []ssa.Value {
	if st.seams == nil {
		st.seams = st.findSeams()
	}
	return st.seams[g]
}

// findSeams scans the package's functions once for the variables seam
// accepts.
func (st *state) findSeams() map[*ssa.Global][]ssa.Value {
	stored := map[*ssa.Global][]ssa.Value{}
	bad := map[*ssa.Global]bool{}
	isInit := func(fn *ssa.Function) bool {
		return fn.Parent() == nil && (fn.Name() == "init" || strings.HasPrefix(fn.Name(), "init#"))
	}
	visit := func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, ins := range b.Instrs {
				if u, ok := ins.(*ssa.UnOp); ok && u.Op == token.MUL {
					continue // a load: a call through it is what seam resolves
				}
				if sto, ok := ins.(*ssa.Store); ok {
					if g, ok := sto.Addr.(*ssa.Global); ok {
						if f, isFn := stripConv(sto.Val).(*ssa.Function); isFn && isInit(fn) {
							stored[g] = append(stored[g], f)
						} else {
							bad[g] = true
						}
						continue
					}
				}
				for _, op := range ins.Operands(nil) {
					if g, ok := (*op).(*ssa.Global); ok {
						bad[g] = true // its address escapes
					}
				}
			}
		}
	}
	fns := st.src
	if len(fns) > 0 {
		if init := fns[0].Pkg.Func("init"); init != nil {
			fns = append([]*ssa.Function{init}, fns...)
		}
	}
	seen := map[*ssa.Function]bool{}
	for _, fn := range fns {
		if !seen[fn] {
			seen[fn] = true
			visit(fn)
		}
	}
	out := map[*ssa.Global][]ssa.Value{}
	for g, vs := range stored {
		obj := g.Object()
		if bad[g] || obj == nil || obj.Exported() || obj.Pkg() != st.pass.Pkg {
			continue
		}
		if _, isFunc := obj.Type().Underlying().(*types.Signature); isFunc {
			out[g] = vs
		}
	}
	return out
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

func (w *walker) freeCall(fv *ssa.FreeVar) {
	for i, q := range w.fn.FreeVars {
		if q == fv {
			if w.s.freeCalls == nil {
				w.s.freeCalls = make(map[int]bool)
			}
			w.s.freeCalls[i] = true
		}
	}
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
	if eff&(FSRead|FSWrite) != 0 && w.stdStream(args) {
		eff = eff&^(FSRead|FSWrite) | Stdio
	}
	w.s.add(eff, detail)
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
		w.write(args[k], deref, "passes it to "+name+" at "+at)
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

// stdStream reports whether any argument refers to os.Stdin, os.Stdout or
// os.Stderr, whose file I/O is standard I/O.
func (w *walker) stdStream(args []ssa.Value) bool {
	for _, a := range args {
		for _, r := range w.acc.Roots(a, 0) {
			if r.Kind == accesspath.Global {
				if g, ok := r.Value.(*ssa.Global); ok && g.Pkg != nil && stdStreams[g.Pkg.Pkg.Path()+"."+g.Name()] {
					return true
				}
			}
		}
	}
	return false
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
