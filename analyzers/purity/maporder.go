package purity

import (
	"cmp"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A mapLeak is a slice built by appending in a range over a map that
// reaches a result or a store without being sorted.
type mapLeak struct {
	rangePos token.Pos // the range statement
	sinkPos  token.Pos // the return or store
	store    bool
	// local: the slice is neither returned nor stored (it may still be
	// printed or joined in the function).
	local bool
	// storeAddr is where a store puts the slice (store only).
	storeAddr ssa.Value
	// rng and next are the range over the map and its iteration, acc the
	// values that hold the slice after the loop (see accumulators): what
	// the report's decision (maporder_observe.go) starts from.
	rng  *ssa.Range
	next *ssa.Next
	acc  []ssa.Value
}

// sortFuncs are the functions that put a slice in a fixed order, beyond
// those whose facts say they mutate the slice (which covers sort helpers
// written by hand).
var sortFuncs = map[string]bool{
	"sort.Strings": true, "sort.Ints": true, "sort.Float64s": true, "sort.Sort": true, "sort.Stable": true,
	"sort.Slice": true, "sort.SliceStable": true, "slices.Sort": true, "slices.SortFunc": true,
	"slices.SortStableFunc": true,
}

// mapOrder finds the ways map iteration order escapes fn: slices built in
// map order and returned or stored unsorted, returns from inside the loop
// of values derived from the keys or elements, and I/O done in the loop.
// It adds Nondeterministic to the summary and returns the leaks for the
// maporder diagnostic.
func (w *walker) mapOrder() []mapLeak {
	var leaks []mapLeak
	for _, b := range w.fn.Blocks {
		for _, instr := range b.Instrs {
			r, ok := instr.(*ssa.Range)
			if !ok {
				continue
			}
			if _, isMap := r.X.Type().Underlying().(*types.Map); !isMap {
				continue
			}
			leaks = append(leaks, w.mapRange(r)...)
		}
	}
	return leaks
}

// mapRange finds the ways the order of the range over a map r escapes:
// see mapOrder.
func (w *walker) mapRange(r *ssa.Range) []mapLeak {
	var next *ssa.Next
	for _, ref := range *r.Referrers() {
		if n, ok := ref.(*ssa.Next); ok {
			next = n
		}
	}
	if next == nil {
		return nil
	}
	header := next.Block()
	if len(header.Succs) != 2 {
		return nil
	}
	body := header.Succs[0]
	inBody := func(b *ssa.BasicBlock) bool { return body.Dominates(b) }
	w.orderedEffects(next, inBody)
	leaks := w.accumulatorLeaks(r, next, w.accumulators(header, inBody), inBody)
	at := w.st.pos(r.Pos())
	for _, l := range leaks {
		if l.local {
			continue
		}
		w.s.add(Nondeterministic, "slice built in map iteration order (range at "+at+") escapes at "+w.st.pos(l.sinkPos))
	}
	return leaks
}

// orderedEffects marks the summary nondeterministic for what the loop body
// does in iteration order: returning a value derived from the iteration
// (next) early, and I/O or global writes.
func (w *walker) orderedEffects(next *ssa.Next, inBody func(*ssa.BasicBlock) bool) {
	for _, b := range w.fn.Blocks {
		if !inBody(b) {
			continue
		}
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Return:
				for _, res := range instr.Results {
					if !dependsOn(res, next) {
						continue
					}
					if isErrorType(res.Type()) {
						// Which error, not whether one: see ErrChoice.
						w.s.add(ErrChoice, "returns an error chosen in map iteration order at "+w.st.pos(instr.Pos()))
						continue
					}
					w.s.add(Nondeterministic, "returns a value chosen in map iteration order at "+w.st.pos(instr.Pos()))
				}
			case ssa.CallInstruction:
				if w.callEffects[instr]&(IO|WritesGlobal) != 0 {
					w.s.add(Nondeterministic, "does I/O in map iteration order at "+w.st.pos(instr.Pos()))
				}
			}
		}
	}
}

