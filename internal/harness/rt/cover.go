package rt

// Coverage probes.
//
// Instrumented copies of the package under test (see package
// internal/harness/instrument) call the probe functions below. Probe ids are
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
// Distances are raw: 0 for the outcome that happened, otherwise at least 1
// for integers and strings (Korel/Tracey with K = DistK; strings per byte,
// 256 per missing byte), the plain difference for floats, at most MaxDist.
// Fitness normalises them once, with NormDist (wire.go).
//
// Operand recording (KeepOperands, requested per sequence by FlagOperands):
// for each condition and outcome, comparison and string-function probes
// keep the operands of the first evaluation with the smallest distance to
// that outcome, strings and byte slices cut to MaxOperandLen bytes. They
// record only when an evaluation improves a smallest distance, so the cost
// is bounded by the number of improvements; without the flag the probes pay
// one test of a global.
//
// Cost: the executor runs tens of thousands of sequences per second, so the
// probe path does no allocation, takes no lock and uses no atomics (operand
// recording copies []byte operands when it keeps them). Code under test may
// fire probes from its own goroutines; the resulting races are benign (a
// lost count, a slightly stale minimum or operand pair), and because the
// arrays are only replaced by Init, which runs before any probe, no probe
// can index out of range or corrupt memory.
//
// This file has no imports, so that it can be compiled into the overlay of
// any package (importing strings would make an import cycle when the
// package under test is strings), and with old language versions (no min,
// max, clear or generics).

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

	// Operand recording (see KeepOperands). ops[id][0] holds the operands of
	// the evaluation closest to condition id's true outcome, ops[id][1] to
	// its false outcome; an entry is valid only when its gen equals opGen,
	// so that Reset invalidates them all by incrementing opGen instead of
	// clearing the array.
	ops     [][2]opPair
	opGen   uint32
	keepOps bool
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

type opPair struct {
	gen uint32
	v   [2]operand
}

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
	ops = make([][2]opPair, nConds)
	opGen = 1
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
	opGen++
	if opGen == 0 { // wrapped: entries of generation 0 must not look valid
		o := ops
		for i := range o {
			o[i] = [2]opPair{}
		}
		opGen = 1
	}
}

// KeepOperands turns operand recording on or off. When on, comparison and
// string-function probes keep, per condition and outcome, the operands of
// the first evaluation that came closest to that outcome (see Operands).
// Recording happens only when an evaluation improves a smallest distance,
// so its cost is bounded by the number of improvements, not evaluations.
// It must be called between sequences, like Reset.
func KeepOperands(on bool) { keepOps = on }

// Blk records that block id was executed.
func Blk(id int) {
	b := blocks
	if uint(id) < uint(len(b)) {
		b[id] = 1
	}
}

