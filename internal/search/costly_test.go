package search

import (
	"context"
	"testing"
	"time"

	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// costlySrc has the two classes of costly.go: a writer that can be wired
// to itself, and an operation whose cost grows with an integer.
const costlySrc = `package p

type Writer interface{ Write(p []byte) (int, error) }

type W struct{ out Writer }

func New() *W                           { return &W{} }
func (w *W) Init(out Writer, n int) *W { w.out = out; return w }
func (w *W) Write(p []byte) (int, error)  { return len(p), nil }

func Work(prec int) int { return prec }
`

func costlyProgram(t *testing.T) *model.Program {
	t.Helper()
	return programOf(t, costlySrc)
}

// slowFake runs sequences like interp, except that a call of Write on a
// writer some Init wired to itself, and a call of Work with a precision of
// 1000 or more, time out, as they would in an executor.
type slowFake struct {
	interp
	init, write, work int
	timeouts          int
	byOp              map[int]int
}

func (f *slowFake) Run(seqs []rt.Request) []executor.Outcome {
	outs := f.interp.Run(seqs)
	for i, s := range seqs {
		wired := map[int]bool{} // statements whose value is wired to itself
		for k, st := range s.Stmts {
			slow := false
			switch st.Op {
			case f.init:
				a, b := st.Args[0], st.Args[1]
				if a.Kind == rt.ArgRef && b.Kind == rt.ArgRef && a.Stmt == b.Stmt && a.Result == b.Result {
					wired[a.Stmt] = true
					wired[k] = true // Init returns its receiver
				}
			case f.write:
				slow = st.Args[0].Kind == rt.ArgRef && wired[st.Args[0].Stmt]
			case f.work:
				a := st.Args[0]
				slow = a.Kind == rt.ArgLit && (a.Lit.I >= 1000 || a.Lit.I <= -1000)
			}
			if slow {
				f.timeouts++
				f.byOp[st.Op]++
				outs[i] = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashTimeout, Stmt: k}}
				break
			}
		}
	}
	return outs
}

// A search learns from a few timeouts which self-wiring and which sizes
// cost them, and sets the same trap rarely after that: 23 timeouts in 3000
// sequences (most in batches generated before the first outcome came
// back); without the learning (noteCostly doing nothing), 341.
func TestCostlyInputsLearned(t *testing.T) {
	prog := costlyProgram(t)
	init := opNamed(t, prog, model.Method, "W.Init")
	f := &slowFake{interp: interp{prog: prog}, init: init.ID,
		write: opNamed(t, prog, model.Method, "W.Write").ID, work: opNamed(t, prog, model.Call, "Work").ID}
	f.byOp = map[int]int{}
	r := NewRandom(prog, Config{Seed: 1, MaxExecs: 3000, Batch: 32})
	r.Run(context.Background(), f)
	t.Logf("timeouts by operation: %v", f.byOp)
	if f.timeouts > 60 {
		t.Errorf("%d timeouts in %d sequences, want the costly inputs learned after a few", f.timeouts, r.Stats.Executed)
	}
	if !r.costly.wirings[wiring{init.ID, 1}] {
		t.Errorf("Init(w, w) not learned as costly self-wiring: %v", r.costly.wirings)
	}
	if len(r.costly.sizes) == 0 {
		t.Errorf("Work's large precision not learned as costly")
	}
}

// deadlineFake is a runner whose every sequence takes step, and that stops
// at a deadline as exec.Pool does.
type deadlineFake struct {
	interp
	step time.Duration
}

func (f *deadlineFake) RunUntil(seqs []rt.Request, deadline time.Time) []executor.Outcome {
	outs := make([]executor.Outcome, len(seqs))
	for i := range seqs {
		if !time.Now().Before(deadline) {
			outs[i].Unrun = true
			continue
		}
		time.Sleep(f.step)
		outs[i] = f.interp.Run(seqs[i : i+1])[0]
	}
	return outs
}

func (f *deadlineFake) Run(seqs []rt.Request) []executor.Outcome {
	return f.RunUntil(seqs, time.Now().Add(time.Hour))
}

// With a time budget, a batch that would run long past it (here 128
// sequences of 20 ms, 2.5 s) is stopped at the budget's end, and the
// sequences left unrun are not counted as executed.
func TestBudgetBoundsSlowBatch(t *testing.T) {
	prog := testProgram(t)
	f := &deadlineFake{interp: interp{prog: prog}, step: 20 * time.Millisecond}
	r := NewRandom(prog, Config{Seed: 1, Budget: 300 * time.Millisecond})
	start := time.Now()
	r.Run(context.Background(), f)
	if d := time.Since(start); d > time.Second {
		t.Errorf("search with a 300ms budget took %v", d)
	}
	if r.Stats.Executed >= 128 || r.Stats.Executed == 0 {
		t.Errorf("executed %d sequences, want those run before the deadline", r.Stats.Executed)
	}
}

