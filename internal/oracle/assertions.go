package oracle

import (
	"go/types"
	"regexp"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// ArgValues returns the trees of the results of s that later statements
// take as arguments, for those whose value is deterministic: stable over
// the repeated run, not derived from a nondeterministic operation, and
// Stable.
func ArgValues(prog *model.Program, s *seq.Seq, res *rt.Result) map[seq.ValueID]*rt.Tree {
	tainted, _ := TaintIn(prog, s, res)
	out := map[seq.ValueID]*rt.Tree{}
	for _, st := range s.Stmts {
		for _, a := range st.Args {
			if a.IsLit || a.Stmt >= len(res.Stmts) || tainted[a.Stmt] {
				continue
			}
			sr := res.Stmt(a.Stmt)
			if sr.Outcome != rt.OutNormal || a.Result >= len(sr.Values()) {
				continue
			}
			if tr := sr.Tree(a.Result); !sr.Values()[a.Result].Unstable && tr != nil && Stable(tr) {
				out[a.Value()] = tr
			}
		}
	}
	return out
}

// Taint marks the statements of s whose results come from
// nondeterministic operations, directly or through their arguments
// (tainted), and among them those whose results come from operations
// nondeterministic beyond their call site (clock: the clock, randomness,
// map order); the others are tainted only by a stack trace or a program
// counter (model.Effects.CallSiteOnly).
func Taint(prog *model.Program, s *seq.Seq) (tainted, clock []bool) {
	tainted, clock = make([]bool, len(s.Stmts)), make([]bool, len(s.Stmts))
	for i, st := range s.Stmts {
		e := prog.Ops[st.Op].Effects
		tainted[i] = e.Nondeterministic
		clock[i] = e.Nondeterministic && !e.CallSiteOnly
		for _, a := range st.Args {
			if !a.IsLit && a.Stmt < i {
				tainted[i] = tainted[i] || tainted[a.Stmt]
				clock[i] = clock[i] || clock[a.Stmt]
			}
		}
	}
	return tainted, clock
}

// TaintIn is Taint for a sequence that ran as res (the judge's runs:
// repeated in process and on the binary variants), with what the runs
// showed: a statement whose operation is deterministic is not tainted
// through an object (a pointer or a struct) that was the same in every
// run.
//
// The facts are per function, and a function is nondeterministic when
// some path through it is (a loader that may fetch a URL, a parser that
// validates its keys in map order): a getter over what it returned for
// inputs that took no such path (MustLoadURLs(nil): an empty table)
// reads a value every run agreed on, and computes from it what every run
// will. The results of the nondeterministic operation itself stay
// tainted: a value from the clock may agree by chance (a coarse clock
// read twice within its tick). So does plain data taken from them
// (numbers, text, bytes: the reading itself, Twice(Now())), and an object
// no run can vouch for: unstable, cut short (Truncated), or holding a
// time.Time, which may be a clock reading that the runs shared only
// because they were quick. An operation that may only choose which error
// it returns, and returned none, is not tainted (choseNothing), nor is
// one whose only cause is a random source and whose results every
// repeat, each with other random state, agreed on (drewAlike).
func TaintIn(prog *model.Program, s *seq.Seq, res *rt.Result) (tainted, clock []bool) {
	tainted, clock = make([]bool, len(s.Stmts)), make([]bool, len(s.Stmts))
	for i, st := range s.Stmts {
		e := prog.Ops[st.Op].Effects
		own := e.Nondeterministic && !choseNothing(prog.Ops[st.Op], i, res) && !drewAlike(prog.Ops[st.Op], i, res)
		tainted[i] = own
		clock[i] = own && !e.CallSiteOnly
		for _, a := range st.Args {
			if a.IsLit || a.Stmt >= i || !tainted[a.Stmt] || vouched(res, a) {
				continue
			}
			tainted[i] = true
			clock[i] = clock[i] || clock[a.Stmt]
		}
	}
	return tainted, clock
}

// vouched reports whether the argument a (a result of an earlier
// statement) was the same in every run of res: neither unstable nor
// holding what a run cannot vouch for (see TaintIn).
func vouched(res *rt.Result, a seq.Arg) bool {
	if res == nil || a.Stmt >= len(res.Stmts) {
		return false
	}
	sr := res.Stmt(a.Stmt)
	if sr.Outcome != rt.OutNormal || a.Result >= len(sr.Values()) || sr.Values()[a.Result].Unstable {
		return false
	}
	tr := sr.Tree(a.Result)
	if tr != nil && tr.Kind == rt.TNil {
		// Nil in every run (NormPpfRvs(1, 0, 0): no variate drawn):
		// it holds no reading and no draw (nilResults).
		return true
	}
	return tr != nil && (tr.Kind == rt.TPtr || tr.Kind == rt.TStruct) && steadyTree(tr, 0)
}

// steadyTree reports whether t holds nothing a run cannot vouch for: no
// part cut short, no time.Time, no text that differs between builds.
func steadyTree(t *rt.Tree, depth int) bool {
	if t.Truncated || t.Varies || t.Type == "time.Time" || depth > 64 {
		return false
	}
	for i := range t.Elems {
		if !steadyTree(&t.Elems[i], depth+1) {
			return false
		}
	}
	return true
}

// callSiteRE matches what a message built from the call site shows: a
// file and line, or a function of the executor's registry (a package's
// _test package) or of gentest's runtime, which call the operations in
// the executor where a written test calls them from its own functions.
var callSiteRE = regexp.MustCompile(`\.go:\d|_test\.|gentest`)

// Assertions returns the assertions for a sequence, given a result run
// with value trees and repetition (rt.FlagDetail|rt.FlagRepeat).
// Results of the target statement are asserted; other statements' results
// are asserted when they are of basic type, since those cannot change later
// and document intermediate behaviour (a Pop's result, say).
func Assertions(prog *model.Program, s *seq.Seq, res *rt.Result, target int) []Assertion {
	var out []Assertion
	used := s.Uses()
	// Values from operations whose facts say they are nondeterministic
	// (clock, random, map order), and everything computed from them, are
	// never asserted: a repeated run in one process may agree by chance
	// (a value cached in a global) while the next go test would not.
	tainted, clock := TaintIn(prog, s, res)
	for i, st := range s.Stmts {
		if i >= len(res.Stmts) || res.Stmts[i].Outcome != rt.OutNormal {
			break
		}
		op := prog.Ops[st.Op]
		sr := res.Stmt(i)
		if tainted[i] {
			if a, ok := taintedAssertion(op, i, sr, clock[i]); ok {
				out = append(out, a)
			} else if a, ok := failedChoice(op, st, i, sr, tainted); ok {
				out = append(out, a)
			}
			out = append(out, nilResults(op, i, sr, target)...)
			continue
		}
		for j := range sr.Values() {
			if a, ok := valueAssertion(op, i, j, sr, target, used[i]); ok {
				out = append(out, a)
			}
		}
	}
	return append(out, identityAssertions(prog, s, res, target, tainted)...)
}

// taintedAssertion is the one check made on statement i (a call of op
// that ran as sr) whose results are tainted by nondeterminism (clock:
// beyond its call site): its error, when the error does not depend on
// what tainted the call.
func taintedAssertion(op *model.Op, i int, sr rt.StmtView, clock bool) (Assertion, bool) {
	n := len(sr.Values())
	if op.ErrResult && n == len(op.Results) && sr.Values()[n-1].Unstable && !clock {
		// Tainted only by a stack trace the error carries
		// (pkg/errors' New and Wrap): its hash holds program
		// counters, so it is never the same in two runs, but its
		// message is the same in the written test unless it
		// shows where it was made, or the judge's differently
		// built copies saw another (Varies).
		if et := sr.Tree(n - 1); et != nil && et.Kind == rt.TError && !et.Varies &&
			!addressRE.MatchString(et.S) && !callSiteRE.MatchString(et.S) {
			return Assertion{Stmt: i, Result: n - 1, Kind: ErrNonNil, Type: op.Results[n-1], Err: et, Want: et}, true
		}
		return Assertion{}, false
	}
	// A value from the clock or randomness is never asserted, but
	// a nil error that stayed nil is: NewV7's err does not depend
	// on the time it read.
	if op.ErrResult && n == len(op.Results) && !sr.Values()[n-1].Unstable {
		ev, et := sr.Values()[n-1], sr.Tree(n-1)
		switch {
		case ev.Nil:
			return Assertion{Stmt: i, Result: n - 1, Kind: ErrNil, Type: op.Results[n-1]}, true
		case et != nil && et.Kind == rt.TError && len(et.Is) > 0:
			// An error that was the same sentinel in both runs
			// (a reader that ran dry: io.EOF) says what the input
			// did, not the clock: it is checked with errors.Is,
			// never by its message, which may hold what the clock
			// said.
			return Assertion{Stmt: i, Result: n - 1, Kind: ErrNonNil, Type: op.Results[n-1], Err: et}, true
		}
	}
	return Assertion{}, false
}

// valueAssertion is the check made on result j of statement i, a call of
// op that ran as sr, if any; used says a later statement takes one of the
// statement's results.
func valueAssertion(op *model.Op, i, j int, sr rt.StmtView, target int, used bool) (Assertion, bool) {
	v, tr := sr.Values()[j], sr.Tree(j)
	if j >= len(op.Results) || tr == nil {
		return Assertion{}, false
	}
	t := op.Results[j]
	if v.Unstable {
		if i == target && !v.Nil && tr.Kind != rt.TNil && pointerLike(t) && !(op.ErrResult && j == len(op.Results)-1) &&
			(!op.ErrResult || sr.Values()[len(sr.Values())-1].Nil) {
			// What the target returned differs between runs (a
			// ring that points to itself, a writer holding
			// buffers), but it was not nil in either: the
			// emitter writes that much (if got == nil). The
			// tree it wants is opaque, so that no run's
			// contents are ever written as the expected value.
			return Assertion{Stmt: i, Result: j, Kind: Equal, Type: t, Want: nonNilOnly}, true
		}
		return Assertion{}, false
	}
	if op.ErrResult && j == len(op.Results)-1 {
		// The error, also of a call made only for its effect, like
		// Push: its nil error is still worth checking.
		if v.Nil {
			return Assertion{Stmt: i, Result: j, Kind: ErrNil, Type: t}, true
		}
		a := Assertion{Stmt: i, Result: j, Kind: ErrNonNil, Type: t}
		if tr.Kind == rt.TError {
			a.Err = tr
			if !addressRE.MatchString(tr.S) && !tr.Varies {
				a.Want = tr
			}
		}
		return a, true
	}
	if op.ErrResult && !sr.Values()[len(sr.Values())-1].Nil {
		return Assertion{}, false // results beside a non-nil error are unspecified
	}
	// Before the target, only basic results nothing else uses;
	// after it come observers, whose results are the point.
	if i < target && (!isBasic(t) || used) {
		return Assertion{}, false
	}
	if op.Kind == model.FormatVerb && tr.Kind == rt.TString && (callSiteRE.MatchString(tr.S) || addressRE.MatchString(tr.S)) {
		return Assertion{}, false // a stack trace or an address: another in the written test
	}
	if !Stable(tr) {
		if i == target && !v.Nil && tr.Kind != rt.TNil && Nilable(t) {
			// The target's result cannot be written (a ring that
			// points to itself, an address), but that it is not
			// nil can be checked: the emitter writes that much.
			return Assertion{Stmt: i, Result: j, Kind: Equal, Type: t, Want: tr}, true
		}
		return Assertion{}, false
	}
	return Assertion{Stmt: i, Result: j, Kind: Equal, Type: t, Want: tr}, true
}

// Nilable reports whether a value of type t can be nil.
func Nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return true
	}
	return false
}

