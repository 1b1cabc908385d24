package construct

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// This file traces SSA values back to access paths over a function's
// inputs. A path is kept at the SSA level (ops) while summaries are built
// and composed, and turned into the facts' Steps at the end (steps).

// Bounds that keep the analysis linear on huge generated functions.
const (
	// MaxDepth bounds the call depth through which a helper's branches and
	// writes are attributed to its callers (EvoObj's t_dep).
	MaxDepth = 5
	// maxOps bounds the length of a path (k-limiting recursive types).
	maxOps = 16
	// maxVals bounds the paths a single value traces to.
	maxVals = 32
	// maxBranches bounds the branches recorded per function, and
	// maxDeps the dependencies per branch.
	maxBranches = 256
	maxDeps     = 16
	// budget bounds the values traced per function.
	budget = 20000
)

type rootKind uint8

const (
	rootParam  rootKind = iota + 1 // Function.Params[index] (receiver first)
	rootFree                       // Function.FreeVars[index]
	rootLocal                      // an object the function allocates (local)
	rootResult                     // result index of the function (writes only)
)

type opKind uint8

const (
	opLoad      opKind = iota + 1 // *x
	opFieldAddr                   // &x.f, x a pointer to a struct
	opField                       // x.f, x a struct value
	opIndexAddr                   // &x[i], x a slice or pointer to array
	opIndex                       // x[i], x an array or string value
	opLookup                      // x[k], x a map
	opMapKey                      // a key of the map x
	opLen                         // len(x)
	opCap                         // cap(x)
)

type op struct {
	kind  opKind
	field int
	name  string
	key   string // constant index or key, "" if not constant
}

func isAddrOp(k opKind) bool { return k == opFieldAddr || k == opIndexAddr }

// ops is an interned sequence of operations: equal sequences built by one
// state are the same pointer, so paths compare with ==. nil is the empty
// sequence.
type ops = *opNode

type opNode struct {
	parent   *opNode
	op       op
	n        int
	children map[op]*opNode
}

// interner interns operation sequences for one package.
type interner struct{ top map[op]*opNode }

// ext returns the sequence s followed by o.
func (in *interner) ext(s ops, o op) ops {
	m := &in.top
	if s != nil {
		m = &s.children
	}
	if c, ok := (*m)[o]; ok {
		return c
	}
	if *m == nil {
		*m = make(map[op]*opNode)
	}
	c := &opNode{parent: s, op: o, n: s.len() + 1}
	(*m)[o] = c
	return c
}

func (s ops) len() int {
	if s == nil {
		return 0
	}
	return s.n
}

// list returns the operations in order.
func (s ops) list() []op {
	out := make([]op, s.len())
	for n := s; n != nil; n = n.parent {
		out[n.n-1] = n.op
	}
	return out
}

// allAddr reports whether the sequence has only address operations.
func (s ops) allAddr() bool {
	for n := s; n != nil; n = n.parent {
		if !isAddrOp(n.op.kind) {
			return false
		}
	}
	return true
}

// ipath is a path at the SSA level: a root and the operations applied to
// it. Paths are comparable.
type ipath struct {
	root  rootKind
	index int
	local ssa.Value // rootLocal: the allocation
	ops   ops
}

// extended returns p followed by os.
func (in *interner) extended(p ipath, os ...op) ipath {
	for _, o := range os {
		p.ops = in.ext(p.ops, o)
	}
	return p
}

// ival is a traced value: the value is (exact) or depends on (inexact) the
// value at p. Values are comparable.
type ival struct {
	p     ipath
	exact bool
	// via is the function whose result the value is, when it reached the
	// value through a call the analysis does not see into.
	via string
	// test is set when the value is a boolean test of p: a comparison
	// operator ("==", "<", ...; konst is then the constant compared with,
	// if any), or "has" or "is" for the success flag of a comma-ok map
	// lookup or type assertion (konst the key or the asserted type).
	test, konst string
	// neg is set for the negation of a boolean path.
	neg bool
	// index marks paths that only select which element is read (the
	// index of p.Items[p.Cur]): a read depends on them, a write does not
	// go to them.
	index bool
}

// appendVals adds vs to out, deduplicated, up to maxVals. The sets are
// small, so a linear scan beats a map.
func appendVals(out []ival, vs ...ival) []ival {
	for _, v := range vs {
		if len(out) >= maxVals {
			break
		}
		if v.p.ops.len() > maxOps || slices.Contains(out, v) {
			continue
		}
		out = append(out, v)
	}
	return out
}

