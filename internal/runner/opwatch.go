package runner

import (
	"fmt"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
)

// The clock watch also judges operations (issue 17). An operation whose
// purity facts say nondeterministic may read the clock only to compute a
// deadline or check a timeout that does not fire for the inputs tried:
// go-diff's DiffMain sets deadline = time.Now().Add(dmp.DiffTimeout) and
// diffBisect checks time.Now().After(deadline); regexp2's MatchString
// checks a match timeout. steadyRunner.tainted treats every result of
// such an operation as clock-made: its hashes are replaced, and a call
// that takes one (DiffPrettyText(diffs), PatchMake) has its coverage
// dropped, so the search never learns from what the results feed.
//
// The watch judges each such operation on the sequences that call it:
// the first sequence of a batch that calls a not-yet-judged operation,
// with arguments no untrusted operation made, and gets no error from it
// (a failing call's results say nothing of a success), runs once more,
// after the batch, with rt.FlagRepeat (the executor runs it again from
// scratch, with other random streams, 24 times: rt.FlagNondet).
// The operation's results must have the same outcome and hashes in the
// first run and in every run of the confirmation, and none may be
// unstable; any disagreement distrusts the operation for good. Once
// opConfirmations sequences, judged in as many different batches, have
// agreed, the operation is trusted: its results are no longer tainted,
// so the search, the minimizer and the judge see their real hashes and
// keep the coverage of the calls that take them.
//
// What is caught: a reading of a fine clock (time.Now's nanoseconds,
// uuid.NewV1's 100 ns ticks, V7's milliseconds with its sequence, a
// Session's start time) differs between runs made milliseconds apart,
// random output differs between the executor's random streams, map order
// differs in one of 24 repeats; each such operation stays tainted from
// its first confirmation on.
//
// What is not: a clock read coarsely (a date, a time truncated to the
// second) agrees across runs made within one tick, so no number of
// reruns in a short search rules it out; a second tick falling between
// the first run and its confirmation is caught, but a date never is.
// That is why trust lets the search use the values and does not let the
// oracle assert them: oracle.Assertions and the emitter still take an
// operation's nondeterminism from its purity facts, so a trusted
// operation's results and everything computed from them stay unasserted,
// and a written test cannot flake tomorrow on a date an operation
// returned today. The residual risk is to determinism only: a coarse
// clock that agrees on the confirmations and ticks later in the search
// makes later hashes follow the clock, as a timeout about as long as a
// run would (see ClockWatch). Spreading the confirmations over
// opConfirmations batches, each compared with a run made after its
// batch, bounds a clock of period P to being missed with probability
// about (1-g/P)^opConfirmations, g the time from a run to its
// confirmation.

// opConfirmations is how many sequences, in as many batches, must agree
// before an operation is trusted.
const opConfirmations = 3

// opJudge is what the watch has found of one operation.
type opJudge struct {
	state  opState
	agreed int // sequences whose runs agreed
}

type opState uint8

const (
	opUnjudged opState = iota // tainted until judged
	opTrusted
	opDistrusted
)

// opCheck is one operation's statements in one sequence to confirm.
type opCheck struct {
	seq   int
	op    int
	stmts []int
}

// trustedOp reports whether operation op's results agreed in every run
// of enough sequences: they are not tainted.
func (w *ClockWatch) trustedOp(op int) bool {
	return op >= 0 && op < len(w.ops) && w.ops[op].state == opTrusted
}

