package search

import (
	"testing"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

const nilDeref = "runtime error: invalid memory address or nil pointer dereference"

// ClassifyPanic: the runtime's nil dereference and nil-map write reveal a
// bug unless a nil went in, as a literal or as a nil value from an earlier
// statement; other runtime panics and deliberate panics are preconditions.
func TestClassifyPanic(t *testing.T) {
	prog := testProgram(t)
	deref := modeltest.OpOfKind(t, prog, model.Call, "Deref")
	grow := modeltest.OpOfKind(t, prog, model.Call, "Grow")
	zeroSq := modeltest.OpOfKind(t, prog, model.Zero, "Sq")
	intPtrLit := seq.LitArg(seq.Lit{Kind: seq.LitZero}) // not nil: a literal of another kind

	one := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(zeroSq), modeltest.Call(grow, seq.Ref(0, 0))}}
	tests := []struct {
		name      string
		s         *seq.Seq
		sr        rt.StmtSpec
		nilValue  bool // the value statement 0 made was nil
		kind      string
		revealing bool
	}{
		{"nil deref, no nil input", one, rt.StmtSpec{PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: nilDeref}}, false, "nil-dereference", true},
		{"nil map write", one, rt.StmtSpec{PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: "assignment to entry in nil map"}}, false, "nil-map-write", true},
		{"nil deref of a nil value made earlier", one, rt.StmtSpec{PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: nilDeref}}, true, "nil-dereference", false},
		{"nil deref of a nil literal", &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(deref, modeltest.Nil())}},
			rt.StmtSpec{PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: nilDeref}}, false, "nil-dereference", false},
		{"nil deref, non-nil literal", &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(deref, intPtrLit)}},
			rt.StmtSpec{PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: nilDeref}}, false, "nil-dereference", true},
		{"index out of range", one, rt.StmtSpec{PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: "runtime error: index out of range [3] with length 2"}}, false, "", false},
		{"integer divide by zero", one, rt.StmtSpec{PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: "runtime error: integer divide by zero"}}, false, "", false},
		// A deliberate panic that mentions a nil pointer is still
		// deliberate: only runtime errors count.
		{"deliberate panic", one, rt.StmtSpec{PanicRuntime: false, Note: &rt.StmtNote{PanicMsg: "nil pointer dereference"}}, false, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := normal(prog, tc.s)
			res.Stmt(0).SetValues([]rt.Value{{Nil: tc.nilValue, Hash: 1}})
			last := tc.s.Len() - 1
			tc.sr.Outcome = rt.OutPanic
			res.Set(last, tc.sr)
			kind, rev := corpus.ClassifyPanic(res.Stmt(last), tc.s.Stmts[last], res)
			if kind != tc.kind || rev != tc.revealing {
				t.Errorf("corpus.ClassifyPanic = %q, %v; want %q, %v", kind, rev, tc.kind, tc.revealing)
			}
		})
	}
}

// Crash kinds that ordinary input should not cause are error-revealing
// and kept as failures; deadlocks (a call may block forever by design),
// timeouts, memory exhaustion, exits and signals are not (they are what the
// executor's limits and the safety policy are for), and are only counted.
func TestProcessCrashKinds(t *testing.T) {
	prog := testProgram(t)
	s := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(modeltest.OpOfKind(t, prog, model.Call, "NewStack"))}}
	revealing := map[executor.CrashKind]bool{
		executor.CrashStackOverflow:  true,
		executor.CrashGoroutinePanic: true,
		executor.CrashDeadlock:       false,
		executor.CrashConcurrentMap:  true,
		executor.CrashTimeout:        false,
		executor.CrashHang:           false,
		executor.CrashOOM:            false,
		executor.CrashMemLimit:       false,
		executor.CrashFatal:          false,
		executor.CrashExit:           false,
		executor.CrashSignal:         false,
	}
	for kind, want := range revealing {
		r := New(prog, Config{})
		r.process(s, executor.Outcome{Crash: &executor.Crash{Kind: kind, Stmt: 0}})
		wantFailures := 0
		if want {
			wantFailures = 1
		}
		if r.Stats.Crashed != 1 || len(r.Failures) != wantFailures {
			t.Errorf("%s: crashed=%d failures=%d, want 1 and %d", kind, r.Stats.Crashed, len(r.Failures), wantFailures)
			continue
		}
		if !want {
			continue
		}
		f := r.Failures[0]
		if f.Revealing != want || f.Kind != string(kind) || f.Crash == nil {
			t.Errorf("%s: failure revealing=%v kind=%q, want revealing=%v kind=%q", kind, f.Revealing, f.Kind, want, kind)
		}
		if len(r.Corpus) != 0 || len(r.Pool()) != 0 {
			t.Errorf("%s: a crashed sequence entered the corpus or the pool", kind)
		}
	}
}

