package purity

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// This file finds the code of a callee that a call cannot run given its
// arguments: with no variadic arguments passed, the body of a range over
// the variadic parameter and the branch taken when its length is
// positive; with an interface argument whose dynamic type the call fixes
// (a concrete value converted at the call), the type-switch cases and
// comma-ok assertions for other types. The map-order check follows a
// slice into the functions of the package it is passed to; output such a
// function makes only in that code (gorm's Select formats its query into
// an error for a query of another type, or for an unsupported extra
// argument; its association code passes a []string and none) is not
// output of this call.

// unreachableBlocks returns the blocks of callee that common, a static
// call of callee, cannot run: those not reachable from the entry when
// each branch the arguments decide takes only its one direction. Nil
// when the call decides none.
func unreachableBlocks(common *ssa.CallCommon, callee *ssa.Function) map[*ssa.BasicBlock]bool {
	if len(callee.Blocks) == 0 || len(common.Args) != len(callee.Params) {
		return nil
	}
	var decided map[*ssa.BasicBlock]int // block to the one successor taken
	for _, b := range callee.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if taken, ok := decidedBranch(common, callee, br.Cond); ok {
			if decided == nil {
				decided = make(map[*ssa.BasicBlock]int)
			}
			decided[b] = taken
		}
	}
	if decided == nil {
		return nil
	}
	live := make(map[*ssa.BasicBlock]bool)
	work := []*ssa.BasicBlock{callee.Blocks[0]}
	if callee.Recover != nil {
		work = append(work, callee.Recover)
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if live[b] {
			continue
		}
		live[b] = true
		succs := b.Succs
		if taken, ok := decided[b]; ok {
			succs = succs[taken : taken+1]
		}
		work = append(work, succs...)
	}
	var dead map[*ssa.BasicBlock]bool
	for _, b := range callee.Blocks {
		if !live[b] {
			if dead == nil {
				dead = make(map[*ssa.BasicBlock]bool)
			}
			dead[b] = true
		}
	}
	return dead
}

// decidedBranch reports which successor (0: true, 1: false) a branch on
// cond in callee takes for every run of the call common, if the
// arguments decide it.
func decidedBranch(common *ssa.CallCommon, callee *ssa.Function, cond ssa.Value) (int, bool) {
	if callee.Signature.Variadic() {
		last, ok := common.Args[len(common.Args)-1].(*ssa.Const)
		if ok && last.IsNil() && positiveLenOf(cond, callee.Params[len(callee.Params)-1]) {
			return 1, true
		}
	}
	// v, ok := p.(T), or a type switch's case T, on a parameter whose
	// argument is a concrete value made an interface at the call.
	ext, ok := cond.(*ssa.Extract)
	if !ok || ext.Index != 1 {
		return 0, false
	}
	ta, ok := ext.Tuple.(*ssa.TypeAssert)
	if !ok || !ta.CommaOk {
		return 0, false
	}
	p, ok := ta.X.(*ssa.Parameter)
	if !ok {
		return 0, false
	}
	i := slices.Index(callee.Params, p)
	if i < 0 {
		return 0, false
	}
	mi, ok := common.Args[i].(*ssa.MakeInterface)
	if !ok || types.IsInterface(mi.X.Type()) {
		return 0, false
	}
	dyn := mi.X.Type()
	var holds bool
	if iface, ok := ta.AssertedType.Underlying().(*types.Interface); ok {
		holds = types.Implements(dyn, iface)
	} else {
		holds = types.Identical(dyn, ta.AssertedType)
	}
	if holds {
		return 0, true
	}
	return 1, true
}

// positiveLenOf reports whether cond is false whenever p is empty: the
// condition of a range over p (i+1 < len(p), the index starting at -1),
// or len(p) > 0, 0 < len(p), len(p) != 0.
func positiveLenOf(cond ssa.Value, p *ssa.Parameter) bool {
	bin, ok := cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	x, y, op := bin.X, bin.Y, bin.Op
	if isLenOf(x, p) {
		// len(p) > c is c < len(p); len(p) != 0 is 0 != len(p).
		switch op {
		case token.GTR:
			x, y, op = y, x, token.LSS
		case token.NEQ:
			x, y = y, x
		default:
			return false
		}
	}
	if !isLenOf(y, p) {
		return false
	}
	switch op {
	case token.LSS:
		return nonNegativeConst(x) || rangeIndex(x)
	case token.NEQ:
		c, ok := x.(*ssa.Const)
		return ok && c.Value != nil && c.Value.Kind() == constant.Int && constant.Sign(c.Value) == 0
	}
	return false
}

func isLenOf(v ssa.Value, p *ssa.Parameter) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "len" && len(call.Call.Args) == 1 && call.Call.Args[0] == p
}

func nonNegativeConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Int && constant.Sign(c.Value) >= 0
}

// rangeIndex reports whether v is go/ssa's index of a range over a slice:
// i+1 for i = phi(-1, i+1), never negative.
func rangeIndex(v ssa.Value) bool {
	add, ok := v.(*ssa.BinOp)
	if !ok || add.Op != token.ADD {
		return false
	}
	one, ok := add.Y.(*ssa.Const)
	if !ok || one.Value == nil || one.Value.Kind() != constant.Int || constant.Compare(one.Value, token.NEQ, constant.MakeInt64(1)) {
		return false
	}
	phi, ok := add.X.(*ssa.Phi)
	if !ok {
		return false
	}
	for _, e := range phi.Edges {
		if e == add {
			continue
		}
		c, ok := e.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int || constant.Sign(c.Value) < 0 && constant.Compare(c.Value, token.NEQ, constant.MakeInt64(-1)) {
			return false
		}
	}
	return true
}
