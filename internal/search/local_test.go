package search

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"math"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

func rstr(s string) rt.Lit  { return rt.Lit{Kind: rt.LitString, S: s} }
func rint(i int64) rt.Lit   { return rt.Lit{Kind: rt.LitInt, I: i} }
func sLit(s string) seq.Lit { return seq.Lit{Kind: seq.LitString, S: s} }

func candStrings(ls []seq.Lit) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.S)
	}
	return out
}

// TestInputToStateTransforms: an operand that is the input seen through a
// decoder or a case change is replaced by the other operand encoded back.
func TestInputToStateTransforms(t *testing.T) {
	for _, tc := range []struct {
		name  string
		input string
		x, y  string // compared operand (input transformed) and the wanted value
		want  string
	}{
		{"identity", "abc", "abc", "magic", "magic"},
		{"hex", hex.EncodeToString([]byte("ab")), "ab", "GT01", hex.EncodeToString([]byte("GT01"))},
		{"base64", "", "", "open sesame", base64.StdEncoding.EncodeToString([]byte("open sesame"))},
		{"lower", "HeLLo", "hello", "world", "world"},
		{"segment", "api/v2/v2/v2", "v2", "users", "api/v2/users/v2"},
	} {
		got := candStrings(inputToState(sLit(tc.input), [2]rt.Lit{rstr(tc.x), rstr(tc.y)}, [2]bool{}, [2]bool{}))
		if !slices.Contains(got, tc.want) {
			t.Errorf("%s: candidates %q lack %q", tc.name, got, tc.want)
		}
	}
}

// TestInputToStateNumbers: integers directly, as decimal text inside a
// string, as a byte of the input, and as the input's length.
func TestInputToStateNumbers(t *testing.T) {
	got := inputToState(seq.Lit{Kind: seq.LitInt, I: 7}, [2]rt.Lit{rint(7), rint(1234)}, [2]bool{}, [2]bool{})
	if len(got) == 0 || got[0].I != 1234 {
		t.Errorf("int: got %v, want 1234 first", got)
	}
	if s := candStrings(inputToState(sLit("v1.2.3"), [2]rt.Lit{rint(2), rint(9)}, [2]bool{}, [2]bool{})); !slices.Contains(s, "v1.9.3") {
		t.Errorf("digit group: %q lacks v1.9.3", s)
	}
	chk := seq.Lit{Kind: seq.LitBytes, S: "\x01\x02\x05"}
	if s := candStrings(inputToState(chk, [2]rt.Lit{{Kind: rt.LitUint, U: 3}, {Kind: rt.LitUint, U: 5}}, [2]bool{}, [2]bool{})); !slices.Contains(s, "\x01\x02\x03") {
		t.Errorf("byte: %q lacks the repaired checksum", s)
	}
	if s := candStrings(inputToState(sLit("42"), [2]rt.Lit{rint(2), rint(12)}, [2]bool{}, [2]bool{true, false})); !slices.Contains(s, "422222222222") {
		t.Errorf("length: %q lacks the 12-byte input", s)
	}
}

