package construct

import (
	"cmp"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gentest-go/gentest/internal/srcpos"
	"github.com/gentest-go/gentest/internal/typename"
)

// This file builds the per-type recipes: fields a literal can set,
// constructors, options, setters, variables and constants.

// maxFields bounds the field paths listed per type; maxFieldDepth the
// nesting of structs expanded.
const (
	maxFields     = 64
	maxFieldDepth = 3
)

// recipe is a Type under construction, with what decides which parts
// other packages see.
type recipe struct {
	t        *Type
	exported bool
	// target is the type an option type configures, and apply the
	// methods of an option interface that take *target (name to the
	// index of that parameter).
	target *types.Named
	apply  map[string]int
	ops    []opRec
	vars   []string
	consts []string
	// exportedNames marks the exported vars and consts.
	exportedNames map[string]bool
}

type opRec struct {
	list     *[]Op
	op       Op
	exported bool
}

func typeString(t types.Type) string { return types.TypeString(t, nil) }

// declaredNamed returns the type a value of type t is, or points to, when
// it is a named type declared in the package (generic instances give
// their origin).
func (st *state) declaredNamed(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	n = n.Origin()
	if n.Obj().Pkg() != st.pkg || n.Obj().Parent() != st.pkg.Scope() {
		return nil
	}
	return n
}

// recipes computes the Type of every named type declared in the package,
// by type name, and the funcs of the package by object.
func (st *state) recipes(funcs map[*types.Func]*ssa.Function) map[*types.TypeName]*recipe {
	out := make(map[*types.TypeName]*recipe)
	scope := st.pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		kind := typename.Kind(named.Underlying())
		r := &recipe{
			t: &Type{
				Name:    typeString(named),
				Kind:    kind,
				Literal: tn.Exported() && (kind == "struct" || kind == "slice" || kind == "map" || kind == "array"),
				Fields:  st.fields(named),
			},
			exported:      tn.Exported(),
			exportedNames: make(map[string]bool),
		}
		r.target, r.apply = st.optionTarget(named)
		if r.target != nil {
			r.t.OptionOf = typeString(r.target)
		}
		out[tn] = r
	}

	// Functions and methods, in a deterministic order.
	objs := make([]*types.Func, 0, len(funcs))
	for obj := range funcs {
		objs = append(objs, obj)
	}
	slices.SortFunc(objs, func(a, b *types.Func) int { return cmp.Compare(a.FullName(), b.FullName()) })
	for _, obj := range objs {
		st.classify(out, obj, funcs[obj], funcs)
	}

	// Variables and constants, in declaration order (by file, then
	// position: srcpos).
	var objsByPos []types.Object
	for _, name := range scope.Names() {
		switch o := scope.Lookup(name).(type) {
		case *types.Var, *types.Const:
			objsByPos = append(objsByPos, o)
		}
	}
	slices.SortFunc(objsByPos, func(a, b types.Object) int { return srcpos.Compare(st.fset, a.Pos(), b.Pos()) })
	for _, o := range objsByPos {
		n := st.declaredNamed(o.Type())
		if n == nil {
			continue
		}
		r := out[n.Obj()]
		if r == nil {
			continue
		}
		name := o.Pkg().Path() + "." + o.Name()
		switch o.(type) {
		case *types.Var:
			r.vars = append(r.vars, name)
		case *types.Const:
			if !types.Identical(o.Type(), n) {
				continue
			}
			r.consts = append(r.consts, name)
		}
		if o.Exported() {
			r.exportedNames[name] = true
		}
	}
	for _, r := range out {
		r.t.Vars, r.t.Consts = r.vars, r.consts
		for _, o := range r.ops {
			*o.list = append(*o.list, o.op)
		}
	}
	return out
}

