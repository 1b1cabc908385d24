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
	// seeding is set while the effects of a clock read that only seeds
	// a random source are applied (clockSeed).
	seeding bool
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
	s.walked = true
	w := &walker{st: st, fn: fn, s: s, acc: accesspath.New(fn), callEffects: make(map[ssa.Instruction]Effect)}
	w.acc.Results = w.results
	blocks := liveBlocks(fn)
	ic := w.incidental(blocks)
	for _, anon := range fn.AnonFuncs {
		// Closures are summarised into their parent whether or not the
		// parent calls them: they run on its behalf.
		as := st.local[anon]
		if as == nil {
			continue
		}
		s.withQuiet(ic.anons[anon], func() { w.merge(as, "in closure at "+st.pos(anon.Pos())) })
	}
	for _, b := range blocks {
		for _, instr := range b.Instrs {
			s.quiet = ic.instrs[instr]
			w.instr(instr)
		}
	}
	s.quiet = false
	st.leaks[fn] = w.mapOrder()
	return s
}

// results tells the access-path analysis what a call's result may point
// into, from the callee's summary: an invoke of a package's unexported
// method, whose implementations are all the package's, from the union of
// theirs.
func (w *walker) results(c *ssa.CallCommon) (r accesspath.CallResults, ok bool) {
	ts := w.calleeSummaries(c)
	if len(ts) == 0 && c.IsInvoke() {
		// An exported method of an interface the package declares:
		// other packages may implement it too, so its effects stay
		// unresolved (the fact is Conservative), but what its result
		// may point into follows the package's own implementations,
		// the convention of the package that declares the interface.
		// Without this, every []byte an interface method returns is
		// taken as its receiver's memory (jwx's Headers.Encode, whose
		// only implementation returns a new base64 buffer), and an
		// observer appending to it is reported as writing its
		// receiver.
		for _, m := range w.st.declaredImpls(c) {
			ts = append(ts, w.st.summaryOfObj(m))
		}
	}
	if len(ts) == 0 {
		return r, false
	}
	deep, direct := map[int]bool{}, map[int]bool{}
	globalAt, anyGlobal := map[int]bool{}, false
	for _, t := range ts {
		// A Conservative implementation walked here still tells what
		// its result may point into (see summary.walked): jwx's
		// stdHeaders.Encode is Conservative because json.Marshal may
		// call MarshalJSON methods it cannot resolve, yet it returns
		// a new base64 buffer. Any other Conservative summary gives
		// up, and the call falls back to the type rule.
		if t == nil || t.conservative && !t.walked {
			return r, false
		}
		for i := range t.retAlias {
			deep[i] = true
		}
		for i := range t.retDirect {
			direct[i] = true
		}
		if t.retGlobal {
			r.Global = true
			if t.retGlobalAt == nil {
				anyGlobal = true
			}
			for i := range t.retGlobalAt {
				globalAt[i] = true
			}
		}
	}
	r.Args, r.Direct = sortedKeys(deep), sortedKeys(direct)
	if r.Global && !anyGlobal {
		r.GlobalResults = sortedKeys(globalAt)
	}
	return r, true
}

// calleeSummaries returns the summaries of the functions a call may run:
// its static callee, the method of an interface value's known concrete
// type, or every implementation of an unexported method of the package
// (packageImpls). Nil when they are not known; a nil element is a callee
// with no summary yet.
func (w *walker) calleeSummaries(c *ssa.CallCommon) []*summary {
	if c.IsInvoke() {
		if _, ct := concrete(c.Value); ct != nil {
			return []*summary{w.st.summaryOfObj(lookupMethod(ct, c.Method))}
		}
		impls := w.st.packageImpls(c.Method)
		ts := make([]*summary, len(impls))
		for i, m := range impls {
			ts[i] = w.st.summaryOfObj(m)
		}
		return ts
	}
	if callee := c.StaticCallee(); callee != nil {
		if strings.HasPrefix(callee.Synthetic, "bound method wrapper") {
			return nil
		}
		return []*summary{w.st.summaryOfFunc(callee)}
	}
	return nil
}

// packageImpls returns the methods of the package's named types that
// implement m, an unexported method of an interface the package declares
// (or writes inline): no other package can declare them, and a type that
// embeds one of these types only promotes it, so every dynamic call of m
// runs one of them. Nil for an exported method, one of another package,
// or when a generic type declares one (its instantiations are not known
// here) or there are too many to be worth the union.
func (st *state) packageImpls(m *types.Func) []*types.Func {
	if m.Exported() || m.Pkg() != st.pass.Pkg {
		return nil
	}
	if impls, ok := st.impls[m.Name()]; ok {
		return impls
	}
	impls := st.methodsOfTypes(func(n *types.Named) *types.Func {
		for dm := range n.Methods() {
			if dm.Name() == m.Name() {
				return dm
			}
		}
		return nil
	})
	if st.impls == nil {
		st.impls = make(map[string][]*types.Func)
	}
	st.impls[m.Name()] = impls
	return impls
}

// methodsOfTypes returns the method pick chooses of each of the
// package's named types that are not interfaces (nil: none), in scope
// order. Nil when a generic type has one (its instantiations are not
// known here), or when there are more than 32, too many to be worth a
// union of summaries.
func (st *state) methodsOfTypes(pick func(n *types.Named) *types.Func) []*types.Func {
	const maxImpls = 32
	var impls []*types.Func
	scope := st.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(n) {
			continue
		}
		f := pick(n)
		if f == nil {
			continue
		}
		if n.TypeParams().Len() > 0 || len(impls) == maxImpls {
			return nil
		}
		impls = append(impls, f)
	}
	return impls
}