// selfSrc is a container that can hold itself, as the gods lists and
// stacks can: a list that holds itself recurses in String until the stack
// overflows.
const selfSrc = `package p

type List struct{ items []any }

func New() *List          { return &List{} }
func (l *List) Add(v any) { l.items = append(l.items, v) }
func (l *List) Len() int  { return len(l.items) }
func (l *List) String() string { return "" }
`

// overflowFake runs sequences like interp, except that String on a list
// some Add made hold itself dies of a stack overflow, with no statement
// named, as a fatal error in an executor does.
type overflowFake struct {
	interp
	add, str  int
	overflows int
}

func (f *overflowFake) Run(seqs []rt.Request) []executor.Outcome {
	outs := f.interp.Run(seqs)
	for i, s := range seqs {
		holdsItself := map[int]bool{}
		for _, st := range s.Stmts {
			switch st.Op {
			case f.add:
				a, b := st.Args[0], st.Args[1]
				if a.Kind == rt.ArgRef && b.Kind == rt.ArgRef && a.Stmt == b.Stmt && a.Result == b.Result {
					holdsItself[a.Stmt] = true
				}
			case f.str:
				if a := st.Args[0]; a.Kind == rt.ArgRef && holdsItself[a.Stmt] {
					f.overflows++
					outs[i] = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashStackOverflow, Stmt: -1}}
				}
			}
			if outs[i].Crash != nil {
				break
			}
		}
	}
	return outs
}

// A stack overflow of a self-wired value is learned like a timeout: after
// a few, l.Add(l) is no longer drawn. Without the learning (noteCostly
// ignoring stack overflows) this search runs into 16 overflows in 3000
// sequences; with it, 2.
func TestStackOverflowSelfWiringLearned(t *testing.T) {
	prog := programOf(t, selfSrc)
	add := opNamed(t, prog, model.Method, "List.Add")
	f := &overflowFake{interp: interp{prog: prog}, add: add.ID, str: opNamed(t, prog, model.Method, "List.String").ID}
	r := NewRandom(prog, Config{Seed: 1, MaxExecs: 3000, Batch: 32})
	r.Run(context.Background(), f)
	t.Logf("%d stack overflows in %d sequences", f.overflows, r.Stats.Executed)
	if f.overflows > 6 {
		t.Errorf("%d stack overflows in %d sequences, want the self-wiring learned after a few", f.overflows, r.Stats.Executed)
	}
	if !r.costly.wirings[wiring{add.ID, 1}] {
		t.Errorf("l.Add(l) not learned as costly self-wiring: %v", r.costly.wirings)
	}
}

// cycleSrc has writers wired to an output at their making, as
// text/tabwriter's NewWriter and Init do.
const cycleSrc = `package p

type Writer interface{ Write(p []byte) (int, error) }

type W struct{ out Writer }

func NewWriter(out Writer) *W            { return &W{out: out} }
func (w *W) Init(out Writer, n int) *W  { w.out = out; return w }
func (w *W) Write(p []byte) (int, error) { return len(p), nil }
`

// A cycle through two writers is self-wiring too: w2 := NewWriter(w1);
// w1.Init(w2, 1) makes w1 write into w2, which writes into w1, and its
// first flush never ends (text/tabwriter: 3 of the 7 timeouts of a 30 s
// search, bench/results/2026-11-27-rate14g). A timeout of such a sequence
// is learned as Init's costly wiring, and then extend no longer gives Init
// a writer that holds its receiver, while an unrelated writer stays.
func TestCycleWiringLearned(t *testing.T) {
	prog := programOf(t, cycleSrc)
	newW := opNamed(t, prog, model.Call, "NewWriter").ID
	init := opNamed(t, prog, model.Method, "W.Init").ID
	write := opNamed(t, prog, model.Method, "W.Write").ID
	r := NewRandom(prog, Config{Seed: 1, MaxExecs: 1})
	nilW := seq.LitArg(seq.Lit{Kind: seq.LitNil})
	one := seq.LitArg(seq.Lit{Kind: seq.LitInt, I: 1})
	made := &seq.Seq{Stmts: []seq.Stmt{
		{Op: newW, Args: []seq.Arg{nilW}},          // w1
		{Op: newW, Args: []seq.Arg{seq.Ref(0, 0)}}, // w2 writes into w1
		{Op: newW, Args: []seq.Arg{nilW}},          // w3, on its own
	}}
	w1, w2, w3 := seq.Ref(0, 0), seq.Ref(1, 0), seq.Ref(2, 0)
	if r.costly.avoid(made, init, 1, []seq.Arg{w1}, w2) {
		t.Fatalf("w1.Init(w2) avoided before any timeout")
	}
	timedOut := made.Clone()
	timedOut.Stmts = append(timedOut.Stmts,
		seq.Stmt{Op: init, Args: []seq.Arg{w1, w2, one}},
		seq.Stmt{Op: write, Args: []seq.Arg{w1, seq.LitArg(seq.Lit{Kind: seq.LitString, S: "\f"})}})
	r.costly.note(timedOut, &executor.Crash{Kind: executor.CrashTimeout, Stmt: 4})
	if !r.costly.wirings[wiring{init, 1}] {
		t.Fatalf("w1.Init(w2) with w2 writing into w1 not learned as costly wiring: %v", r.costly.wirings)
	}
	if !r.costly.avoid(made, init, 1, []seq.Arg{w1}, w2) {
		t.Errorf("w1.Init(w2) not avoided after its timeout")
	}
	if r.costly.avoid(made, init, 1, []seq.Arg{w1}, w3) {
		t.Errorf("w1.Init(w3) avoided, but w3 does not write into w1")
	}
	if !r.costly.seqWired(timedOut) {
		t.Errorf("the timed-out sequence is not seen as costly wiring")
	}
}

