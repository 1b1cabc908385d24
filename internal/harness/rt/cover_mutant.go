package rt

// Mutant schemata.
//
// With mutation on (instrument.Options.Mutate), the instrumenter compiles
// every mutant of the package into the one executor build: each mutated
// place calls a probe below that computes the original value and, when the
// mutant is the active one, returns the mutant's value instead. Mutant ids
// are dense and package-wide, 1..NumMutants (0 means none); the table
// (instrument.Table.Mutants) says what each one changes.
//
// Two uses:
//
//   - Weak mutation (infection): each probe compares the mutant's value with
//     the original's at that point and records the mutant as infected when
//     they differ, whatever mutant is active. A sequence that infects a
//     mutant is a candidate to kill it; the search takes uninfected mutants
//     as goals. Where the mutant's value cannot be computed without
//     changing what the program does (the right operand of && and || that
//     the original does not evaluate; a removed statement), reaching the
//     place counts as infecting it.
//   - Strong mutation: a request (or, in a test binary, the GENTEST_MUTANT
//     environment variable, see SetMutant) makes one mutant active; the
//     parent compares what the sequence or the tests observe with the
//     original run's.
//
// Like the other cover*.go files this one imports nothing and keeps to Go
// 1.18, so that it compiles into the overlay of any package. The generic
// probes (MArI, MArF, MK) are called only from files whose language
// version is at least go1.18; the instrumenter checks.
//
// Cost: without an active mutant a probe is the original operation, one
// alternative and a compare; infection is recorded once per id and
// sequence, so the steady state writes nothing.

var (
	mutInfected []uint8 // mutant id -> 1 if infected since the last reset; index 0 unused
	mutActive   int     // the active mutant; 0 for none
	// mutCond maps a condition id to the first of its mutants: for a
	// comparison probe (CmpI, CmpU, CmpF, CmpS) the relational mutants
	// in the order of relAlts; for an outcome-only probe (Br) its
	// negation. 0: the condition has none.
	mutCond []int32
	// mutOnFirst, if set, is told of each mutant the first time it is
	// infected (a test binary reports them this way; it never resets).
	mutOnFirst func(id int)
)

// InitMutants sizes the mutant state for mutants 1..n; conds lists pairs
// (condition id, first mutant id) for the conditions whose probes carry
// mutants. The generated zz_size.go calls it after Init.
func InitMutants(n int, conds []int32) {
	if n < 0 {
		n = 0
	}
	mutInfected = make([]uint8, n+1)
	top := -1
	for i := 0; i+1 < len(conds); i += 2 {
		if int(conds[i]) > top {
			top = int(conds[i])
		}
	}
	mutCond = make([]int32, top+1)
	for i := 0; i+1 < len(conds); i += 2 {
		if conds[i] >= 0 {
			mutCond[conds[i]] = conds[i+1]
		}
	}
}

// NumMutants is the number of mutants InitMutants sized for.
func NumMutants() int {
	if len(mutInfected) == 0 {
		return 0
	}
	return len(mutInfected) - 1
}

// SetMutant makes mutant id active (0: none). The executor sets it per
// request; it must not change while a sequence runs.
func SetMutant(id int) { mutActive = id }

// ActiveMutant is the active mutant, 0 for none.
func ActiveMutant() int { return mutActive }

// OnFirstInfection installs f to be told of each mutant the first time it
// is infected after the last ResetMutants.
func OnFirstInfection(f func(id int)) { mutOnFirst = f }

// ResetMutants forgets which mutants were infected; the executor calls it
// before each sequence.
func ResetMutants() {
	m := mutInfected
	for i := range m {
		m[i] = 0
	}
}

// InfectedMutants appends the infected mutants' ids, ascending, to dst.
func InfectedMutants(dst []int32) []int32 {
	for i, v := range mutInfected {
		if v != 0 {
			dst = append(dst, int32(i))
		}
	}
	return dst
}

// infect records that mutant id is infected.
func infect(id int) {
	m := mutInfected
	if uint(id) < uint(len(m)) && m[id] == 0 {
		m[id] = 1
		if mutOnFirst != nil {
			mutOnFirst(id)
		}
	}
}

// MOn records that the place of mutant id was reached (for the statement
// mutants reaching is infecting) and reports whether id is active. The
// instrumenter guards the mutated form with it:
//
//	if rt.MOn(7) { return *new(T) }   // return zero value, extreme mutation
//	if !rt.MOn(8) { x = y }           // removed assignment or call
//	if rt.MOn(9) { continue }; break  // break -> continue
func MOn(id int) bool {
	infect(id)
	return id == mutActive && id != 0
}