// store is a store into a local object: at the address ops (field and
// element addresses) relative to the allocation.
type store struct {
	ops []op
	val ssa.Value
}

// tracer traces the values of one function.
type tracer struct {
	st     *state
	fn     *ssa.Function
	memo   map[ssa.Value][]ival
	busy   map[ssa.Value]bool
	stores map[ssa.Value][]store
	steps  int
}

func newTracer(st *state, fn *ssa.Function) *tracer {
	t := &tracer{st: st, fn: fn, memo: make(map[ssa.Value][]ival), busy: make(map[ssa.Value]bool)}
	t.stores = make(map[ssa.Value][]store)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			s, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			base, ops, ok := localAddr(s.Addr)
			if ok {
				t.stores[base] = append(t.stores[base], store{ops, s.Val})
			}
		}
	}
	return t
}

// localAddr decomposes an address into an allocation of the function and
// the field and element addresses taken from it.
func localAddr(v ssa.Value) (ssa.Value, []op, bool) {
	var ops []op
	for {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			ops = append(ops, fieldOp(opFieldAddr, x.X.Type(), x.Field))
			v = x.X
		case *ssa.IndexAddr:
			ops = append(ops, op{kind: opIndexAddr, key: constKey(x.Index)})
			v = x.X
		case *ssa.Alloc:
			slices.Reverse(ops)
			return x, ops, true
		default:
			return nil, nil, false
		}
	}
}

func fieldOp(kind opKind, t types.Type, i int) op {
	st, ok := deref(t).Underlying().(*types.Struct)
	name := ""
	if ok && i < st.NumFields() {
		name = st.Field(i).Name()
	}
	return op{kind: kind, field: i, name: name}
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// constKey formats a constant index or key, "" when v is not a constant.
func constKey(v ssa.Value) string {
	c, ok := stripConv(v).(*ssa.Const)
	if !ok {
		return ""
	}
	return constString(c)
}

// stripConv strips value-preserving conversions.
func stripConv(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return v
		}
	}
}

// maxConstLen bounds the constants recorded in facts.
const maxConstLen = 128

// constString formats a constant as a Go literal, "" when too long.
func constString(c *ssa.Const) string {
	var s string
	switch {
	case c.Value == nil:
		s = "nil"
		if _, ok := c.Type().Underlying().(*types.Struct); ok {
			s = "{}"
		}
	case c.Value.Kind() == constant.String:
		s = c.Value.ExactString()
	case c.Value.Kind() == constant.Float:
		s = c.Value.String()
	default:
		s = c.Value.ExactString()
	}
	if len(s) > maxConstLen {
		return ""
	}
	return s
}

// trace returns the paths v is or depends on. A value met again while it
// is being traced (a loop through phis) contributes nothing on that edge;
// values traced inside such a cycle may then be memoised with fewer paths
// than they have, an under-approximation that keeps the walk linear.
func (t *tracer) trace(v ssa.Value) []ival {
	if r, ok := t.memo[v]; ok {
		return r
	}
	if t.busy[v] || t.steps > budget {
		return nil // a cycle through phis, or the budget is spent
	}
	t.steps++
	t.busy[v] = true
	r := t.compute(v)
	delete(t.busy, v)
	t.memo[v] = r
	return r
}

