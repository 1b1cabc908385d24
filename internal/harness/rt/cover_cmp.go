package rt

// Comparison probes (see cover.go): the instrumenter rewrites a
// comparison of numbers or strings into CmpI, CmpU, CmpF or CmpS, which
// evaluate it and record its branch distances (Korel/Tracey).

// CmpOp is the comparison operator of a CmpX probe.
type CmpOp uint8

// Comparison operators, in the order of go/token's EQL, NEQ, LSS, LEQ,
// GTR, GEQ.
const (
	OpEq CmpOp = iota // ==
	OpNe              // !=
	OpLt              // <
	OpLe              // <=
	OpGt              // >
	OpGe              // >=
)

// Conversion targets for instrumented operands. The instrumenter writes
// gentestrt_.Int64(x) rather than int64(x) because the package under test may
// shadow the predeclared type names; a qualified alias cannot be shadowed.
type (
	// Bool is bool, for converting named boolean types.
	Bool = bool
	// Int64 is int64, the carrier of all signed integer operands.
	Int64 = int64
	// Uint64 is uint64, the carrier of all unsigned integer operands.
	Uint64 = uint64
	// Float64 is float64, the carrier of all floating-point operands.
	Float64 = float64
	// String is string, the carrier of all string operands.
	String = string
)

// DistK is the constant added to strict-inequality distances (Korel/Tracey's K):
// the distance of a < b when a == b.
const DistK = 1

// MaxDist caps every distance: infinities and NaNs (from float operands)
// become MaxDist so that the fitness normalisation x/(x+1) stays defined.
const MaxDist = 1e300

// maxStrScan bounds the bytes a string distance looks at, so that a probe on
// a long string costs no more than the comparison it instruments would.
const maxStrScan = 4096

// clamp maps NaN and anything above MaxDist to MaxDist.
func clamp(d float64) float64 {
	if d != d || d > MaxDist {
		return MaxDist
	}
	return d
}

// cmpDist returns the outcome of a op b and the distances to true and to
// false, given the outcomes of a < b and a == b and diff, the magnitude of
// a-b (positive when a != b). This is the Korel/Tracey table: for example
// a < b is false by a-b+K, and a <= b is true by b-a+K away from false.
func cmpDist(op CmpOp, lt, eq bool, diff float64) (r bool, dt, df float64) {
	gt := !lt && !eq
	switch op {
	case OpEq:
		if eq {
			return true, 0, DistK
		}
		return false, diff, 0
	case OpNe:
		if eq {
			return false, DistK, 0
		}
		return true, 0, diff
	case OpLt:
		if lt {
			return true, 0, diff
		}
		return false, diff + DistK, 0 // eq: diff is 0, distance K
	case OpLe:
		if !gt {
			return true, 0, diff + DistK
		}
		return false, diff, 0
	case OpGt:
		if gt {
			return true, 0, diff
		}
		return false, diff + DistK, 0
	case OpGe:
		if !lt {
			return true, 0, diff + DistK
		}
		return false, diff, 0
	}
	return false, 1, 0
}

// CmpI evaluates a op b for signed integer operands, records the outcome and
// the branch distances of condition id, and returns the outcome.
func CmpI(id int, op CmpOp, a, b int64) bool {
	var diff uint64
	if a >= b {
		diff = uint64(a) - uint64(b) // exact: a-b fits in uint64
	} else {
		diff = uint64(b) - uint64(a)
	}
	r, dt, df := cmpDist(op, a < b, a == b, float64(diff))
	if mutCond != nil {
		if m := mutRel(id, op, a < b, a == b, false, r); m != r {
			r, dt, df = m, df, dt
		}
	}
	if keepOps {
		keepPair(id, dt, df, intOp(a), intOp(b))
	}
	record(id, r, dt, df)
	return r
}

// CmpU is CmpI for unsigned integer operands.
func CmpU(id int, op CmpOp, a, b uint64) bool {
	var diff uint64
	if a >= b {
		diff = a - b
	} else {
		diff = b - a
	}
	r, dt, df := cmpDist(op, a < b, a == b, float64(diff))
	if mutCond != nil {
		if m := mutRel(id, op, a < b, a == b, false, r); m != r {
			r, dt, df = m, df, dt
		}
	}
	if keepOps {
		keepPair(id, dt, df, uintOp(a), uintOp(b))
	}
	record(id, r, dt, df)
	return r
}

