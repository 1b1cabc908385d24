package model

import (
	"go/types"
	"sort"
)

// The detective (GRT §III-D) supplies inputs the package under test cannot
// build itself: for a parameter type that no operation of the package
// produces, it looks through the other loaded packages (the package's
// imports, a few support packages such as strings and bytes, and the rest of
// its module) for producers: functions that return the type (for an
// interface, the interface itself, like errors.New or context.Background,
// or a type that implements it, like strings.NewReader for io.Reader),
// and zero values of structs whose zero value is usable. Their own inputs
// are looked up the same way, two levels deep. The search calls these
// operations only on demand, when it needs a value of the type and has
// none: they are not tested themselves.

// maxProducersPerType bounds the producers added for one needed type.
const maxProducersPerType = 6

// detective adds producer operations for the unproduced parameter types.
func (p *Program) detective(support []*types.Package, opts Options) {
	if len(support) == 0 {
		return
	}
	idx := newProducerIndex(p.Pkg, support)
	type need struct {
		t     types.Type
		depth int
	}
	var queue []need
	seen := map[string]bool{}
	built := p.buildable()
	enqueue := func(t types.Type, depth int) {
		k := types.TypeString(t, nil)
		if seen[k] || built(t) {
			return
		}
		seen[k] = true
		queue = append(queue, need{t, depth})
	}
	for _, op := range p.Ops {
		for _, prm := range op.Params {
			if prm.Lit == LitNone || (prm.Lit == LitNilOK && !isFunc(prm.Type)) {
				enqueue(prm.Type, 0)
			}
		}
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		added := 0
		for _, fn := range idx.producers(n.t) {
			if added >= maxProducersPerType {
				break
			}
			if p.hasFunc(fn) || (opts.ProducerOK != nil && !opts.ProducerOK(fn)) {
				continue
			}
			if op := p.producerOp(fn, opts); op != nil {
				added++
				if n.depth < 2 {
					for _, prm := range op.Params {
						if prm.Lit == LitNone || (prm.Lit == LitNilOK && !isFunc(prm.Type)) {
							enqueue(prm.Type, n.depth+1)
						}
					}
				}
			}
		}
		if added == 0 {
			for _, z := range idx.zeroTypes(n.t) {
				if added >= maxProducersPerType || p.hasZero(z) {
					continue
				}
				p.add(&Op{Kind: Zero, Name: z.Obj().Name(), Type: z, Ptr: true,
					Results: []types.Type{types.NewPointer(z)}, Detective: true})
				added++
			}
		}
	}
}

// sinkObservers adds, for each pointer type of another package that the
// detective's operations produce (a *bytes.Buffer, a *strings.Builder),
// its String() string method as an operation not under test: what a
// writer of the package wrote into such a value is its output, and a test
// that never reads it checks nothing of the writing. The oracle calls it
// after the target (oracle.AddObservers); it is an observer only if the
// purity facts call it pure.
func (p *Program) sinkObservers(opts Options) {
	seen := map[string]bool{}
	var ptrs []*types.Pointer
	for _, op := range p.Ops {
		if !op.Detective || len(op.Results) == 0 {
			continue
		}
		ptr, ok := op.Results[0].(*types.Pointer)
		if !ok {
			continue
		}
		n, ok := ptr.Elem().(*types.Named)
		if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg() == p.Pkg {
			continue
		}
		if k := types.TypeString(ptr, nil); !seen[k] {
			seen[k] = true
			ptrs = append(ptrs, ptr)
		}
	}
	for _, ptr := range ptrs {
		obj, _, _ := types.LookupFieldOrMethod(ptr, true, ptr.Elem().(*types.Named).Obj().Pkg(), "String")
		fn, ok := obj.(*types.Func)
		if !ok || p.hasFunc(fn) {
			continue
		}
		sig := fn.Signature()
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
			continue
		}
		n := len(p.Ops)
		p.addFunc(fn, ptr, opts)
		if len(p.Ops) == n {
			continue
		}
		op := p.Ops[n]
		op.UnderTest, op.Detective = false, true
		op.Name = fn.Pkg().Name() + "." + recvName(ptr) + "." + fn.Name()
	}
}

