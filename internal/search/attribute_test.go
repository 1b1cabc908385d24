package search

import (
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// crashy is a fake executor pool in which calling op culprit with the int
// literal bad crashes the process in a way the executor cannot tie to a
// statement (a goroutine's panic). In a batch, the crash falls on the
// sequence given by blame (the culprit's, or an innocent one run after it);
// alone, a sequence crashes exactly when it calls the culprit.
type crashy struct {
	culprit int
	bad     int64
	runs    []int
}

func (c *crashy) crashes(s rt.Request) bool {
	for _, st := range s.Stmts {
		if st.Op == c.culprit && len(st.Args) == 1 && st.Args[0].Kind == rt.ArgLit && st.Args[0].Lit.I == c.bad {
			return true
		}
	}
	return false
}

func (c *crashy) Run(seqs []rt.Request) []executor.Outcome {
	outs := make([]executor.Outcome, len(seqs))
	for i, s := range seqs {
		c.runs = append(c.runs, len(s.Stmts))
		if c.crashes(s) {
			outs[i].Crash = &executor.Crash{Kind: executor.CrashGoroutinePanic, Stmt: -1, Message: "boom"}
			continue
		}
		outs[i].Result = &rt.Result{ID: s.ID, Stmts: make([]rt.StmtResult, len(s.Stmts))}
	}
	return outs
}

// aloneCrashy is crashy with RunAlone.
type aloneCrashy struct{ *crashy }

func (c aloneCrashy) RunAlone(s rt.Request, settle time.Duration) executor.Outcome {
	return c.Run([]rt.Request{s})[0]
}

// attributionSetup returns an engine whose runner is r and a six-statement
// sequence whose third statement, Scale(13), is the culprit.
func attributionSetup(t *testing.T) (*Random, *seq.Seq, *model.Op) {
	prog := testProgram(t)
	scale := opNamed(t, prog, model.Call, "Scale")
	other := opNamed(t, prog, model.Call, "Other")
	s := &seq.Seq{Stmts: []seq.Stmt{call(other, intLit(1)), call(other, intLit(2)), call(scale, intLit(13)),
		call(other, intLit(3)), call(scale, intLit(4)), call(other, intLit(5))}}
	return NewRandom(prog, Config{Seed: 1}), s, scale
}

// A goroutine panic with no statement, reported for a long sequence, is
// filed under the statement whose prefix first crashes (not the last
// call), with the sequence cut after it, whether or not the runner can run
// a sequence alone.
func TestCrashAttributedToFirstCrashingPrefix(t *testing.T) {
	for _, alone := range []bool{false, true} {
		r, s, scale := attributionSetup(t)
		c := &crashy{culprit: scale.ID, bad: 13}
		r.attrib.runner = c
		if alone {
			r.attrib.runner = aloneCrashy{c}
		}
		r.process(s, executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashGoroutinePanic, Stmt: -1}})
		if len(r.Failures) != 1 {
			t.Fatalf("alone=%v: %d failures, want 1", alone, len(r.Failures))
		}
		f := r.Failures[0]
		if f.Seq.Len() != 3 || f.Seq.Stmts[2].Op != scale.ID || f.Crash.Stmt != 2 || !f.Revealing {
			t.Errorf("alone=%v: failure %d statements, last op %d, crash stmt %d; want the 3-statement prefix ending in Scale(13)",
				alone, f.Seq.Len(), f.Seq.Stmts[f.Seq.Len()-1].Op, f.Crash.Stmt)
		}
		if s.Len() != 6 {
			t.Errorf("the proposed sequence was changed")
		}
		// The whole sequence, then a bisection: at most 1+ceil(log2 6)
		// runs, then the prefix without the culprit twice.
		n := len(c.runs)
		if n > 6 || c.runs[0] != 6 || c.runs[n-1] != 2 || c.runs[n-2] != 2 || r.Stats.AttributionRuns != n {
			t.Errorf("alone=%v: runs of lengths %v (stats %d), want the whole sequence, a bisection, then the 2-statement prefix twice", alone, c.runs, r.Stats.AttributionRuns)
		}
	}
}

// A crash that does not reproduce when its sequence runs again (in a batch
// it was another sequence's goroutine, or it is flaky) is never a failure.
func TestCrashNotReproducedIsDropped(t *testing.T) {
	r, s, scale := attributionSetup(t)
	c := &crashy{culprit: scale.ID, bad: 99}
	r.attrib.runner = aloneCrashy{c}
	r.process(s, executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashGoroutinePanic, Stmt: -1}})
	if len(r.Failures) != 0 || r.Stats.CrashesDropped != 1 || r.Stats.Crashed != 1 {
		t.Errorf("failures %d, stats %+v; want the crash dropped", len(r.Failures), r.Stats)
	}
	if len(c.runs) != 1 {
		t.Errorf("runs %v, want one rerun of the whole sequence", c.runs)
	}
}

// A crash the executor tied to a statement needs no reruns, and one that
// is not revealing (an exit) is never attributed.
func TestCrashWithStatementNotRerun(t *testing.T) {
	r, s, scale := attributionSetup(t)
	c := &crashy{culprit: scale.ID, bad: 13}
	r.attrib.runner = c
	r.process(s, executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashStackOverflow, Stmt: 2}})
	r.process(s, executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashExit, Stmt: -1}})
	if len(c.runs) != 0 {
		t.Errorf("reruns %v, want none", c.runs)
	}
	if len(r.Failures) != 1 || r.Failures[0].Seq.Len() != 3 {
		t.Errorf("failures %+v, want the stack overflow cut after statement 2", r.Failures)
	}
}

// A crash that races something else (a deep recursion against the call
// timeout) can make the bisection stop past the culprit: when the prefix
// without the last statement crashes too, the crash is dropped, never
// filed under that statement.
func TestCrashPastCulpritDropped(t *testing.T) {
	r, s, _ := attributionSetup(t)
	c := &flipCrashy{}
	r.attrib.runner = c
	r.process(s, executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashGoroutinePanic, Stmt: -1}})
	if len(r.Failures) != 0 {
		t.Errorf("failures = %d, want 0 (the culprit was not established); runs %v", len(r.Failures), c.runs)
	}
	if r.Stats.CrashesDropped != 1 {
		t.Errorf("CrashesDropped = %d, want 1", r.Stats.CrashesDropped)
	}
}

// flipCrashy crashes every prefix of 3 or more statements, and the prefix
// of 2 only from its second run on: the bisection's single run of it
// passed (a timeout), the confirmation's runs crash.
type flipCrashy struct {
	runs []int
	two  int
}

func (f *flipCrashy) Run(seqs []rt.Request) []executor.Outcome {
	out := make([]executor.Outcome, len(seqs))
	for i, s := range seqs {
		n := len(s.Stmts)
		f.runs = append(f.runs, n)
		crash := n >= 3
		if n == 2 {
			f.two++
			crash = f.two > 1
		}
		if crash {
			out[i] = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashGoroutinePanic, Stmt: -1}}
		} else {
			out[i] = executor.Outcome{Result: &rt.Result{Stmts: make([]rt.StmtResult, n)}}
		}
	}
	return out
}