func (t *tracer) compute(v ssa.Value) []ival {
	var out []ival
	add := func(vs ...ival) { out = appendVals(out, vs...) }
	switch v := v.(type) {
	case *ssa.Parameter:
		for i, p := range t.fn.Params {
			if p == v {
				add(ival{p: ipath{root: rootParam, index: i}, exact: true})
			}
		}
	case *ssa.FreeVar:
		for i, fv := range t.fn.FreeVars {
			if fv == v {
				add(ival{p: ipath{root: rootFree, index: i}, exact: true})
			}
		}
	case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeSlice:
		add(ival{p: ipath{root: rootLocal, local: v}, exact: true})
	case *ssa.FieldAddr:
		add(t.extend(t.trace(v.X), fieldOp(opFieldAddr, v.X.Type(), v.Field))...)
	case *ssa.Field:
		add(t.extend(t.trace(v.X), fieldOp(opField, v.X.Type(), v.Field))...)
	case *ssa.IndexAddr:
		add(t.extend(t.trace(v.X), op{kind: opIndexAddr, key: constKey(v.Index)})...)
		add(asIndex(t.trace(v.Index))...)
	case *ssa.Index:
		add(t.extend(t.trace(v.X), op{kind: opIndex, key: constKey(v.Index)})...)
		add(asIndex(t.trace(v.Index))...)
	case *ssa.Lookup:
		add(t.extend(t.trace(v.X), op{kind: opLookup, key: constKey(v.Index)})...)
		add(asIndex(t.trace(v.Index))...)
	case *ssa.UnOp:
		switch v.Op {
		case token.MUL:
			add(t.extend(t.trace(v.X), op{kind: opLoad})...)
		case token.NOT:
			for _, x := range t.trace(v.X) {
				if n, ok := negateOp[x.test]; ok {
					x.test = n
				} else {
					x.neg = !x.neg
				}
				add(x)
			}
		default: // -x, ^x, <-ch
			add(inexact(t.trace(v.X), "")...)
		}
	case *ssa.BinOp:
		if m, ok := mirrorOp[v.Op]; ok {
			// A comparison: each side's paths with the comparison, so
			// that a helper returning len(s) < 64 carries it to the
			// caller's branch.
			add(compared(t.trace(v.X), v.Op, constKey(v.Y))...)
			add(compared(t.trace(v.Y), m, constKey(v.X))...)
			break
		}
		add(inexact(t.trace(v.X), "")...)
		add(inexact(t.trace(v.Y), "")...)
	case *ssa.ChangeType:
		add(t.trace(v.X)...)
	case *ssa.Convert:
		add(t.trace(v.X)...)
	case *ssa.ChangeInterface:
		add(t.trace(v.X)...)
	case *ssa.MakeInterface:
		add(t.trace(v.X)...)
	case *ssa.SliceToArrayPointer:
		add(t.trace(v.X)...)
	case *ssa.MultiConvert:
		add(t.trace(v.X)...)
	case *ssa.TypeAssert:
		add(t.trace(v.X)...)
	case *ssa.Slice:
		add(inexact(t.trace(v.X), "")...)
	case *ssa.Phi:
		for _, e := range v.Edges {
			add(t.trace(e)...)
		}
	case *ssa.Extract:
		add(t.extract(v)...)
	case *ssa.Call:
		add(t.callResult(v.Common(), 0)...)
	}
	return out
}

var mirrorOp = map[token.Token]token.Token{
	token.EQL: token.EQL, token.NEQ: token.NEQ,
	token.LSS: token.GTR, token.GTR: token.LSS,
	token.LEQ: token.GEQ, token.GEQ: token.LEQ,
}

var negateOp = map[string]string{
	"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">",
}

// compared marks the values of one side of a comparison with the
// comparison, the constant being the other side (if it is one). A value
// that is already a comparison (b == true) keeps its own.
func compared(vs []ival, o token.Token, konst string) []ival {
	out := make([]ival, 0, len(vs))
	for _, v := range vs {
		switch {
		case v.test != "":
		case v.index:
			v.test = o.String()
		default:
			v.test, v.konst = o.String(), konst
		}
		out = append(out, v)
	}
	return out
}

func asIndex(vs []ival) []ival {
	out := make([]ival, 0, len(vs))
	for _, v := range vs {
		v.exact = false
		v.index = true
		out = append(out, v)
	}
	return out
}

func inexact(vs []ival, via string) []ival {
	out := make([]ival, 0, len(vs))
	for _, v := range vs {
		v.exact = false
		v.test, v.konst, v.neg = "", "", false
		if via != "" {
			v.via = via
		}
		out = append(out, v)
	}
	return out
}

// extend applies an operation to traced values. Loads of local objects
// are resolved through the stores into them (flow-insensitively, as
// EvoObj's lightweight alias analysis): a load of t.x after t.x = p.A is
// p.A.
func (t *tracer) extend(vs []ival, o op) []ival {
	var out []ival
	for _, v := range vs {
		if v.test != "" {
			continue // the flag of a comma-ok has no fields
		}
		if v.index {
			// Index paths are carried along unchanged: what is read at
			// an index depends on the index whatever is selected after.
			out = appendVals(out, v)
			continue
		}
		if o.kind == opLoad && v.p.root == rootLocal && v.p.ops.allAddr() {
			out = appendVals(out, t.resolveLoad(v)...)
			continue
		}
		out = appendVals(out, ival{p: t.st.extended(v.p, o), exact: v.exact, via: v.via})
	}
	return out
}

