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

// nilResults are the checks on the results of statement i, a call of op
// that ran as sr and is tainted, that were nil in every run (the judge's
// repeats draw from other random streams): a nil result holds no clock
// reading and no draw, so it is checked like any other (stats'
// NormPpfRvs(0, 0, 0), which draws nothing, returns nil; "depends on the
// clock or on randomness" was false of it, issue 31). A nil that a later
// go test run could see otherwise would take a clock or a random source
// that decides between nil and a value the same way in every repeat.
// Results beside a non-nil error are unspecified, and, as for untainted
// calls, a result before the target is not checked for itself.
func nilResults(op *model.Op, i int, sr rt.StmtView, target int) []Assertion {
	vals := sr.Values()
	n := len(vals)
	if i < target || n == 0 || n != len(op.Results) {
		return nil
	}
	if op.ErrResult {
		if ev := vals[n-1]; !ev.Nil || ev.Unstable {
			return nil
		}
		n--
	}
	var out []Assertion
	for j := range n {
		if tr := sr.Tree(j); vals[j].Nil && !vals[j].Unstable && tr != nil && tr.Kind == rt.TNil {
			out = append(out, Assertion{Stmt: i, Result: j, Kind: Equal, Type: op.Results[j], Want: tr})
		}
	}
	return out
}

// drewAlike reports whether statement i, a call of op that ran as res,
// is free of its operation's nondeterminism because the input fixed what
// it drew: op's only cause is a random source (model.Effects.RandomOnly:
// no clock, no map order, nothing of the machine), it returned normally,
// and every result was the same in all of the judge's runs, which repeat
// a sequence with a nondeterministic call many times (rt.FlagNondet),
// each with other random state (math/rand's global source goes on,
// crypto/rand gets another stream per run), and on the binary variants
// (no result Varies), with nothing cut short. Shuffle of "" or of one
// rune, a sample of n values from n, a variate of scale 0: the function
// reads a random source, but on this input its result cannot vary. A
// result that depends on the draws agrees in every repeat only by a
// chance the judge already accepts for map order and for the error of a
// random call (repeatRuns in rt). A clock reading is never vouched for
// so: its coarse parts (the hour, "56 years ago") agree in every run a
// moment apart and not in next year's go test.
func drewAlike(op *model.Op, i int, res *rt.Result) bool {
	if !op.Effects.RandomOnly || res == nil || i >= len(res.Stmts) {
		return false
	}
	sr := res.Stmt(i)
	vals := sr.Values()
	if sr.Outcome != rt.OutNormal || len(vals) != len(op.Results) || len(vals) == 0 {
		// A call that returns nothing drew for what it changed,
		// which the reads after it show (or not) on their own.
		return false
	}
	for j, v := range vals {
		if v.Unstable {
			return false
		}
		if tr := sr.Tree(j); tr == nil || !steadyTree(tr, 0) {
			return false
		}
	}
	return true
}
