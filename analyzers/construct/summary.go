package construct

import (
	"go/token"
	"go/types"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// summary is what the analysis knows of one function, closures included,
// over its own inputs (parameters, receiver first, and free variables):
// what its results are and what it writes. Callers compose it at their
// call sites. Branches are summarised separately (bsummary), only when
// asked for.
type summary struct {
	// height is the length of the longest chain of package-local calls
	// below the function; results are composed only while it is below
	// MaxDepth.
	height int
	// returns holds, per result, the paths the result is or depends on.
	returns [][]ival
	writes  []*iwrite
	byWrite map[writeKey]*iwrite
}

type writeKey struct {
	p    ipath
	kind string
}

// bsummary holds the branches of a function and of the functions it
// reaches, over its inputs.
type bsummary struct {
	branches []*ibranch
	byPos    map[branchKey]*ibranch
}

type branchKey struct {
	file      string
	line, col int
	in        *ssa.Function
}

// ibranch is a branch of the function or of a function it reaches.
type ibranch struct {
	file      string
	line, col int
	in        *ssa.Function // nil for the function itself
	depth     int           // calls between the function and the branch
	deps      []idep
}

type idep struct {
	v         ival
	op, konst string
}

// iwrite is a write of the function or of a function it calls: the value
// at base, followed by last (a load for a store, a lookup for a map
// update), is set from the values from.
type iwrite struct {
	base  ipath
	last  op
	kind  string // set, put, append
	from  []ival
	konst string
	depth int
}

func (w *iwrite) path(in *interner) ipath { return in.extended(w.base, w.last) }

// state is the analysis of one package.
type state struct {
	interner
	pkg       *types.Package
	fset      *token.FileSet
	local     map[*ssa.Function]bool
	summaries map[*ssa.Function]*summary
	// sccs are the recursive components of the call graph, callees
	// first, and recursive those that call themselves.
	sccs      [][]*ssa.Function
	recursive []bool
	// scc is the recursive component being summarised: calls within it
	// are not composed, which keeps recursion bounded.
	scc map[*ssa.Function]bool
}

// eachSCC calls f for the components in order, with st.scc set for the
// recursive ones.
func (st *state) eachSCC(f func(fn *ssa.Function)) {
	for i, scc := range st.sccs {
		if st.recursive[i] {
			st.scc = make(map[*ssa.Function]bool)
			for _, fn := range scc {
				st.scc[fn] = true
			}
		}
		for _, fn := range scc {
			f(fn)
		}
		st.scc = nil
	}
}

// localCallee returns the package function a call statically goes to, nil
// for other calls and for calls within the component being summarised.
func (st *state) localCallee(c *ssa.CallCommon) *ssa.Function {
	if c.IsInvoke() {
		return nil
	}
	fn := c.StaticCallee()
	if fn == nil {
		return nil
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if !st.local[fn] || st.scc[fn] {
		return nil
	}
	return fn
}

// summarize computes the summary of fn from those of its callees.
func (st *state) summarize(fn *ssa.Function) *summary {
	t := newTracer(st, fn)
	s := &summary{byWrite: make(map[writeKey]*iwrite)}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var callee *ssa.Function
			switch instr := instr.(type) {
			case ssa.CallInstruction:
				callee = st.localCallee(instr.Common())
			case *ssa.MakeClosure:
				callee = instr.Fn.(*ssa.Function)
				if st.scc[callee] {
					callee = nil
				}
			}
			if cs := st.summaries[callee]; callee != nil && cs != nil {
				s.height = max(s.height, cs.height+1)
			}
		}
	}
	results := st.resultRoots(t, fn)

	// Results.
	if n := fn.Signature.Results().Len(); n > 0 {
		s.returns = make([][]ival, n)
		for _, b := range fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			for i, r := range ret.Results {
				s.returns[i] = appendVals(s.returns[i], inputsOnly(t.trace(r))...)
			}
		}
	}

	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				st.store(t, s, results, instr)
			case *ssa.MapUpdate:
				from := append(t.sources(instr.Value), inputsOnly(asIndex(t.trace(instr.Key)))...)
				for _, l := range t.trace(instr.Map) {
					if l.index || l.test != "" {
						continue
					}
					s.addWrite(results, &iwrite{base: l.p, last: op{kind: opLookup, key: constKey(instr.Key)},
						kind: "put", from: from, konst: constKey(instr.Value)})
				}
			case *ssa.MakeClosure:
				callee := instr.Fn.(*ssa.Function)
				if cs := st.summaries[callee]; cs != nil && !st.scc[callee] {
					st.compose(t, s, results, cs, inputs{free: t.bindings(instr)}, nil)
				}
			}
			if c, ok := instr.(ssa.CallInstruction); ok {
				if callee := st.localCallee(c.Common()); callee != nil {
					if cs := st.summaries[callee]; cs != nil {
						call, _ := instr.(*ssa.Call)
						st.compose(t, s, results, cs, t.calleeInputs(c.Common(), callee), call)
					}
				}
			}
		}
	}
	return s
}

