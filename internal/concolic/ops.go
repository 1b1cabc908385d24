package concolic

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// boolVal is a bool of concrete value c, symbolic when term is not "".
func (in *interp) boolVal(c bool, term string) *val {
	v := &val{k: vBool, w: 1}
	if c {
		v.c = 1
	}
	if term != "" {
		v.sym = in.define("Bool", term)
	}
	return v
}

// intVal is an integer of concrete bits c, symbolic when term is not "".
func (in *interp) intVal(c uint64, w int, signed bool, term string) *val {
	v := &val{k: vInt, c: mask(c, w), w: w, signed: signed}
	if term != "" {
		v.sym = in.define(fmt.Sprintf("(_ BitVec %d)", w), term)
	}
	return v
}

var cmpOps = map[token.Token][2]string{
	token.EQL: {"=", "="}, token.NEQ: {"distinct", "distinct"},
	token.LSS: {"bvslt", "bvult"}, token.LEQ: {"bvsle", "bvule"},
	token.GTR: {"bvsgt", "bvugt"}, token.GEQ: {"bvsge", "bvuge"},
}

func (in *interp) binop(op token.Token, x, y *val) *val {
	switch {
	case x.k == vInt && y.k == vInt && (op == token.SHL || op == token.SHR):
		return in.shift(op, x, y)
	case x.k == vInt && y.k == vInt && x.w == y.w:
		return in.arith(op, x, y)
	case x.k == vBool && y.k == vBool && (op == token.EQL || op == token.NEQ):
		eq := x.c == y.c
		term := ""
		if x.symbolic() || y.symbolic() {
			term = fmt.Sprintf("(%s %s %s)", cmpOps[op][0], x.term(), y.term())
		}
		return in.boolVal(eq == (op == token.EQL), term)
	case x.k == vStr && y.k == vStr && (op == token.EQL || op == token.NEQ):
		eq := in.strEq(x, y)
		if op == token.NEQ {
			return in.boolVal(eq.c == 0, notTerm(eq))
		}
		return eq
	case x.k == vStr && y.k == vStr && op == token.ADD && !x.symbolic() && !y.symbolic():
		return &val{k: vStr, s: append(append([]byte(nil), x.s...), y.s...)}
	}
	return unknown
}

func notTerm(b *val) string {
	if b.sym == "" {
		return ""
	}
	return "(not " + b.sym + ")"
}

// arith is a binary operation on two integers of one type.
func (in *interp) arith(op token.Token, x, y *val) *val {
	w, signed := x.w, x.signed
	a, b := x.c, y.c
	sa, sb := int64(signExtend(a, w)), int64(signExtend(b, w))
	sym := x.symbolic() || y.symbolic()
	if ops, ok := cmpOps[op]; ok {
		var r bool
		switch op {
		case token.EQL:
			r = a == b
		case token.NEQ:
			r = a != b
		case token.LSS:
			r = sa < sb && signed || a < b && !signed
		case token.LEQ:
			r = sa <= sb && signed || a <= b && !signed
		case token.GTR:
			r = sa > sb && signed || a > b && !signed
		case token.GEQ:
			r = sa >= sb && signed || a >= b && !signed
		}
		term := ""
		if sym {
			o := ops[0]
			if !signed {
				o = ops[1]
			}
			term = fmt.Sprintf("(%s %s %s)", o, x.term(), y.term())
		}
		return in.boolVal(r, term)
	}
	var c uint64
	var fn string
	switch op {
	case token.ADD:
		c, fn = a+b, "bvadd"
	case token.SUB:
		c, fn = a-b, "bvsub"
	case token.MUL:
		c, fn = a*b, "bvmul"
	case token.AND:
		c, fn = a&b, "bvand"
	case token.OR:
		c, fn = a|b, "bvor"
	case token.XOR:
		c, fn = a^b, "bvxor"
	case token.AND_NOT:
		c = a &^ b
		if sym {
			return in.intVal(c, w, signed, fmt.Sprintf("(bvand %s (bvnot %s))", x.term(), y.term()))
		}
		return in.intVal(c, w, signed, "")
	case token.QUO, token.REM:
		if b == 0 {
			in.end("a division by zero: the run panics")
		}
		if y.symbolic() {
			in.constrain(fmt.Sprintf("(distinct %s %s)", y.term(), bv(0, w)))
		}
		c, fn = divide(op, a, b, sa, sb, signed)
	default:
		return unknown
	}
	term := ""
	if sym {
		term = fmt.Sprintf("(%s %s %s)", fn, x.term(), y.term())
	}
	return in.intVal(c, w, signed, term)
}