// resolveLoad resolves a load at the address v (a local object and
// address operations into it) to the values stored there: stores at the
// same address, and stores of an enclosing aggregate with the remaining
// selections applied. A load with no matching store reads the object as
// allocated: the path stays rooted at the local.
func (t *tracer) resolveLoad(v ival) []ival {
	var out []ival
	matched := false
	vops := v.p.ops.list()
	for _, s := range t.stores[v.p.local] {
		if len(s.ops) > len(vops) || !opsMatch(s.ops, vops[:len(s.ops)]) {
			continue
		}
		matched = true
		rest := vops[len(s.ops):]
		vals := t.trace(s.val)
		for _, o := range rest {
			proj := o
			if o.kind == opFieldAddr {
				proj.kind = opField
			} else {
				proj.kind = opIndex
			}
			vals = t.extend(vals, proj)
		}
		for _, x := range vals {
			x.exact = x.exact && v.exact
			if x.via == "" {
				x.via = v.via
			}
			out = appendVals(out, x)
		}
	}
	if !matched {
		out = appendVals(out, ival{p: t.st.extended(v.p, op{kind: opLoad}), exact: v.exact, via: v.via})
	}
	return out
}

func opsMatch(a, b []op) bool {
	for i := range a {
		if a[i].kind != b[i].kind || a[i].field != b[i].field {
			return false
		}
		if a[i].key != "" && b[i].key != "" && a[i].key != b[i].key {
			return false
		}
	}
	return true
}

func (t *tracer) extract(v *ssa.Extract) []ival {
	switch tuple := v.Tuple.(type) {
	case *ssa.Lookup: // v, ok := m[k]
		if v.Index == 0 {
			return t.trace(tuple)
		}
		var out []ival
		for _, x := range t.trace(tuple.X) {
			x.test, x.konst = "has", constKey(tuple.Index)
			out = append(out, x)
		}
		return out
	case *ssa.TypeAssert: // v, ok := x.(T)
		if v.Index == 0 {
			return t.trace(tuple.X)
		}
		var out []ival
		for _, x := range t.trace(tuple.X) {
			x.test, x.konst = "is", types.TypeString(tuple.AssertedType, nil)
			out = append(out, x)
		}
		return out
	case *ssa.Call:
		return t.callResult(tuple.Common(), v.Index)
	case *ssa.Next: // ok, k, v := range over a map or string
		rng, ok := tuple.Iter.(*ssa.Range)
		if !ok {
			return nil
		}
		xs := t.trace(rng.X)
		if tuple.IsString {
			return inexact(xs, "")
		}
		switch v.Index {
		case 0:
			return inexact(t.extend(xs, op{kind: opLen}), "")
		case 1:
			return t.extend(xs, op{kind: opMapKey})
		default:
			return t.extend(xs, op{kind: opLookup})
		}
	}
	return inexact(t.trace(v.Tuple), "")
}

// callResult traces result i of a call: through the callee's summary when
// it is a function of the package, else as an inexact value of the
// arguments through the callee.
func (t *tracer) callResult(c *ssa.CallCommon, i int) []ival {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "len":
			return t.extend(t.trace(c.Args[0]), op{kind: opLen})
		case "cap":
			return t.extend(t.trace(c.Args[0]), op{kind: opCap})
		case "ssa:wrapnilchk":
			return t.trace(c.Args[0])
		}
		var out []ival
		for _, a := range c.Args {
			out = appendVals(out, inexact(t.trace(a), "")...)
		}
		return out
	}
	if callee := t.st.localCallee(c); callee != nil {
		if s := t.st.summaries[callee]; s != nil && s.height < MaxDepth && i < len(s.returns) {
			return t.substAll(s.returns[i], t.calleeInputs(c, callee))
		}
	}
	via := calleeName(c)
	var out []ival
	if c.IsInvoke() {
		out = appendVals(out, inexact(t.trace(c.Value), via)...)
	} else if _, ok := c.Value.(*ssa.Function); !ok {
		out = appendVals(out, inexact(t.trace(c.Value), via)...)
	}
	for _, a := range c.Args {
		out = appendVals(out, inexact(t.trace(a), via)...)
	}
	return out
}

