package search

import (
	"time"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// attributeSettle is how long a sequence run alone gets, after its last
// call answered, for a goroutine it started to crash the process.
const attributeSettle = 100 * time.Millisecond

// maxAttributions bounds the crashes a search attributes: each costs up to
// 1+log2(MaxLen) executor starts. Crashes past it are dropped, never filed
// under a guessed statement.
const maxAttributions = 64

// attributionShare bounds the part of a time budget crash attribution may
// spend: each attribution starts up to 1+log2(MaxLen) executors and waits
// for each to settle, so a class of inputs that crashes often would
// otherwise turn the search into attribution. Under an execution budget
// (-execs) only maxAttributions applies, which keeps the output
// reproducible.
const attributionShare = 4 // at most 1/4 of the budget

// attribution is crash attribution: it finds, by running prefixes again,
// the statement a crash without one came from.
type attribution struct {
	runner executor.Runner // set by Run
	ids    *requestIDs
	stats  *Stats
	budget *budget
	// count is the number of crashes attributed; spent the wall time
	// attribution has spent, charged against its share of a time budget.
	count int
	spent time.Duration
}

// left reports whether the time budget leaves room for another
// attribution run.
func (a *attribution) left() bool {
	if a.budget.maxExecs > 0 || a.budget.time <= 0 {
		return true
	}
	return a.spent < a.budget.time/attributionShare && time.Since(a.budget.start) < a.budget.time
}

// attribute finds the statement of s that caused crash c, which the
// executor could not tie to a statement (a panic on a goroutine a call
// started, a stack overflow), and returns the prefix of s that ends with
// it and the crash that prefix caused. In a batch such a crash is filed
// under whatever sequence runs when it happens, so s may not be its cause
// at all, and within s any statement may be (DynaMOSA's crossover and
// mutation put calls after one that crashes): s is run again alone, and if
// it does not crash the same way the crash is flaky and attribute returns
// nil. Otherwise a bisection over the prefix length finds the shortest
// prefix that crashes, assuming that a prefix crashes when a shorter one
// does (calls after the culprit cannot undo it).
func (a *attribution) attribute(s *seq.Seq, c *executor.Crash) (*seq.Seq, *executor.Crash) {
	if a.count >= maxAttributions || a.runner == nil || !a.left() {
		a.stats.CrashesDropped++
		return nil, nil
	}
	a.count++
	out := false // the time share ran out during this attribution
	run := func(n int) *executor.Crash {
		if !a.left() {
			out = true
			return nil
		}
		t0 := time.Now()
		defer func() { a.spent += time.Since(t0) }()
		w := (&seq.Seq{Stmts: s.Stmts[:n]}).Wire(a.ids.next(), 0)
		a.stats.AttributionRuns++
		var o executor.Outcome
		if alone, ok := a.runner.(executor.AloneRunner); ok {
			o = alone.RunAlone(w, attributeSettle)
		} else {
			o = a.runner.Run([]rt.Request{w})[0]
		}
		if o.Crash != nil && o.Crash.Kind == c.Kind {
			return o.Crash
		}
		return nil
	}
	hiCrash := run(s.Len())
	if hiCrash == nil {
		a.stats.CrashesDropped++
		return nil, nil
	}
	lo, hi := 1, s.Len()
	for lo < hi {
		mid := (lo + hi) / 2
		if cr := run(mid); cr != nil {
			hi, hiCrash = mid, cr
		} else {
			lo = mid + 1
		}
	}
	// The bisection assumes a prefix crashes exactly when it holds the
	// culprit; a crash that races a call timeout (a deep recursion on a
	// loaded machine) can break that, and a prefix that timed out once
	// sends the search past the culprit. Before filing the crash under
	// the last statement, the prefix without it must not crash, twice.
	if hi > 1 && hiCrash.Stmt < 0 {
		for try := 0; try < 2 && !out; try++ {
			if run(hi-1) != nil {
				a.stats.CrashesDropped++
				return nil, nil
			}
		}
	}
	if out {
		// A prefix that did not run is no evidence: never file the
		// crash under a statement the bisection did not establish.
		a.stats.CrashesDropped++
		return nil, nil
	}
	if hiCrash.Stmt < 0 {
		// The prefix ends with the culprit: record it there.
		cp := *hiCrash
		cp.Stmt = hi - 1
		hiCrash = &cp
	}
	return &seq.Seq{Stmts: append([]seq.Stmt(nil), s.Stmts[:hi]...)}, hiCrash
}