// divide is Go's / and % (truncated; MinInt / -1 wraps, as in SMT-LIB's
// bvsdiv and bvsrem) and the SMT-LIB function of the same meaning.
func divide(op token.Token, a, b uint64, sa, sb int64, signed bool) (uint64, string) {
	switch {
	case op == token.QUO && signed:
		if sb == -1 {
			return uint64(-sa), "bvsdiv"
		}
		return uint64(sa / sb), "bvsdiv"
	case op == token.QUO:
		return a / b, "bvudiv"
	case signed:
		if sb == -1 {
			return 0, "bvsrem"
		}
		return uint64(sa % sb), "bvsrem"
	}
	return a % b, "bvurem"
}

// shift is x << y or x >> y; Go's counts of the width or more give 0 (or
// -1 for a negative x >> y), as SMT-LIB's shifts by the width do.
func (in *interp) shift(op token.Token, x, y *val) *val {
	w := x.w
	cnt := y.c
	if y.signed && int64(signExtend(cnt, y.w)) < 0 {
		in.end("a negative shift count: the run panics")
	}
	if y.signed && y.symbolic() {
		in.constrain(fmt.Sprintf("(bvsge %s %s)", y.term(), bv(0, y.w)))
	}
	var c uint64
	sx := int64(signExtend(x.c, w))
	switch {
	case op == token.SHL && cnt >= uint64(w):
		c = 0
	case op == token.SHL:
		c = x.c << cnt
	case cnt >= uint64(w) && x.signed && sx < 0:
		c = ^uint64(0)
	case cnt >= uint64(w):
		c = 0
	case x.signed:
		c = uint64(sx >> cnt)
	default:
		c = x.c >> cnt
	}
	if !x.symbolic() && !y.symbolic() {
		return in.intVal(c, w, x.signed, "")
	}
	count := y.term()
	switch {
	case y.w < w:
		count = fmt.Sprintf("((_ zero_extend %d) %s)", w-y.w, count)
	case y.w > w:
		count = fmt.Sprintf("(ite (bvuge %s %s) %s ((_ extract %d 0) %s))", count, bv(uint64(w), y.w), bv(uint64(w), w), w-1, count)
	}
	fn := "bvshl"
	if op == token.SHR {
		fn = "bvlshr"
		if x.signed {
			fn = "bvashr"
		}
	}
	return in.intVal(c, w, x.signed, fmt.Sprintf("(%s %s %s)", fn, x.term(), count))
}

func (in *interp) unop(x *ssa.UnOp, v *val) *val {
	switch {
	case x.Op == token.NOT && v.k == vBool:
		return in.boolVal(v.c == 0, notTerm(v))
	case x.Op == token.SUB && v.k == vInt:
		return in.intVal(-v.c, v.w, v.signed, symOr(v, "(bvneg %s)"))
	case x.Op == token.XOR && v.k == vInt:
		return in.intVal(^v.c, v.w, v.signed, symOr(v, "(bvnot %s)"))
	case x.Op == token.MUL && v.k == vPtr:
		return in.byteVal(v.base, v.idx)
	}
	return unknown
}

// symOr is format applied to v's term, or "" when v is concrete.
func symOr(v *val, format string) string {
	if !v.symbolic() {
		return ""
	}
	return fmt.Sprintf(format, v.term())
}