func isFunc(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// buildable returns whether the program can build a value of type t from
// literals and its own operations: some operation returns it and every
// parameter of that operation can be filled in turn. WithContext(ctx)
// returning a context.Context does not make contexts buildable, since it
// needs one first.
func (p *Program) buildable() func(t types.Type) bool {
	var have []types.Type
	runnable := make([]bool, len(p.Ops))
	assignable := func(t types.Type) bool {
		for _, h := range have {
			if types.AssignableTo(h, t) {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for i, op := range p.Ops {
			if runnable[i] {
				continue
			}
			ok := true
			for _, prm := range op.Params {
				if prm.Lit == LitNone || (prm.Lit == LitNilOK && !isFunc(prm.Type)) {
					if !assignable(prm.Type) {
						ok = false
						break
					}
				}
			}
			if !ok {
				continue
			}
			runnable[i], changed = true, true
			for j, r := range op.Results {
				if !(op.ErrResult && j == len(op.Results)-1) {
					have = append(have, r)
				}
			}
		}
	}
	return assignable
}

func (p *Program) hasFunc(fn *types.Func) bool {
	for _, op := range p.Ops {
		if op.Func == fn {
			return true
		}
	}
	return false
}

// producerOp makes an operation calling fn, or returns nil if fn cannot be
// called (excluded by the safety policy, unnameable parameters).
func (p *Program) producerOp(fn *types.Func, opts Options) *Op {
	n := len(p.Ops)
	p.addFunc(fn, nil, opts)
	if len(p.Ops) == n {
		return nil
	}
	op := p.Ops[n]
	op.UnderTest = false
	op.Detective = true
	op.Name = fn.Pkg().Name() + "." + fn.Name()
	return op
}

// producerIndex finds producers among the loaded packages.
type producerIndex struct {
	target *types.Package
	funcs  []*types.Func  // exported, non-generic package-level functions, sorted
	named  []*types.Named // exported, non-generic named types, sorted
}

func newProducerIndex(target *types.Package, support []*types.Package) *producerIndex {
	idx := &producerIndex{target: target}
	seen := map[*types.Package]bool{}
	var visit func(pkg *types.Package)
	visit = func(pkg *types.Package) {
		if pkg == nil || seen[pkg] {
			return
		}
		seen[pkg] = true
		if !isInternal(pkg.Path()) || internalVisible(pkg.Path(), target.Path()) {
			idx.addPackage(pkg, pkg != target)
		}
		for _, imp := range pkg.Imports() {
			visit(imp)
		}
	}
	for _, s := range support {
		visit(s)
	}
	sort.Slice(idx.funcs, func(i, j int) bool { return idx.funcs[i].FullName() < idx.funcs[j].FullName() })
	sort.Slice(idx.named, func(i, j int) bool {
		return types.TypeString(idx.named[i], nil) < types.TypeString(idx.named[j], nil)
	})
	return idx
}

// addPackage adds pkg's exported, non-generic named types, and its
// functions too when withFuncs is set (the target's own functions are
// operations already, not producers to add).
func (idx *producerIndex) addPackage(pkg *types.Package, withFuncs bool) {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			if withFuncs && obj.Type().(*types.Signature).TypeParams().Len() == 0 {
				idx.funcs = append(idx.funcs, obj)
			}
		case *types.TypeName:
			if n, ok := obj.Type().(*types.Named); ok && !obj.IsAlias() && n.TypeParams().Len() == 0 {
				idx.named = append(idx.named, n)
			}
		}
	}
}

// producers returns functions whose first result is assignable to t (with
// at most an error besides), preferring those with fewer and literal-able
// parameters: strings.NewReader(string) before io.MultiReader(...).
func (idx *producerIndex) producers(t types.Type) []*types.Func {
	var out []*types.Func
	for _, fn := range idx.funcs {
		sig := fn.Type().(*types.Signature)
		res := sig.Results()
		if res.Len() == 0 || res.Len() > 2 {
			continue
		}
		if res.Len() == 2 && !isError(res.At(1).Type()) {
			continue
		}
		r := res.At(0).Type()
		if isError(r) && !isError(t) {
			continue
		}
		if !types.AssignableTo(r, t) {
			continue
		}
		if _, iface := r.Underlying().(*types.Interface); iface && !types.Identical(r, t) {
			continue // returns some other interface: no use as a concrete producer
		}
		out = append(out, fn)
	}
	sort.SliceStable(out, func(i, j int) bool { return cost(out[i]) < cost(out[j]) })
	return out
}

// cost ranks producers: every parameter costs, a parameter no literal can
// fill costs more, and an error result a little.
func cost(fn *types.Func) int {
	sig := fn.Type().(*types.Signature)
	c := 0
	for i := 0; i < sig.Params().Len(); i++ {
		c += 2
		if l := litClass(sig.Params().At(i).Type()); l == LitNone || l == LitNilOK {
			c += 3
		}
	}
	if sig.Variadic() {
		c--
	}
	if sig.Results().Len() == 2 {
		c++
	}
	return c
}

// zeroTypes returns struct types whose &T{} is assignable to t, for types
// with no producer function: bytes.Buffer and strings.Builder are ready to
// use as zero values.
func (idx *producerIndex) zeroTypes(t types.Type) []*types.Named {
	var out []*types.Named
	for _, n := range idx.named {
		st, ok := n.Underlying().(*types.Struct)
		if !ok || n.Obj().Pkg() == nil {
			continue
		}
		if !types.AssignableTo(types.NewPointer(n), t) {
			continue
		}
		if !zeroOK(st, n, n.Obj().Pkg() != idx.target) {
			continue
		}
		out = append(out, n)
	}
	return out
}

// zeroOK accepts a struct whose zero value needs no constructor: its doc is
// not available here, so require that it has no fields that are nil maps,
// channels or functions it would need to be usable. For another package's
// type (foreign), no interface or pointer fields either: a zero
// bufio.Writer has no io.Writer to write to and a zero os.File no file
// behind it (both fail or panic when used, and no user writes
// &bufio.Writer{}); unexported plain data fields are fine (bytes.Buffer),
// and so is a pointer to the type itself (strings.Builder's copy check).
// The package's own zero values are its behaviour to test (a Writer with
// no output returns its error), and the oracle's legal rules judge them.
func zeroOK(st *types.Struct, n *types.Named, foreign bool) bool {
	for i := 0; i < st.NumFields(); i++ {
		switch u := st.Field(i).Type().Underlying().(type) {
		case *types.Map, *types.Chan, *types.Signature:
			return false
		case *types.Interface:
			if foreign {
				return false
			}
		case *types.Pointer:
			if foreign && !types.Identical(u.Elem(), n) {
				return false
			}
		}
	}
	return true
}

// Needed returns the parameter types of pkg's exported functions and
// methods that no literal can fill and that pkg itself does not produce:
// what the detective must find elsewhere.
func Needed(pkg *types.Package) []types.Type {
	return Build(pkg, Options{noStubs: true}).unbuilt(func(*Op) bool { return true })
}

// CanSupply reports whether package src declares a producer of one of the
// needed types: an exported function returning it (or an implementation),
// or an exported struct type whose pointer implements a needed interface.
func CanSupply(src *types.Package, needed []types.Type) bool {
	idx := &producerIndex{}
	idx.addPackage(src, true)
	for _, t := range needed {
		if len(idx.producers(t)) > 0 || len(idx.zeroTypes(t)) > 0 {
			return true
		}
	}
	return false
}

// Unbuildable returns, in the order of first use, the parameter types of
// the operations under test (support and detective operations aside) that
// nothing in the program builds: a package whose every function needs one
// (container/heap's heap.Interface, which a client implements) can only
// be called with nil there, and the reason a run produced no test says so.
func (p *Program) Unbuildable() []types.Type {
	return p.unbuilt(func(op *Op) bool { return !op.Support && !op.Detective })
}

// unbuilt returns, in the order of first use, the parameter types of the
// operations take selects that nothing builds: no literal fills them (nil
// counts only for a func) and no operation of the program produces them.
func (p *Program) unbuilt(take func(*Op) bool) []types.Type {
	built := p.buildable()
	var out []types.Type
	seen := map[string]bool{}
	for _, op := range p.Ops {
		if !take(op) {
			continue
		}
		for _, prm := range op.Params {
			if prm.Lit != LitNone && !(prm.Lit == LitNilOK && !isFunc(prm.Type)) {
				continue
			}
			k := types.TypeString(prm.Type, nil)
			if seen[k] || built(prm.Type) {
				continue
			}
			seen[k] = true
			out = append(out, prm.Type)
		}
	}
	return out
}
