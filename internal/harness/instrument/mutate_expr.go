package instrument

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
)

// Expression mutants: logical (&& and ||), arithmetic and constants (see
// mutate.go for what each does).

// logical adds the logical mutants of the chain of b's operator (b and
// its left operands with the same operator, leftmost first) and returns
// the chain, whose right operands the caller closes after walking them;
// nil if the chain gets none. The calls nest as the operators do:
//
//	a && b && c  ->  MAnd(2, MAnd(1, a, func() bool { return (b) }), func() bool { return (c) })
func (f *fileInst) logical(b *ast.BinaryExpr) []*ast.BinaryExpr {
	if !f.mutating() {
		return nil
	}
	var chain []*ast.BinaryExpr
	for x := b; ; {
		chain = append([]*ast.BinaryExpr{x}, chain...)
		l, ok := ast.Unparen(x.X).(*ast.BinaryExpr)
		if !ok || l.Op != b.Op {
			break
		}
		x = l
	}
	for _, n := range chain {
		// The probe takes and returns bool: a named boolean type would not
		// convert.
		for _, e := range []ast.Expr{n, n.X, n.Y} {
			if tv, ok := f.p.info.Types[e]; !ok || !isPlainBool(tv.Type) || tv.Value != nil {
				return nil
			}
		}
	}
	if !f.universal("bool", b.Pos()) {
		return nil // the closure's result type is spelled bool
	}
	probe, other := "MAnd", token.LOR
	if b.Op == token.LOR {
		probe, other = "MOr", token.LAND
	}
	ids := make([]int, len(chain))
	for i, n := range chain {
		x, y := f.text(n.X), f.text(n.Y)
		ids[i] = f.newMutant(n.OpPos, OpLogical, x+" "+n.Op.String()+" "+y, x+" "+other.String()+" "+y, -1)
	}
	for i := len(chain) - 1; i >= 0; i-- { // outer calls open first
		n := chain[i]
		f.insert(n.X.Pos(), fmt.Sprintf("%s.%s(%d, ", ImportName, probe, ids[i]), classOpen)
		// The parenthesis keeps a right operand on the next line from
		// ending the return statement (an inserted semicolon).
		f.replace(n.OpPos, n.OpPos+2, ", func() bool { return (")
	}
	return chain
}

// arOps names the runtime's ArOp of each arithmetic operator; arAlt is
// its mutant, as the runtime's arAlts.
var (
	arOps = map[token.Token]string{
		token.ADD: "ArAdd", token.SUB: "ArSub", token.MUL: "ArMul", token.QUO: "ArQuo", token.REM: "ArRem",
		token.AND: "ArAnd", token.OR: "ArOr", token.XOR: "ArXor", token.AND_NOT: "ArAndNot",
	}
	arAlt = map[token.Token]token.Token{
		token.ADD: token.SUB, token.SUB: token.ADD, token.MUL: token.QUO, token.QUO: token.MUL, token.REM: token.MUL,
		token.AND: token.OR, token.OR: token.AND, token.XOR: token.AND, token.AND_NOT: token.AND,
	}
)

// arith instruments b, a non-constant binary expression, with its
// arithmetic mutant if it has one, and reports whether it did (walking
// the operands).
func (f *fileInst) arith(b *ast.BinaryExpr) bool {
	if !f.mutating() || !f.m.generic {
		return false
	}
	name, ok := arOps[b.Op]
	tv := f.p.info.Types[b]
	if !ok || tv.Type == nil || tv.Value != nil {
		return false
	}
	if _, isParam := tv.Type.(*types.TypeParam); isParam {
		return false
	}
	u, ok := tv.Type.Underlying().(*types.Basic)
	if !ok || u.Info()&types.IsUntyped != 0 {
		return false
	}
	isFloat := u.Info()&types.IsFloat != 0
	switch {
	case u.Info()&types.IsInteger != 0:
	case isFloat && (b.Op == token.ADD || b.Op == token.SUB || b.Op == token.MUL || b.Op == token.QUO):
	default:
		return false // strings, complex numbers, booleans
	}
	for _, e := range []ast.Expr{b.X, b.Y} {
		et := f.p.info.Types[e]
		if et.Type == nil || (et.Value == nil && isUntyped(et.Type)) || f.hasUntypedShift(e) {
			return false
		}
	}
	if f.arithEquivalent(b, isFloat, u.Info()&types.IsUnsigned != 0) {
		return false
	}
	probe := "MArI"
	if isFloat {
		probe = "MArF"
	}
	x, y := f.text(b.X), f.text(b.Y)
	id := f.newMutant(b.OpPos, OpArith, x+" "+b.Op.String()+" "+y, x+" "+arAlt[b.Op].String()+" "+y, -1)
	f.insert(b.X.Pos(), fmt.Sprintf("%s.%s(%d, %s.%s, ", ImportName, probe, id, ImportName, name), classOpen)
	f.likeOperands(b)
	ast.Walk(f, b.X)
	f.replace(b.OpPos, b.OpPos+token.Pos(len(b.Op.String())), ",")
	ast.Walk(f, b.Y)
	f.insert(b.Y.End(), ")", classClose)
	return true
}

func isUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

// Operand samples for arithEquivalent.
var (
	intSamples   = []int64{-7, -3, -2, -1, 0, 1, 2, 3, 5, 7, 100, 12345}
	floatSamples = []float64{-2.5, -1, 0, 0.5, 1, 3, 1e10}
)

// arithEquivalent reports whether b's arithmetic mutant equals the
// original for every operand value: one operand is a constant (x+0 and
// x-0, x*1 and x/1, x*-1 and x/-1) or both are the same variable (x&x and
// x|x), and the two agree on every sample of the other. Exact arithmetic
// on small samples stands for the operand types' arithmetic.
func (f *fileInst) arithEquivalent(b *ast.BinaryExpr, isFloat, unsigned bool) bool {
	xv, yv := f.p.info.Types[b.X].Value, f.p.info.Types[b.Y].Value
	if xv == nil && yv == nil && !f.sameVar(b.X, b.Y) {
		return false
	}
	var samples []constant.Value
	if isFloat {
		for _, s := range floatSamples {
			samples = append(samples, constant.MakeFloat64(s))
		}
	} else {
		for _, s := range intSamples {
			if s >= 0 || !unsigned {
				samples = append(samples, constant.MakeInt64(s))
			}
		}
	}
	alt := arAlt[b.Op]
	for _, s := range samples {
		x, y := s, s
		if xv != nil {
			x = xv
		}
		if yv != nil {
			y = yv
		}
		r1, ok1 := evalAr(b.Op, x, y, isFloat)
		r2, ok2 := evalAr(alt, x, y, isFloat)
		if !ok1 || !ok2 {
			continue
		}
		if constant.Compare(r1, token.NEQ, r2) {
			return false
		}
	}
	return true
}

// evalAr is x op y in exact arithmetic, integer division for integers;
// false on division by zero.
func evalAr(op token.Token, x, y constant.Value, isFloat bool) (constant.Value, bool) {
	if isFloat {
		x, y = constant.ToFloat(x), constant.ToFloat(y)
	} else {
		x, y = constant.ToInt(x), constant.ToInt(y)
		if x.Kind() != constant.Int || y.Kind() != constant.Int {
			return nil, false
		}
		if op == token.QUO {
			op = token.QUO_ASSIGN // integer division
		}
	}
	if (op == token.QUO || op == token.QUO_ASSIGN || op == token.REM) && constant.Sign(y) == 0 {
		return nil, false
	}
	return constant.BinaryOp(x, op, y), true
}

// sameVar reports whether x and y are the same variable.
func (f *fileInst) sameVar(x, y ast.Expr) bool {
	a, ok1 := ast.Unparen(x).(*ast.Ident)
	b, ok2 := ast.Unparen(y).(*ast.Ident)
	if !ok1 || !ok2 {
		return false
	}
	v, ok := f.p.info.Uses[a].(*types.Var)
	return ok && f.p.info.Uses[b] == v
}

// likeOperands records, for a constant operand of b whose other operand is
// a variable, that variable's text: rt.MK takes the constant's type from it.
func (f *fileInst) likeOperands(b *ast.BinaryExpr) {
	if !f.mutating() {
		return
	}
	for _, p := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if !f.constant(p[0]) || f.constant(p[1]) {
			continue
		}
		if id, ok := ast.Unparen(p[1]).(*ast.Ident); ok {
			if _, isVar := f.p.info.Uses[id].(*types.Var); isVar {
				f.m.like[p[0]] = id.Name
			}
		}
	}
}

// literal returns the source text of e if it is an integer or float
// literal, possibly negated or parenthesized.
func (f *fileInst) literal(e ast.Expr) (string, bool) {
	x := ast.Unparen(e)
	if u, ok := x.(*ast.UnaryExpr); ok && (u.Op == token.SUB || u.Op == token.ADD) {
		x = ast.Unparen(u.X)
	}
	l, ok := x.(*ast.BasicLit)
	if !ok || (l.Kind != token.INT && l.Kind != token.FLOAT) {
		return "", false
	}
	return string(f.src[f.off(e.Pos()):f.off(e.End())]), true
}