// inputsOnly keeps the values rooted at the function's inputs.
func inputsOnly(vs []ival) []ival {
	var out []ival
	for _, v := range vs {
		if v.p.root == rootParam || v.p.root == rootFree {
			out = append(out, v)
		}
	}
	return out
}

// results maps the objects a function builds and returns to paths rooted
// at its results: an allocation returned (as a pointer or loaded as a
// value), objects stored into such an allocation, and calls whose result
// is returned (to take over the callee's writes to its result).
type results struct {
	in     *interner
	locals map[ssa.Value]ipath
	calls  map[*ssa.Call]int
}

func (st *state) resultRoots(t *tracer, fn *ssa.Function) results {
	r := results{in: &st.interner, locals: make(map[ssa.Value]ipath), calls: make(map[*ssa.Call]int)}
	type mk struct {
		v ssa.Value
		i int
	}
	marked := make(map[mk]bool)
	var mark func(v ssa.Value, i int, depth int)
	mark = func(v ssa.Value, i int, depth int) {
		if depth > 8 || marked[mk{v, i}] {
			return
		}
		marked[mk{v, i}] = true
		switch v := v.(type) {
		case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeSlice:
			if _, ok := r.locals[v]; !ok {
				r.locals[v] = ipath{root: rootResult, index: i}
			}
		case *ssa.UnOp:
			if a, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
				mark(a, i, depth+1)
			}
		case *ssa.ChangeType:
			mark(v.X, i, depth+1)
		case *ssa.MakeInterface:
			mark(v.X, i, depth+1)
		case *ssa.Convert:
			mark(v.X, i, depth+1)
		case *ssa.Phi:
			for _, e := range v.Edges {
				mark(e, i, depth+1)
			}
		case *ssa.Call:
			if _, ok := r.calls[v]; !ok {
				r.calls[v] = i
			}
		case *ssa.Extract:
			if c, ok := v.Tuple.(*ssa.Call); ok && v.Index == 0 {
				if _, ok := r.calls[c]; !ok {
					r.calls[c] = i
				}
			}
		}
	}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for i, v := range ret.Results {
				mark(v, i, 0)
			}
		}
	}
	// Objects stored into a result object are part of it: the value at
	// the address is the stored pointer.
	for range 4 {
		changed := false
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				s, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				base, ops, ok := localAddr(s.Addr)
				if !ok {
					continue
				}
				rp, ok := r.locals[base]
				if !ok {
					continue
				}
				switch v := stripConv(s.Val).(type) {
				case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeSlice:
					if _, ok := r.locals[v]; !ok {
						r.locals[v] = st.extended(rp, append(slices.Clip(ops), op{kind: opLoad})...)
						changed = true
					}
				}
			}
		}
		if !changed {
			break
		}
	}
	return r
}

// rooted maps a path to the function's inputs or results: paths rooted at
// local objects that are part of a result are rebased onto it, other
// local paths dropped.
func (r results) rooted(p ipath) (ipath, bool) {
	switch p.root {
	case rootParam, rootFree, rootResult:
		return p, true
	case rootLocal:
		if rp, ok := r.locals[p.local]; ok {
			return r.in.extended(rp, p.ops.list()...), true
		}
	}
	return ipath{}, false
}

