package search

import (
	"context"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// hangSrc is the class of hang.go: a reader whose Next reads on until its
// delimiter, over a source that ends (Once) or never does (Repeat), a zero
// Reader that spins, and a gate whose Wait blocks until it is opened.
const hangSrc = `package p

type Source struct{ loop bool }

func Once(text string) *Source   { return &Source{} }
func Repeat(text string) *Source { return &Source{loop: true} }

type Reader struct{ src *Source }

func New(src *Source) *Reader   { return &Reader{src: src} }
func (r *Reader) Next() string { return "" }
func (r *Reader) Count() int   { return 0 }

type Gate struct{ open bool }

func NewGate() *Gate      { return &Gate{} }
func (g *Gate) Open()     { g.open = true }
func (g *Gate) Wait() int { return 0 }
`

func hangProgram(t *testing.T) *model.Program {
	t.Helper()
	return modeltest.Program(t, hangSrc, model.Options{})
}

// hangFake is the fake executor with hangSrc's hangs: Next on a Reader
// with no source or over a Repeat source runs until its limit (a
// timeout), and Wait on a gate nobody opened blocks (a deadlock, found
// after the limit), as they would in an executor. It counts the hangs,
// and the normal runs of Next and Wait.
type hangFake struct {
	*executortest.Runner
	hangs, nextNormal, waitNormal int
}

func newHangFake(t *testing.T, prog *model.Program) *hangFake {
	id := func(kind model.Kind, name string) int { return modeltest.OpOfKind(t, prog, kind, name).ID }
	repeat, newR, next := id(model.Call, "Repeat"), id(model.Call, "New"), id(model.Method, "Reader.Next")
	open, wait := id(model.Method, "Gate.Open"), id(model.Method, "Gate.Wait")
	f := &hangFake{Runner: newFake(prog)}
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		endless := map[int]bool{} // statements whose value never ends
		opened := map[int]bool{}  // statements whose gate is open
		ref := func(a rt.Arg) int {
			if a.Kind != rt.ArgRef {
				return -1
			}
			return a.Stmt
		}
		for k, st := range q.Stmts {
			var hang *executor.Crash
			switch st.Op {
			case repeat:
				endless[k] = true
			case newR:
				src := ref(st.Args[0])
				endless[k] = src < 0 || endless[src]
			case next:
				if r := ref(st.Args[0]); r < 0 || endless[r] {
					hang = &executor.Crash{Kind: executor.CrashTimeout, Stmt: k}
				}
			case open:
				if g := ref(st.Args[0]); g >= 0 {
					opened[g] = true
				}
			case wait:
				if g := ref(st.Args[0]); g < 0 || !opened[g] {
					hang = &executor.Crash{Kind: executor.CrashDeadlock, Stmt: k}
				}
			}
			if hang != nil {
				f.hangs++
				*out = executor.Outcome{Crash: hang}
				return
			}
			switch st.Op {
			case next:
				f.nextNormal++
			case wait:
				f.waitNormal++
			}
		}
		// An open gate is another value than a closed one, as the
		// executor's hash of its state says.
		for g := range opened {
			if res := out.Result; res != nil && g < len(res.Stmts) && len(res.Stmt(g).Values()) > 0 {
				res.Stmt(g).Values()[0].Hash ^= 0x5eed
			}
		}
	}
	return f
}

// A search learns from a few hangs which receivers' constructions make
// Next and Wait hang, stops drawing them, and still runs both normally on
// the constructions that return (a Reader over a source that ends, a gate
// that was opened): 15, 15 and 17 hangs in 3000 sequences at seeds 1-3;
// without the learning (hangs.note and runStaggered's filter doing
// nothing), 357, 340 and 314.
func TestHangsLearned(t *testing.T) {
	prog := hangProgram(t)
	for seed := int64(1); seed <= 3; seed++ {
		f := newHangFake(t, prog)
		r := New(prog, Config{Seed: seed, MaxExecs: 3000, Batch: 128})
		r.Run(context.Background(), f)
		t.Logf("seed %d: %d hangs, %d normal Next, %d normal Wait; stats %+v", seed, f.hangs, f.nextNormal, f.waitNormal, r.Stats)
		if f.hangs > 40 {
			t.Errorf("seed %d: %d hangs in %d sequences, want the hanging constructions learned after a few", seed, f.hangs, r.Stats.Executed)
		}
		if f.nextNormal == 0 || f.waitNormal == 0 {
			t.Errorf("seed %d: Next ran normally %d times, Wait %d times: want both reached on the constructions that return",
				seed, f.nextNormal, f.waitNormal)
		}
		if r.Stats.Executed != 3000 {
			t.Errorf("seed %d: executed %d sequences, want the 3000 of the budget (those left unrun replaced)", seed, r.Stats.Executed)
		}
		// What runs depends on outcomes only: the same seed runs the
		// same sequences.
		g := newHangFake(t, prog)
		New(prog, Config{Seed: seed, MaxExecs: 3000, Batch: 128}).Run(context.Background(), g)
		if a, b := f.Log(), g.Log(); !slices.Equal(a, b) {
			t.Errorf("seed %d: two searches ran different sequences (%d and %d)", seed, len(a), len(b))
		}
	}
}