// TestAVMMoves: integer moves are ±2^j·scale in both directions, the
// largest marked as the pattern move; string characters move by ±2^j and
// can be deleted or duplicated; the length grows and shrinks.
func TestAVMMoves(t *testing.T) {
	ms := avmMoves(seq.Lit{Kind: seq.LitInt, I: 10}, -1, 1)
	var ints []int64
	jumps := 0
	for _, m := range ms {
		ints = append(ints, m.lit.I)
		if m.jump {
			jumps++
		}
	}
	for _, want := range []int64{11, 9, 12, 8, 10 + 128, 10 - 128} {
		if !slices.Contains(ints, want) {
			t.Errorf("int moves %v lack %d", ints, want)
		}
	}
	if jumps != 2 {
		t.Errorf("%d pattern moves, want 2 (±128)", jumps)
	}
	if ms := avmMoves(seq.Lit{Kind: seq.LitInt, I: 10}, -1, 128); !slices.ContainsFunc(ms, func(m move) bool { return m.lit.I == 10+128*128 }) {
		t.Errorf("scale 128 does not continue the pattern")
	}
	strs := candStrings(func() []seq.Lit {
		var out []seq.Lit
		for _, m := range avmMoves(sLit("abc"), 1, 1) {
			out = append(out, m.lit)
		}
		return out
	}())
	for _, want := range []string{"acc", "aac", "ac", "abbc", "a\"c"} {
		if !slices.Contains(strs, want) {
			t.Errorf("char moves %q lack %q", strs, want)
		}
	}
	var lens []string
	for _, m := range avmMoves(sLit("a/b"), -2, 1) {
		lens = append(lens, m.lit.S)
	}
	for _, want := range []string{"a/bb", "a/", "a/b/b", "0/0"} {
		if !slices.Contains(lens, want) {
			t.Errorf("length moves %q lack %q", lens, want)
		}
	}
	if f := avmMoves(seq.Lit{Kind: seq.LitFloat, F: 1}, -1, 1); math.Abs(f[0].lit.F-1) > 0.1 {
		t.Errorf("float moves start at %g, want a fine step", f[0].lit.F)
	}
}

// distFake is the fake executor with two distance conditions: Other(n)
// evaluates condition 0, 3*n == 30003, which needs local search (the
// operand is not the input), and Parse(s) condition 1, s == "xyzzy",
// which input-to-state solves at once.
func distFake(prog *model.Program) *executortest.Runner {
	f := newFake(prog)
	f.Edit = func(q rt.Request, out *executor.Outcome) { distances(prog, q, out.Result) }
	return f
}

// distances adds distFake's condition evaluations to res, the result of q.
func distances(prog *model.Program, q rt.Request, res *rt.Result) {
	for _, st := range q.Stmts {
		op := prog.Ops[st.Op]
		if len(st.Args) != 1 || st.Args[0].Kind != rt.ArgLit {
			continue
		}
		l := st.Args[0].Lit
		switch op.Name {
		case "Other":
			a, b := 3*l.I, int64(30003)
			res.Conds = addCond(res.Conds, 0, a == b, math.Abs(float64(a-b)))
			if q.Flags&rt.FlagOperands != 0 {
				res.Operands = append(res.Operands, rt.OperandObs{Branch: 0, Vals: [2]rt.Lit{rint(a), rint(b)}})
			}
		case "Parse":
			d := 0.0
			if l.S != "xyzzy" {
				d = float64(1 + len(l.S))
			}
			res.Conds = addCond(res.Conds, 1, d == 0, d)
			if q.Flags&rt.FlagOperands != 0 {
				res.Operands = append(res.Operands, rt.OperandObs{Branch: 2, Vals: [2]rt.Lit{rstr(l.S), rstr("xyzzy")}})
			}
		}
	}
}

// addCond records one evaluation (results here have at most one per
// condition, in ascending order).
func addCond(cs []rt.CondObs, id int32, v bool, d float64) []rt.CondObs {
	c := rt.CondObs{ID: id, DistTrue: d}
	if v {
		c.NTrue, c.DistFalse = 1, 1
	} else {
		c.NFalse = 1
	}
	return append(cs, c)
}

// TestClimbsCoverStalledBranches: local search moves Other's argument to
// 10001 and input-to-state gives Parse "xyzzy"; without them, the random
// search covers neither in the same budget.
func TestClimbsCoverStalledBranches(t *testing.T) {
	run := func(noLS, noI2S bool) *Engine {
		prog := testProgram(t)
		r := New(prog, Config{Seed: 5, MaxExecs: 6000, Batch: 64, NoLocalSearch: noLS, NoInputToState: noI2S})
		r.Run(context.Background(), distFake(prog))
		return r
	}
	on := run(false, false)
	if !on.cov.branches[0] || !on.cov.branches[2] {
		t.Errorf("with local search and input-to-state: 3n == 30003 covered %v, s == \"xyzzy\" covered %v (%d climbs)",
			on.cov.branches[0], on.cov.branches[2], on.Stats.Climbs)
	}
	off := run(true, true)
	if off.cov.branches[0] || off.cov.branches[2] {
		t.Errorf("without them, the fake's branches were covered: the test shows nothing")
	}
	if i2s := run(true, false); !i2s.cov.branches[2] || i2s.cov.branches[0] {
		t.Errorf("input-to-state alone: xyzzy covered %v (want true), 30003 covered %v (want false)", i2s.cov.branches[2], i2s.cov.branches[0])
	}
}

