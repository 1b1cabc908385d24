package concolic

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Limits of one run.
const (
	// maxSteps bounds the instructions evaluated; maxCons the conjuncts.
	maxSteps = 200_000
	maxCons  = 4000
	// maxDepth bounds the calls into the package's own functions.
	maxDepth = 3
	// stringSlack is how much longer than observed a string input may
	// become, within maxStringLen.
	stringSlack  = 32
	maxStringLen = 320
)

// interp is one run.
type interp struct {
	p    *Program
	path *Path
	// stop is why the path condition ended; once set, nothing more is
	// recorded.
	stop string
}

// ended is the panic value that unwinds a run when its condition ends.
type ended struct{}

// end stops the path condition with a reason.
func (in *interp) end(format string, args ...any) {
	in.stop = fmt.Sprintf(format, args...)
	panic(ended{})
}

// Run runs fn on args (one per parameter, the receiver first) and
// returns its path condition. Unknown inputs are neither symbolic nor
// known: a branch on them ends the condition.
func (p *Program) Run(fn *ssa.Function, args []Input) (pa *Path) {
	in := &interp{p: p, path: &Path{}}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(ended); !ok {
				in.stop = fmt.Sprintf("internal error: %v", r)
			}
		}
		in.path.Ended = in.stop
		pa = in.path
	}()
	if len(args) != len(fn.Params) {
		in.end("%d arguments for %d parameters", len(args), len(fn.Params))
	}
	vals := make([]*val, len(args))
	for i, a := range args {
		vals[i] = in.input(i, a, fn.Params[i].Type())
	}
	in.call(fn, vals, 0)
	return in.path
}

// input makes argument i's value, symbolic when its kind fits its type.
func (in *interp) input(i int, a Input, t types.Type) *val {
	pa := in.path
	name := fmt.Sprintf("in%d", i)
	if k, w, signed, ok := basic(t); ok {
		switch {
		case k == vBool && a.Kind == Bool:
			pa.Decls = append(pa.Decls, fmt.Sprintf("(declare-const %s Bool)", name))
			pa.inputs = append(pa.inputs, symInput{arg: i, kind: Bool, name: name})
			c := uint64(0)
			if a.B {
				c = 1
			}
			return &val{k: vBool, c: c, w: 1, sym: name}
		case k == vInt && (a.Kind == Int || a.Kind == Uint):
			c := uint64(a.I)
			if a.Kind == Uint {
				c = a.U
			}
			kind := Int
			if !signed {
				kind = Uint
			}
			pa.Decls = append(pa.Decls, fmt.Sprintf("(declare-const %s (_ BitVec %d))", name, w))
			pa.inputs = append(pa.inputs, symInput{arg: i, kind: kind, width: w, signed: signed, name: name})
			return &val{k: vInt, c: mask(c, w), w: w, signed: signed, sym: name}
		}
		return unknown
	}
	str, bytes := isStringy(t)
	if !(str && a.Kind == String) && !(bytes && a.Kind == Bytes) {
		return unknown
	}
	max := min(max(len(a.S)+stringSlack, stringSlack), maxStringLen)
	if len(a.S) > max {
		return &val{k: vStr, s: []byte(a.S)}
	}
	ln := name + "_len"
	pa.Decls = append(pa.Decls, fmt.Sprintf("(declare-const %s (Array (_ BitVec 64) (_ BitVec 8)))", name),
		fmt.Sprintf("(declare-const %s (_ BitVec 64))", ln))
	pa.inputs = append(pa.inputs, symInput{arg: i, kind: a.Kind, name: name, ln: ln, max: max})
	pa.Cons = append(pa.Cons, Constraint{Term: fmt.Sprintf("(bvule %s %s)", ln, bv(uint64(max), 64))})
	return &val{k: vStr, s: []byte(a.S), arr: name, off: bv(0, 64), ln: ln, max: max}
}

// define names a term, so that later terms refer to it rather than
// repeat it; sort is its SMT sort.
func (in *interp) define(sort, term string) string {
	pa := in.path
	name := fmt.Sprintf("t%d", pa.n)
	pa.n++
	pa.Decls = append(pa.Decls, fmt.Sprintf("(define-fun %s () %s %s)", name, sort, term))
	return name
}

// constrain records an implicit conjunct (no branch): the run did not
// panic there.
func (in *interp) constrain(term string) {
	in.add(Constraint{Term: term})
}

func (in *interp) add(c Constraint) {
	if len(in.path.Cons) >= maxCons {
		in.end("more than %d conjuncts", maxCons)
	}
	in.path.Cons = append(in.path.Cons, c)
}

// frame is one call's values.
type frame struct {
	env   map[ssa.Value]*val
	depth int
}

// call runs fn's body on args and returns its results (a tuple for
// several).
func (in *interp) call(fn *ssa.Function, args []*val, depth int) *val {
	if fn.Recover != nil || len(fn.FreeVars) > 0 {
		in.end("%s has a recover block or free variables", fn.Name())
	}
	f := &frame{env: map[ssa.Value]*val{}, depth: depth}
	for i, p := range fn.Params {
		f.env[p] = args[i]
	}
	var pred *ssa.BasicBlock
	b := fn.Blocks[0]
	for {
		next, ret := in.block(f, b, pred)
		if ret != nil {
			return ret
		}
		pred, b = b, next
	}
}

