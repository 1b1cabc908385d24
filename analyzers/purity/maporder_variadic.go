package purity

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// This file finds the code of a callee that a call cannot run because it
// passes no variadic arguments: the body of a range over the variadic
// parameter, and the branch taken when its length is positive. The
// map-order check follows a slice into the functions of the package it is
// passed to; output such a function makes only inside that code (gorm's
// Select, which formats its query into an error only for an unsupported
// extra argument, called by its association code with none) is not
// output of this call.

// emptyVariadicBlocks returns the blocks of callee that cannot run when
// common, a static call of callee, passes no variadic arguments (a nil
// slice); nil when it passes some or callee is not variadic.
func emptyVariadicBlocks(common *ssa.CallCommon, callee *ssa.Function) map[*ssa.BasicBlock]bool {
	if !callee.Signature.Variadic() || len(common.Args) == 0 || len(common.Args) != len(callee.Params) || len(callee.Blocks) == 0 {
		return nil
	}
	last, ok := common.Args[len(common.Args)-1].(*ssa.Const)
	if !ok || !last.IsNil() {
		return nil
	}
	param := callee.Params[len(callee.Params)-1]
	var dead map[*ssa.BasicBlock]bool
	for _, b := range callee.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !positiveLenOf(br.Cond, param) {
			continue
		}
		then := b.Succs[0]
		if len(then.Preds) != 1 {
			continue // reached from elsewhere too
		}
		if dead == nil {
			dead = make(map[*ssa.BasicBlock]bool)
		}
		for _, d := range callee.Blocks {
			if then.Dominates(d) {
				dead[d] = true
			}
		}
	}
	return dead
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
