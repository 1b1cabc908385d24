// Package corpus is what a search hands on to the later stages: the
// entries it keeps as test candidates, the failures that may reveal bugs,
// and the values of its pool. The minimizer, the oracle and the generator
// read them; the search writes them.
package corpus

import (
	"go/types"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// Entry is a sequence the search keeps as a test candidate: it ran
// normally (or ended in a recorded panic) and added coverage.
type Entry struct {
	Seq    *seq.Seq
	Result *rt.Result
	// Target is the statement the test is about: the last one.
	Target int
	// NewCov is how many blocks and branch sides it covered first. It is
	// 0 for an entry kept only because it covers what no corpus entry
	// covers yet, which a run that panicked covered first (the search's archive),
	// and for an entry whose target panics as its documentation says it
	// may (its Result says so).
	NewCov int
}

// Failure is a sequence whose last statement panicked or crashed the
// executor.
type Failure struct {
	Seq     *seq.Seq
	Result  *rt.Result
	Crash   *executor.Crash
	Message string
	// Revealing is true for a probable bug (Randoop's error-revealing
	// sequences): a nil dereference or a write to a nil map with no nil
	// input, or an executor crash of a kind ordinary input should not
	// cause. Other panics are illegal inputs: preconditions.
	Revealing bool
	// Kind classifies a revealing failure: "nil-dereference",
	// "nil-map-write", or the crash kind; or a candidate's class
	// (ClassifyCandidate, KindHang).
	Kind string
	// Candidate is true for a failure that is a bug only if the oracle
	// finds the call a parser, decoder or validator and its input legal
	// (issue 32): a bounds, division, makeslice, conversion or
	// internal-error panic, or a call that ran past its CPU-time limit
	// on a small input. Revealing is false for it.
	Candidate bool
}

// Pooled is a reusable value of the pool: result Result of statement Stmt
// of Seq, of static type Type.
type Pooled struct {
	Seq          *seq.Seq
	Stmt, Result int
	Type         types.Type
	// Earned says the sequence that made the value added coverage.
	Earned bool
}

// ClassifyPanic decides whether the panic sr of statement st, in a run
// whose results are res, reveals a bug, and names its kind. The runtime's
// nil dereference and nil-map write are Go's most reliable bug signals
// (Randoop's .NET null-reference contract) unless a nil was passed in;
// index, slice, conversion and division panics usually mean an input
// violated a precondition, as do deliberate panics.
func ClassifyPanic(sr rt.StmtView, st seq.Stmt, res *rt.Result) (string, bool) {
	if !sr.PanicRuntime {
		return "", false
	}
	kind := RuntimeKind(sr.PanicMsg())
	if kind != "nil-dereference" && kind != "nil-map-write" {
		return "", false
	}
	for _, a := range st.Args {
		if a.IsLit {
			if a.Lit.Kind == seq.LitNil {
				return kind, false
			}
			continue
		}
		if a.Stmt < len(res.Stmts) && a.Result < len(res.Stmt(a.Stmt).Values()) && res.Stmt(a.Stmt).Values()[a.Result].Nil {
			return kind, false
		}
	}
	return kind, true
}