// MSet is the removable assignment x = v of mutant id, written
// x = MSet(id, x, v) when v has no calls and x is a variable or a field:
// the mutant leaves x as it was. It is infected only when the assignment
// changes x (old != v): removing r = r.next on a ring of one element
// changes nothing, and counting it infected there would make the search
// and the minimizer content with a state no test could kill it in.
func MSet[T comparable](id int, old, v T) T {
	if old != v {
		infect(id)
	}
	if id == mutActive && id != 0 {
		return old
	}
	return v
}

// MZero is the return-zero mutant of return v in a function of one
// result whose == may panic or needs an interface (a type parameter, an
// interface, a struct), written return MZero(id, v): the mutant returns the zero value.
// It is infected only where v is not the zero value already: a container
// of zeros returns *new(T) from Front whatever the code does, and counting
// that as infection would leave the search and the minimizer content with
// zero elements no test could kill the mutant with.
func MZero[T any](id int, v T) T {
	var z T
	if !equalAny(v, z) {
		infect(id)
	}
	if id == mutActive && id != 0 {
		return z
	}
	return v
}

// MZeroC is MZero for a type whose == cannot panic (a basic type, a
// pointer, a channel): compared as itself, without boxing both values in
// interfaces and a deferred recover on every return.
func MZeroC[T comparable](id int, v T) T {
	var z T
	if v != z {
		infect(id)
	}
	if id == mutActive && id != 0 {
		return z
	}
	return v
}

// equalAny reports whether a == b, false where == panics (an interface
// holding a slice, a map, a function): such a value counts as not zero.
func equalAny(a, b any) (eq bool) {
	defer func() {
		if recover() != nil {
			eq = false
		}
	}()
	return a == b
}

// relAlts lists the relational mutants of each comparison operator: the
// boundary change first, then the negation (== and != only negate).
var relAlts = [...][2]CmpOp{
	OpEq: {OpNe, OpNe},
	OpNe: {OpEq, OpEq},
	OpLt: {OpLe, OpGe},
	OpLe: {OpLt, OpGt},
	OpGt: {OpGe, OpLe},
	OpGe: {OpGt, OpLt},
}

// RelMutants is the number of relational mutants of op: 1 for == and !=,
// 2 for the orderings.
func RelMutants(op CmpOp) int {
	if op == OpEq || op == OpNe {
		return 1
	}
	return 2
}

// RelMutant is the operator of op's k-th relational mutant (k < RelMutants(op)).
func RelMutant(op CmpOp, k int) CmpOp { return relAlts[op][k] }

// evalOp is a op b given the outcomes of a < b and a == b; unordered says
// a NaN was compared (every operator but != is false).
func evalOp(op CmpOp, lt, eq, unordered bool) bool {
	if unordered {
		return op == OpNe
	}
	switch op {
	case OpEq:
		return eq
	case OpNe:
		return !eq
	case OpLt:
		return lt
	case OpLe:
		return lt || eq
	case OpGt:
		return !lt && !eq
	default:
		return !lt
	}
}

// mutRel applies the relational mutants of condition id to the outcome r of
// a op b: it records the infected ones and returns the active one's
// outcome, or r.
func mutRel(id int, op CmpOp, lt, eq, unordered, r bool) bool {
	mc := mutCond
	if uint(id) >= uint(len(mc)) || mc[id] == 0 || op > OpGe {
		return r
	}
	base := int(mc[id])
	out := r
	for k := 0; k < RelMutants(op); k++ {
		v := evalOp(relAlts[op][k], lt, eq, unordered)
		if v != r {
			infect(base + k)
		}
		if base+k == mutActive {
			out = v
		}
	}
	return out
}

// mutNeg applies the negation mutant of outcome-only condition id to v.
func mutNeg(id int, v bool) bool {
	mc := mutCond
	if uint(id) >= uint(len(mc)) || mc[id] == 0 {
		return v
	}
	base := int(mc[id])
	infect(base)
	if base == mutActive {
		return !v
	}
	return v
}

// MAnd is x && y() with the mutant id, x || y(). When x is false the
// original does not evaluate y, so the mutant counts as infected there
// without evaluating it.
func MAnd(id int, x bool, y func() bool) bool {
	if id == mutActive && id != 0 {
		infect(id)
		return x || y()
	}
	if !x {
		infect(id)
		return false
	}
	v := y()
	if !v {
		infect(id) // x || y is true
	}
	return v
}

// MOr is x || y() with the mutant id, x && y().
func MOr(id int, x bool, y func() bool) bool {
	if id == mutActive && id != 0 {
		infect(id)
		return x && y()
	}
	if x {
		infect(id)
		return true
	}
	v := y()
	if v {
		infect(id) // x && y is false
	}
	return v
}

// ArOp is a binary arithmetic or bitwise operator of an arithmetic mutant.
type ArOp uint8