// accumulators returns the slices the loop body appends to, each as the
// values that hold it after the loop: phis at the loop header fed by an
// append in the body, and the loads after the loop of a variable (a cell)
// that the body stores an append of itself into.
func (w *walker) accumulators(header *ssa.BasicBlock, inBody func(*ssa.BasicBlock) bool) [][]ssa.Value {
	var accs [][]ssa.Value
	for _, instr := range header.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		for i, e := range phi.Edges {
			if inBody(header.Preds[i]) && fedByAppend(e, inBody, 0) {
				accs = append(accs, []ssa.Value{phi})
				break
			}
		}
	}
	for _, b := range w.fn.Blocks {
		if !inBody(b) {
			continue
		}
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			call, ok := st.Val.(*ssa.Call)
			if !ok || !isAppend(call) || len(call.Call.Args) == 0 {
				continue
			}
			if ld, ok := call.Call.Args[0].(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == st.Addr {
				if _, ok := st.Addr.(*ssa.Alloc); !ok {
					continue
				}
				var loads []ssa.Value
				for _, ref := range *st.Addr.Referrers() {
					if l, ok := ref.(*ssa.UnOp); ok && l.Op == token.MUL && !inBody(l.Block()) {
						loads = append(loads, l)
					}
				}
				accs = append(accs, loads)
			}
		}
	}
	return accs
}

// accumulatorLeaks returns the returns and stores that the accumulators
// reach unsorted, by position.
func (w *walker) accumulatorLeaks(r *ssa.Range, next *ssa.Next, accs [][]ssa.Value, inBody func(*ssa.BasicBlock) bool) []mapLeak {
	var leaks []mapLeak
	for _, acc := range accs {
		vals := w.flow(acc, inBody)
		if w.sorted(vals) {
			continue
		}
		n := len(leaks)
		for v := range vals {
			for _, ref := range *v.Referrers() {
				switch ref := ref.(type) {
				case *ssa.Return:
					leaks = append(leaks, mapLeak{rangePos: r.Pos(), sinkPos: ref.Pos(), rng: r, next: next, acc: acc})
				case *ssa.Store:
					if ref.Val == v {
						if _, local := ref.Addr.(*ssa.Alloc); local && !escapesAlloc(ref.Addr) {
							continue // a spill into a local variable
						}
						leaks = append(leaks, mapLeak{rangePos: r.Pos(), sinkPos: ref.Pos(), store: true, storeAddr: ref.Addr, rng: r, next: next, acc: acc})
					}
				}
			}
		}
		if len(leaks) == n {
			// Neither returned nor stored: the report still asks
			// whether the function prints it (maporder_observe.go);
			// the summary does not count it.
			leaks = append(leaks, mapLeak{rangePos: r.Pos(), local: true, rng: r, next: next, acc: acc})
		}
	}
	// vals is a map: order the leaks so reasons and reports are stable.
	slices.SortStableFunc(leaks, func(a, b mapLeak) int { return cmp.Compare(a.sinkPos, b.sinkPos) })
	return leaks
}

// escapesAlloc reports whether the local variable at addr is anything
// more than a spilled variable: a composite literal or new object.
func escapesAlloc(addr ssa.Value) bool {
	a := addr.(*ssa.Alloc)
	return a.Comment == "complit" || a.Comment == "new"
}

func isAppend(c *ssa.Call) bool {
	b, ok := c.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "append"
}

func fedByAppend(v ssa.Value, inBody func(*ssa.BasicBlock) bool, depth int) bool {
	if depth > 8 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Call:
		return isAppend(v) && inBody(v.Block())
	case *ssa.Phi:
		if !inBody(v.Block()) {
			return false
		}
		for _, e := range v.Edges {
			if fedByAppend(e, inBody, depth+1) {
				return true
			}
		}
	}
	return false
}

// flow returns the values an accumulator reaches after the loop through
// phis, slicing and type changes.
func (w *walker) flow(start []ssa.Value, inBody func(*ssa.BasicBlock) bool) map[ssa.Value]bool {
	vals := make(map[ssa.Value]bool)
	work := append([]ssa.Value(nil), start...)
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if vals[v] {
			continue
		}
		vals[v] = true
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Phi:
				if !inBody(ref.Block()) {
					work = append(work, ref)
				}
			case *ssa.Slice, *ssa.ChangeType, *ssa.MakeInterface:
				work = append(work, ref.(ssa.Value))
			}
		}
	}
	return vals
}