// classify records what one function or method does for the types of the
// package: as a constructor, an option constructor, or a setter.
func (st *state) classify(out map[*types.TypeName]*recipe, obj *types.Func, fn *ssa.Function, funcs map[*types.Func]*ssa.Function) {
	s := st.summaries[fn]
	if s == nil {
		return
	}
	sig := obj.Signature()
	exported := obj.Exported()
	var recvNamed *types.Named
	recvPtr := false
	if recv := sig.Recv(); recv != nil {
		recvNamed = st.declaredNamed(recv.Type())
		_, recvPtr = types.Unalias(recv.Type()).(*types.Pointer)
		if recvNamed != nil && !recvNamed.Obj().Exported() {
			exported = false
		}
	}
	returnsRecv := recvNamed != nil && len(s.returns) > 0 && returnsParam0(s.returns[0])
	add := func(n *types.Named, list func(*Type) *[]Op, op Op) {
		r := out[n.Obj()]
		if r == nil {
			return
		}
		r.ops = append(r.ops, opRec{list: list(r.t), op: op, exported: exported})
	}
	hasRecv := sig.Recv() != nil

	for i := range sig.Results().Len() {
		n := st.declaredNamed(sig.Results().At(i).Type())
		if n == nil {
			continue
		}
		if r := out[n.Obj()]; r != nil && r.target != nil {
			op := Op{Func: obj.FullName(), Result: i, Writes: st.optionWrites(fn, r, funcs, nil)}
			add(n, func(t *Type) *[]Op { return &t.Options }, op)
			continue
		}
		if n == recvNamed && i == 0 && returnsRecv {
			continue // a builder or copy setter, below
		}
		op := Op{Func: obj.FullName(), Result: i, Writes: st.writesAt(s, rootResult, i, hasRecv)}
		add(n, func(t *Type) *[]Op { return &t.Constructors }, op)
	}

	// Setters: writes to a parameter (or the receiver) of a declared type.
	byParam := make(map[int][]Write)
	var params []int
	for _, w := range s.writes {
		if w.base.root != rootParam {
			continue
		}
		if _, ok := byParam[w.base.index]; !ok {
			params = append(params, w.base.index)
		}
		byParam[w.base.index] = append(byParam[w.base.index], st.toWrite(w, hasRecv))
	}
	slices.Sort(params)
	for _, k := range params {
		t := fn.Params[k].Type()
		n := st.declaredNamed(t)
		if n == nil {
			continue
		}
		op := Op{Func: obj.FullName(), Writes: sortWrites(byParam[k])}
		if hasRecv && k == 0 && returnsRecv && recvPtr {
			op.Returns = "recv"
		}
		add(n, func(t *Type) *[]Op { return &t.Setters }, op)
	}
	// A method of a value type returning a modified copy of its receiver.
	if recvNamed != nil && !recvPtr && returnsRecv {
		if ws := st.writesAt(s, rootResult, 0, hasRecv); len(ws) > 0 {
			add(recvNamed, func(t *Type) *[]Op { return &t.Setters }, Op{Func: obj.FullName(), Returns: "copy", Writes: ws})
		}
	}
}

// returnsParam0 reports whether a result is exactly the first parameter
// (the receiver), as in return b, or return c after c.x = v.
func returnsParam0(vs []ival) bool {
	for _, v := range vs {
		if v.p.root == rootParam && v.p.index == 0 && v.p.ops == nil && v.exact {
			return true
		}
	}
	return false
}

// writesAt returns the writes of s rooted at (root, index) in fact form.
func (st *state) writesAt(s *summary, root rootKind, index int, hasRecv bool) []Write {
	var ws []Write
	for _, w := range s.writes {
		if w.base.root == root && w.base.index == index {
			ws = append(ws, st.toWrite(w, hasRecv))
		}
	}
	return sortWrites(ws)
}

// toWrite converts a write to its fact form. Parameters are numbered as
// in the facts: receiver -1, then 0, 1, ...
func (st *state) toWrite(w *iwrite, hasRecv bool) Write {
	p := w.path(&st.interner)
	out := Write{Path: Path{Root: factRoot(p, hasRecv), Steps: steps(p.ops)}, Kind: w.kind, Const: w.konst}
	for _, f := range w.from {
		if f.p.root != rootParam {
			continue
		}
		i := factIndex(f.p.index, hasRecv)
		if !slices.Contains(out.From, i) {
			out.From = append(out.From, i)
		}
	}
	slices.Sort(out.From)
	return out
}

func factIndex(i int, hasRecv bool) int {
	if hasRecv {
		return i - 1
	}
	return i
}

func factRoot(p ipath, hasRecv bool) int {
	switch p.root {
	case rootResult:
		return RootResult
	case rootParam:
		return factIndex(p.index, hasRecv)
	}
	return RootTarget
}

func sortWrites(ws []Write) []Write {
	slices.SortFunc(ws, func(a, b Write) int {
		return cmp.Or(cmp.Compare(a.Path.String(), b.Path.String()), cmp.Compare(a.Kind, b.Kind))
	})
	// Writes that differ only in their index render alike; merge them.
	return slices.CompactFunc(ws, func(a, b Write) bool {
		if a.Path.String() != b.Path.String() || a.Kind != b.Kind {
			return false
		}
		return slices.Equal(a.From, b.From) && a.Const == b.Const
	})
}

// optionTarget returns the type an option type configures: T for a func
// type taking *T (returning nothing or an error), or for an interface with
// a method of that shape (whose name and parameter index are returned in
// apply); T must be a struct type declared in the package.
func (st *state) optionTarget(named *types.Named) (*types.Named, map[string]int) {
	switch u := named.Underlying().(type) {
	case *types.Signature:
		if t := st.optionSig(u); t != nil {
			return t, nil
		}
	case *types.Interface:
		var target *types.Named
		apply := make(map[string]int)
		for m := range u.Methods() {
			t := st.optionSig(m.Signature())
			if t == nil || target != nil && t != target {
				continue
			}
			target = t
			apply[m.Name()] = 0
		}
		if target != nil {
			return target, apply
		}
	}
	return nil, nil
}