func (st *state) store(t *tracer, s *summary, r results, instr *ssa.Store) {
	kind := "set"
	if c, ok := instr.Val.(*ssa.Call); ok {
		if b, ok := c.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			if ld, ok := c.Call.Args[0].(*ssa.UnOp); ok && ld.Op == token.MUL && sameAddr(ld.X, instr.Addr) {
				kind = "append"
			}
		}
	}
	// *b = T{F: v, G: w} writes F and G: a literal copied as a whole is
	// recorded field by field.
	var lit []store
	if ld, ok := instr.Val.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if a, ok := ld.X.(*ssa.Alloc); ok {
			lit = t.stores[a]
		}
	}
	from := t.sources(instr.Val)
	for _, l := range t.trace(instr.Addr) {
		if l.index || l.test != "" {
			continue
		}
		if len(lit) > 0 {
			for _, f := range lit {
				s.addWrite(r, &iwrite{base: st.extended(l.p, f.ops...), last: op{kind: opLoad}, kind: "set",
					from: t.sources(f.val), konst: constKey(f.val)})
			}
			continue
		}
		s.addWrite(r, &iwrite{base: l.p, last: op{kind: opLoad}, kind: kind, from: from, konst: constKey(instr.Val)})
	}
}

// sameAddr reports whether two addresses are the same field of the same
// value, as in s.items = append(s.items, x).
func sameAddr(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	fa, ok1 := a.(*ssa.FieldAddr)
	fb, ok2 := b.(*ssa.FieldAddr)
	if ok1 && ok2 && fa.Field == fb.Field {
		if fa.X == fb.X {
			return true
		}
		la, ok1 := fa.X.(*ssa.UnOp)
		lb, ok2 := fb.X.(*ssa.UnOp)
		return ok1 && ok2 && la.Op == token.MUL && lb.Op == token.MUL && sameAddr(la.X, lb.X)
	}
	return false
}

func (s *summary) addWrite(r results, w *iwrite) {
	base, ok := r.rooted(w.base)
	if !ok || base.ops.len() > maxOps {
		return
	}
	w.base = base
	if base.root == rootResult && w.last.kind == opLoad && base.ops == nil {
		// *t = v initialises a fresh result as a whole (d := *c;
		// return &d): a copy, not a field set.
		return
	}
	// The value written is not its own source: s.items = append(s.items, x)
	// is computed from x.
	p := w.path(r.in)
	pops := p.ops.list()
	var from []ival
	for _, f := range w.from {
		fops := f.p.ops.list()
		if f.p.root == p.root && f.p.index == p.index && len(fops) >= len(pops) && opsMatch(pops, fops[:len(pops)]) {
			continue
		}
		from = append(from, f)
	}
	w.from = from
	k := writeKey{p, w.kind}
	if old, ok := s.byWrite[k]; ok {
		old.from = appendVals(old.from, w.from...)
		if old.konst != w.konst {
			old.konst = ""
		}
		old.depth = min(old.depth, w.depth)
		return
	}
	s.byWrite[k] = w
	s.writes = append(s.writes, w)
}

func (s *bsummary) addBranch(b *ibranch) {
	if b == nil || len(b.deps) == 0 {
		return
	}
	k := branchKey{b.file, b.line, b.col, b.in}
	old, ok := s.byPos[k]
	if !ok {
		if len(s.branches) >= maxBranches {
			return
		}
		s.byPos[k] = b
		s.branches = append(s.branches, b)
		return
	}
	old.depth = min(old.depth, b.depth)
	for _, d := range b.deps {
		old.add(d)
	}
}

func (b *ibranch) add(d idep) {
	if len(b.deps) >= maxDeps {
		return
	}
	if !slices.Contains(b.deps, d) {
		b.deps = append(b.deps, d)
	}
}

// branchOf describes an If of fn: the inputs its condition depends on.
func (st *state) branchOf(t *tracer, fn *ssa.Function, ifi *ssa.If) *ibranch {
	pos := condPos(ifi.Cond, make(map[ssa.Value]bool))
	if !pos.IsValid() {
		pos = fn.Pos()
	}
	position := st.fset.Position(pos)
	b := &ibranch{file: filepath.Base(position.Filename), line: position.Line, col: position.Column}
	for _, d := range t.condDeps(ifi.Cond) {
		if d.v.p.root == rootParam || d.v.p.root == rootFree {
			b.add(d)
		}
	}
	return b
}

// condDeps returns the dependencies of a branch condition.
func (t *tracer) condDeps(cond ssa.Value) []idep {
	var deps []idep
	for _, v := range t.trace(cond) {
		switch {
		case v.test != "":
			deps = append(deps, idep{v: v, op: v.test, konst: v.konst})
		case v.index:
			deps = append(deps, idep{v: v, op: "=="})
		case v.neg:
			deps = append(deps, idep{v: v, op: "==", konst: "false"})
		default:
			deps = append(deps, idep{v: v, op: "==", konst: "true"})
		}
	}
	return deps
}