// sorted reports whether any of vals is passed to a sorting function or to
// a function that mutates it (which, for a slice built from a map, is what
// sorting helpers do), or whether the function sorts anything at all: a
// slice sorted through a wrapper (s.v = keys; sort.Sort(s)) is beyond
// what the check tracks, and precision matters more than recall here.
func (w *walker) sorted(vals map[ssa.Value]bool) bool {
	if w.sortsAnything() {
		return true
	}
	if swapsElements(vals) {
		return true
	}
	for v := range vals {
		for _, ref := range *v.Referrers() {
			call, ok := ref.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := call.Common()
			callee := c.StaticCallee()
			if callee == nil {
				continue
			}
			obj := funcObject(callee)
			if obj == nil {
				continue
			}
			if sortFuncs[obj.Pkg().Path()+"."+obj.Name()] {
				return true
			}
			t := w.st.summaryOfFunc(callee)
			if t == nil {
				continue
			}
			for i, a := range c.Args {
				if a == v && t.mutated[i] {
					return true
				}
			}
		}
	}
	return false
}

// swapsElements reports whether the function stores into an element of
// one of vals a value loaded from an element of one of them: an in-place
// permutation, which for a slice built from a map is a hand-written sort
// (httprouter's allowed methods, insertion-sorted to avoid sort.Strings'
// allocations: s[j], s[j-1] = s[j-1], s[j]).
func swapsElements(flowed map[ssa.Value]bool) bool {
	// The slice the sort permutes may have grown after the loop
	// (httprouter appends OPTIONS before sorting): follow appends to it,
	// phis and slicing too.
	vals := make(map[ssa.Value]bool)
	var work []ssa.Value
	for v := range flowed {
		work = append(work, v)
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if vals[v] {
			continue
		}
		vals[v] = true
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Call:
				if isAppend(ref) && len(ref.Call.Args) > 0 && ref.Call.Args[0] == v {
					work = append(work, ref)
				}
			case *ssa.Phi, *ssa.Slice:
				work = append(work, ref.(ssa.Value))
			}
		}
	}
	elem := func(v ssa.Value) bool {
		ia, ok := v.(*ssa.IndexAddr)
		return ok && vals[ia.X]
	}
	for v := range vals {
		for _, ref := range *v.Referrers() {
			ia, ok := ref.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			for _, r := range *ia.Referrers() {
				st, ok := r.(*ssa.Store)
				if !ok || st.Addr != ia {
					continue
				}
				if ld, ok := st.Val.(*ssa.UnOp); ok && ld.Op == token.MUL && elem(ld.X) {
					return true
				}
			}
		}
	}
	return false
}

func (w *walker) sortsAnything() bool {
	for _, b := range w.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if callee := call.Common().StaticCallee(); callee != nil {
				if obj := funcObject(callee); obj != nil && obj.Pkg() != nil && sortFuncs[obj.Pkg().Path()+"."+obj.Name()] {
					return true
				}
			}
		}
	}
	return false
}

// dependsOn reports whether v is computed from the results of next,
// following operands a bounded distance.
func dependsOn(v ssa.Value, next *ssa.Next) bool {
	seen := make(map[ssa.Value]bool)
	var visit func(v ssa.Value, depth int) bool
	visit = func(v ssa.Value, depth int) bool {
		if v == nil || seen[v] || depth > 12 {
			return false
		}
		seen[v] = true
		if v == ssa.Value(next) {
			return true
		}
		instr, ok := v.(ssa.Instruction)
		if !ok {
			return false
		}
		if _, ok := v.(*ssa.Phi); ok {
			return false // values merged across iterations are accumulators
		}
		var ops []*ssa.Value
		for _, op := range instr.Operands(ops) {
			if *op != nil && visit(*op, depth+1) {
				return true
			}
		}
		return false
	}
	return visit(v, 0)
}

// isErrorType reports whether t is the predeclared error interface: a
// value of that type chosen in map order is which of several failures a
// function reports (ErrChoice), not a value it computes.
func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