// CmpF is CmpI for floating-point operands. A NaN operand makes every
// comparison but != false; the distance to the other outcome is then
// MaxDist, since no small change of the other operand helps.
func CmpF(id int, op CmpOp, a, b float64) bool {
	if a != a || b != b {
		r := op == OpNe
		dt, df := 0.0, MaxDist
		if !r {
			dt, df = MaxDist, 0
		}
		if mutCond != nil {
			if m := mutRel(id, op, false, false, true, r); m != r {
				r, dt, df = m, df, dt
			}
		}
		if keepOps {
			keepPair(id, dt, df, floatOp(a), floatOp(b))
		}
		record(id, r, dt, df)
		return r
	}
	diff := a - b
	if diff < 0 {
		diff = -diff
	}
	r, dt, df := cmpDist(op, a < b, a == b, diff)
	dt, df = clamp(dt), clamp(df)
	if mutCond != nil {
		if m := mutRel(id, op, a < b, a == b, false, r); m != r {
			r, dt, df = m, df, dt
		}
	}
	if keepOps {
		keepPair(id, dt, df, floatOp(a), floatOp(b))
	}
	record(id, r, dt, df)
	return r
}

// CmpS is CmpI for string operands. Distances:
//   - equality (the distance of == when false, of != when true): the sum of
//     |a[i]-b[i]| over the positions both strings have, plus 256 per byte of
//     length difference, so a missing byte always weighs more than a wrong
//     one;
//   - ordering (<, <=, >, >=): |a[i]-b[i]| at the first differing byte, or
//     the length difference if one string is a prefix of the other, used as
//     |a-b| in the integer table.
//
// Only the first 4096 bytes are scanned; beyond that, differences count as 1.
func CmpS(id int, op CmpOp, a, b string) bool {
	eq := a == b
	lt := a < b
	var diff float64
	if !eq {
		if op == OpEq || op == OpNe {
			diff = strEqDist(a, b)
		} else {
			diff = strOrdDist(a, b)
		}
	}
	r, dt, df := cmpDist(op, lt, eq, diff)
	if mutCond != nil {
		if m := mutRel(id, op, lt, eq, false, r); m != r {
			r, dt, df = m, df, dt
		}
	}
	if keepOps {
		keepPair(id, dt, df, strOp(a), strOp(b))
	}
	record(id, r, dt, df)
	return r
}

// strEqDist is the equality distance of two different strings (> 0).
func strEqDist(a, b string) float64 { return atLeast1(sumDiff(a, b, false)) }

// atLeast1 turns a distance of 0, which a scan bounded by maxStrScan (or
// a difference it cannot see, like non-ASCII case folding) reports for
// operands that still differ, into the smallest non-zero distance.
func atLeast1(d float64) float64 {
	if d < 1 {
		return 1
	}
	return d
}

// sumDiff is the sum of |a[i]-b[i]| over the first maxStrScan positions
// both strings have, comparing ASCII letters without case when fold is
// set, plus 256 per byte of length difference: a missing byte weighs more
// than any wrong one.
func sumDiff(a, b string, fold bool) float64 {
	n, ld := len(a), len(b)-len(a)
	if len(b) < n {
		n, ld = len(b), len(a)-len(b)
	}
	d := 256 * float64(ld)
	if n > maxStrScan {
		n = maxStrScan
	}
	for i := 0; i < n; i++ {
		x, y := a[i], b[i]
		if fold {
			x, y = lower(x), lower(y)
		}
		if x > y {
			d += float64(x - y)
		} else {
			d += float64(y - x)
		}
	}
	return d
}

// sumDiffB is sumDiff for byte slices.

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// strOrdDist is the ordering distance of two different strings (> 0).
func strOrdDist(a, b string) float64 {
	n := len(a)
	if len(b) < n {
		n = len(b)
	}
	lim := n
	if lim > maxStrScan {
		lim = maxStrScan
	}
	for i := 0; i < lim; i++ {
		if x, y := a[i], b[i]; x != y {
			if x > y {
				return float64(x - y)
			}
			return float64(y - x)
		}
	}
	if lim < n || len(a) == len(b) { // difference beyond the scanned prefix
		return 1
	}
	if len(a) > len(b) {
		return float64(len(a) - len(b))
	}
	return float64(len(b) - len(a))
}