// declaredImpls returns the methods of the package's named types that
// implement the exported method of an invoke c on an interface the
// package declares: the implementations the package itself has. Nil for
// other calls, when no type of the package implements the interface,
// when a generic type might, or when there are more than 32.
func (st *state) declaredImpls(c *ssa.CallCommon) []*types.Func {
	m := c.Method
	if !c.IsInvoke() || !m.Exported() {
		return nil
	}
	n, ok := types.Unalias(c.Value.Type()).(*types.Named)
	if !ok || n.Obj().Pkg() != st.pass.Pkg || n.TypeParams().Len() > 0 {
		return nil
	}
	iface, ok := n.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	if impls, ok := st.declImpls[m]; ok {
		return impls
	}
	impls := st.methodsOfTypes(func(t *types.Named) *types.Func {
		if t.TypeParams().Len() > 0 {
			// Implements is unspecified for a generic type: one with a
			// method of that name may implement it once instantiated.
			for dm := range t.Methods() {
				if dm.Name() == m.Name() {
					return dm
				}
			}
			return nil
		}
		if !types.Implements(t, iface) && !types.Implements(types.NewPointer(t), iface) {
			return nil
		}
		return lookupMethod(types.NewPointer(t), m)
	})
	if st.declImpls == nil {
		st.declImpls = make(map[*types.Func][]*types.Func)
	}
	st.declImpls[m] = impls
	return impls
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
	w.s.addVisible(t.effects&^(MutatesReceiver|MutatesParams), t.obs, detail)
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
	ts := w.calleeSummaries(c)
	if len(ts) == 0 {
		return true
	}
	for _, t := range ts {
		if t == nil || t.conservative || t.retShared {
			return true
		}
	}
	return false
}

func (w *walker) instr(instr ssa.Instruction) {
	s, st := w.s, w.st
	switch instr := instr.(type) {
	case *ssa.Store:
		w.writeCell(instr.Addr, "stores at "+st.pos(instr.Pos()))
	case *ssa.MapUpdate:
		w.writeCell(instr.Map, "updates map at "+st.pos(instr.Pos()))
	case *ssa.Return:
		for i, res := range instr.Results {
			// Deep: a fresh wrapper around a parameter still exposes it.
			for _, r := range w.acc.Roots(res, accesspath.MaxDeref) {
				switch r.Kind {
				case accesspath.Param:
					if s.retAlias == nil {
						s.retAlias = make(map[int]bool)
					}
					s.retAlias[r.Index] = true
				case accesspath.Global, accesspath.Unknown, accesspath.FreeVar:
					// Per result: a sentinel error beside a fresh
					// object leaves the object out of package memory.
					s.retGlobal = true
					if s.retGlobalAt == nil {
						s.retGlobalAt = make(map[int]bool)
					}
					s.retGlobalAt[i] = true
				}
			}
			// Shallow: is the returned value itself package memory, or
			// an argument's?
			for _, r := range w.acc.Roots(res, 0) {
				if w.sharedRoot(r) {
					s.retShared = true
				}
				if r.Kind == accesspath.Param {
					if s.retDirect == nil {
						s.retDirect = make(map[int]bool)
					}
					s.retDirect[r.Index] = true
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
	w.writeRoots(w.acc.Roots(v, deref), detail)
}

// writeCell records a write the function makes itself through addr (a
// store, a map update, an append, copy or clear into a slice): only the
// cells of addr's pointee, element or entries change, so memory that
// cannot hold a cell of that type is not written (see
// accesspath.WrittenRoots). A write a callee makes through an argument
// may reach anything the argument reaches and goes through write.
func (w *walker) writeCell(addr ssa.Value, detail string) {
	w.writeRoots(w.acc.WrittenRoots(addr), detail)
}

func (w *walker) writeRoots(roots []accesspath.Root, detail string) {
	for _, r := range roots {
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
			if !w.s.quiet {
				if w.s.obsFree == nil {
					w.s.obsFree = make(map[int]bool)
				}
				w.s.obsFree[r.Index] = true
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
			w.s.withQuiet(!as.obsFree[i], func() {
				w.write(mc.Bindings[i], as.freeMut[i], closureReason(as, i, w.st.pos(mc.Pos())))
			})
		}
	}
	for _, i := range sortedKeys(as.freeCalls) {
		if i < len(mc.Bindings) {
			w.calledValue(mc.Bindings[i], 1, nil, "closure at "+w.st.pos(mc.Pos()))
		}
	}
}

// closureReason returns why the closure summarised in as writes its free
// variable i: its first reason, or, when every write is a call within a
// recursive component (goja's JSON encoder, run by Object.MarshalJSON in
// a closure, recursing through the values it encodes), the reason kept
// for that case (summary.weakWhy); never an empty one, which the observer
// check would take for the method's own instruction.
func closureReason(as *summary, i int, at string) string {
	key := fmt.Sprintf("freevar:%d", i)
	if d := as.why[key]; d != "" {
		return d
	}
	if d := as.weakWhy[key]; d != "" {
		return d
	}
	return "in closure at " + at
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