// compose adds to s what a callee (or a closure fn creates) writes of the
// values in, one call deeper.
func (st *state) compose(t *tracer, s *summary, r results, cs *summary, in inputs, call *ssa.Call) {
	for _, w := range cs.writes {
		if w.depth+1 > MaxDepth {
			continue
		}
		var from []ival
		for _, f := range w.from {
			from = appendVals(from, inputsOnly(t.subst(f, in))...)
		}
		konst := w.konst
		if konst == "" {
			konst = constArg(w.from, in)
		}
		if w.base.root == rootResult {
			// The callee's result, returned by the caller, is the
			// caller's result.
			if i, ok := r.calls[call]; ok && call != nil && w.base.index == 0 {
				base := ipath{root: rootResult, index: i, ops: w.base.ops}
				s.addWrite(r, &iwrite{base: base, last: w.last, kind: w.kind, from: from, konst: konst, depth: w.depth + 1})
			}
			continue
		}
		for _, b := range t.subst(ival{p: w.base, exact: true}, in) {
			if b.index || b.test != "" {
				continue
			}
			s.addWrite(r, &iwrite{base: b.p, last: w.last, kind: w.kind, from: from, konst: konst, depth: w.depth + 1})
		}
	}
}

// constArg returns the constant a callee writes when the written value is
// one of its parameters and the caller passes a constant for it.
func constArg(from []ival, in inputs) string {
	if len(from) != 1 || from[0].p.root != rootParam || from[0].p.ops != nil || !from[0].exact {
		return ""
	}
	if i := from[0].p.index; i < len(in.args) {
		return constKey(in.args[i])
	}
	return ""
}

// funcName names a function for Branch.In: the declared function's full
// name, or the SSA name of a function literal.
func funcName(fn *ssa.Function) string {
	if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil {
		return obj.FullName()
	}
	return fn.String()
}

// condPos returns the position of a condition, or of the first operand
// with one: the conditions of range loops have none, their operand
// len(x.Items) has the position of x.Items.
func condPos(v ssa.Value, seen map[ssa.Value]bool) token.Pos {
	if p := v.Pos(); p.IsValid() {
		return p
	}
	if seen[v] || len(seen) > 32 {
		return token.NoPos
	}
	seen[v] = true
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return token.NoPos
	}
	var ops []*ssa.Value
	for _, o := range instr.Operands(ops) {
		if *o == nil {
			continue
		}
		if p := condPos(*o, seen); p.IsValid() {
			return p
		}
	}
	return token.NoPos
}

// summarizeBranches computes the branches of fn and of the package
// functions it reaches (at most MaxDepth calls deep), over fn's inputs.
func (st *state) summarizeBranches(fn *ssa.Function, done map[*ssa.Function]*bsummary) *bsummary {
	t := newTracer(st, fn)
	s := &bsummary{byPos: make(map[branchKey]*ibranch)}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.If:
				s.addBranch(st.branchOf(t, fn, instr))
			case *ssa.MakeClosure:
				callee := instr.Fn.(*ssa.Function)
				if cs := done[callee]; cs != nil && !st.scc[callee] {
					st.composeBranches(t, s, cs, callee, inputs{free: t.bindings(instr)})
				}
			}
			if c, ok := instr.(ssa.CallInstruction); ok {
				if callee := st.localCallee(c.Common()); callee != nil {
					if cs := done[callee]; cs != nil {
						st.composeBranches(t, s, cs, callee, t.calleeInputs(c.Common(), callee))
					}
				}
			}
		}
	}
	return s
}

// composeBranches adds to s the branches of a callee (or of a closure fn
// creates) that depend on the values in, one call deeper.
func (st *state) composeBranches(t *tracer, s *bsummary, cs *bsummary, callee *ssa.Function, in inputs) {
	for _, cb := range cs.branches {
		if cb.depth+1 > MaxDepth {
			continue
		}
		nb := &ibranch{file: cb.file, line: cb.line, col: cb.col, in: cb.in, depth: cb.depth + 1}
		if nb.in == nil {
			nb.in = callee
		}
		for _, d := range cb.deps {
			for _, v := range t.subst(d.v, in) {
				if v.p.root != rootParam && v.p.root != rootFree {
					continue
				}
				konst := d.konst
				if v.index && !d.v.index {
					konst = "" // the argument selects an element; the constant is the element's
				}
				nb.add(idep{v: v, op: d.op, konst: konst})
			}
		}
		s.addBranch(nb)
	}
}