// optionSig returns T when sig is func(*T) or func(*T) error with T a
// struct declared in the package.
func (st *state) optionSig(sig *types.Signature) *types.Named {
	if sig.Params().Len() != 1 || sig.Variadic() || sig.TypeParams().Len() > 0 {
		return nil
	}
	switch sig.Results().Len() {
	case 0:
	case 1:
		if !types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type()) {
			return nil
		}
	default:
		return nil
	}
	if _, ok := types.Unalias(sig.Params().At(0).Type()).(*types.Pointer); !ok {
		return nil
	}
	n := st.declaredNamed(sig.Params().At(0).Type())
	if n == nil {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n
}

// optionWrites returns the writes to the target an option returned by fn
// makes when applied: those of the function literals of option shape fn
// creates, of the methods of the option interface on the values it
// converts to it, of package functions of option shape it refers to, and
// of the options returned by package functions it calls (WithDefaults
// returning WithX(5)). From is in terms of fn's parameters.
func (st *state) optionWrites(fn *ssa.Function, r *recipe, funcs map[*types.Func]*ssa.Function, visiting map[*ssa.Function]bool) []Write {
	if visiting[fn] {
		return nil
	}
	if visiting == nil {
		visiting = make(map[*ssa.Function]bool)
	}
	visiting[fn] = true
	defer delete(visiting, fn)
	hasRecv := fn.Signature.Recv() != nil
	t := newTracer(st, fn)
	var ws []Write
	// take adds the writes of an option body to its parameter param,
	// with its inputs mapped by in.
	take := func(body *ssa.Function, param int, in inputs) {
		s := st.summaries[body]
		if s == nil {
			return
		}
		for _, w := range s.writes {
			if w.base.root != rootParam || w.base.index != param {
				continue
			}
			var from []ival
			for _, f := range w.from {
				from = appendVals(from, inputsOnly(t.subst(f, in))...)
			}
			nw := *w
			nw.from = from
			p := nw.path(&st.interner)
			out := st.toWrite(&nw, hasRecv)
			out.Path = Path{Root: RootTarget, Steps: steps(p.ops)}
			ws = append(ws, out)
		}
	}
	isOption := func(sig *types.Signature) bool { return st.optionSig(sig) == r.target }
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.MakeClosure:
				body := instr.Fn.(*ssa.Function)
				if isOption(body.Signature) {
					take(body, 0, inputs{free: t.bindings(instr)})
				}
				continue
			case *ssa.MakeInterface:
				for name, param := range sortedApply(r.apply) {
					m := methodOf(instr.X.Type(), st.pkg, name)
					if m == nil || funcs[m] == nil {
						continue
					}
					take(funcs[m], param+1, inputs{params: [][]ival{t.trace(instr.X)}})
				}
			case *ssa.Call:
				// An option built by another option constructor of the
				// package: WithDefaults() returning WithX(5).
				c := instr.Common()
				callee := st.localCallee(c)
				if callee != nil && fn.Signature.Results().Len() > 0 && callee.Signature.Results().Len() == 1 &&
					types.Identical(callee.Signature.Results().At(0).Type(), fn.Signature.Results().At(0).Type()) {
					in := t.calleeInputs(c, callee)
					for _, w := range st.optionWrites(callee, r, funcs, visiting) {
						ws = append(ws, substFrom(w, in, hasRecv, callee.Signature.Recv() != nil))
					}
				}
			}
			var ops []*ssa.Value
			for _, o := range instr.Operands(ops) {
				// A function literal without free variables, or a
				// package function, used as an option value.
				f, ok := (*o).(*ssa.Function)
				if !ok {
					continue
				}
				if c, ok := instr.(ssa.CallInstruction); ok && c.Common().Value == f {
					continue // called, not used as an option
				}
				if isOption(f.Signature) && st.local[f] {
					take(f, 0, inputs{})
				}
			}
		}
	}
	return sortWrites(ws)
}

// substFrom maps the From of a callee's option write to the caller's
// parameters through the arguments in.
func substFrom(w Write, in inputs, callerRecv, calleeRecv bool) Write {
	out := w
	out.From = nil
	for _, f := range w.From {
		k := f
		if calleeRecv {
			k++
		}
		if k < 0 || k >= len(in.params) {
			continue
		}
		for _, v := range in.params[k] {
			if v.p.root == rootParam {
				i := factIndex(v.p.index, callerRecv)
				if !slices.Contains(out.From, i) {
					out.From = append(out.From, i)
				}
			}
		}
		if len(w.From) == 1 && k < len(in.args) {
			out.Const = constKey(in.args[k])
		}
	}
	slices.Sort(out.From)
	return out
}