// opsToJudge picks, in request order, for each nondeterministic
// operation not judged yet, the first sequence of the batch that called
// it with arguments no untrusted operation made, and that ran to the
// call's end. Called with w.mu held.
func (w *ClockWatch) opsToJudge(s *steadyRunner, seqs []rt.Request, outs []executor.Outcome) []opCheck {
	if w.ops == nil {
		w.ops = make([]opJudge, len(s.nondet))
		w.opNames = make([]string, len(s.nondet))
		for i, n := range s.nondet {
			if n {
				w.openOps++
			}
			if i < len(s.ops) && s.ops[i] != nil {
				w.opNames[i] = s.ops[i].Name
			}
		}
	}
	if w.openOps == 0 {
		return nil
	}
	var checks []opCheck
	picked := map[int]int{} // operation -> its check in this batch
	for i := range outs {
		r := outs[i].Result
		if r == nil || outs[i].Crash != nil {
			continue
		}
		q := &seqs[i]
		taint := make([]bool, len(q.Stmts))
		for k, st := range q.Stmts {
			untrusted := st.Op < 0 || st.Op >= len(s.nondet) || s.nondet[st.Op] && !w.trustedOp(st.Op)
			takes := false
			for _, a := range st.Args {
				if a.Kind == rt.ArgRef && a.Stmt >= 0 && a.Stmt < k && taint[a.Stmt] {
					takes = true
				}
			}
			taint[k] = untrusted || takes
			if !untrusted || takes || st.Op < 0 || st.Op >= len(w.ops) || w.ops[st.Op].state != opUnjudged ||
				k >= len(r.Stmts) || r.Stmts[k].Outcome != rt.OutNormal || failed(s, st.Op, r.Stmt(k)) || changedLater(s, w, q, k) {
				continue
			}
			c, ok := picked[st.Op]
			switch {
			case !ok:
				picked[st.Op] = len(checks)
				checks = append(checks, opCheck{seq: i, op: st.Op, stmts: []int{k}})
			case checks[c].seq == i:
				// The same operation again in the sequence picked for it.
				checks[c].stmts = append(checks[c].stmts, k)
			}
		}
	}
	return checks
}

// failed reports whether a call of op returned a non-nil error: its
// results then say nothing of what the clock does to a success
// (uuid.NewV7FromReader on a reader that ran dry returns the nil UUID
// and the reader's error on every run, and a time-based UUID when it
// succeeds).
func failed(s *steadyRunner, op int, r rt.StmtView) bool {
	if op < 0 || op >= len(s.ops) || !s.ops[op].ErrResult {
		return false
	}
	vals := r.Values()
	n := len(vals)
	return n > 0 && n == len(s.ops[op].Results) && !vals[n-1].Nil
}

// changedLater reports whether a later statement of q that is an
// untrusted nondeterministic call takes statement k's results: values
// are summarised after the whole sequence ran, so such a call could
// change them by the clock, and the disagreement would be its own.
func changedLater(s *steadyRunner, w *ClockWatch, q *rt.Request, k int) bool {
	for _, st := range q.Stmts[k+1:] {
		if st.Op >= 0 && st.Op < len(s.nondet) && (!s.nondet[st.Op] || w.trustedOp(st.Op)) {
			continue
		}
		for _, a := range st.Args {
			if a.Kind == rt.ArgRef && a.Stmt == k {
				return true
			}
		}
	}
	return false
}

// judgeOps compares each check's first run with its confirmation (again,
// in the order of checks). Called with w.mu held.
func (w *ClockWatch) judgeOps(checks []opCheck, outs, again []executor.Outcome) {
	for n, c := range checks {
		j := &w.ops[c.op]
		if j.state != opUnjudged {
			continue // distrusted by an earlier check of this batch
		}
		b := again[n]
		if b.Result == nil || b.Crash != nil {
			// A confirmation that did not finish (a timeout under load)
			// says nothing of the operation.
			continue
		}
		a := outs[c.seq].Result
		agree := true
		for _, k := range c.stmts {
			if k >= len(b.Result.Stmts) || !sameStmtResult(a.Stmt(k), b.Result.Stmt(k)) {
				agree = false
				break
			}
		}
		switch {
		case !agree:
			j.state = opDistrusted
			w.openOps--
		case j.agreed+1 >= opConfirmations:
			j.agreed++
			j.state = opTrusted
			w.openOps--
		default:
			j.agreed++
		}
	}
}

// sameStmtResult reports whether a statement's results in a confirmation
// (b, run with rt.FlagRepeat) agree with its first run's (a): the same
// outcome, and each value the same hash, none unstable across the
// confirmation's repeats.
func sameStmtResult(a, b rt.StmtView) bool {
	av, bv := a.Values(), b.Values()
	if a.Outcome != b.Outcome || len(av) != len(bv) {
		return false
	}
	for i := range av {
		va, vb := av[i], bv[i]
		if vb.Unstable || va.Nil != vb.Nil || va.Hash != vb.Hash {
			return false
		}
	}
	return true
}

// opSummary says what the watch found of the operations.
func (w *ClockWatch) opSummary() string {
	var trusted, distrusted []string
	for i, j := range w.ops {
		switch j.state {
		case opTrusted:
			trusted = append(trusted, w.opNames[i])
		case opDistrusted:
			distrusted = append(distrusted, w.opNames[i])
		}
	}
	return fmt.Sprintf("%d nondeterministic operations trusted %v, %d distrusted %v", len(trusted), trusted, len(distrusted), distrusted)
}
