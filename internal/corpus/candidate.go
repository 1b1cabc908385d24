package corpus

import (
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// KindInternalError names a deliberate panic of the package that says it
// reached a state it believes impossible ("unknown event", "unreachable",
// "internal error"): a bug of the package whatever its caller did, once
// the input was legal.
const KindInternalError = "internal-error"

// KindHang names a call that ran past its CPU-time limit on a small input
// (issue 32): a loop that never ends.
const KindHang = "hang"

// KindDivideByZero names the runtime's integer division by zero
// (RuntimeKind's spelling): the one candidate kind the oracle does not
// take from functions of words alone (oracle.dataOnly), since number
// types panic on it as Go's integers do.
const KindDivideByZero = "divide-by-zero"

// internalWords are the phrases of a package's own internal-error panics.
// They are matched in lower case, as whole phrases: "unknown" alone is too
// common in argument checks ("unknown format %q") to mean an impossible
// state, so it counts only with a word naming internal state.
var internalWords = []string{"unreachable", "internal error", "can't happen", "cannot happen",
	"should not happen", "should never happen", "not reached", "impossible", "unknown event",
	"unknown state", "unknown token", "unknown op", "unexpected state", "invalid state"}

// ClassifyCandidate names the class of a panic that is a bug only when the
// call is a parser, decoder or validator of legal input (issue 32's
// runtime-panic findings): index and slice bounds, division by zero,
// makeslice, conversions, and the package's internal-error panics. It
// returns "" for any other panic, a nil dereference or nil-map write among
// them (ClassifyPanic's kinds), and for a runtime panic whose call got a
// nil input. Whether the candidate is a finding is the oracle's call
// (oracle.Revealing): the target's facts and the test's legality decide.
func ClassifyCandidate(sr rt.StmtView, st seq.Stmt, res *rt.Result) string {
	msg := sr.PanicMsg()
	if !sr.PanicRuntime {
		if InternalError(msg) {
			return KindInternalError
		}
		return ""
	}
	kind := RuntimeKind(msg)
	switch kind {
	case "", "nil-dereference", "nil-map-write":
		return ""
	}
	if nilArg(st, res) {
		return ""
	}
	return kind
}

// InternalError reports whether a panic message is a package's own
// internal-error panic (internalWords).
func InternalError(msg string) bool {
	m := strings.ToLower(msg)
	for _, w := range internalWords {
		if strings.Contains(m, w) {
			return true
		}
	}
	return false
}

// nilArg reports whether st passes a nil literal or a value that was nil
// when it ran.
func nilArg(st seq.Stmt, res *rt.Result) bool {
	for _, a := range st.Args {
		if a.IsLit {
			if a.Lit.Kind == seq.LitNil {
				return true
			}
			continue
		}
		if a.Stmt < len(res.Stmts) && a.Result < len(res.Stmt(a.Stmt).Values()) && res.Stmt(a.Stmt).Values()[a.Result].Nil {
			return true
		}
	}
	return false
}