// calleeName names the function a call goes to, for Dep.Via.
func calleeName(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return c.Method.FullName()
	}
	if fn := c.StaticCallee(); fn != nil {
		if obj, ok := fn.Object().(*types.Func); ok {
			return obj.FullName()
		}
		return fn.String()
	}
	return "func"
}

// inputs maps a callee's roots to the caller's traced values: its
// parameters to the arguments and, for a closure called or created here,
// its free variables to the bindings.
type inputs struct {
	params [][]ival
	free   [][]ival
	// args are the argument values, to pass constants on.
	args []ssa.Value
}

func (t *tracer) calleeInputs(c *ssa.CallCommon, callee *ssa.Function) inputs {
	in := inputs{args: c.Args}
	for _, a := range c.Args {
		in.params = append(in.params, t.trace(a))
	}
	if mc, ok := c.Value.(*ssa.MakeClosure); ok && mc.Fn == callee {
		in.free = t.bindings(mc)
	}
	return in
}

func (t *tracer) bindings(mc *ssa.MakeClosure) [][]ival {
	var free [][]ival
	for _, b := range mc.Bindings {
		free = append(free, t.trace(b))
	}
	return free
}

// subst substitutes a callee's path by the caller's values of its root,
// applying the callee's operations to each.
func (t *tracer) subst(v ival, in inputs) []ival {
	var roots []ival
	switch v.p.root {
	case rootParam:
		if v.p.index < len(in.params) {
			roots = in.params[v.p.index]
		}
	case rootFree:
		if v.p.index < len(in.free) {
			roots = in.free[v.p.index]
		}
	}
	var out []ival
	for _, r := range roots {
		if r.test != "" {
			continue
		}
		xs := []ival{{p: r.p, exact: r.exact, via: r.via, index: r.index}}
		if !r.index {
			for _, o := range v.p.ops.list() {
				xs = t.extend(xs, o)
			}
		}
		for _, x := range xs {
			x.exact = x.exact && v.exact
			if v.via != "" {
				x.via = v.via
			}
			x.test, x.konst = v.test, v.konst
			x.neg = x.neg != v.neg
			x.index = x.index || v.index
			out = appendVals(out, x)
		}
	}
	return out
}

func (t *tracer) substAll(vs []ival, in inputs) []ival {
	var out []ival
	for _, v := range vs {
		out = appendVals(out, t.subst(v, in)...)
	}
	return out
}

// steps converts SSA-level operations to the facts' steps: a field or
// element address followed by a load reads the field or element, a load
// of anything else dereferences a pointer.
func steps(s ops) []Step {
	ops := s.list()
	var out []Step
	for i := 0; i < len(ops); i++ {
		o := ops[i]
		switch o.kind {
		case opFieldAddr, opField:
			out = append(out, Step{Kind: FieldStep, Field: o.field, Name: o.name})
		case opIndexAddr, opIndex:
			out = append(out, Step{Kind: ElemStep, Key: o.key})
		case opLookup:
			out = append(out, Step{Kind: MapValueStep, Key: o.key})
		case opMapKey:
			out = append(out, Step{Kind: MapKeyStep})
		case opLen:
			out = append(out, Step{Kind: LenStep})
		case opCap:
			out = append(out, Step{Kind: CapStep})
		case opLoad:
			out = append(out, Step{Kind: DerefStep})
		}
		if isAddrOp(o.kind) && i+1 < len(ops) && ops[i+1].kind == opLoad {
			i++ // the load reads the field or element
		}
	}
	return out
}

// sources returns the inputs a stored value is computed from: its paths
// rooted at inputs and, for objects the function builds (a literal, the
// variadic array of an append), the inputs stored into them.
func (t *tracer) sources(v ssa.Value) []ival {
	var out []ival
	visited := make(map[ssa.Value]bool)
	var visit func(vs []ival, depth int)
	visit = func(vs []ival, depth int) {
		for _, x := range vs {
			switch x.p.root {
			case rootParam, rootFree:
				out = appendVals(out, x)
			case rootLocal:
				ops := x.p.ops
				if ops.len() > 0 && ops.op.kind == opLoad {
					ops = ops.parent // the object's value, as in append(s, T{F: v})
				}
				if depth >= 3 || visited[x.p.local] || !ops.allAddr() {
					continue
				}
				visited[x.p.local] = true
				for _, s := range t.stores[x.p.local] {
					visit(inexact(t.trace(s.val), ""), depth+1)
				}
			}
		}
	}
	visit(t.trace(v), 0)
	return out
}
