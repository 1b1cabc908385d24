package oracle

import (
	"go/types"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

type contractCheck struct {
	kind   string
	method *model.Op
	base   *seq.Seq // produces x (and y) and ends with the check's statements
	x      seq.Arg
	y      *seq.Arg
	nbase  int // statements before the check's own
	target int // statement whose result is x
	// roundtrip: the Unmarshal method's name
	inverse string
	// viaEqual: the check ends with x.Equal(result), which decides.
	viaEqual bool
	// unmarshal is the statement of the round trip's Unmarshal call.
	unmarshal int
	// eqAt is the statement of the x.Equal(x) that starts the Equal
	// pair deciding a viaEqual check.
	eqAt int
	// zeroEnc, for a round trip, is the statement marshaling a fresh
	// zero value with the same method, 0 when the program has no zero
	// value of the method's receiver type; zeroEnc-1 makes that zero.
	zeroEnc int
}

func pairCheck(kind string, op *model.Op, x, y corpus.Pooled) *contractCheck {
	s := &seq.Seq{}
	ox := s.Append(x.Seq)
	c := &contractCheck{kind: kind, method: op, x: seq.Ref(ox+x.Stmt, x.Result), target: ox + x.Stmt}
	if x.Seq == y.Seq && x.Stmt == y.Stmt && x.Result == y.Result {
		c.y = nil
		if kind != "equal-reflexive" {
			yy := c.x
			c.y = &yy
		}
	} else {
		oy := s.Append(y.Seq)
		yy := seq.Ref(oy+y.Stmt, y.Result)
		c.y = &yy
		c.target = oy + y.Stmt
	}
	c.base = s
	return c
}

func unaryCheck(kind string, op *model.Op, x corpus.Pooled) *contractCheck {
	s := &seq.Seq{}
	ox := s.Append(x.Seq)
	return &contractCheck{kind: kind, method: op, base: s, x: seq.Ref(ox+x.Stmt, x.Result), target: ox + x.Stmt}
}

// build appends the check's statements to base.
func (c *contractCheck) build(prog *model.Program) bool {
	c.nbase = c.base.Len()
	s := c.base
	call := func(op *model.Op, args ...seq.Arg) int {
		s.Stmts = append(s.Stmts, seq.Stmt{Op: op.ID, Args: args})
		return s.Len() - 1
	}
	switch c.kind {
	case "equal-reflexive":
		call(c.method, c.x, c.x)
	case "equal-symmetric", "compare-antisymmetric":
		call(c.method, c.x, *c.y)
		call(c.method, *c.y, c.x)
	case "compare-equal":
		xt := prog.Ops[s.Stmts[c.x.Stmt].Op].Results[c.x.Result]
		eq := findMethod(prog, xt, "Equal")
		call(c.method, c.x, *c.y)
		call(eq, c.x, *c.y)
	case "string-panics":
		call(c.method, c.x)
	case "clone-equal":
		cl := call(c.method, c.x)
		c.equalCall(prog, s, seq.Ref(cl, 0))
	case "marshal-roundtrip":
		xt := prog.Ops[s.Stmts[c.x.Stmt].Op].Results[c.x.Result]
		zero := findZero(prog, deref(xt))
		inv := findMethod(prog, types.NewPointer(deref(xt)), c.inverse)
		if zero == nil || inv == nil {
			return false
		}
		m := call(c.method, c.x)
		z := call(zero)
		c.unmarshal = call(inv, seq.Ref(z, 0), seq.Ref(m, 0))
		c.equalCall(prog, s, seq.Ref(z, 0))
		// Last, so that a zero value whose Marshal panics stops nothing
		// the verdict needs: the zero value's encoding, with the same
		// method on a fresh zero of its receiver type (T{} for a value
		// receiver, &T{} for a pointer one).
		if z0 := zeroOf(prog, c.method.Params[0].Type); z0 != nil {
			zs := call(z0)
			c.zeroEnc = call(c.method, seq.Ref(zs, 0))
		}
	}
	return true
}

// equalCall appends x.Equal(y) when x's type has an Equal method that
// takes y: the type's own notion of equality decides, not the values'
// internals (a cache, a buffer's spare capacity).
func (c *contractCheck) equalCall(prog *model.Program, s *seq.Seq, y seq.Arg) {
	xt := prog.Ops[s.Stmts[c.x.Stmt].Op].Results[c.x.Result]
	yt := prog.Ops[s.Stmts[y.Stmt].Op].Results[y.Result]
	eq := findMethod(prog, xt, "Equal")
	if eq == nil || len(eq.Params) != 2 || !isBool(eq) {
		return
	}
	arg := y
	if !types.AssignableTo(yt, eq.Params[1].Type) {
		// Equal(T) on a *T from new(T): compare with the pointer's
		// element is not expressible in a sequence; go-cmp decides.
		return
	}
	// x.Equal(x) first: an Equal that is not even reflexive decides
	// nothing (its own contract reports it).
	c.eqAt = s.Len()
	s.Stmts = append(s.Stmts, seq.Stmt{Op: eq.ID, Args: []seq.Arg{c.x, c.x}}, seq.Stmt{Op: eq.ID, Args: []seq.Arg{c.x, arg}})
	c.viaEqual = true
}

// zeroOf finds the operation making a fresh zero value of t: &T{} for a
// *T, T{} for a T, or nil.
func zeroOf(prog *model.Program, t types.Type) *model.Op {
	if p, ok := t.(*types.Pointer); ok {
		return findZero(prog, p.Elem())
	}
	for _, op := range prog.Ops {
		if op.Kind == model.Zero && !op.Ptr && types.Identical(op.Type, t) {
			return op
		}
	}
	return nil
}

func findMethod(prog *model.Program, recv types.Type, name string) *model.Op {
	for _, op := range prog.Ops {
		if op.Kind == model.Method && op.Func.Name() == name && types.AssignableTo(recv, op.Params[0].Type) {
			return op
		}
	}
	return nil
}

func findZero(prog *model.Program, t types.Type) *model.Op {
	for _, op := range prog.Ops {
		if op.Kind == model.Zero && op.Ptr && types.Identical(op.Type, t) {
			return op
		}
	}
	return nil
}

func isBool(op *model.Op) bool {
	if len(op.Results) != 1 {
		return false
	}
	b, ok := op.Results[0].Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func isInt(op *model.Op) bool {
	if len(op.Results) != 1 {
		return false
	}
	b, ok := op.Results[0].Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
