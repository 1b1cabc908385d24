package search

import (
	"context"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
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
	return programOf(t, hangSrc)
}

// hangFake runs sequences like interp, except that Next on a Reader with
// no source or over a Repeat source runs until its limit (a timeout), and
// Wait on a gate nobody opened blocks (a deadlock, found after the
// limit), as they would in an executor. It counts the hangs, and the
// normal runs of Next and Wait.
type hangFake struct {
	interp
	once, repeat, newR, next, newGate, open, wait int

	hangs, nextNormal, waitNormal int
}

func (f *hangFake) Run(seqs []rt.Request) []executor.Outcome {
	outs := f.interp.Run(seqs)
	for i, s := range seqs {
		endless := map[int]bool{} // statements whose value never ends
		opened := map[int]bool{}  // statements whose gate is open
		ref := func(a rt.Arg) int {
			if a.Kind != rt.ArgRef {
				return -1
			}
			return a.Stmt
		}
		for k, st := range s.Stmts {
			var hang *executor.Crash
			switch st.Op {
			case f.repeat:
				endless[k] = true
			case f.newR:
				src := ref(st.Args[0])
				endless[k] = src < 0 || endless[src]
			case f.next:
				if r := ref(st.Args[0]); r < 0 || endless[r] {
					hang = &executor.Crash{Kind: executor.CrashTimeout, Stmt: k}
				}
			case f.open:
				if g := ref(st.Args[0]); g >= 0 {
					opened[g] = true
				}
			case f.wait:
				if g := ref(st.Args[0]); g < 0 || !opened[g] {
					hang = &executor.Crash{Kind: executor.CrashDeadlock, Stmt: k}
				}
			}
			if hang != nil {
				f.hangs++
				outs[i] = executor.Outcome{Crash: hang}
				break
			}
			switch st.Op {
			case f.next:
				f.nextNormal++
			case f.wait:
				f.waitNormal++
			}
		}
		// An open gate is another value than a closed one, as the
		// executor's hash of its state says.
		for g := range opened {
			if res := outs[i].Result; res != nil && g < len(res.Stmts) && len(res.Stmt(g).Values()) > 0 {
				res.Stmt(g).Values()[0].Hash ^= 0x5eed
			}
		}
	}
	return outs
}

func newHangFake(t *testing.T, prog *model.Program) *hangFake {
	return &hangFake{interp: interp{prog: prog},
		once: opNamed(t, prog, model.Call, "Once").ID, repeat: opNamed(t, prog, model.Call, "Repeat").ID,
		newR: opNamed(t, prog, model.Call, "New").ID, next: opNamed(t, prog, model.Method, "Reader.Next").ID,
		newGate: opNamed(t, prog, model.Call, "NewGate").ID, open: opNamed(t, prog, model.Method, "Gate.Open").ID,
		wait: opNamed(t, prog, model.Method, "Gate.Wait").ID}
}

// A search learns from a few hangs which receivers' constructions make
// Next and Wait hang, stops drawing them, and still runs both normally on
// the constructions that return (a Reader over a source that ends, a gate
// that was opened): 15, 15 and 17 hangs in 3000 sequences at seeds 1-3;
// without the learning (noteHang and runStaggered's filter doing
// nothing), 357, 340 and 314.
func TestHangsLearned(t *testing.T) {
	prog := hangProgram(t)
	for seed := int64(1); seed <= 3; seed++ {
		f := newHangFake(t, prog)
		r := NewRandom(prog, Config{Seed: seed, MaxExecs: 3000, Batch: 128})
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
		NewRandom(prog, Config{Seed: seed, MaxExecs: 3000, Batch: 128}).Run(context.Background(), g)
		if a, b := f.runs(), g.runs(); !slices.Equal(a, b) {
			t.Errorf("seed %d: two searches ran different sequences (%d and %d)", seed, len(a), len(b))
		}
	}
}