func sortedApply(m map[string]int) func(yield func(string, int) bool) {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	return func(yield func(string, int) bool) {
		for _, n := range names {
			if !yield(n, m[n]) {
				return
			}
		}
	}
}

// methodOf returns the method name (of package pkg, if unexported) of the
// type t or of its pointer, nil if none.
func methodOf(t types.Type, pkg *types.Package, name string) *types.Func {
	for _, typ := range []types.Type{t, types.NewPointer(t)} {
		obj, _, _ := types.LookupFieldOrMethod(typ, true, pkg, name)
		if f, ok := obj.(*types.Func); ok {
			return f.Origin()
		}
	}
	return nil
}

// fields lists the field paths of a named type: its fields, and through
// them those of structs declared in the package (see Type.Fields).
func (st *state) fields(named *types.Named) []Field {
	var out []Field
	pkg := st.pkg
	// nameable reports whether another package can create a value of t
	// (to allocate a pointer's element, or a slice's or map's elements).
	var nameable func(t types.Type, depth int) bool
	nameable = func(t types.Type, depth int) bool {
		if depth > 4 {
			return false
		}
		switch t := types.Unalias(t).(type) {
		case *types.Named:
			return t.Obj().Exported() || t.Obj().Pkg() == nil
		case *types.Basic:
			return true
		case *types.Pointer:
			return nameable(t.Elem(), depth+1)
		case *types.Slice:
			return nameable(t.Elem(), depth+1)
		case *types.Array:
			return nameable(t.Elem(), depth+1)
		case *types.Map:
			return nameable(t.Key(), depth+1) && nameable(t.Elem(), depth+1)
		case *types.Struct:
			for f := range t.Fields() {
				if !nameable(f.Type(), depth+1) {
					return false
				}
			}
			return true
		}
		return true
	}
	// reach tells whether another package can get at a struct's fields in
	// place: through exported fields, into structs held by value, and
	// into pointers and elements it can allocate. A field is settable
	// when it can be reached and a value of its type created.
	var walk func(t types.Type, prefix []Step, reach bool, depth int, stack []*types.Named)
	var expand func(t types.Type, prefix []Step, reach bool, depth int, stack []*types.Named)
	walk = func(t types.Type, prefix []Step, reach bool, depth int, stack []*types.Named) {
		s, ok := t.Underlying().(*types.Struct)
		if !ok || depth > maxFieldDepth {
			return
		}
		for i := range s.NumFields() {
			if len(out) >= maxFields {
				return
			}
			f := s.Field(i)
			steps := append(slices.Clip(prefix), Step{Kind: FieldStep, Field: i, Name: f.Name()})
			r := reach && f.Exported()
			out = append(out, Field{Steps: steps, Type: typeString(f.Type()), Settable: r && nameable(f.Type(), 0)})
			expand(f.Type(), steps, r, depth+1, stack)
		}
	}
	expand = func(t types.Type, prefix []Step, settable bool, depth int, stack []*types.Named) {
		if depth > maxFieldDepth {
			return
		}
		switch x := types.Unalias(t).(type) {
		case *types.Named:
			if x.Obj().Pkg() != pkg || slices.Contains(stack, x.Origin()) {
				return
			}
			stack = append(slices.Clip(stack), x.Origin())
			if _, ok := x.Underlying().(*types.Struct); ok {
				walk(x, prefix, settable, depth, stack)
				return
			}
			expand(x.Underlying(), prefix, settable, depth, stack)
		case *types.Struct:
			walk(x, prefix, settable, depth, stack)
		case *types.Pointer:
			expand(x.Elem(), prefix, settable && nameable(x.Elem(), 0), depth, stack)
		case *types.Slice:
			expand(x.Elem(), append(slices.Clip(prefix), Step{Kind: ElemStep}), settable && nameable(x.Elem(), 0), depth, stack)
		case *types.Array:
			expand(x.Elem(), append(slices.Clip(prefix), Step{Kind: ElemStep}), settable && nameable(x.Elem(), 0), depth, stack)
		case *types.Map:
			expand(x.Elem(), append(slices.Clip(prefix), Step{Kind: MapValueStep}), settable && nameable(x.Key(), 0) && nameable(x.Elem(), 0), depth, stack)
		}
	}
	switch named.Underlying().(type) {
	case *types.Struct:
		walk(named, nil, true, 0, []*types.Named{named.Origin()})
	case *types.Slice, *types.Array, *types.Map:
		expand(named.Underlying(), nil, true, 0, []*types.Named{named.Origin()})
	}
	return out
}
