package gentestrt

// Coverage probes.
//
// Instrumented copies of the package under test (see package
// generator/harness/instrument) call the probe functions below. Probe ids are
// dense and package-wide: blocks 0..NumBlocks-1 and conditions
// 0..NumConds-1; condition c owns branch 2c (true) and 2c+1 (false).
//
// Sizing: the overlay adds a generated zz_size.go with
//
//	func init() { Init(numBlocks, numConds) }
//
// Package initialisation runs this before any initialiser of the package
// under test (which imports this package), so probes fired from the package's
// own var initialisers and init functions already land in sized arrays.
// Probes are bounds-checked anyway: an id outside the arrays (Init not called,
// or a stale size file) is dropped, never a panic.
//
// Cost: the executor runs tens of thousands of sequences per second, so the
// probe path does no allocation, takes no lock and uses no atomics. Code under
// test may fire probes from its own goroutines; the resulting races are
// benign (a lost count or a slightly stale minimum), and because the arrays
// are only replaced by Init, which runs before any probe, no probe can index
// out of range or corrupt memory.
//
// This file has no imports, so that it can be compiled into the overlay of
// any package, and with old language versions (no min, max, clear or
// generics).

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

// condState is what one condition observed since the last Reset.
type condState struct {
	nTrue, nFalse uint32
	// Smallest distance to the true / false outcome; valid only once
	// nTrue+nFalse > 0, which is what lets Reset be a plain memclr.
	distTrue, distFalse float64
}

var (
	blocks []uint8     // block id -> 1 if executed
	conds  []condState // condition id -> observations
)

// Init sizes the probe arrays. The generated zz_size.go calls it from an
// init function; calling it again discards all state. It must not run
// concurrently with probes.
func Init(nBlocks, nConds int) {
	if nBlocks < 0 {
		nBlocks = 0
	}
	if nConds < 0 {
		nConds = 0
	}
	blocks = make([]uint8, nBlocks)
	conds = make([]condState, nConds)
}

// NumBlocks is the number of block probes Init sized for.
func NumBlocks() int { return len(blocks) }

// NumConds is the number of condition probes Init sized for.
func NumConds() int { return len(conds) }

// Reset clears all observations; the executor calls it before each
// sequence. The loops compile to memclr.
func Reset() {
	b := blocks
	for i := range b {
		b[i] = 0
	}
	c := conds
	for i := range c {
		c[i] = condState{}
	}
}

// Blk records that block id was executed.
func Blk(id int) {
	b := blocks
	if uint(id) < uint(len(b)) {
		b[id] = 1
	}
}

// record notes one evaluation of condition id with outcome v and the
// distances to either outcome (0 for the outcome that happened).
func record(id int, v bool, dt, df float64) {
	c := conds
	if uint(id) >= uint(len(c)) {
		return
	}
	s := &c[id]
	first := s.nTrue == 0 && s.nFalse == 0
	if v {
		if s.nTrue != ^uint32(0) {
			s.nTrue++
		}
	} else if s.nFalse != ^uint32(0) {
		s.nFalse++
	}
	if first || dt < s.distTrue {
		s.distTrue = dt
	}
	if first || df < s.distFalse {
		s.distFalse = df
	}
}

// Br records an outcome-only condition and returns v: distance 0 to the
// outcome that happened and 1 to the other.
func Br(id int, v bool) bool {
	if v {
		record(id, true, 0, 1)
	} else {
		record(id, false, 1, 0)
	}
	return v
}

// Case records that case i of the n cases of a type switch, whose conditions
// are base..base+n-1, was taken: condition base+i is true, all others false.
func Case(base, n, i int) {
	for j := 0; j < n; j++ {
		Br(base+j, j == i)
	}
}

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
	record(id, r, dt, df)
	return r
}

// CmpF is CmpI for floating-point operands. A NaN operand makes every
// comparison but != false; the distance to the other outcome is then
// MaxDist, since no small change of the other operand helps.
func CmpF(id int, op CmpOp, a, b float64) bool {
	if a != a || b != b {
		r := op == OpNe
		if r {
			record(id, true, 0, MaxDist)
		} else {
			record(id, false, MaxDist, 0)
		}
		return r
	}
	diff := a - b
	if diff < 0 {
		diff = -diff
	}
	r, dt, df := cmpDist(op, a < b, a == b, diff)
	record(id, r, clamp(dt), clamp(df))
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
	record(id, r, dt, df)
	return r
}

// strEqDist is the equality distance of two different strings (> 0).
func strEqDist(a, b string) float64 {
	n, ld := len(a), len(b)-len(a)
	if len(b) < n {
		n, ld = len(b), len(a)-len(b)
	}
	d := 256 * float64(ld)
	lim := n
	if lim > maxStrScan {
		lim = maxStrScan
	}
	for i := 0; i < lim; i++ {
		x, y := a[i], b[i]
		if x > y {
			d += float64(x - y)
		} else {
			d += float64(y - x)
		}
	}
	if d == 0 { // difference beyond the scanned prefix
		d = 1
	}
	return d
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

// CondStat is the observation of one condition since the last Reset.
type CondStat struct {
	ID            int32
	NTrue, NFalse uint32  // evaluations per outcome
	DistTrue      float64 // smallest distance to the true outcome (0 if it happened)
	DistFalse     float64 // smallest distance to the false outcome (0 if it happened)
}

// CoveredBlocks appends the ids of the executed blocks, ascending, to dst.
func CoveredBlocks(dst []int32) []int32 {
	for i, v := range blocks {
		if v != 0 {
			dst = append(dst, int32(i))
		}
	}
	return dst
}

// CoveredBranches appends the covered branch ids, ascending, to dst: 2c if
// condition c was true at least once, 2c+1 if it was false at least once.
func CoveredBranches(dst []int32) []int32 {
	for i := range conds {
		s := &conds[i]
		if s.nTrue != 0 {
			dst = append(dst, int32(2*i))
		}
		if s.nFalse != 0 {
			dst = append(dst, int32(2*i+1))
		}
	}
	return dst
}

// Conds appends the observations of every evaluated condition, ascending by
// id, to dst. Unevaluated conditions are left out: their distances are
// undefined (fitness treats them as distance 1).
func Conds(dst []CondStat) []CondStat {
	for i := range conds {
		s := conds[i]
		if s.nTrue == 0 && s.nFalse == 0 {
			continue
		}
		dst = append(dst, CondStat{ID: int32(i), NTrue: s.nTrue, NFalse: s.nFalse, DistTrue: s.distTrue, DistFalse: s.distFalse})
	}
	return dst
}

// The executor's hooks (exec.go).

func coverReset()    { Reset() }
func numBlocks() int { return NumBlocks() }
func numConds() int  { return NumConds() }

// coverCollect stores the observations of the sequence just run in r.
func coverCollect(r *Result) {
	r.Blocks = CoveredBlocks(r.Blocks[:0])
	r.Conds = r.Conds[:0]
	for i := range conds {
		s := conds[i]
		if s.nTrue == 0 && s.nFalse == 0 {
			continue
		}
		r.Conds = append(r.Conds, CondObs{ID: int32(i), NTrue: s.nTrue, NFalse: s.nFalse, DistTrue: s.distTrue, DistFalse: s.distFalse})
	}
}