// Within one batch, generated before any of it ran, the sequences that
// repeat a call that hung in an earlier chunk are left unrun.
func TestStaggeredBatchSkipsRepeats(t *testing.T) {
	prog := hangProgram(t)
	f := newHangFake(t, prog)
	repeat, newR, next, count := opNamed(t, prog, model.Call, "Repeat"), opNamed(t, prog, model.Call, "New"),
		opNamed(t, prog, model.Method, "Reader.Next"), opNamed(t, prog, model.Method, "Reader.Count")
	endlessNext := func(text string) *seq.Seq {
		return &seq.Seq{Stmts: []seq.Stmt{call(repeat, strLit(text)), call(newR, seq.Ref(0, 0)), call(next, seq.Ref(1, 0))}}
	}
	endlessCount := &seq.Seq{Stmts: []seq.Stmt{call(repeat, strLit("x")), call(newR, seq.Ref(0, 0)), call(count, seq.Ref(1, 0))}}
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
	newW, init := opNamed(t, prog, model.Call, "New"), opNamed(t, prog, model.Method, "W.Init")
	// q2 := q1.Init(q0): q2 is built on q0.
	built := []seq.Stmt{call(newW), call(newW), call(init, seq.Ref(1, 0), seq.Ref(0, 0), intLit(1))}
	shared := &seq.Seq{Stmts: append(append([]seq.Stmt{}, built...), call(init, seq.Ref(2, 0), seq.Ref(0, 0), intLit(3)))}
	fresh := &seq.Seq{Stmts: append(append([]seq.Stmt{}, built...), call(newW), call(init, seq.Ref(2, 0), seq.Ref(3, 0), intLit(3)))}
	// Another receiver construction, the same sharing: q1 := q0.Init(q0'), then q1.Init(q0').
	other := &seq.Seq{Stmts: []seq.Stmt{call(newW), call(init, seq.Ref(0, 0), nilLit(), intLit(2)), call(newW),
		call(init, seq.Ref(1, 0), seq.Ref(2, 0), intLit(1)), call(init, seq.Ref(3, 0), seq.Ref(2, 0), intLit(1))}}
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
	once := opNamed(t, prog, model.Call, "Once")
	batch := make([]*seq.Seq, n)
	reqs := make([]rt.Request, n)
	for i := range batch {
		batch[i] = &seq.Seq{Stmts: []seq.Stmt{call(once, strLit(string(rune('a'+i))))}}
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
	newW, init := opNamed(t, prog, model.Call, "New"), opNamed(t, prog, model.Method, "W.Init")
	direct := &seq.Seq{Stmts: []seq.Stmt{call(newW), call(init, seq.Ref(0, 0), seq.Ref(0, 0), intLit(1))}}
	derived := &seq.Seq{Stmts: []seq.Stmt{call(newW), call(init, seq.Ref(0, 0), nilLit(), intLit(1)),
		call(init, seq.Ref(0, 0), seq.Ref(1, 0), intLit(2))}}
	other := &seq.Seq{Stmts: []seq.Stmt{call(newW), call(newW), call(init, seq.Ref(0, 0), seq.Ref(1, 0), intLit(1))}}
	if !wiredIntoItself(prog, direct, 1) || !wiredIntoItself(prog, derived, 2) {
		t.Errorf("a writer wired into itself, directly or through what Init returned, not recognized")
	}
	if wiredIntoItself(prog, other, 2) {
		t.Errorf("a writer wired to another writer taken for one wired into itself")
	}
	r := NewRandom(prog, Config{Seed: 1})
	r.hangs.note(derived, &executor.Crash{Kind: executor.CrashTimeout, Stmt: 2})
	if r.Stats.Hangs != 0 || r.hangs.risk(other) != riskNone {
		t.Errorf("a self-wired hang was learned: %d hangs, risk of another wiring of the same making %d", r.Stats.Hangs, r.hangs.risk(other))
	}
	r.hangs.note(other, &executor.Crash{Kind: executor.CrashTimeout, Stmt: 2})
	if r.Stats.Hangs != 1 || r.hangs.risk(other) != riskKnown {
		t.Errorf("a hang without self-wiring: %d hangs learned, risk %d", r.Stats.Hangs, r.hangs.risk(other))
	}
}
