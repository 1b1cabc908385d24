package oracle

import (
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// Case is one test case: a sequence and what to assert about it.
type Case struct {
	Seq     *seq.Seq
	Asserts []Assertion
	Target  int
	// Key identifies the case to the caller (for dropping failing ones).
	Key int
	// Values holds, by statement and result, the values of results later
	// statements take as arguments, where they are deterministic (see
	// ArgValues): the emitter may write one as a literal instead of the
	// calls that built it.
	Values map[seq.ValueID]*rt.Tree
	// Panics says the target panics, as its documentation says it may
	// (model.Op.DocPanics): the test asserts the panic, and the target is
	// the last statement.
	Panics bool
	// PanicMsg, for a case that Panics, is the text of the package's own
	// panic value that the test checks (fmt.Sprint of the recovered
	// value), "" when only the panic itself is checked (see PanicText).
	PanicMsg string
	// TargetUnstable says a result of the target differed between the
	// judge's runs (rt.Value.Unstable): the true cause, when it holds,
	// of a test that leaves a writable result unasserted.
	TargetUnstable bool
	// Unverified, when set, is why verification took the case's checks
	// out: the first line of the check go test failed (a value the
	// executor saw that the written test does not). The note of the
	// unchecked target then says so instead of guessing a cause.
	Unverified string
	// Vouched says the target is tainted by nondeterminism only through
	// arguments every run agreed on (TaintIn): what it returns is
	// asserted like any deterministic result, and no note may say it
	// depends on the clock.
	Vouched bool
	// Mutation is what running the case against the mutants it infects
	// showed; nil when it ran against none (no mutants in the executor,
	// none infected, or the budget spent).
	Mutation *CaseMutation
	// Blocks lists the probe blocks the case's judged run covered,
	// ascending: with Mutation.Killed, what the case adds to a file
	// (the written file's idle tests, generator's mutationSummary).
	Blocks []int64
}

// Finding is a probable bug, which emit.RenderFindings writes as a failing test.
type Finding struct {
	// Case is the (minimized) sequence that shows the bug. For a panic,
	// Case.Target is the statement that panics; statements after it are
	// not written. Case.Asserts may check the statements before it.
	Case *Case
	// Kind names the bug in the test name and comment: "nil-deref",
	// "index-out-of-range", "equal-reflexive", ...
	Kind string
	// Message is the panic message or the violated contract, for the
	// comment.
	Message string
	// Function is the full name of the function at fault
	// (types.Func.FullName), for the comment.
	Function string
	// Check says how the test shows the bug; its zero value means the
	// sequence panics by itself.
	Check FindingCheck
}

// Contract checks a FindingCheck can describe.
const (
	// CheckPanic (the zero Kind): run the sequence; its target panics.
	CheckPanic = ""
	// CheckEqualReflexive: x.Equal(x) must be true.
	CheckEqualReflexive = "equal-reflexive"
	// CheckEqualSymmetric: x.Equal(y) must equal y.Equal(x).
	CheckEqualSymmetric = "equal-symmetric"
	// CheckCompareAntisymmetric: x.Compare(y) and y.Compare(x) must have
	// opposite signs (or both be 0).
	CheckCompareAntisymmetric = "compare-antisymmetric"
	// CheckCompareEqual: x.Compare(y) == 0 must agree with x.Equal(y).
	CheckCompareEqual = "compare-equal"
	// CheckRoundTrip: Method (MarshalJSON, MarshalText, MarshalBinary)
	// then its Unmarshal pair into a new zero value gives a value equal
	// to x.
	CheckRoundTrip = "marshal-roundtrip"
	// CheckNoPanic: calling Method (String, Error, GoString) on x panics;
	// the panic fails the test.
	CheckNoPanic = "string-panics"
	// CheckClone: x.Clone() (or Method) must equal x.
	CheckClone = "clone-equal"
	// CheckDeterministic: calling the target statement again with the
	// same arguments must give an equal result Result.
	CheckDeterministic = "deterministic"
	// CheckCrash: running the sequence ends the process (a stack
	// overflow, a panic on another goroutine, a concurrent map write); the
	// test runs it in a child process and fails when the child crashes.
	CheckCrash = "crash"
)

// FindingCheck describes the check that shows a contract violation, on
// values of the finding's sequence. The operand x is result Result of
// statement Stmt; binary checks take y from Other, which is a reference
// to another result or a literal.
type FindingCheck struct {
	// Kind is one of the Check constants.
	Kind         string
	Stmt, Result int
	Other        *seq.Arg
	// Method is the method checked; empty means the kind's usual one
	// (Equal, Compare, MarshalJSON, String, Clone). For a round trip the
	// inverse is Method with Marshal replaced by Unmarshal.
	Method string
}

// Value names the check's operand x: result Result of statement Stmt.
func (c FindingCheck) Value() seq.ValueID { return seq.ValueID{Stmt: c.Stmt, Result: c.Result} }