// TestUnrunProposals: a proposal that never runs is handed back to whoever
// made it. A climb counts it as a failed neighbour and goes on (it used to
// wait for it forever and never reach 3n == 30003), and neither the
// climbs' nor DynaMOSA's tags keep it.
func TestUnrunProposals(t *testing.T) {
	prog := testProgram(t)
	r := New(prog, Config{Seed: 5, MaxExecs: 9000, Batch: 64, Engine: EngineHybrid})
	// Every third sequence is left unrun, as a budget's end or a filter
	// leaves a proposal.
	f, n := distFake(prog), 0
	dist := f.Edit
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		if n++; n%3 == 0 {
			*out = executor.Outcome{Unrun: true}
			return
		}
		dist(q, out)
	}
	r.Run(context.Background(), f)
	if !r.cov.branches[0] {
		t.Errorf("3n == 30003 not covered with a third of the proposals unrun (%d climbs)", r.Stats.Climbs)
	}
	if !r.dyna.started {
		t.Fatalf("DynaMOSA never started")
	}
	if len(r.tags) != 0 {
		t.Errorf("%d proposals still tagged for the climbs or DynaMOSA after the search", len(r.tags))
	}
}

// The climbs alone: once a goal's distance has not improved for
// StallExecs executions, propose starts a climb from its closest
// sequence and proposes neighbours on one literal, each waiting for its
// outcome with the climb as listener; the neighbour that reaches the
// branch ends the climb covered, whatever the others report.
func TestClimbAlone(t *testing.T) {
	prog := testProgram(t)
	other := modeltest.OpOfKind(t, prog, model.Call, "Other")
	k := newKit(prog, 5, nil)
	ls := newLocalSearch(k.rng, k.cov, k.stats, k.gen, Config{NoInputToState: true})
	run := func(s *seq.Seq) *rt.Result {
		q := s.Wire(0, 0)
		res := normal(prog, s)
		distances(prog, q, res)
		k.cov.add(res)
		return res
	}
	start := modeltest.Seq(modeltest.Call(other, modeltest.Int(9993)))
	ls.learn(&outcome{s: start, res: run(start), clean: true, normal: true})
	if g := ls.goals[0]; g == nil || g.best != start || g.dist != 24 {
		t.Fatalf("goal on 3n == 30003: %+v, want start's distance 24", g)
	}
	if props := ls.propose(nil, 64); len(props) != 0 {
		t.Fatalf("%d proposals before the goal stalled", len(props))
	}
	k.stats.Executed = StallExecs
	props := ls.propose(nil, 64)
	if len(props) == 0 || k.stats.Climbs != 1 {
		t.Fatalf("%d proposals, %d climbs after the goal stalled", len(props), k.stats.Climbs)
	}
	c, _ := props[0].by.(*climb)
	for _, p := range props {
		if p.by != c || c == nil {
			t.Fatalf("a proposal of the climb is not tagged with it")
		}
		if p.s.Len() != 1 || p.s.Stmts[0].Op != other.ID || p.s.Stmts[0].Args[0].Lit.I == 9993 {
			t.Fatalf("proposal %s is not a neighbour of Other(9993)", p.s.Key())
		}
	}
	for _, p := range props {
		if p.s.Stmts[0].Args[0].Lit.I == 10001 {
			c.ran(p.s, run(p.s), true)
		} else {
			c.unrun(p.s)
		}
	}
	if !c.done || k.stats.ClimbsCovered != 1 {
		t.Errorf("after the round: done %v, covered %d; want the climb ended covered", c.done, k.stats.ClimbsCovered)
	}
}
