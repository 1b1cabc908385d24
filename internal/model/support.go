package model

import (
	"go/types"
	"slices"
	"strings"
)

// This file adds the operations that are not under test but build their
// inputs: the address of a value for a pointer receiver, type assertions
// from interfaces to the package's types (GRT's elephant brain), and the
// zero values the round-trip contracts need.

// addresses adds &v operations for types whose values come from
// operations but whose methods want a pointer receiver: an iterator
// returned by value, with Next on *Iterator. In Go the call takes the
// variable's address implicitly; the executor holds values, not variables,
// so the model makes it explicit.
func (p *Program) addresses() {
	seen := map[string]bool{}
	for _, op := range p.Ops {
		if op.Kind != Method {
			continue
		}
		ptr, ok := op.Params[0].Type.(*types.Pointer)
		if !ok {
			continue
		}
		t := ptr.Elem()
		k := types.TypeString(t, nil)
		if seen[k] || p.realProducer(ptr) || !p.realProducer(t) {
			continue
		}
		seen[k] = true
		addr := addrOp(ptr)
		addr.Detective = true
		p.add(addr)
	}
}

// addrOp returns the operation &v taking a value v of ptr's element type.
func addrOp(ptr *types.Pointer) *Op {
	t := ptr.Elem()
	return &Op{Kind: Addr, Name: recvName(t), Type: t, Params: []Param{{Name: "v", Type: t, Lit: LitNone}},
		Results: []types.Type{ptr}}
}

// observerAddresses adds &v, as a support operation the search never
// calls, for each value type T that operations return while its observers
// (String, Len) want a *T and the package returns *T too (so addresses
// made none): semver's Version.IncMajor returns a Version whose String has
// a pointer receiver. Written Go calls got.String() on the variable; the
// executor holds values, so the oracle calls the observer through &v to
// say what the call returned.
func (p *Program) observerAddresses() {
	have := map[string]bool{}
	for _, op := range p.Ops {
		if op.Kind == Addr {
			have[types.TypeString(op.Type, nil)] = true
		}
	}
	var add []*Op
	for _, op := range p.Ops {
		if !op.Observer() {
			continue
		}
		ptr, ok := op.Params[0].Type.(*types.Pointer)
		if !ok {
			continue
		}
		t := ptr.Elem()
		k := types.TypeString(t, nil)
		if _, iface := t.Underlying().(*types.Interface); iface || have[k] || !p.realProducer(t) {
			continue
		}
		have[k] = true
		addr := addrOp(ptr)
		addr.Support = true
		add = append(add, addr)
	}
	for _, op := range add {
		p.add(op)
	}
}

// realProducer reports whether an operation of the package (not an
// assertion or a support operation) returns a value assignable to t.
func (p *Program) realProducer(t types.Type) bool {
	for _, op := range p.Ops {
		if op.Kind == Assert || op.Support || op.Detective {
			continue
		}
		for i, r := range op.Results {
			if op.ErrResult && i == len(op.Results)-1 {
				continue
			}
			if types.AssignableTo(r, t) {
				return true
			}
		}
	}
	return false
}

// assertions adds type-assertion operations for the elephant brain (GRT
// §III-C): from each interface an operation returns to each concrete type
// of the package that implements it and that some operation takes, so that
// a value whose static type is the interface but whose run-time type is the
// concrete one can be passed where the concrete type is needed.
func (p *Program) assertions() {
	var ifaces []types.Type
	seen := map[string]bool{}
	for _, op := range p.Ops {
		for i, r := range op.Results {
			if op.ErrResult && i == len(op.Results)-1 {
				continue
			}
			if _, ok := r.Underlying().(*types.Interface); ok && !isError(r) && !seen[types.TypeString(r, nil)] {
				seen[types.TypeString(r, nil)] = true
				ifaces = append(ifaces, r)
			}
		}
	}
	if len(ifaces) == 0 {
		return
	}
	var wanted []types.Type
	seenW := map[string]bool{}
	for _, op := range p.Ops {
		for _, prm := range op.Params {
			t := prm.Type
			if _, ok := t.Underlying().(*types.Interface); ok {
				continue
			}
			base := t
			if ptr, ok := t.(*types.Pointer); ok {
				base = ptr.Elem()
			}
			n, ok := base.(*types.Named)
			if !ok || n.Obj().Pkg() != p.Pkg || !n.Obj().Exported() || seenW[types.TypeString(t, nil)] {
				continue
			}
			seenW[types.TypeString(t, nil)] = true
			wanted = append(wanted, t)
		}
	}
	for _, it := range ifaces {
		iface := it.Underlying().(*types.Interface)
		for _, c := range wanted {
			if types.Implements(c, iface) {
				p.add(&Op{Kind: Assert, Name: recvName(c), Type: c, Params: []Param{{Name: "v", Type: it, Lit: LitNone}},
					Results: []types.Type{c}, Support: true})
			}
		}
	}
}

// contractSupport adds a zero-value operation for each type with an
// Unmarshal method, so that round-trip contracts have a fresh value to
// unmarshal into.
func (p *Program) contractSupport() {
	var add []*types.Named
	for _, op := range p.Ops {
		if op.Kind != Method || !strings.HasPrefix(op.Func.Name(), "Unmarshal") {
			continue
		}
		ptr, ok := op.Params[0].Type.(*types.Pointer)
		if !ok {
			continue
		}
		if n, ok := ptr.Elem().(*types.Named); ok && !p.hasZero(n) && !slices.Contains(add, n) {
			add = append(add, n)
		}
	}
	for _, n := range add {
		p.add(&Op{Kind: Zero, Name: n.Obj().Name(), Type: n, Ptr: true,
			Results: []types.Type{types.NewPointer(n)}, Support: true})
	}
	// A Marshal method called on a value (T, not *T) needs a T{} to
	// marshal the zero value with: the round-trip contract compares x's
	// encoding with the zero value's (a NullUUID whose Valid is false
	// marshals as the zero NullUUID does), and the &T{} above is a *T.
	var vals []*types.Named
	for _, op := range p.Ops {
		if op.Kind != Method || !strings.HasPrefix(op.Func.Name(), "Marshal") {
			continue
		}
		if n, ok := op.Params[0].Type.(*types.Named); ok && !p.hasValueZero(n) && !slices.Contains(vals, n) {
			vals = append(vals, n)
		}
	}
	for _, n := range vals {
		p.add(&Op{Kind: Zero, Name: n.Obj().Name(), Type: n, Results: []types.Type{n}, Support: true})
	}
}

// hasValueZero reports whether a zero-value operation makes a T (T{}, not
// &T{}).
func (p *Program) hasValueZero(t types.Type) bool {
	for _, op := range p.Ops {
		if op.Kind == Zero && !op.Ptr && types.Identical(op.Type, t) {
			return true
		}
	}
	return false
}