// process sorts executed sequences into normal (pooled, in the corpus when
// they add coverage), illegal (a precondition: nothing kept) and
// error-revealing failures.
func TestProcessOutcomes(t *testing.T) {
	prog := testProgram(t)
	newStack := modeltest.OpOfKind(t, prog, model.Call, "NewStack")
	push := modeltest.OpOfKind(t, prog, model.Method, "Stack.Push")
	grow := modeltest.OpOfKind(t, prog, model.Call, "Grow")
	zeroSq := modeltest.OpOfKind(t, prog, model.Zero, "Sq")
	deref := modeltest.OpOfKind(t, prog, model.Call, "Deref")

	r := New(prog, Config{})
	// Normal, new coverage: in the corpus, values pooled.
	s1 := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(1))}}
	res := normal(prog, s1)
	res.Blocks = []int32{1, 2}
	res.Conds = []rt.CondObs{{ID: 0, NTrue: 1}}
	r.process(s1, okOutcome(res))
	if r.Stats.Normal != 1 || len(r.Corpus) != 1 || r.Corpus[0].NewCov != 3 || r.Corpus[0].Target != 1 {
		t.Fatalf("normal run: stats %+v, corpus %d (NewCov %v), want 1 entry with 3 new items targeting statement 1",
			r.Stats, len(r.Corpus), r.Corpus)
	}
	if len(r.Pool()) != 1 {
		t.Errorf("pool holds %d values, want the *Stack", len(r.Pool()))
	}
	// Normal, nothing new covered: pooled (a new value) but not a candidate.
	s2 := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(2))}}
	res = normal(prog, s2, []uint64{77})
	res.Blocks = []int32{1}
	res.Conds = []rt.CondObs{{ID: 0, NTrue: 3}}
	r.process(s2, okOutcome(res))
	if r.Stats.Normal != 2 || len(r.Corpus) != 1 || len(r.Pool()) != 2 {
		t.Errorf("no new coverage: normal=%d corpus=%d pool=%d, want 2, 1, 2", r.Stats.Normal, len(r.Corpus), len(r.Pool()))
	}
	// The false side of a condition is new coverage of its own.
	res = normal(prog, s2, []uint64{78})
	res.Conds = []rt.CondObs{{ID: 0, NFalse: 1}}
	r.process(s2, okOutcome(res))
	if len(r.Corpus) != 2 || r.Corpus[1].NewCov != 1 {
		t.Errorf("false branch side: corpus %d, want a second entry with 1 new item", len(r.Corpus))
	}

	// A deliberate panic of the last statement: illegal input, counted,
	// not kept as a failure, nothing pooled.
	pooled := len(r.Pool())
	s3 := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(zeroSq), modeltest.Call(grow, seq.Ref(0, 0))}}
	res = normal(prog, s3, []uint64{500})
	res.Set(1, rt.StmtSpec{Outcome: rt.OutPanic, Note: &rt.StmtNote{PanicMsg: "p: negative side"}})
	r.process(s3, okOutcome(res))
	if r.Stats.Illegal != 1 || len(r.Failures) != 0 || len(r.Pool()) != pooled {
		t.Errorf("deliberate panic: illegal=%d failures=%d pool %d->%d, want 1 illegal, no failure, pool unchanged",
			r.Stats.Illegal, len(r.Failures), pooled, len(r.Pool()))
	}
	// A runtime nil dereference with no nil input: error-revealing.
	res = normal(prog, s3, []uint64{501})
	res.Set(1, rt.StmtSpec{Outcome: rt.OutPanic, PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: nilDeref}})
	r.process(s3, okOutcome(res))
	if len(r.Failures) != 1 || !r.Failures[0].Revealing || r.Failures[0].Kind != "nil-dereference" || r.Failures[0].Message != nilDeref {
		t.Errorf("nil deref without nil input: %+v, want a revealing nil-dereference failure", r.Failures[len(r.Failures)-1])
	}
	// The same panic with a nil literal passed in: illegal.
	s4 := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(deref, modeltest.Nil())}}
	r.process(s4, okOutcome(rt.NewResult([]rt.StmtSpec{{Outcome: rt.OutPanic, PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: nilDeref}}}...)))
	if len(r.Failures) != 1 {
		t.Errorf("nil deref of a nil input: kept as a failure, want illegal")
	}
	// An earlier statement that fails now (global state): illegal, not a
	// failure of the last statement.
	illegal := r.Stats.Illegal
	res = normal(prog, s1)
	res.Stmts[0].Outcome = rt.OutPanic
	r.process(s1, okOutcome(res))
	if r.Stats.Illegal != illegal+1 || len(r.Failures) != 1 {
		t.Errorf("earlier statement panicked: illegal %d->%d, failures %d; want one more illegal and no failure", illegal, r.Stats.Illegal, len(r.Failures))
	}
	// No result, or a result of the wrong length: illegal.
	r.process(s1, executor.Outcome{})
	r.process(s1, okOutcome(rt.NewResult([]rt.StmtSpec{{}}...)))
	if r.Stats.Illegal != illegal+3 {
		t.Errorf("missing results: illegal %d, want %d", r.Stats.Illegal, illegal+3)
	}
	// A timeout of the last statement: illegal, no failure (the executor
	// reports the crash separately).
	res = normal(prog, s3, []uint64{502})
	res.Set(1, rt.StmtSpec{Outcome: rt.OutTimeout})
	r.process(s3, okOutcome(res))
	if len(r.Failures) != 1 {
		t.Errorf("timeout recorded as a panic failure")
	}
	// A failure of the same kind and site is kept a few times, not more.
	for i := 0; i < 2*maxFailuresPerKey; i++ {
		res = normal(prog, s3, []uint64{uint64(600 + i)})
		res.Set(1, rt.StmtSpec{Outcome: rt.OutPanic, PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: nilDeref, PanicSite: "p.go:9"}})
		r.process(s3, okOutcome(res))
	}
	if n := len(r.Failures); n != 1+maxFailuresPerKey {
		t.Errorf("%d failures after repeating one kind and site, want %d", n, 1+maxFailuresPerKey)
	}
}

