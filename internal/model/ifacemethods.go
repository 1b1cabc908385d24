package model

import (
	"go/types"
	"slices"
	"sort"
	"unicode"
	"unicode/utf8"
)

// Interface results. A package often hands out its objects only behind an
// interface: hex.NewEncoder returns an io.Writer whose concrete type is
// unexported, zlib.NewReader an io.ReadCloser. The test can call nothing
// on such a value but the interface's methods, and the package's work is
// in them (the encoder's Write). The model adds, for each named interface
// an operation of the package returns, a method operation per exported
// method of the interface, with the interface as the receiver: the call
// dispatches to whatever the package put behind it, as a user's would.
//
// Safety: an interface method has no effect facts of its own. When the
// package declares types that implement the interface, the call can reach
// their methods, so the operation is kept only if the effect policy keeps
// every one of them; with no implementation in the package, the policy's
// answer for the interface method itself stands (outside the sandbox, a
// method without facts is not called).

// maxIfaceMethods bounds the interfaces whose methods are offered: a small
// interface is a contract the package fulfils (io.Writer, a Schedule);
// a large one (reflect.Type) is a view of something else.
const maxIfaceMethods = 8

// interfaceResults adds the method operations of the named interfaces the
// package's operations return.
func (p *Program) interfaceResults(opts Options) {
	seen := map[string]bool{}
	var ifaces []*types.Named
	for _, op := range p.Ops {
		if !op.UnderTest || (op.Kind != Call && op.Kind != Method) {
			continue
		}
		for i, r := range op.Results {
			if op.ErrResult && i == len(op.Results)-1 {
				continue
			}
			n, ok := r.(*types.Named)
			if !ok || isError(n) || n.TypeParams().Len() > 0 {
				continue
			}
			it, ok := n.Underlying().(*types.Interface)
			if !ok || it.NumMethods() == 0 || it.NumMethods() > maxIfaceMethods {
				continue
			}
			if k := types.TypeString(n, nil); !seen[k] {
				seen[k] = true
				ifaces = append(ifaces, n)
			}
		}
	}
	sort.Slice(ifaces, func(i, j int) bool {
		return types.TypeString(ifaces[i], nil) < types.TypeString(ifaces[j], nil)
	})
	for _, n := range ifaces {
		it := n.Underlying().(*types.Interface)
		allExported := true
		for i := 0; i < it.NumMethods(); i++ {
			allExported = allExported && it.Method(i).Exported()
		}
		if !allExported { // a method the test cannot call: the interface is the package's own business
			continue
		}
		prefix := recvName(n)
		if n.Obj().Pkg() != p.Pkg && p.Pkg.Scope().Lookup(prefix) != nil {
			// io.Writer beside the package's own Writer: the test
			// functions must not share a name.
			prefix = title(n.Obj().Pkg().Name()) + prefix
		}
		impls := p.implementations(n)
		if n.Obj().Pkg() == p.Pkg && len(impls) == 0 && p.takes(n) {
			// The package declares it, implements it nowhere and
			// takes it: what it returns is what its caller gave it
			// (Largest(shapes []Shape) Shape), the test's own value
			// (ifacestubs.go), whose methods test nothing of the
			// package. (Another package's interface called on another
			// package's value is the oracle's to drop: foreign.go.)
			continue
		}
		for i := 0; i < it.NumMethods(); i++ { // sorted by name
			fn := it.Method(i)
			name := prefix + "." + fn.Name()
			if p.hasOpNamed(name) {
				continue
			}
			if why := p.ifaceExcluded(fn, impls, opts); why != "" {
				p.Excluded = append(p.Excluded, Excluded{name, why})
				continue
			}
			before := len(p.Ops)
			o := opts
			o.Exclude = nil // decided above
			p.addFuncSig(fn, n, fn.Type().(*types.Signature), nil, o)
			if len(p.Ops) > before {
				op := p.Ops[len(p.Ops)-1]
				op.Name = name
				// The receiver is a value the package made: a nil
				// interface would only panic in the test's own call.
				op.Params[0].Lit = LitNone
			}
		}
	}
}

// implementations are the types declared in the package (exported or not)
// whose values or pointers implement the interface n.
func (p *Program) implementations(n *types.Named) []types.Type {
	it := n.Underlying().(*types.Interface)
	var out []types.Type
	scope := p.Pkg.Scope()
	for _, name := range scope.Names() { // sorted: determinism
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		t, ok := tn.Type().(*types.Named)
		if !ok || t.TypeParams().Len() > 0 {
			continue
		}
		if _, isIface := t.Underlying().(*types.Interface); isIface {
			continue
		}
		if types.Implements(t, it) {
			out = append(out, t)
		} else if ptr := types.NewPointer(t); types.Implements(ptr, it) {
			out = append(out, ptr)
		}
	}
	return out
}

