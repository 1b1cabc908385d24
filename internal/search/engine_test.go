package search

import (
	"context"
	"testing"
	"time"

	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

func runSearch(t *testing.T, seed int64, execs int) (*Engine, *executortest.Runner) {
	t.Helper()
	prog := testProgram(t)
	target := &constpool.PackageConsts{Consts: []constpool.Const{
		k(constpool.KindInt, "12", 2, constpool.Compared), k(constpool.KindString, `"abc"`, 1, constpool.Literal),
		k(constpool.KindRune, "'/'", 1, constpool.Literal),
	}}
	code := map[int]OpCode{}
	for _, op := range prog.Ops {
		code[op.ID] = OpCode{Blocks: []int32{int32(op.ID * 8), int32(op.ID*8 + 1)}}
	}
	cfg := Config{Seed: seed, MaxExecs: execs, Batch: 64, Code: code,
		Constants: NewConstants(prog, target, []*constpool.PackageConsts{target}, nil)}
	r := New(prog, cfg)
	f := newFake(prog)
	r.Run(context.Background(), f)
	return r, f
}

// The same seed and a deterministic runner give the same sequences in
// the same order, the same corpus and the same failures; another seed
// gives others. The run is long enough for the bloodhound to refresh.
func TestRunDeterministic(t *testing.T) {
	const execs = 1300
	r1, f1 := runSearch(t, 7, execs)
	r2, f2 := runSearch(t, 7, execs)
	log1, log2 := f1.Log(), f2.Log()
	if len(log1) != execs || r1.Stats.Executed != execs {
		t.Fatalf("ran %d sequences (Executed %d), want the budget of %d", len(log1), r1.Stats.Executed, execs)
	}
	if len(log1) != len(log2) {
		t.Fatalf("same seed: %d and %d sequences", len(log1), len(log2))
	}
	for i := range log1 {
		if log1[i] != log2[i] {
			t.Fatalf("same seed: sequence %d differs:\n%s\n%s", i, log1[i], log2[i])
		}
	}
	s1, s2 := r1.Stats, r2.Stats
	s1.Elapsed, s2.Elapsed = 0, 0
	if corpusKeys(r1) != corpusKeys(r2) || len(r1.Failures) != len(r2.Failures) || s1 != s2 {
		t.Errorf("same seed: corpus, failures or stats differ (%+v vs %+v)", r1.Stats, r2.Stats)
	}
	if r1.random.picker == nil || r1.random.picker.updated == 0 {
		t.Errorf("the bloodhound never refreshed in %d executions", execs)
	}
	// The search did its job on the fake: candidates, a pool, Deref(nil)
	// recorded as an illegal (nil input) failure.
	if len(r1.Corpus) == 0 || len(r1.Pool()) == 0 || r1.Stats.Normal == 0 {
		t.Errorf("corpus %d, pool %d, stats %+v: the search built nothing", len(r1.Corpus), len(r1.Pool()), r1.Stats)
	}
	for _, f := range r1.Failures {
		if f.Revealing {
			t.Errorf("revealing failure %q: the fake only panics on nil inputs", f.Message)
		}
	}

	_, f3 := runSearch(t, 8, execs)
	log3 := f3.Log()
	same := len(log3) == len(log1)
	for i := 0; same && i < len(log1); i++ {
		same = log1[i] == log3[i]
	}
	if same {
		t.Errorf("seeds 7 and 8 gave the same sequences")
	}
}

// Run returns soon after ctx is done, with a time budget far away, and at
// once when ctx is done before it starts.
func TestRunCancel(t *testing.T) {
	prog := testProgram(t)
	r := New(prog, Config{Seed: 1, Budget: time.Hour, Batch: 16})
	f := newFake(prog)
	f.Delay = 20 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		r.Run(ctx, f)
		close(done)
	}()
	time.Sleep(150 * time.Millisecond)
	cancel()
	cancelled := time.Now()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return within 10s of the cancellation")
	}
	// At most the batch in flight finishes: well under a second even on a
	// loaded machine.
	if d := time.Since(cancelled); d > 2*time.Second {
		t.Errorf("Run returned %v after the cancellation", d)
	}
	if r.Stats.Executed == 0 {
		t.Errorf("nothing ran before the cancellation")
	}

	r = New(prog, Config{Seed: 1, Budget: time.Hour})
	f = newFake(prog)
	r.Run(ctx, f)
	if f.Calls() != 0 || r.Stats.Executed != 0 {
		t.Errorf("Run with a done ctx ran %d batches", f.Calls())
	}
}

// The search never calls the detective's producers or the support
// operations (assertions) as the subject of a sequence.
func TestTargetsLeaveOutSupport(t *testing.T) {
	prog := testProgram(t)
	targets := targetsOf(prog)
	for _, op := range targets {
		if op.Support || op.Detective || op.Kind == model.Assert {
			t.Errorf("%s (kind %d) is a search target", op.FullName(), op.Kind)
		}
	}
	if len(targets) == 0 {
		t.Fatal("no targets")
	}
}

// deadlineFake is the fake executor with every sequence taking step, that
// stops at a deadline as executor.Pool does: timing the hooks do not
// express.
type deadlineFake struct {
	*executortest.Runner
	step time.Duration
}

func (f deadlineFake) RunUntil(reqs []rt.Request, deadline time.Time) []executor.Outcome {
	outs := make([]executor.Outcome, len(reqs))
	for i := range reqs {
		if !time.Now().Before(deadline) {
			outs[i].Unrun = true
			continue
		}
		time.Sleep(f.step)
		outs[i] = f.Runner.Run(reqs[i : i+1])[0]
	}
	return outs
}

func (f deadlineFake) Run(reqs []rt.Request) []executor.Outcome {
	return f.RunUntil(reqs, time.Now().Add(time.Hour))
}

// With a time budget, a batch that would run long past it (here 128
// sequences of 20 ms, 2.5 s) is stopped at the budget's end, and the
// sequences left unrun are not counted as executed.
func TestBudgetBoundsSlowBatch(t *testing.T) {
	prog := testProgram(t)
	f := deadlineFake{Runner: newFake(prog), step: 20 * time.Millisecond}
	r := New(prog, Config{Seed: 1, Budget: 300 * time.Millisecond})
	start := time.Now()
	r.Run(context.Background(), f)
	if d := time.Since(start); d > time.Second {
		t.Errorf("search with a 300ms budget took %v", d)
	}
	if r.Stats.Executed >= 128 || r.Stats.Executed == 0 {
		t.Errorf("executed %d sequences, want those run before the deadline", r.Stats.Executed)
	}
}