// Within one batch, generated before any of it ran, the sequences that
// repeat a call that hung in an earlier chunk are left unrun.
func TestStaggeredBatchSkipsRepeats(t *testing.T) {
	prog := hangProgram(t)
	f := newHangFake(t, prog)
	repeat, newR, next, count := modeltest.OpOfKind(t, prog, model.Call, "Repeat"), modeltest.OpOfKind(t, prog, model.Call, "New"),
		modeltest.OpOfKind(t, prog, model.Method, "Reader.Next"), modeltest.OpOfKind(t, prog, model.Method, "Reader.Count")
	endlessNext := func(text string) *seq.Seq {
		return &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(repeat, modeltest.Str(text)), modeltest.Call(newR, seq.Ref(0, 0)), modeltest.Call(next, seq.Ref(1, 0))}}
	}
	endlessCount := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(repeat, modeltest.Str("x")), modeltest.Call(newR, seq.Ref(0, 0)), modeltest.Call(count, seq.Ref(1, 0))}}
	var batch []*seq.Seq
	for i := 0; i < 20; i++ {
		batch = append(batch, endlessNext(string(rune('a'+i))))
	}
	batch = append(batch, endlessCount)
	reqs := make([]rt.Request, len(batch))
	for i, s := range batch {
		reqs[i] = s.Wire(uint64(i), 0)
	}
	skipped := make([]bool, len(batch))
	outs := runStaggered(prog, f.Run, reqs, batch, skipped, 1)
	// The first chunk (staggerFirst sequences) runs whole; the same call
	// on the same construction after it is left unrun, the other call
	// is not.
	if f.hangs != staggerFirst {
		t.Errorf("%d hangs, want %d (the first chunk)", f.hangs, staggerFirst)
	}
	for i := staggerFirst; i < 20; i++ {
		if !skipped[i] || !outs[i].Unrun {
			t.Errorf("sequence %d, a repeat of a hang, ran", i)
		}
	}
	if skipped[20] || outs[20].Result == nil {
		t.Errorf("Count on the same construction was left unrun: %+v", outs[20])
	}
}

// A method call whose argument was built on a value its receiver was also
// built on (a writer filling the buffer its reader drains) is keyed by
// the operation alone, whatever the receiver's construction; without such
// sharing, by the receiver's construction.
func TestHangKeySharedSource(t *testing.T) {
	prog := costlyProgram(t)
	newW, init := modeltest.OpOfKind(t, prog, model.Call, "New"), modeltest.OpOfKind(t, prog, model.Method, "W.Init")
	// q2 := q1.Init(q0): q2 is built on q0.
	built := []seq.Stmt{modeltest.Call(newW), modeltest.Call(newW), modeltest.Call(init, seq.Ref(1, 0), seq.Ref(0, 0), modeltest.Int(1))}
	shared := &seq.Seq{Stmts: append(append([]seq.Stmt{}, built...), modeltest.Call(init, seq.Ref(2, 0), seq.Ref(0, 0), modeltest.Int(3)))}
	fresh := &seq.Seq{Stmts: append(append([]seq.Stmt{}, built...), modeltest.Call(newW), modeltest.Call(init, seq.Ref(2, 0), seq.Ref(3, 0), modeltest.Int(3)))}
	// Another receiver construction, the same sharing: q1 := q0.Init(q0'), then q1.Init(q0').
	other := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newW), modeltest.Call(init, seq.Ref(0, 0), modeltest.Nil(), modeltest.Int(2)), modeltest.Call(newW),
		modeltest.Call(init, seq.Ref(1, 0), seq.Ref(2, 0), modeltest.Int(1)), modeltest.Call(init, seq.Ref(3, 0), seq.Ref(2, 0), modeltest.Int(1))}}
	ks := stmtHangKeys(prog, shared, 3)
	kf := stmtHangKeys(prog, fresh, 4)
	ko := stmtHangKeys(prog, other, 4)
	if len(ks) != 2 || len(kf) != 1 || len(ko) != 2 {
		t.Fatalf("keys: shared %v, fresh %v, other %v; want the receiver's, plus the operation's when an argument shares its source", ks, kf, ko)
	}
	if ks[0] != kf[0] {
		t.Errorf("the receiver's keys differ with the argument: %v, %v", ks[0], kf[0])
	}
	if ks[1] != ko[1] || ks[0] == ko[0] {
		t.Errorf("shared-source keys %v and %v: want the operation's equal, the receivers' different", ks, ko)
	}
}