// convert is a conversion between integer types, or between string and
// []byte.
func (in *interp) convert(v *val, t types.Type) *val {
	if k, w2, signed2, ok := basic(t); ok && k == vInt && v.k == vInt {
		w := v.w
		c := v.c
		if v.signed {
			c = signExtend(c, w)
		}
		term := ""
		if v.symbolic() {
			switch {
			case w2 < w:
				term = fmt.Sprintf("((_ extract %d 0) %s)", w2-1, v.term())
			case w2 > w && v.signed:
				term = fmt.Sprintf("((_ sign_extend %d) %s)", w2-w, v.term())
			case w2 > w:
				term = fmt.Sprintf("((_ zero_extend %d) %s)", w2-w, v.term())
			default:
				term = v.term()
			}
		}
		return in.intVal(c, w2, signed2, term)
	}
	if str, bytes := isStringy(t); (str || bytes) && v.k == vStr {
		c := *v
		return &c
	}
	return unknown
}

// idx64 is an index's term widened to 64 bits.
func idx64(i *val) string {
	t := i.term()
	switch {
	case i.w == 64:
		return t
	case i.signed:
		return fmt.Sprintf("((_ sign_extend %d) %s)", 64-i.w, t)
	}
	return fmt.Sprintf("((_ zero_extend %d) %s)", 64-i.w, t)
}

// inBounds checks that the run indexed s at i without panicking and
// records it (an unsigned comparison also excludes negative indices).
func (in *interp) inBounds(s, i *val, _ bool) {
	if i.k != vInt {
		in.end("an index not modelled")
	}
	ci := int64(signExtend(i.c, i.w))
	if !i.signed {
		ci = int64(i.c)
	}
	if ci < 0 || ci >= int64(len(s.s)) {
		in.end("an index out of range: the run panics")
	}
	if s.symbolic() || i.symbolic() {
		in.constrain(fmt.Sprintf("(bvult %s %s)", idx64(i), s.lenTerm()))
	}
}

// index is s[i] for a string.
func (in *interp) index(s, i *val) *val {
	if s.k != vStr || i.k != vInt {
		return unknown
	}
	in.inBounds(s, i, true)
	return in.byteVal(s, i)
}

// byteVal is the byte at index i (in bounds) of s.
func (in *interp) byteVal(s, i *val) *val {
	c := uint64(s.s[int(i.c)])
	if !s.symbolic() && !i.symbolic() {
		return in.intVal(c, 8, false, "")
	}
	return in.intVal(c, 8, false, s.byteAt(idx64(i)))
}

// slice is s[lo:hi] of a string or []byte.
func (in *interp) slice(f *frame, x *ssa.Slice) *val {
	str, bytes := isStringy(x.X.Type())
	s := f.get(x.X)
	if !(str || bytes) || s.k != vStr || x.Max != nil {
		return unknown
	}
	lo, hi := &val{k: vInt, w: 64, signed: true}, &val{k: vInt, c: uint64(len(s.s)), w: 64, signed: true, sym: ""}
	if s.symbolic() {
		hi.sym = s.lenTerm()
	}
	if x.Low != nil {
		lo = f.get(x.Low)
	}
	if x.High != nil {
		hi = f.get(x.High)
	}
	if lo.k != vInt || hi.k != vInt {
		in.end("a slice bound not modelled")
	}
	l, h := int64(signExtend(lo.c, lo.w)), int64(signExtend(hi.c, hi.w))
	if !lo.signed {
		l = int64(lo.c)
	}
	if !hi.signed {
		h = int64(hi.c)
	}
	if l < 0 || l > h || h > int64(len(s.s)) {
		in.end("a slice out of range: the run panics")
	}
	sub := s.s[l:h]
	if !s.symbolic() {
		if lo.symbolic() || hi.symbolic() {
			in.end("a symbolic slice of a constant string")
		}
		return &val{k: vStr, s: sub}
	}
	in.constrain(fmt.Sprintf("(bvule %s %s)", idx64(lo), idx64(hi)))
	in.constrain(fmt.Sprintf("(bvule %s %s)", idx64(hi), s.lenTerm()))
	return &val{k: vStr, s: sub, arr: s.arr, max: s.max,
		off: in.define("(_ BitVec 64)", fmt.Sprintf("(bvadd %s %s)", s.off, idx64(lo))),
		ln:  in.define("(_ BitVec 64)", fmt.Sprintf("(bvsub %s %s)", idx64(hi), idx64(lo)))}
}
