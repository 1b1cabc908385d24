package oracle

import (
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// choseNothing reports whether statement i, a call of op that ran as res,
// is free of its operation's only nondeterminism: op may return one of
// several errors chosen in map iteration order (model.Effects.
// ErrChoiceOnly: a decoder that validates a table's keys in a range loop
// and returns the first failure), and every run returned a nil error.
// Such a function chooses only among failures, so a run without one chose
// nothing and its other results are as deterministic as its inputs
// (toml.Decode of a document that decodes). A run that failed stays
// tainted whole: which key failed first decides the error and how far the
// loop got, so what the call changed too.
func choseNothing(op *model.Op, i int, res *rt.Result) bool {
	if !op.Effects.ErrChoiceOnly || !op.ErrResult || res == nil || i >= len(res.Stmts) {
		return false
	}
	sr := res.Stmt(i)
	vals := sr.Values()
	if sr.Outcome != rt.OutNormal || len(vals) != len(op.Results) || len(vals) == 0 {
		return false
	}
	ev := vals[len(vals)-1]
	return ev.Nil && !ev.Unstable
}

// failedChoice is the check on statement i, a call of op that ran as sr
// and is tainted, when op may only choose which error it returns
// (model.Effects.ErrChoiceOnly) and every run returned one: that it
// failed. Which error, its message or its type, depends on the order in
// which the keys were visited (another key may fail first in go test), so
// the check is err != nil and nothing more. Arguments tainted themselves
// (tainted, by statement) may decide whether it fails: then nothing is
// checked.
func failedChoice(op *model.Op, st seq.Stmt, i int, sr rt.StmtView, tainted []bool) (Assertion, bool) {
	vals := sr.Values()
	n := len(vals)
	if !op.Effects.ErrChoiceOnly || !op.ErrResult || n == 0 || n != len(op.Results) {
		return Assertion{}, false
	}
	for _, a := range st.Args {
		if !a.IsLit && a.Stmt < i && tainted[a.Stmt] {
			return Assertion{}, false
		}
	}
	if ev := vals[n-1]; ev.Nil || ev.Unstable {
		return Assertion{}, false
	}
	return Assertion{Stmt: i, Result: n - 1, Kind: ErrNonNil, Type: op.Results[n-1]}, true
}