// A staggered batch gives every executor the sequences it would have run
// had the batch been sent at once, in the same order: the pool splits
// what it is sent into contiguous parts, one per worker.
func TestStaggeredKeepsWorkerParts(t *testing.T) {
	const workers, n = 2, 100
	split := func(logs [][]uint64, seqs []rt.Request) {
		per := (len(seqs) + workers - 1) / workers
		for i, s := range seqs {
			logs[i/per] = append(logs[i/per], s.ID)
		}
	}
	prog := hangProgram(t)
	once := modeltest.OpOfKind(t, prog, model.Call, "Once")
	batch := make([]*seq.Seq, n)
	reqs := make([]rt.Request, n)
	for i := range batch {
		batch[i] = &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(once, modeltest.Str(string(rune('a'+i))))}}
		reqs[i] = batch[i].Wire(uint64(i), 0)
	}
	want := make([][]uint64, workers)
	split(want, reqs)
	got := make([][]uint64, workers)
	run := func(seqs []rt.Request) []executor.Outcome {
		split(got, seqs)
		return make([]executor.Outcome, len(seqs))
	}
	runStaggered(prog, run, reqs, batch, make([]bool, n), workers)
	for w := range want {
		if !slices.Equal(got[w], want[w]) {
			t.Errorf("worker %d ran %v, want %v", w, got[w], want[w])
		}
	}
}

// A hang in a sequence that wired a value into itself (w.Init(w), or
// w.Init(v) with v what an earlier w.Init returned) is the wiring's, not
// the construction's: it is not learned as a hanging construction.
func TestHangWiredIntoItselfNotLearned(t *testing.T) {
	prog := costlyProgram(t)
	newW, init := modeltest.OpOfKind(t, prog, model.Call, "New"), modeltest.OpOfKind(t, prog, model.Method, "W.Init")
	direct := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newW), modeltest.Call(init, seq.Ref(0, 0), seq.Ref(0, 0), modeltest.Int(1))}}
	derived := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newW), modeltest.Call(init, seq.Ref(0, 0), modeltest.Nil(), modeltest.Int(1)),
		modeltest.Call(init, seq.Ref(0, 0), seq.Ref(1, 0), modeltest.Int(2))}}
	other := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newW), modeltest.Call(newW), modeltest.Call(init, seq.Ref(0, 0), seq.Ref(1, 0), modeltest.Int(1))}}
	if !wiredIntoItself(prog, direct, 1) || !wiredIntoItself(prog, derived, 2) {
		t.Errorf("a writer wired into itself, directly or through what Init returned, not recognized")
	}
	if wiredIntoItself(prog, other, 2) {
		t.Errorf("a writer wired to another writer taken for one wired into itself")
	}
	h := newKit(prog, 1, nil).hangs
	h.note(derived, &executor.Crash{Kind: executor.CrashTimeout, Stmt: 2})
	if h.stats.Hangs != 0 || h.risk(other) != riskNone {
		t.Errorf("a self-wired hang was learned: %d hangs, risk of another wiring of the same making %d", h.stats.Hangs, h.risk(other))
	}
	h.note(other, &executor.Crash{Kind: executor.CrashTimeout, Stmt: 2})
	if h.stats.Hangs != 1 || h.risk(other) != riskKnown {
		t.Errorf("a hang without self-wiring: %d hangs learned, risk %d", h.stats.Hangs, h.risk(other))
	}
}

// The hang learning alone, as a learner and a filter: after Next hung on
// a Reader over a Repeat source, a proposal making that call again is
// vetoed and counted, but for at most hangFree explorations (planned
// nothing yet), which keepAgain keeps at launch, once; the same call on a
// Reader over a source that ends passes.
func TestHangFilterExplores(t *testing.T) {
	prog := hangProgram(t)
	h := newKit(prog, 7, nil).hangs
	id := func(kind model.Kind, name string) *model.Op { return modeltest.OpOfKind(t, prog, kind, name) }
	repeat, once, newR, next := id(model.Call, "Repeat"), id(model.Call, "Once"), id(model.Call, "New"), id(model.Method, "Reader.Next")
	over := func(src *model.Op, text string) *seq.Seq {
		return modeltest.Seq(modeltest.Call(src, modeltest.Str(text)), modeltest.Call(newR, seq.Ref(0, 0)), modeltest.Call(next, seq.Ref(1, 0)))
	}
	if !h.keep(over(repeat, "a")) || h.learned() {
		t.Fatalf("a proposal vetoed before any hang")
	}
	h.learn(&outcome{s: over(repeat, "a"), crash: &executor.Crash{Kind: executor.CrashTimeout, Stmt: 2}})
	if !h.learned() || h.stats.Hangs != 1 {
		t.Fatalf("the hang was not learned: %+v", h.stats)
	}
	var explored []*seq.Seq
	for i := 0; i < 40; i++ {
		if s := over(repeat, string(rune('b'+i))); h.keep(s) {
			explored = append(explored, s)
		}
	}
	if len(explored) != hangFree || h.stats.HangExplored != hangFree || h.stats.HangSkipped != 40-hangFree {
		t.Errorf("%d explorations, stats %+v; want %d explored, the rest skipped", len(explored), *h.stats, hangFree)
	}
	for _, s := range explored {
		if !h.keepAgain(s) {
			t.Errorf("an exploration admitted at generation was vetoed at launch")
		}
	}
	if len(h.tried) != 0 {
		t.Errorf("%d explorations still held after their launch", len(h.tried))
	}
	if !h.keep(over(once, "z")) {
		t.Errorf("Next on a Reader over a source that ends was vetoed")
	}
}