// Arithmetic operators.
const (
	ArAdd    ArOp = iota // +
	ArSub                // -
	ArMul                // *
	ArQuo                // /
	ArRem                // %
	ArAnd                // &
	ArOr                 // |
	ArXor                // ^
	ArAndNot             // &^
)

// arAlts is each operator's mutant, as gremlins' ARITHMETIC_BASE and
// INVERT_BITWISE choose them.
var arAlts = [...]ArOp{
	ArAdd: ArSub, ArSub: ArAdd, ArMul: ArQuo, ArQuo: ArMul, ArRem: ArMul,
	ArAnd: ArOr, ArOr: ArAnd, ArXor: ArAnd, ArAndNot: ArAnd,
}

// ArMutant is op's mutant operator.
func ArMutant(op ArOp) ArOp { return arAlts[op] }

// Integer is the integer types an arithmetic mutant may have.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// Float is the floating-point types an arithmetic mutant may have.
type Float interface {
	~float32 | ~float64
}

func arI[T Integer](op ArOp, a, b T) T {
	switch op {
	case ArAdd:
		return a + b
	case ArSub:
		return a - b
	case ArMul:
		return a * b
	case ArQuo:
		return a / b
	case ArRem:
		return a % b
	case ArAnd:
		return a & b
	case ArOr:
		return a | b
	case ArXor:
		return a ^ b
	default:
		return a &^ b
	}
}

// MArI is a op b for integers, with the mutant id, a op' b where op' is
// ArMutant(op). A mutant that divides by zero counts as infected (it
// panics); it panics only when active.
func MArI[T Integer](id int, op ArOp, a, b T) T {
	r := arI(op, a, b)
	alt := arAlts[op]
	if id == mutActive && id != 0 {
		infect(id)
		return arI(alt, a, b)
	}
	if (alt == ArQuo || alt == ArRem) && b == 0 {
		infect(id)
	} else if arI(alt, a, b) != r {
		infect(id)
	}
	return r
}

func arF[T Float](op ArOp, a, b T) T {
	switch op {
	case ArAdd:
		return a + b
	case ArSub:
		return a - b
	case ArMul:
		return a * b
	default:
		return a / b
	}
}

// MArF is MArI for floating-point operands (+, -, * and / only). NaN
// results count as different from everything but NaN.
func MArF[T Float](id int, op ArOp, a, b T) T {
	r := arF(op, a, b)
	alt := arAlts[op]
	if id == mutActive && id != 0 {
		infect(id)
		return arF(alt, a, b)
	}
	if v := arF(alt, a, b); v != r && (v == v || r == r) {
		infect(id)
	}
	return r
}

// Constant mutants: a literal k becomes 0, k+1 or k-1 (those that differ
// from k), mutants base, base+1, base+2 in that order; the instrumenter
// numbers only the ones that differ and passes a mask of them.

// constMut is the constant v with the constant mutants base.. of those k
// in mask (bit k set: 0, v+1, v-1) numbered in order: every mutant of a
// reached constant is infected, and the active one's value returned.
// The exported probes below are its forms; the generic one is called only
// from files at go1.18 or later, the others from any.
func constMut[T Integer | Float](base int, mask uint8, v T) T {
	id := base
	for k := 0; k < 3; k++ {
		if mask&(1<<k) == 0 {
			continue
		}
		infect(id)
		if id == mutActive {
			switch k {
			case 0:
				return 0
			case 1:
				return v + 1
			default:
				return v - 1
			}
		}
		id++
	}
	return v
}

// MKI is the constant v (an integer, in its carrier int64) with the
// constant mutants of constMut.
func MKI(base int, mask uint8, v int64) int64 { return constMut(base, mask, v) }

// MKU is MKI for unsigned constants.
func MKU(base int, mask uint8, v uint64) uint64 { return constMut(base, mask, v) }

// MKF is MKI for floating-point constants.
func MKF(base int, mask uint8, v float64) float64 { return constMut(base, mask, v) }

// MK is a constant operand v of a non-constant expression whose type T
// is that of like, which it does not evaluate or use otherwise, with the
// constant mutants of constMut. It is generic so that the constant keeps
// the expression's type, named types included.
func MK[T Integer | Float](base int, mask uint8, like T, v T) T {
	_ = like
	return constMut(base, mask, v)
}

// mutantError is the error a swapped nil error returns.
type mutantError struct{}

func (mutantError) Error() string { return "gentest: mutant error" }

// MErr is a returned error err with the mutant id: nil for a non-nil
// error, a non-nil error for nil.
func MErr(id int, err error) error {
	infect(id)
	if id == mutActive && id != 0 {
		if err == nil {
			return mutantError{}
		}
		return nil
	}
	return err
}
