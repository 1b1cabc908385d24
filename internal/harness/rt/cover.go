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
// Fitness normalises them once, with NormDist.
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
// recording copies []byte operands when it keeps them), and each probe
// spells out its own tail (keep the operands when asked, record, return)
// rather than call a shared one, which would take the operands built on
// every evaluation where the probes build them only when operand recording
// is on. Code under test may fire probes from its own goroutines; the
// resulting races are benign (a lost count, a slightly stale minimum or
// operand pair), and because the arrays are only replaced by Init, which
// runs before any probe, no probe can index out of range or corrupt
// memory.
//
// Files: this one holds the probes' state, the block and outcome-only
// probes, and what reads their observations; cover_cmp.go the comparison
// probes and their distances, cover_strfn.go the string-function probes,
// and cover_operands.go operand recording. The cover*.go files import
// nothing but unsafe and use no other file of the runtime, so that they
// compile into the overlay of any package: instrument's TestStdPackages
// instruments standard packages (strconv, time, encoding/json) with these
// files alone, where the rest of the runtime, which imports fmt, reflect
// and testing, would make an import cycle. collect.go is the executor's
// side: it resets the probes before a sequence and collects what they saw
// into its Result.
//
// The probe files keep to Go 1.18 (no min, max, clear or unsafe.String):
// the overlay gives every file of the runtime a go1.21 build line
// (harness.WithMinGo), but instrument's tests compile the probe files
// without it, in a module that declares go 1.18.

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

// Br records an outcome-only condition and returns v: distance 0 to the
// outcome that happened and 1 to the other.
func Br(id int, v bool) bool {
	if mutCond != nil {
		v = mutNeg(id, v)
	}
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

// CondObs is what the sequence observed of one condition: evaluation counts
// per outcome and the smallest distance to each outcome. Distances are raw
// (0 for an outcome that happened, else >= 1 or a fraction of a float
// difference, at most MaxDist); a fitness function normalises them with
// NormDist.
type CondObs struct {
	ID        int32
	NTrue     uint32
	NFalse    uint32
	DistTrue  float64
	DistFalse float64
}

// NormDist is the fitness normalisation of a raw branch distance,
// d/(d+1), in [0, 1). Probes and results carry raw distances; normalise
// once, where fitness is computed.
func NormDist(d float64) float64 { return d / (d + 1) }

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
func Conds(dst []CondObs) []CondObs {
	for i := range conds {
		s := conds[i]
		if s.nTrue == 0 && s.nFalse == 0 {
			continue
		}
		dst = append(dst, CondObs{ID: int32(i), NTrue: s.nTrue, NFalse: s.nFalse, DistTrue: s.distTrue, DistFalse: s.distFalse})
	}
	return dst
}