// constAlts returns the constant mutants of v, a value of a type with
// underlying type u (an integer or float type), as the runtime computes
// them: the mask of those of 0, v+1, v-1 that differ from v and from the
// ones before, their texts, and v's text in its carrier (int64, uint64 or
// float64; a float32 rounded first).
func constAlts(v constant.Value, u *types.Basic) (mask uint8, repls []string, val string) {
	if u.Info()&types.IsFloat != 0 {
		x, _ := constant.Float64Val(constant.ToFloat(v))
		if u.Kind() == types.Float32 {
			x32, _ := constant.Float32Val(constant.ToFloat(v))
			x = float64(x32)
		}
		alts := []float64{0, x + 1, x - 1}
		for k, a := range alts {
			dup := a == x
			for j := 0; j < k && !dup; j++ {
				dup = mask&(1<<j) != 0 && a == alts[j]
			}
			if !dup {
				mask |= 1 << k
				repls = append(repls, strconv.FormatFloat(a, 'g', -1, 64))
			}
		}
		return mask, repls, strconv.FormatFloat(x, 'g', -1, 64)
	}
	x := constant.ToInt(v)
	one := constant.MakeInt64(1)
	alts := []constant.Value{constant.MakeInt64(0), constant.BinaryOp(x, token.ADD, one), constant.BinaryOp(x, token.SUB, one)}
	for k, a := range alts {
		dup := constant.Compare(a, token.EQL, x)
		for j := 0; j < k && !dup; j++ {
			dup = mask&(1<<j) != 0 && constant.Compare(a, token.EQL, alts[j])
		}
		if !dup {
			mask |= 1 << k
			repls = append(repls, a.ExactString())
		}
	}
	return mask, repls, x.ExactString()
}

// constMutants registers the constant mutants of the literal e and returns
// the first one's id.
func (f *fileInst) constMutants(e ast.Expr, lit string, repls []string) int {
	base := 0
	for i, r := range repls {
		id := f.newMutant(e.Pos(), OpConst, lit, r, -1)
		if i == 0 {
			base = id
		}
	}
	return base
}

// constMutant instruments e, a constant in a non-constant expression with
// type and value tv, with its constant mutants if it is a literal of an
// integer or float type that can be spelled (a predeclared type) or taken
// from a variable operand (rt.MK).
func (f *fileInst) constMutant(e ast.Expr, tv types.TypeAndValue) {
	if !f.mutating() || tv.Type == nil || isUntyped(tv.Type) {
		return
	}
	lit, ok := f.literal(e)
	if !ok {
		return
	}
	if _, isParam := tv.Type.(*types.TypeParam); isParam {
		return
	}
	u, ok := tv.Type.Underlying().(*types.Basic)
	if !ok || u.Info()&(types.IsInteger|types.IsFloat) == 0 {
		return
	}
	mask, repls, val := constAlts(tv.Value, u)
	if mask == 0 {
		return
	}
	if b, ok := types.Unalias(tv.Type).(*types.Basic); ok && f.universal(b.Name(), e.Pos()) {
		base := f.constMutants(e, lit, repls)
		f.replace(e.Pos(), e.End(), fmt.Sprintf("%s(%s.%s(%d, %d, %s))", b.Name(), ImportName, carrierProbe(u), base, mask, val))
		return
	}
	like, ok := f.m.like[e]
	if !ok || !f.m.generic {
		return
	}
	base := f.constMutants(e, lit, repls)
	f.replace(e.Pos(), e.End(), fmt.Sprintf("%s.MK(%d, %d, %s, %s)", ImportName, base, mask, like, lit))
}

// carrierConst instruments e, a constant operand of a comparison converted
// to the carrier of cat, with its constant mutants if it is a literal, and
// reports whether it did.
func (f *fileInst) carrierConst(e ast.Expr, tv types.TypeAndValue, cat string, typed types.Type) bool {
	if !f.mutating() || cat == catS || typed == nil {
		return false
	}
	lit, ok := f.literal(e)
	if !ok {
		return false
	}
	u, ok := typed.Underlying().(*types.Basic)
	if !ok || u.Info()&(types.IsInteger|types.IsFloat) == 0 {
		return false
	}
	mask, repls, val := constAlts(tv.Value, u)
	if mask == 0 {
		return false
	}
	base := f.constMutants(e, lit, repls)
	f.replace(e.Pos(), e.End(), fmt.Sprintf("%s.%s(%d, %d, %s)", ImportName, carrierProbe(u), base, mask, val))
	return true
}

// carrierProbe is the constant probe of values of type u.
func carrierProbe(u *types.Basic) string {
	switch {
	case u.Info()&types.IsFloat != 0:
		return "MKF"
	case u.Info()&types.IsUnsigned != 0:
		return "MKU"
	}
	return "MKI"
}

// universal reports whether name means the predeclared identifier at pos.
func (f *fileInst) universal(name string, pos token.Pos) bool {
	if f.p.pkg == nil {
		return false
	}
	scope := f.p.pkg.Scope().Innermost(pos)
	if scope == nil {
		scope = f.p.pkg.Scope()
	}
	_, o := scope.LookupParent(name, pos)
	return o != nil && o == types.Universe.Lookup(name)
}