// nonNilOnly is the expected value of a result of which only that it is
// not nil can be asserted: a pointer to something no test can write.
var nonNilOnly = &rt.Tree{Kind: rt.TPtr, Elems: []rt.Tree{{Kind: rt.TOpaque}}}

// pointerLike reports whether t is a pointer, a map, a channel or a
// function: a value whose nil-ness a test can check on its own.
func pointerLike(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		return true
	}
	return false
}

func isBasic(t types.Type) bool {
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

// Stable rejects trees that are not worth asserting: truncated, text
// with addresses, or text that differs between builds of the binary
// (Varies). A NaN is stable: two runs that give NaN agree (the executor
// hashes every NaN alike), and the emitter checks it with math.IsNaN,
// cmplx.IsNaN's parts or cmpopts.EquateNaNs, never with ==; where it
// cannot (HasNaN inside a value reflect.DeepEqual compares), it leaves
// the value unasserted.
func Stable(t *rt.Tree) bool {
	if t.Truncated || t.Varies {
		return false
	}
	switch t.Kind {
	case rt.TString, rt.TError, rt.TBytes:
		if addressRE.MatchString(t.S) {
			return false
		}
	case rt.TOpaque, rt.TFunc, rt.TChan:
		return false
	}
	for i := range t.Elems {
		if !Stable(&t.Elems[i]) {
			return false
		}
	}
	return true
}

// MarkEquateEmpty sets EquateEmpty on the Equal assertions of results for
// which the cases show their operation returning both nil and an empty
// slice or map: the package treats them alike.
func MarkEquateEmpty(prog *model.Program, cases []*Case) {
	type key struct{ op, result int }
	forms := map[key]int{} // bit 1: nil seen, bit 2: empty seen
	for _, c := range cases {
		for _, a := range c.Asserts {
			if a.Kind != Equal || a.Want == nil || !emptyable(a.Type) {
				continue
			}
			k := key{c.Seq.Stmts[a.Stmt].Op, a.Result}
			switch {
			case a.Want.Kind == rt.TNil:
				forms[k] |= 1
			case Empty(a.Want):
				forms[k] |= 2
			}
		}
	}
	for _, c := range cases {
		for i, a := range c.Asserts {
			if a.Kind == Equal && forms[key{c.Seq.Stmts[a.Stmt].Op, a.Result}] == 3 {
				c.Asserts[i].EquateEmpty = true
			}
		}
	}
}

// emptyable reports whether values of t can be nil or empty.
func emptyable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// Empty reports whether t is an empty slice, map or byte string: not nil,
// and not cut short.
func Empty(t *rt.Tree) bool {
	switch t.Kind {
	case rt.TSlice, rt.TMap:
		return len(t.Elems) == 0 && !t.Truncated
	case rt.TBytes:
		return t.S == ""
	}
	return false
}

// HasNaN reports whether t holds a NaN: a float, or a part of a complex
// number, anywhere in it.
func HasNaN(t *rt.Tree) bool {
	if (t.Kind == rt.TFloat || t.Kind == rt.TComplex) && (t.F != t.F || t.Imag != t.Imag) {
		return true
	}
	for i := range t.Elems {
		if HasNaN(&t.Elems[i]) {
			return true
		}
	}
	return false
}