// block runs b, entered from pred, and returns the next block or the
// call's results.
func (in *interp) block(f *frame, b, pred *ssa.BasicBlock) (*ssa.BasicBlock, *val) {
	// Phis read their edges' values all at once.
	var phis []*val
	for _, instr := range b.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		pi := -1
		for i, p := range b.Preds {
			if p == pred {
				pi = i
			}
		}
		if pi < 0 {
			in.end("phi without its edge")
		}
		phis = append(phis, f.get(phi.Edges[pi]))
	}
	for i, instr := range b.Instrs {
		in.path.Steps++
		if in.path.Steps > maxSteps {
			in.end("more than %d steps", maxSteps)
		}
		if i < len(phis) {
			f.env[instr.(*ssa.Phi)] = phis[i]
			continue
		}
		switch x := instr.(type) {
		case *ssa.If:
			return in.branch(f, x), nil
		case *ssa.Jump:
			return b.Succs[0], nil
		case *ssa.Return:
			switch len(x.Results) {
			case 0:
				return nil, &val{k: vTuple}
			case 1:
				return nil, f.get(x.Results[0])
			}
			t := &val{k: vTuple}
			for _, r := range x.Results {
				t.tup = append(t.tup, f.get(r))
			}
			return nil, t
		case *ssa.Panic:
			in.end("the run panics")
		default:
			in.instr(f, instr)
		}
	}
	in.end("block %d has no terminator", b.Index)
	return nil, nil
}

// branch records an if's condition and returns the successor the run
// takes.
func (in *interp) branch(f *frame, x *ssa.If) *ssa.BasicBlock {
	c := f.get(x.Cond)
	if c.k != vBool {
		in.end("a branch on a value not modelled (%s)", x.Cond.Name())
	}
	taken := c.c != 0
	if c.sym != "" {
		pos := x.Cond.Pos()
		if !pos.IsValid() {
			pos = x.Pos()
		}
		t := c.sym
		if !taken {
			t = "(not " + t + ")"
		}
		posn := in.p.fset.Position(pos)
		in.add(Constraint{Term: t, File: posn.Filename, Line: posn.Line, Branch: true, Taken: taken})
	}
	if taken {
		return x.Block().Succs[0]
	}
	return x.Block().Succs[1]
}

// get is the value of v in f.
func (f *frame) get(v ssa.Value) *val {
	switch x := v.(type) {
	case *ssa.Const:
		return constVal(x)
	}
	if r, ok := f.env[v]; ok {
		return r
	}
	return unknown
}

func constVal(c *ssa.Const) *val {
	if c.Value == nil {
		if str, bytes := isStringy(c.Type()); str || bytes {
			return &val{k: vStr}
		}
		if k, w, signed, ok := basic(c.Type()); ok {
			return &val{k: k, w: w, signed: signed}
		}
		return unknown
	}
	if k, w, signed, ok := basic(c.Type()); ok {
		if k == vBool {
			if constant.BoolVal(c.Value) {
				return &val{k: vBool, c: 1, w: 1}
			}
			return &val{k: vBool, w: 1}
		}
		var bits uint64
		if signed {
			n, _ := constant.Int64Val(c.Value)
			bits = uint64(n)
		} else {
			bits, _ = constant.Uint64Val(c.Value)
		}
		return &val{k: vInt, c: mask(bits, w), w: w, signed: signed}
	}
	if c.Value.Kind() == constant.String {
		return &val{k: vStr, s: []byte(constant.StringVal(c.Value))}
	}
	return unknown
}

// instr evaluates a non-terminating instruction.
func (in *interp) instr(f *frame, instr ssa.Instruction) {
	var r *val
	switch x := instr.(type) {
	case *ssa.DebugRef:
		return
	case *ssa.BinOp:
		r = in.binop(x.Op, f.get(x.X), f.get(x.Y))
	case *ssa.UnOp:
		r = in.unop(x, f.get(x.X))
	case *ssa.Convert:
		r = in.convert(f.get(x.X), x.Type())
	case *ssa.ChangeType:
		r = f.get(x.X)
	case *ssa.Index:
		r = in.index(f.get(x.X), f.get(x.Index))
	case *ssa.Lookup:
		if str, _ := isStringy(x.X.Type()); str {
			r = in.index(f.get(x.X), f.get(x.Index))
		}
	case *ssa.IndexAddr:
		if _, bytes := isStringy(x.X.Type()); bytes {
			s := f.get(x.X)
			if s.k == vStr {
				in.inBounds(s, f.get(x.Index), false)
				r = &val{k: vPtr, base: s, idx: f.get(x.Index)}
			}
		}
	case *ssa.Slice:
		r = in.slice(f, x)
	case *ssa.Extract:
		t := f.get(x.Tuple)
		if t.k == vTuple && x.Index < len(t.tup) {
			r = t.tup[x.Index]
		}
	case *ssa.Call:
		r = in.callInstr(f, x)
	case *ssa.Store:
		if p := f.get(x.Addr); p.k == vPtr {
			in.end("a store into an input slice")
		}
		if _, bytes := isStringy(x.Val.Type()); bytes && f.get(x.Val).k == vStr {
			// Stored, the slice could be read back as a value not
			// modelled and written through it, unseen.
			in.end("an input slice escapes to memory")
		}
	case *ssa.Defer, *ssa.Go, *ssa.Send, *ssa.Select, *ssa.RunDefers, *ssa.MapUpdate:
		in.end("%T not modelled", instr)
	}
	if v, ok := instr.(ssa.Value); ok {
		if r == nil {
			r = unknown
		}
		f.env[v] = r
	}
}

// posOf is a position for messages.
func (in *interp) posOf(p token.Pos) token.Position { return in.p.fset.Position(p) }