// enumSrc has an enum whose loop, like go-diff's DiffCleanupMerge over a
// Diff{Type: 5}, never ends for a value outside its members.
const enumSrc = `package p

type Op int

const (
	Del Op = -1
	Eq  Op = 0
	Ins Op = 1
)

func Merge(a, b Op, text string, n int) int { return int(a+b) + n + len(text) }
func Name(o Op) string                      { return "" }
`

// enumFake runs sequences like interp, except that a Merge given a
// literal outside Op's members times out.
type enumFake struct {
	interp
	merge    int
	timeouts int
}

func (f *enumFake) Run(seqs []rt.Request) []executor.Outcome {
	outs := f.interp.Run(seqs)
	for i, s := range seqs {
		for k, st := range s.Stmts {
			if st.Op != f.merge {
				continue
			}
			outside := false
			for _, a := range st.Args[:2] { // a and b, the Ops
				outside = outside || a.Kind == rt.ArgLit && (a.Lit.I < -1 || a.Lit.I > 1)
			}
			if outside {
				f.timeouts++
				outs[i] = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashTimeout, Stmt: k}}
				break
			}
		}
	}
	return outs
}

// After a timeout with a literal outside an enum's members, the search
// draws such literals for that type rarely: at seed 1, 3000 sequences,
// 18 timeouts (most before the first outcome came back); without the
// learning (noteCostlyEnums doing nothing), 109, and the hang learning
// skipped 25,440 proposals on the way.
func TestCostlyEnumLearned(t *testing.T) {
	prog := programOf(t, enumSrc)
	target := &constpool.PackageConsts{Enums: []constpool.Enum{{
		Type: "example.com/p.Op", Kind: constpool.KindInt,
		Members: []constpool.EnumMember{
			{Name: "example.com/p.Del", Value: "-1"}, {Name: "example.com/p.Eq", Value: "0"}, {Name: "example.com/p.Ins", Value: "1"},
		},
	}}}
	f := &enumFake{interp: interp{prog: prog}, merge: opNamed(t, prog, model.Call, "Merge").ID}
	r := NewRandom(prog, Config{Seed: 1, MaxExecs: 3000, Batch: 32,
		Constants: NewConstants(prog, target, []*constpool.PackageConsts{target}, nil)})
	r.Run(context.Background(), f)
	t.Logf("%d timeouts in %d sequences", f.timeouts, r.Stats.Executed)
	if !r.costly.enums["example.com/p.Op"] {
		t.Fatalf("Op not learned as a costly enum: %v", r.costly.enums)
	}
	if f.timeouts > 40 {
		t.Errorf("%d timeouts in %d sequences, want values outside Op's members drawn rarely after a few", f.timeouts, r.Stats.Executed)
	}
	// Literals for any parameter of type Op are now members but for about
	// 1 in 80,000 (costlyEnumRetries).
	name := opNamed(t, prog, model.Call, "Name")
	outside := 0
	for i := 0; i < 20000; i++ {
		if l := r.lits.arg(name, name.Params[0]).Lit; l.I < -1 || l.I > 1 {
			outside++
		}
	}
	t.Logf("%d of 20000 literals for Op outside its members after the learning", outside)
	if outside > 20 {
		t.Errorf("%d of 20000 literals for Op outside its members, want them rare", outside)
	}
}