// A block a run that panicked reached first earns the search's credit but
// no test; a clean run reaching it later is kept in the corpus for it
// (archive, issue 17), with NewCov 0 so DynaMOSA's seeding ignores it,
// and a clean run reaching only what the corpus covers is not.
func TestProcessKeepsWhatOnlyPanickedRunsCovered(t *testing.T) {
	prog := testProgram(t)
	zeroSq := modeltest.OpOfKind(t, prog, model.Zero, "Sq")
	grow := modeltest.OpOfKind(t, prog, model.Call, "Grow")
	r := New(prog, Config{})

	s := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(zeroSq), modeltest.Call(grow, seq.Ref(0, 0))}}
	res := normal(prog, s, []uint64{1})
	res.Blocks = []int32{4, 5}
	res.Conds = []rt.CondObs{{ID: 2, NTrue: 1}}
	res.Set(1, rt.StmtSpec{Outcome: rt.OutPanic, Note: &rt.StmtNote{PanicMsg: "p: negative side"}})
	r.process(s, okOutcome(res))
	if len(r.Corpus) != 0 {
		t.Fatalf("a run that panicked entered the corpus")
	}

	clean := normal(prog, s, []uint64{2})
	clean.Blocks = []int32{4}
	clean.Conds = []rt.CondObs{{ID: 2, NTrue: 1}}
	r.process(s, okOutcome(clean))
	if len(r.Corpus) != 1 || r.Corpus[0].NewCov != 0 {
		t.Fatalf("clean run over what only a panicked run covered: corpus %d entries, want 1 with NewCov 0", len(r.Corpus))
	}
	again := normal(prog, s, []uint64{3})
	again.Blocks = []int32{4}
	r.process(s, okOutcome(again))
	if len(r.Corpus) != 1 {
		t.Errorf("clean run over what the corpus covers: corpus %d entries, want 1", len(r.Corpus))
	}
}
