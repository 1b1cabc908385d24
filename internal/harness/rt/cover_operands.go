package rt

// Operand recording (see cover.go): the probes of comparisons and string
// functions keep the operands that came closest to each outcome.

var (
	// ops[id][0] holds the operands of the evaluation closest to
	// condition id's true outcome, ops[id][1] to its false outcome; an
	// entry is valid only when its gen equals opGen, so that Reset
	// invalidates them all by incrementing opGen instead of clearing the
	// array.
	ops     [][2]opPair
	opGen   uint32
	keepOps bool // see KeepOperands
)

// MaxOperandLen bounds the bytes of a string or []byte operand kept by
// operand recording; longer operands are cut to it.
const MaxOperandLen = 64

// Operand kinds: the numbers are those of the wire's literal kinds
// (LitInt, LitUint, LitFloat, LitString, LitBytes in wire.go).
const (
	OperandNone   = 0
	OperandInt    = 2
	OperandUint   = 3
	OperandFloat  = 4
	OperandString = 5
	OperandBytes  = 6
)

// operand is one recorded operand: bits holds an int64 or uint64, f a
// float64, s a string or a copy of a []byte, cut to MaxOperandLen.
type operand struct {
	kind uint8
	cut  bool
	bits uint64
	f    float64
	s    string
}

// opPair is the operands kept for one outcome of a condition, valid when
// gen is opGen.
type opPair struct {
	gen uint32
	v   [2]operand
}

// KeepOperands turns operand recording on or off. When on, comparison and
// string-function probes keep, per condition and outcome, the operands of
// the first evaluation that came closest to that outcome (see Operands).
// Recording happens only when an evaluation improves a smallest distance,
// so its cost is bounded by the number of improvements, not evaluations.
// It must be called between sequences, like Reset.
func KeepOperands(on bool) { keepOps = on }

// improves returns which smallest distances of condition id an evaluation
// with distances dt and df would set, before record is called: bit 0 the
// distance to true, bit 1 to false (both on the first evaluation). Probes
// call it only when keeping operands, so that ordinary runs pay one test
// of keepOps.
func improves(id int, dt, df float64) uint8 {
	c := conds
	if uint(id) >= uint(len(c)) {
		return 0
	}
	s := &c[id]
	first := s.nTrue == 0 && s.nFalse == 0
	var m uint8
	if first || dt < s.distTrue {
		m = 1
	}
	if first || df < s.distFalse {
		m |= 2
	}
	return m
}

// keep stores operands a and b of condition id for the outcomes in m, the
// mask record returned.
func keep(id int, m uint8, a, b operand) {
	o := ops
	if uint(id) >= uint(len(o)) {
		return
	}
	g := opGen
	for side := 0; side < 2; side++ {
		if m&(1<<uint(side)) != 0 {
			o[id][side] = opPair{gen: g, v: [2]operand{a, b}}
		}
	}
}

// keepPair keeps operands a and b of condition id if an evaluation with
// distances dt and df improves a smallest distance. It is kept out of line
// so that the probes, on their ordinary path, stay small.
//
//go:noinline
func keepPair(id int, dt, df float64, a, b operand) {
	if m := improves(id, dt, df); m != 0 {
		keep(id, m, a, b)
	}
}

// keepBytes is keepPair for two byte slices, copied only when kept.
//
//go:noinline
func keepBytes(id int, dt, df float64, a, b []byte) {
	if m := improves(id, dt, df); m != 0 {
		keep(id, m, bytesOp(a), bytesOp(b))
	}
}

// keepBytesNum is keepPair for a byte slice, copied only when kept, and a
// number.
//
//go:noinline
func keepBytesNum(id int, dt, df float64, a []byte, b operand) {
	if m := improves(id, dt, df); m != 0 {
		keep(id, m, bytesOp(a), b)
	}
}

func intOp(x int64) operand     { return operand{kind: OperandInt, bits: uint64(x)} }
func uintOp(x uint64) operand   { return operand{kind: OperandUint, bits: x} }
func floatOp(x float64) operand { return operand{kind: OperandFloat, f: x} }

func strOp(s string) operand {
	if len(s) > MaxOperandLen {
		return operand{kind: OperandString, s: s[:MaxOperandLen], cut: true}
	}
	return operand{kind: OperandString, s: s}
}

// bytesOp copies b: the caller may change it later.
func bytesOp(b []byte) operand {
	if len(b) > MaxOperandLen {
		return operand{kind: OperandBytes, s: string(b[:MaxOperandLen]), cut: true}
	}
	return operand{kind: OperandBytes, s: string(b)}
}

// OperandStat is what operand recording kept for one branch: the operands
// of the first evaluation with the smallest distance to it (0 if the
// branch was taken).
type OperandStat struct {
	Branch int32    // 2c: closest to condition c's true outcome; 2c+1: to its false outcome
	Kind   [2]uint8 // Operand kinds of the left and right operand
	I      [2]int64 // OperandInt values
	U      [2]uint64
	F      [2]float64
	S      [2]string // OperandString and OperandBytes values, cut to MaxOperandLen bytes
	Cut    [2]bool   // S was cut
}

// Operands appends what operand recording kept since the last Reset,
// ascending by branch, to dst. It is empty unless KeepOperands(true) was
// in effect while the probes ran.
func Operands(dst []OperandStat) []OperandStat {
	eachKept(func(branch int32, p *opPair) {
		st := OperandStat{Branch: branch}
		for k := range p.v {
			v := &p.v[k]
			st.Kind[k], st.Cut[k], st.S[k], st.F[k] = v.kind, v.cut, v.s, v.f
			if v.kind == OperandInt {
				st.I[k] = int64(v.bits)
			}
			if v.kind == OperandUint {
				st.U[k] = v.bits
			}
		}
		dst = append(dst, st)
	})
	return dst
}

// eachKept calls f with the operands kept since the last Reset for each
// branch, ascending by branch (2c for condition c's true outcome, 2c+1 for
// its false one).
func eachKept(f func(branch int32, p *opPair)) {
	g := opGen
	o := ops
	for i := range conds {
		if i >= len(o) {
			break
		}
		for side := 0; side < 2; side++ {
			if p := &o[i][side]; p.gen == g {
				f(int32(2*i+side), p)
			}
		}
	}
}