// ifaceExcluded says why the interface method fn is not called, or "": the
// effect policy's reason for the first implementation in the package whose
// method it excludes, or, with no implementation, its reason for fn.
func (p *Program) ifaceExcluded(fn *types.Func, impls []types.Type, opts Options) string {
	if opts.Exclude == nil {
		return ""
	}
	if len(impls) == 0 {
		return opts.Exclude(fn)
	}
	for _, t := range impls {
		obj, _, _ := types.LookupFieldOrMethod(t, true, p.Pkg, fn.Name())
		m, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		if why := opts.Exclude(m); why != "" {
			return why + " (" + types.TypeString(t, (*types.Package).Name) + " implements it)"
		}
	}
	return ""
}

func (p *Program) hasOpNamed(name string) bool {
	for _, op := range p.Ops {
		if op.Name == name {
			return true
		}
	}
	return false
}

func title(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// interfaceEffects gives each interface method operation the effects of
// the methods it can reach in the package: known only when every
// implementation's are (a call with unknown effects on a value the package
// may share is never run, see SharedWrite), and pure only for an interface
// of the package's own, whose values the search gets from the package: a
// foreign interface's receiver may be another package's value (a
// bytes.Buffer as an io.Writer), whose effects nothing here describes.
func (p *Program) interfaceEffects(opts Options) {
	if opts.Effects == nil {
		return
	}
	for _, op := range p.Ops {
		if op.Kind != Method || op.Func == nil || len(op.Params) == 0 {
			continue
		}
		n, ok := op.Params[0].Type.(*types.Named)
		if !ok {
			continue
		}
		if _, isIface := n.Underlying().(*types.Interface); !isIface {
			continue
		}
		impls := p.implementations(n)
		if n.Obj().Pkg() == p.Pkg && len(impls) == 0 && p.takes(n) {
			// The package declares it, implements it nowhere and
			// takes it: what it returns is what its caller gave it
			// (Largest(shapes []Shape) Shape), the test's own value
			// (ifacestubs.go), whose methods test nothing of the
			// package. (Another package's interface called on another
			// package's value is the oracle's to drop: foreign.go.)
			continue
		}
		if len(impls) == 0 {
			continue
		}
		e := Effects{Known: true, Pure: n.Obj().Pkg() == p.Pkg}
		clock := false // an implementation is nondeterministic beyond its call site
		for _, t := range impls {
			obj, _, _ := types.LookupFieldOrMethod(t, true, p.Pkg, op.Func.Name())
			m, ok := obj.(*types.Func)
			if !ok {
				e.Known = false
				break
			}
			f := opts.Effects(m)
			if !f.Known {
				e.Known = false
				break
			}
			e.Pure = e.Pure && f.Pure
			e.MutatesRecv = e.MutatesRecv || f.MutatesRecv
			e.Nondeterministic = e.Nondeterministic || f.Nondeterministic
			clock = clock || f.Nondeterministic && !f.CallSiteOnly
			if f.WritesGlobal && !e.WritesGlobal {
				e.WritesGlobal, e.GlobalWhy = true, f.GlobalWhy
			}
			e.ResultShared = e.ResultShared || f.ResultShared
			for _, i := range f.MutatesParams {
				if !slices.Contains(e.MutatesParams, i) {
					e.MutatesParams = append(e.MutatesParams, i)
				}
			}
			for _, i := range f.ResultAliases {
				if !slices.Contains(e.ResultAliases, i) {
					e.ResultAliases = append(e.ResultAliases, i)
				}
			}
		}
		e.CallSiteOnly = e.Nondeterministic && !clock
		if e.Known {
			slices.Sort(e.MutatesParams)
			slices.Sort(e.ResultAliases)
			op.Effects = e
		}
	}
}

// takes reports whether an operation under test takes a value of type t,
// or a slice of them.
func (p *Program) takes(t types.Type) bool {
	for _, op := range p.Ops {
		if !op.UnderTest {
			continue
		}
		for _, prm := range op.Params {
			pt := prm.Type
			if sl, ok := pt.Underlying().(*types.Slice); ok {
				pt = sl.Elem()
			}
			if types.Identical(pt, t) {
				return true
			}
		}
	}
	return false
}
