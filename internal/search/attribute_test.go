package search

import (
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// crashy returns the fake executor in which calling Scale with the int
// literal bad crashes the process in a way the executor cannot tie to a
// statement (a goroutine's panic); alone, a sequence crashes exactly when
// it calls the culprit.
func crashy(prog *model.Program, scale *model.Op, bad int64) *executortest.Runner {
	f := newFake(prog)
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		for _, st := range q.Stmts {
			if st.Op == scale.ID && st.Args[0].Kind == rt.ArgLit && st.Args[0].Lit.I == bad {
				*out = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashGoroutinePanic, Stmt: -1, Message: "boom"}}
				return
			}
		}
	}
	return f
}

// runOnly hides a runner's RunAlone: attribution then runs batches of
// one.
type runOnly struct{ executor.Runner }

// lengths returns the lengths of the requests f ran.
func lengths(f *executortest.Runner) []int {
	var out []int
	for _, q := range f.Requests() {
		out = append(out, len(q.Stmts))
	}
	return out
}

// attributionSetup returns crash attribution alone, over runner, and a
// six-statement sequence whose third statement, Scale(13), is the culprit.
func attributionSetup(t *testing.T, runner executor.Runner) (*attribution, *seq.Seq) {
	prog := testProgram(t)
	scale := modeltest.OpOfKind(t, prog, model.Call, "Scale")
	other := modeltest.OpOfKind(t, prog, model.Call, "Other")
	s := modeltest.Seq(modeltest.Call(other, modeltest.Int(1)), modeltest.Call(other, modeltest.Int(2)), modeltest.Call(scale, modeltest.Int(13)),
		modeltest.Call(other, modeltest.Int(3)), modeltest.Call(scale, modeltest.Int(4)), modeltest.Call(other, modeltest.Int(5)))
	return &attribution{runner: runner, ids: &requestIDs{}, stats: &Stats{}, budget: &budget{}}, s
}

// A goroutine panic with no statement, reported for a long sequence, is
// attributed to the statement whose prefix first crashes (not the last
// call), with the sequence cut after it, whether or not the runner can run
// a sequence alone.
func TestCrashAttributedToFirstCrashingPrefix(t *testing.T) {
	prog := testProgram(t)
	for _, alone := range []bool{false, true} {
		f := crashy(prog, modeltest.OpOfKind(t, prog, model.Call, "Scale"), 13)
		var runner executor.Runner = runOnly{f}
		if alone {
			runner = f
		}
		a, s := attributionSetup(t, runner)
		fs, crash := a.attribute(s, &executor.Crash{Kind: executor.CrashGoroutinePanic, Stmt: -1})
		if fs == nil || fs.Len() != 3 || fs.Stmts[2].Op != s.Stmts[2].Op || crash.Stmt != 2 {
			t.Fatalf("alone=%v: attributed to %v (crash %v); want the 3-statement prefix ending in Scale(13)", alone, fs, crash)
		}
		if s.Len() != 6 {
			t.Errorf("the proposed sequence was changed")
		}
		// The whole sequence, then a bisection: at most 1+ceil(log2 6)
		// runs, then the prefix without the culprit twice.
		runs := lengths(f)
		n := len(runs)
		if n > 6 || runs[0] != 6 || runs[n-1] != 2 || runs[n-2] != 2 || a.stats.AttributionRuns != n {
			t.Errorf("alone=%v: runs of lengths %v (stats %d), want the whole sequence, a bisection, then the 2-statement prefix twice", alone, runs, a.stats.AttributionRuns)
		}
	}
}

// A crash that does not reproduce when its sequence runs again (in a batch
// it was another sequence's goroutine, or it is flaky) is dropped.
func TestCrashNotReproducedIsDropped(t *testing.T) {
	prog := testProgram(t)
	f := crashy(prog, modeltest.OpOfKind(t, prog, model.Call, "Scale"), 99)
	a, s := attributionSetup(t, f)
	if fs, _ := a.attribute(s, &executor.Crash{Kind: executor.CrashGoroutinePanic, Stmt: -1}); fs != nil || a.stats.CrashesDropped != 1 {
		t.Errorf("attributed to %v, stats %+v; want the crash dropped", fs, *a.stats)
	}
	if runs := lengths(f); len(runs) != 1 {
		t.Errorf("runs %v, want one rerun of the whole sequence", runs)
	}
}

// In a search, a crash the executor tied to a statement needs no reruns
// and is filed under it, and one that is not revealing (an exit) is never
// attributed; a revealing crash without a statement is filed under the
// statement attribution found.
func TestCrashFiledUnderItsStatement(t *testing.T) {
	prog := testProgram(t)
	f := crashy(prog, modeltest.OpOfKind(t, prog, model.Call, "Scale"), 13)
	r := New(prog, Config{Seed: 1})
	r.attrib.runner = f
	_, s := attributionSetup(t, f)
	r.process(s, executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashStackOverflow, Stmt: 2}})
	r.process(s, executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashExit, Stmt: -1}})
	if runs := lengths(f); len(runs) != 0 {
		t.Errorf("reruns %v, want none", runs)
	}
	if len(r.Failures) != 1 || r.Failures[0].Seq.Len() != 3 {
		t.Errorf("failures %+v, want the stack overflow cut after statement 2", r.Failures)
	}
	r.process(s, executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashGoroutinePanic, Stmt: -1}})
	if len(r.Failures) != 2 || r.Failures[1].Seq.Len() != 3 || r.Failures[1].Crash.Stmt != 2 || !r.Failures[1].Revealing {
		t.Errorf("failures %+v, want the goroutine panic filed under statement 2", r.Failures)
	}
}

// A crash that races something else (a deep recursion against the call
// timeout) can make the bisection stop past the culprit: when the prefix
// without the last statement crashes too, the crash is dropped, never
// filed under that statement.
func TestCrashPastCulpritDropped(t *testing.T) {
	prog := testProgram(t)
	// Every prefix of 3 or more statements crashes, and the prefix of 2
	// only from its second run on: the bisection's single run of it
	// passed (a timeout), the confirmation's runs crash.
	f, two := newFake(prog), 0
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		n := len(q.Stmts)
		if n == 2 {
			two++
		}
		if n >= 3 || n == 2 && two > 1 {
			*out = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashGoroutinePanic, Stmt: -1}}
		}
	}
	a, s := attributionSetup(t, f)
	if fs, _ := a.attribute(s, &executor.Crash{Kind: executor.CrashGoroutinePanic, Stmt: -1}); fs != nil {
		t.Errorf("attributed to %s, want none (the culprit was not established); runs %v", fs.Key(), lengths(f))
	}
	if a.stats.CrashesDropped != 1 {
		t.Errorf("CrashesDropped = %d, want 1", a.stats.CrashesDropped)
	}
}