// record notes one evaluation of condition id with outcome v and the
// distances to either outcome (0 for the outcome that happened). It is
// small enough to be inlined into the probes.
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
func sumDiffB(a, b []byte, fold bool) float64 {
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

// String functions.
//
// Calls of these standard-library functions used as conditions are
// rewritten to probes that take the function itself and its arguments:
//
//	strings.HasPrefix(s, p)       becomes  StrCall(id, FnHasPrefix, strings.HasPrefix, s, p)
//	strings.Index(s, sub) >= 0    becomes  StrIndex(id, FnIndex, true, strings.Index, s, sub)
//
// The probe calls the function, so the result is exactly the original
// call's, and computes a distance to the outcome that did not happen:
// DistK when the function's answer is yes (one byte changed breaks a prefix
// or match), otherwise how far the arguments are from a yes:
//   - HasPrefix / HasSuffix: the equality distance (as for ==) between the
//     prefix and as much of s as it can cover, plus 256 per byte s is too
//     short for it;
//   - Contains, Index, LastIndex: the smallest equality distance between
//     the substring and a window of s (s aligned inside the substring when
//     shorter, plus 256 per missing byte);
//   - ContainsAny, IndexAny, LastIndexAny: the smallest |c-x| over bytes c
//     of s and x of chars;
//   - IndexByte, LastIndexByte: the smallest |c-x| over bytes c of s;
//   - ContainsRune, IndexRune: the smallest |c-r| over runes c of s;
//   - EqualFold: the equality distance with ASCII case ignored;
//   - bytes.Equal: the equality distance.
//
// Empty inputs that cannot match (a byte searched in an empty string)
// count 256, as one missing byte. Scans are bounded (maxStrScan bytes per
// string, maxWindowScan byte comparisons for substring windows); beyond
// the bound, differences count as 1. Index probes stand for a comparison of
// the index with a constant that only tells found from not found (>= 0,
// < 0, == -1, != -1, > -1, <= -1); found is the comparison's value when the
// index is non-negative.

// StrFn names the function a string probe stands for.
type StrFn uint8

// String functions.
const (
	FnHasPrefix   StrFn = iota // strings.HasPrefix, bytes.HasPrefix
	FnHasSuffix                // strings.HasSuffix, bytes.HasSuffix
	FnContains                 // strings.Contains, bytes.Contains
	FnContainsAny              // strings.ContainsAny
	FnEqualFold                // strings.EqualFold, bytes.EqualFold
	FnEqual                    // bytes.Equal
	FnIndex                    // strings.Index, LastIndex; bytes.Index, LastIndex
	FnIndexAny                 // strings.IndexAny, LastIndexAny
)

// maxWindowScan bounds the byte comparisons of a substring distance.
const maxWindowScan = 4 * maxStrScan

// hitDist returns the value of a condition that is want when the searched
// thing was found (h) and !want otherwise, and its distances to true and
// false; d is the distance from not found to found.
func hitDist(want, h bool, d float64) (r bool, dt, df float64) {
	other := d // distance to the outcome that did not happen
	if h {
		other = DistK
	}
	if h == want {
		return true, 0, other
	}
	return false, other, 0
}

// StrCall evaluates f(a, b), where f is the strings function fn returning
// bool, records condition id and returns f's result.
func StrCall(id int, fn StrFn, f func(string, string) bool, a, b string) bool {
	r := f(a, b)
	d := 0.0
	if !r {
		d = strFnDist(fn, a, b)
	}
	r, dt, df := hitDist(true, r, d)
	if keepOps {
		keepPair(id, dt, df, strOp(a), strOp(b))
	}
	record(id, r, dt, df)
	return r
}

// BytesCall is StrCall for the bytes functions on two byte slices.
func BytesCall(id int, fn StrFn, f func([]byte, []byte) bool, a, b []byte) bool {
	r := f(a, b)
	d := 0.0
	if !r {
		d = bytesFnDist(fn, a, b)
	}
	r, dt, df := hitDist(true, r, d)
	if keepOps {
		keepBytes(id, dt, df, a, b)
	}
	record(id, r, dt, df)
	return r
}

// StrIndex evaluates f(s, t), where f is the strings index function fn,
// and records condition id, whose value is found when the index is
// non-negative and !found otherwise. It returns the condition's value.
func StrIndex(id int, fn StrFn, found bool, f func(string, string) int, s, t string) bool {
	h := f(s, t) >= 0
	d := 0.0
	if !h {
		d = strFnDist(fn, s, t)
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepPair(id, dt, df, strOp(s), strOp(t))
	}
	record(id, r, dt, df)
	return r
}

// BytesIndex is StrIndex for the bytes index functions.
func BytesIndex(id int, fn StrFn, found bool, f func([]byte, []byte) int, s, t []byte) bool {
	h := f(s, t) >= 0
	d := 0.0
	if !h {
		d = bytesFnDist(fn, s, t)
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepBytes(id, dt, df, s, t)
	}
	record(id, r, dt, df)
	return r
}

// StrIndexByte is StrIndex for strings.IndexByte and LastIndexByte.
func StrIndexByte(id int, found bool, f func(string, byte) int, s string, c byte) bool {
	h := f(s, c) >= 0
	d := 0.0
	if !h {
		d = 256
		if n := len(s); n > 0 {
			if n > maxStrScan {
				n = maxStrScan
			}
			for i := 0; i < n; i++ {
				d = minAbs(d, s[i], c)
			}
		}
		d = atLeast1(d)
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepPair(id, dt, df, strOp(s), uintOp(uint64(c)))
	}
	record(id, r, dt, df)
	return r
}

// BytesIndexByte is StrIndexByte for bytes.IndexByte and LastIndexByte.
func BytesIndexByte(id int, found bool, f func([]byte, byte) int, s []byte, c byte) bool {
	h := f(s, c) >= 0
	d := 0.0
	if !h {
		d = 256
		if n := len(s); n > 0 {
			if n > maxStrScan {
				n = maxStrScan
			}
			for i := 0; i < n; i++ {
				d = minAbs(d, s[i], c)
			}
		}
		d = atLeast1(d)
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepBytesNum(id, dt, df, s, uintOp(uint64(c)))
	}
	record(id, r, dt, df)
	return r
}

func minAbs(d float64, x, y byte) float64 {
	var v float64
	if x > y {
		v = float64(x - y)
	} else {
		v = float64(y - x)
	}
	if v < d {
		return v
	}
	return d
}

// StrIndexRune is StrIndex for strings.IndexRune.
func StrIndexRune(id int, found bool, f func(string, rune) int, s string, c rune) bool {
	h := f(s, c) >= 0
	d := 0.0
	if !h {
		d = runeDist(s, c)
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepPair(id, dt, df, strOp(s), intOp(int64(c)))
	}
	record(id, r, dt, df)
	return r
}

// BytesIndexRune is StrIndex for bytes.IndexRune.
func BytesIndexRune(id int, found bool, f func([]byte, rune) int, s []byte, c rune) bool {
	h := f(s, c) >= 0
	d := 0.0
	if !h {
		d = runeDistB(s, c)
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepBytesNum(id, dt, df, s, intOp(int64(c)))
	}
	record(id, r, dt, df)
	return r
}

// StrContainsRune is StrCall for strings.ContainsRune.
func StrContainsRune(id int, f func(string, rune) bool, s string, c rune) bool {
	h := f(s, c)
	d := 0.0
	if !h {
		d = runeDist(s, c)
	}
	r, dt, df := hitDist(true, h, d)
	if keepOps {
		keepPair(id, dt, df, strOp(s), intOp(int64(c)))
	}
	record(id, r, dt, df)
	return r
}

// BytesContainsRune is StrCall for bytes.ContainsRune.
func BytesContainsRune(id int, f func([]byte, rune) bool, s []byte, c rune) bool {
	h := f(s, c)
	d := 0.0
	if !h {
		d = runeDistB(s, c)
	}
	r, dt, df := hitDist(true, h, d)
	if keepOps {
		keepBytesNum(id, dt, df, s, intOp(int64(c)))
	}
	record(id, r, dt, df)
	return r
}

// runeDist is the smallest |x-c| over the runes x of s (256 if s is empty).
func runeDist(s string, c rune) float64 {
	d, n := 256.0, 0
	for _, x := range s {
		v := float64(x) - float64(c)
		if v < 0 {
			v = -v
		}
		if v < d {
			d = v
		}
		if n++; n >= maxStrScan {
			break
		}
	}
	return atLeast1(d)
}

// runeDistB is runeDist for a byte slice. (Ranging over string(s) would
// allocate for long slices.)
func runeDistB(s []byte, c rune) float64 {
	d, n := 256.0, 0
	for len(s) > 0 {
		x, size := decodeRune(s)
		s = s[size:]
		v := float64(x) - float64(c)
		if v < 0 {
			v = -v
		}
		if v < d {
			d = v
		}
		if n++; n >= maxStrScan {
			break
		}
	}
	return atLeast1(d)
}

// decodeRune decodes the first UTF-8 sequence of the non-empty p as
// unicode/utf8.DecodeRune does (invalid sequences give U+FFFD and size 1),
// for runeDistB: this file imports nothing.
func decodeRune(p []byte) (rune, int) {
	c0 := p[0]
	if c0 < 0x80 {
		return rune(c0), 1
	}
	cont := func(i int) bool { return i < len(p) && p[i]&0xC0 == 0x80 }
	switch {
	case c0 >= 0xC2 && c0 < 0xE0 && cont(1):
		return rune(c0&0x1F)<<6 | rune(p[1]&0x3F), 2
	case c0 >= 0xE0 && c0 < 0xF0 && cont(1) && cont(2):
		r := rune(c0&0x0F)<<12 | rune(p[1]&0x3F)<<6 | rune(p[2]&0x3F)
		if r >= 0x800 && (r < 0xD800 || r > 0xDFFF) {
			return r, 3
		}
	case c0 >= 0xF0 && c0 < 0xF5 && cont(1) && cont(2) && cont(3):
		r := rune(c0&0x07)<<18 | rune(p[1]&0x3F)<<12 | rune(p[2]&0x3F)<<6 | rune(p[3]&0x3F)
		if r >= 0x10000 && r <= 0x10FFFF {
			return r, 4
		}
	}
	return 0xFFFD, 1
}

// strFnDist is the distance of fn(a, b) from true when it is false (>= 1).
func strFnDist(fn StrFn, a, b string) float64 {
	var d float64
	switch fn {
	case FnHasPrefix:
		k := len(b)
		if len(a) < k {
			k = len(a)
		}
		d = sumDiff(a[:k], b, false)
	case FnHasSuffix:
		k := len(b)
		if len(a) < k {
			k = len(a)
		}
		d = sumDiff(a[len(a)-k:], b[len(b)-k:], false) + 256*float64(len(b)-k)
	case FnContains, FnIndex:
		if len(b) > len(a) { // a must grow: align it inside b
			d = 256*float64(len(b)-len(a)) + window(b, a)
		} else {
			d = window(a, b)
		}
	case FnContainsAny, FnIndexAny:
		d = 256
		budget := maxWindowScan
		for i := 0; i < len(a) && budget > 0; i++ {
			for j := 0; j < len(b) && budget > 0; j++ {
				d = minAbs(d, a[i], b[j])
				budget--
			}
		}
	case FnEqualFold:
		d = sumDiff(a, b, true)
	case FnEqual:
		d = sumDiff(a, b, false)
	}
	return atLeast1(d)
}

// bytesFnDist is strFnDist for byte slices.
func bytesFnDist(fn StrFn, a, b []byte) float64 {
	var d float64
	switch fn {
	case FnHasPrefix:
		k := len(b)
		if len(a) < k {
			k = len(a)
		}
		d = sumDiffB(a[:k], b, false)
	case FnHasSuffix:
		k := len(b)
		if len(a) < k {
			k = len(a)
		}
		d = sumDiffB(a[len(a)-k:], b[len(b)-k:], false) + 256*float64(len(b)-k)
	case FnContains, FnIndex:
		if len(b) > len(a) {
			d = 256*float64(len(b)-len(a)) + windowB(b, a)
		} else {
			d = windowB(a, b)
		}
	case FnContainsAny, FnIndexAny:
		d = 256
		budget := maxWindowScan
		for i := 0; i < len(a) && budget > 0; i++ {
			for j := 0; j < len(b) && budget > 0; j++ {
				d = minAbs(d, a[i], b[j])
				budget--
			}
		}
	case FnEqualFold:
		d = sumDiffB(a, b, true)
	case FnEqual:
		d = sumDiffB(a, b, false)
	}
	return atLeast1(d)
}

// window is the smallest sum of |long[i+j]-short[j]| over the windows of
// long as long as short (len(short) <= len(long)), within maxWindowScan
// byte comparisons.
func window(long, short string) float64 {
	m := len(short)
	best := -1.0
	budget := maxWindowScan
	for i := 0; i+m <= len(long) && budget > 0; i++ {
		d := 0.0
		for j := 0; j < m; j++ {
			x, y := long[i+j], short[j]
			if x > y {
				d += float64(x - y)
			} else {
				d += float64(y - x)
			}
			if best >= 0 && d >= best {
				break
			}
		}
		budget -= m + 1
		if best < 0 || d < best {
			best = d
		}
	}
	if best < 0 {
		return 0
	}
	return best
}

// windowB is window for byte slices.
func windowB(long, short []byte) float64 {
	m := len(short)
	best := -1.0
	budget := maxWindowScan
	for i := 0; i+m <= len(long) && budget > 0; i++ {
		d := 0.0
		for j := 0; j < m; j++ {
			x, y := long[i+j], short[j]
			if x > y {
				d += float64(x - y)
			} else {
				d += float64(y - x)
			}
			if best >= 0 && d >= best {
				break
			}
		}
		budget -= m + 1
		if best < 0 || d < best {
			best = d
		}
	}
	if best < 0 {
		return 0
	}
	return best
}

// CondStat is the observation of one condition since the last Reset.
type CondStat struct {
	ID            int32
	NTrue, NFalse uint32  // evaluations per outcome
	DistTrue      float64 // smallest distance to the true outcome (0 if it happened)
	DistFalse     float64 // smallest distance to the false outcome (0 if it happened)
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
	g := opGen
	o := ops
	for i := range conds {
		if i >= len(o) {
			break
		}
		for side := 0; side < 2; side++ {
			p := &o[i][side]
			if p.gen != g {
				continue
			}
			st := OperandStat{Branch: int32(2*i + side)}
			for k := 0; k < 2; k++ {
				v := &p.v[k]
				st.Kind[k], st.Cut[k], st.S[k], st.F[k] = v.kind, v.cut, v.s, v.f
				st.I[k], st.U[k] = int64(v.bits), v.bits
				if v.kind != OperandInt {
					st.I[k] = 0
				}
				if v.kind != OperandUint {
					st.U[k] = 0
				}
			}
			dst = append(dst, st)
		}
	}
	return dst
}

// CoveredBlocks appends the ids of the executed blocks, ascending, to dst.
func CoveredBlocks(dst []int32) []int32 {
	b := blocks
	n := len(dst)
	if cap(dst)-n < len(b) {
		dst = append(dst[:n:n], make([]int32, len(b))...)[:n]
	}
	// Without a branch per block: every id is written, and the next
	// one overwrites it unless the block ran ((v|-v)>>7 is 1 for any v
	// but 0). Which blocks ran differs from one sequence to the next,
	// and the mispredicted branches were most of the loop's time.
	out := dst[n : n+len(b)]
	k := 0
	for i, v := range b {
		out[k] = int32(i)
		k += int((v | -v) >> 7)
	}
	return dst[:n+k]
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

// coverReset prepares the probes for a sequence; operands says whether it
// asked for operand recording (FlagOperands).
func coverReset(operands bool) {
	KeepOperands(operands)
	Reset()
}

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
	r.Operands = r.Operands[:0]
	if !keepOps {
		return
	}
	g := opGen
	for i := range conds {
		if i >= len(ops) {
			break
		}
		for side := 0; side < 2; side++ {
			p := &ops[i][side]
			if p.gen != g {
				continue
			}
			o := OperandObs{Branch: int32(2*i + side)}
			for k := 0; k < 2; k++ {
				v := &p.v[k]
				l := Lit{Kind: v.kind}
				switch v.kind {
				case OperandInt:
					l.I = int64(v.bits)
				case OperandUint:
					l.U = v.bits
				case OperandFloat:
					l.F = v.f
				case OperandString, OperandBytes:
					l.S = v.s
				}
				o.Vals[k], o.Cut[k] = l, v.cut
			}
			r.Operands = append(r.Operands, o)
		}
	}
}
