package instrument

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
)

// Conditions: the probes of the conditions of if and for statements and
// of && and || operands, and the comparisons with branch distances.

// cond instruments e, a condition. anyBool says whether the context accepts
// any boolean type (if, for and tagless case conditions); elsewhere the
// probe's bool result must be assignable where e was.
func (f *fileInst) cond(e ast.Expr, kind string, anyBool bool) {
	x := ast.Unparen(e)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		f.cond(u.X, kind, anyBool)
		return
	}
	if b, ok := x.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) && !f.constant(b) &&
		isPlainBool(f.p.info.Types[b].Type) {
		// The operands are the conditions. (With a named boolean type they
		// cannot be wrapped, so the whole condition is, below.)
		f.andOr(b)
		return
	}
	tv, ok := f.p.info.Types[x]
	if !ok || tv.Type == nil {
		ast.Walk(f, x)
		return
	}
	plain := isPlainBool(tv.Type)
	if !plain && !anyBool {
		ast.Walk(f, x)
		return
	}
	if b, ok := x.(*ast.BinaryExpr); ok && tv.Value == nil && f.cmp(b, kind) {
		return
	}
	if call, ok := x.(*ast.CallExpr); ok && plain && tv.Value == nil && f.strCall(call, kind) {
		return
	}
	id := f.newCond(x, kind, f.text(x), false)
	f.negMutant(id, x, kind)
	if plain {
		f.insert(x.Pos(), fmt.Sprintf("%s.Br(%d, ", ImportName, id), classOpen)
	} else {
		f.insert(x.Pos(), fmt.Sprintf("%s.Br(%d, %s.Bool(", ImportName, id, ImportName), classOpen)
	}
	if tv.Value == nil {
		ast.Walk(f, x)
	}
	if plain {
		f.insert(x.End(), ")", classClose)
	} else {
		f.insert(x.End(), "))", classClose)
	}
}

// andOr instruments each operand of a chain of && or || as a condition.
func (f *fileInst) andOr(b *ast.BinaryExpr) {
	kind := KindAnd
	if b.Op == token.LOR {
		kind = KindOr
	}
	chain := f.logical(b) // nil without logical mutants
	for i, o := range operands(b, b.Op) {
		x := ast.Unparen(o)
		for {
			u, ok := x.(*ast.UnaryExpr)
			if !ok || u.Op != token.NOT {
				break
			}
			x = ast.Unparen(u.X)
		}
		if ob, ok := x.(*ast.BinaryExpr); ok && (ob.Op == token.LAND || ob.Op == token.LOR) {
			// A nested chain of the other operator: its operands are the
			// conditions (as jumps in compiled code), not the chain.
			ast.Walk(f, o)
		} else {
			f.cond(o, kind, false)
		}
		if chain != nil && i > 0 {
			f.insert(chain[i-1].Y.End(), ") })", classClose)
		}
	}
}

// operands flattens a left-associated chain a op b op c.
func operands(b *ast.BinaryExpr, op token.Token) []ast.Expr {
	var out []ast.Expr
	if l, ok := ast.Unparen(b.X).(*ast.BinaryExpr); ok && l.Op == op {
		out = operands(l, op)
	} else {
		out = append(out, b.X)
	}
	return append(out, b.Y)
}

func isPlainBool(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && (b.Kind() == types.Bool || b.Kind() == types.UntypedBool)
}

// carrier kinds of comparison operands.
const (
	catNone = ""
	catI    = "I" // signed integers, as int64
	catU    = "U" // unsigned integers, as uint64
	catF    = "F" // floats, as float64
	catS    = "S" // strings
)

var carrier = map[string]string{catI: "Int64", catU: "Uint64", catF: "Float64", catS: "String"}

