package search

import (
	"context"
	"testing"

	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
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
	return modeltest.Program(t, costlySrc, model.Options{})
}

// slowStmt returns the statement of q that times out in an executor, or
// -1: a call of Write on a writer some Init wired to itself, or a call of
// Work with a precision of 1000 or more.
func slowStmt(q rt.Request, init, write, work int) int {
	wired := map[int]bool{} // statements whose value is wired to itself
	for k, st := range q.Stmts {
		switch st.Op {
		case init:
			a, b := st.Args[0], st.Args[1]
			if a.Kind == rt.ArgRef && b.Kind == rt.ArgRef && a.Stmt == b.Stmt && a.Result == b.Result {
				wired[a.Stmt] = true
				wired[k] = true // Init returns its receiver
			}
		case write:
			if st.Args[0].Kind == rt.ArgRef && wired[st.Args[0].Stmt] {
				return k
			}
		case work:
			if a := st.Args[0]; a.Kind == rt.ArgLit && (a.Lit.I >= 1000 || a.Lit.I <= -1000) {
				return k
			}
		}
	}
	return -1
}

// A search learns from a few timeouts which self-wiring and which sizes
// cost them, and sets the same trap rarely after that: 23 timeouts in 3000
// sequences (most in batches generated before the first outcome came
// back); without the learning (costly.note doing nothing), 341.
func TestCostlyInputsLearned(t *testing.T) {
	prog := costlyProgram(t)
	init := modeltest.OpOfKind(t, prog, model.Method, "W.Init")
	write, work := modeltest.OpOfKind(t, prog, model.Method, "W.Write").ID, modeltest.OpOfKind(t, prog, model.Call, "Work").ID
	timeouts, byOp := 0, map[int]int{}
	f := newFake(prog)
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		if k := slowStmt(q, init.ID, write, work); k >= 0 {
			timeouts++
			byOp[q.Stmts[k].Op]++
			*out = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashTimeout, Stmt: k}}
		}
	}
	r := New(prog, Config{Seed: 1, MaxExecs: 3000, Batch: 32})
	r.Run(context.Background(), f)
	t.Logf("timeouts by operation: %v", byOp)
	if timeouts > 60 {
		t.Errorf("%d timeouts in %d sequences, want the costly inputs learned after a few", timeouts, r.Stats.Executed)
	}
	if !r.costly.wirings[wiring{init.ID, 1}] {
		t.Errorf("Init(w, w) not learned as costly self-wiring: %v", r.costly.wirings)
	}
	if len(r.costly.sizes) == 0 {
		t.Errorf("Work's large precision not learned as costly")
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

// A stack overflow of a self-wired value is learned like a timeout: after
// a few, l.Add(l) is no longer drawn. Without the learning (costly.note
// ignoring stack overflows) this search runs into 16 overflows in 3000
// sequences; with it, 2.
func TestStackOverflowSelfWiringLearned(t *testing.T) {
	prog := modeltest.Program(t, selfSrc, model.Options{})
	add := modeltest.OpOfKind(t, prog, model.Method, "List.Add")
	str := modeltest.OpOfKind(t, prog, model.Method, "List.String").ID
	// String on a list some Add made hold itself dies of a stack
	// overflow, with no statement named, as a fatal error in an executor
	// does.
	overflows := 0
	f := newFake(prog)
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		holdsItself := map[int]bool{}
		for _, st := range q.Stmts {
			switch st.Op {
			case add.ID:
				if a, b := st.Args[0], st.Args[1]; a.Kind == rt.ArgRef && b.Kind == rt.ArgRef && a.Stmt == b.Stmt && a.Result == b.Result {
					holdsItself[a.Stmt] = true
				}
			case str:
				if a := st.Args[0]; a.Kind == rt.ArgRef && holdsItself[a.Stmt] {
					overflows++
					*out = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashStackOverflow, Stmt: -1}}
					return
				}
			}
		}
	}
	r := New(prog, Config{Seed: 1, MaxExecs: 3000, Batch: 32})
	r.Run(context.Background(), f)
	t.Logf("%d stack overflows in %d sequences", overflows, r.Stats.Executed)
	if overflows > 6 {
		t.Errorf("%d stack overflows in %d sequences, want the self-wiring learned after a few", overflows, r.Stats.Executed)
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
	prog := modeltest.Program(t, cycleSrc, model.Options{})
	newW := modeltest.OpOfKind(t, prog, model.Call, "NewWriter").ID
	init := modeltest.OpOfKind(t, prog, model.Method, "W.Init").ID
	write := modeltest.OpOfKind(t, prog, model.Method, "W.Write").ID
	c := newCostly(prog, nil, &Stats{})
	nilW := seq.LitArg(seq.Lit{Kind: seq.LitNil})
	one := seq.LitArg(seq.Lit{Kind: seq.LitInt, I: 1})
	made := &seq.Seq{Stmts: []seq.Stmt{
		{Op: newW, Args: []seq.Arg{nilW}},          // w1
		{Op: newW, Args: []seq.Arg{seq.Ref(0, 0)}}, // w2 writes into w1
		{Op: newW, Args: []seq.Arg{nilW}},          // w3, on its own
	}}
	w1, w2, w3 := seq.Ref(0, 0), seq.Ref(1, 0), seq.Ref(2, 0)
	if c.avoid(made, init, 1, []seq.Arg{w1}, w2) {
		t.Fatalf("w1.Init(w2) avoided before any timeout")
	}
	timedOut := made.Clone()
	timedOut.Stmts = append(timedOut.Stmts,
		seq.Stmt{Op: init, Args: []seq.Arg{w1, w2, one}},
		seq.Stmt{Op: write, Args: []seq.Arg{w1, seq.LitArg(seq.Lit{Kind: seq.LitString, S: "\f"})}})
	c.note(timedOut, &executor.Crash{Kind: executor.CrashTimeout, Stmt: 4})
	if !c.wirings[wiring{init, 1}] {
		t.Fatalf("w1.Init(w2) with w2 writing into w1 not learned as costly wiring: %v", c.wirings)
	}
	if !c.avoid(made, init, 1, []seq.Arg{w1}, w2) {
		t.Errorf("w1.Init(w2) not avoided after its timeout")
	}
	if c.avoid(made, init, 1, []seq.Arg{w1}, w3) {
		t.Errorf("w1.Init(w3) avoided, but w3 does not write into w1")
	}
	if !c.seqWired(timedOut) {
		t.Errorf("the timed-out sequence is not seen as costly wiring")
	}
	// As a filter, the costly learning vetoes such a sequence and counts
	// it; one without the wiring passes.
	if c.keep(timedOut) || c.stats.CostlySkipped != 1 {
		t.Errorf("the filter kept the timed-out wiring (skipped %d)", c.stats.CostlySkipped)
	}
	if !c.keep(made) {
		t.Errorf("the filter vetoed a sequence without the wiring")
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

// After a timeout with a literal outside an enum's members, the search
// draws such literals for that type rarely: at seed 1, 3000 sequences,
// 18 timeouts (most before the first outcome came back); without the
// learning (costly.noteEnums doing nothing), 109, and the hang learning
// skipped 25,440 proposals on the way.
func TestCostlyEnumLearned(t *testing.T) {
	prog := modeltest.Program(t, enumSrc, model.Options{})
	target := &constpool.PackageConsts{Enums: []constpool.Enum{{
		Type: "example.com/p.Op", Kind: constpool.KindInt,
		Members: []constpool.EnumMember{
			{Name: "example.com/p.Del", Value: "-1"}, {Name: "example.com/p.Eq", Value: "0"}, {Name: "example.com/p.Ins", Value: "1"},
		},
	}}}
	merge := modeltest.OpOfKind(t, prog, model.Call, "Merge").ID
	// A Merge given a literal outside Op's members times out.
	timeouts := 0
	f := newFake(prog)
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		for k, st := range q.Stmts {
			if st.Op != merge {
				continue
			}
			for _, a := range st.Args[:2] { // a and b, the Ops
				if a.Kind == rt.ArgLit && (a.Lit.I < -1 || a.Lit.I > 1) {
					timeouts++
					*out = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashTimeout, Stmt: k}}
					return
				}
			}
		}
	}
	r := New(prog, Config{Seed: 1, MaxExecs: 3000, Batch: 32,
		Constants: NewConstants(prog, target, []*constpool.PackageConsts{target}, nil)})
	r.Run(context.Background(), f)
	t.Logf("%d timeouts in %d sequences", timeouts, r.Stats.Executed)
	if !r.costly.enums["example.com/p.Op"] {
		t.Fatalf("Op not learned as a costly enum: %v", r.costly.enums)
	}
	if timeouts > 40 {
		t.Errorf("%d timeouts in %d sequences, want values outside Op's members drawn rarely after a few", timeouts, r.Stats.Executed)
	}
	// Literals for any parameter of type Op are now members but for about
	// 1 in 80,000 (costlyEnumRetries).
	name := modeltest.OpOfKind(t, prog, model.Call, "Name")
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