// category is the carrier kind of a typed, non-constant operand's type.
// Type parameters (interface underlying) and untyped types have none.
func category(t types.Type) string {
	if t == nil {
		return catNone
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsUntyped != 0 {
		return catNone
	}
	switch i := b.Info(); {
	case i&types.IsInteger != 0 && i&types.IsUnsigned != 0:
		return catU
	case i&types.IsInteger != 0:
		return catI
	case i&types.IsFloat != 0:
		return catF
	case i&types.IsString != 0:
		return catS
	}
	return catNone
}

// fits reports whether constant v converts exactly to the carrier of cat.
func fits(v constant.Value, cat string) bool {
	switch cat {
	case catI:
		_, ok := constant.Int64Val(constant.ToInt(v))
		return ok
	case catU:
		_, ok := constant.Uint64Val(constant.ToInt(v))
		return ok
	case catF:
		return constant.ToFloat(v).Kind() == constant.Float
	case catS:
		return v.Kind() == constant.String
	}
	return false
}

var opNames = map[token.Token]string{
	token.EQL: "OpEq", token.NEQ: "OpNe", token.LSS: "OpLt",
	token.LEQ: "OpLe", token.GTR: "OpGt", token.GEQ: "OpGe",
}

// cmpCat returns the carrier kind for comparing l and r, or catNone if the
// comparison must be instrumented for its outcome only.
func (f *fileInst) cmpCat(l, r ast.Expr) (cat string, lt, rt types.TypeAndValue, typed types.Type) {
	lt, lok := f.p.info.Types[l]
	rt, rok := f.p.info.Types[r]
	if !lok || !rok || (lt.Value != nil && rt.Value != nil) {
		return catNone, lt, rt, nil
	}
	if lt.Value == nil {
		typed = lt.Type
	} else {
		typed = rt.Type
	}
	cat = category(typed)
	if cat == catNone {
		return catNone, lt, rt, nil
	}
	for _, side := range []struct {
		e  ast.Expr
		tv types.TypeAndValue
	}{{l, lt}, {r, rt}} {
		if side.tv.Value != nil {
			if !fits(side.tv.Value, cat) {
				return catNone, lt, rt, nil
			}
		} else if category(side.tv.Type) != cat || f.hasUntypedShift(side.e) {
			return catNone, lt, rt, nil
		}
	}
	return cat, lt, rt, typed
}

// hasUntypedShift reports whether e contains a non-constant shift of a
// constant: its type comes from the context, which the conversion to the
// carrier type would change.
func (f *fileInst) hasUntypedShift(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.SHL || b.Op == token.SHR) {
			if f.constant(b.X) && !f.constant(b) {
				found = true
			}
		}
		return !found
	})
	return found
}

// cmp instruments the comparison b with distances if its operands allow.
func (f *fileInst) cmp(b *ast.BinaryExpr, kind string) bool {
	op, ok := opNames[b.Op]
	if !ok {
		return false
	}
	if f.indexCmp(b, kind) {
		return true
	}
	cat, lt, rt, typed := f.cmpCat(b.X, b.Y)
	if cat == catNone {
		return false
	}
	id := f.newCond(b, kind, f.text(b), true)
	f.relMutants(id, b.Op, b.OpPos, f.text(b.X), f.text(b.Y))
	f.setOperands(id, b.Op.String(), b.X, b.Y)
	f.insert(b.X.Pos(), fmt.Sprintf("%s.Cmp%s(%d, %s.%s, ", ImportName, cat, id, ImportName, op), classOpen)
	f.operand(b.X, lt, cat, typed)
	f.replace(b.OpPos, b.OpPos+token.Pos(len(b.Op.String())), ",")
	f.operand(b.Y, rt, cat, typed)
	f.insert(b.Y.End(), ")", classClose)
	return true
}

// operand converts one comparison operand to its carrier type; typed is the
// type both operands have in the comparison.
func (f *fileInst) operand(e ast.Expr, tv types.TypeAndValue, cat string, typed types.Type) {
	conv := ImportName + "." + carrier[cat]
	if tv.Value != nil {
		if f.carrierConst(e, tv, cat, typed) {
			return
		}
		if cat == catF && isFloat32(typed) {
			// The constant was rounded to float32; float64(constant) would
			// not be, and the comparison's result could differ.
			v, _ := constant.Float32Val(constant.ToFloat(tv.Value))
			f.replace(e.Pos(), e.End(), conv+"("+strconv.FormatFloat(float64(v), 'g', -1, 64)+")")
			return
		}
		f.insert(e.Pos(), conv+"(", classOpen)
		f.insert(e.End(), ")", classClose)
		return
	}
	f.insert(e.Pos(), conv+"(", classOpen)
	ast.Walk(f, e)
	f.insert(e.End(), ")", classClose)
}

func isFloat32(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Float32)
}
