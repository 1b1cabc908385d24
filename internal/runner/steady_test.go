package runner

import (
	"fmt"
	"go/types"
	"hash/fnv"
	"math"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// fixed is a fake executor whose every run covers blocks 0-3 and
// conditions 0-3 both ways, with operands for every branch.
func fixed(prog *model.Program) *executortest.Runner {
	return &executortest.Runner{Prog: prog, Edit: func(_ rt.Request, out *executor.Outcome) { fixCoverage(out.Result) }}
}

func fixCoverage(r *rt.Result) {
	r.Blocks, r.Conds, r.Operands = []int32{0, 1, 2, 3}, nil, nil
	for c := int32(0); c < 4; c++ {
		r.Conds = append(r.Conds, rt.CondObs{ID: c, NTrue: 1, NFalse: 1})
		r.Operands = append(r.Operands, rt.OperandObs{Branch: 2 * c}, rt.OperandObs{Branch: 2*c + 1})
	}
}

// steady wraps inner with a clock watch of its own.
func steady(inner executor.FullRunner, t *instrument.Table, prog *model.Program) executor.FullRunner {
	return Steady(inner, t, prog, NewClockWatch(t))
}

// Probes unsteady through package state are hidden from every result;
// those unsteady through a call's clock read only from sequences that
// call a nondeterministic operation; steady probes never. A table without
// unsteady probes leaves the runner as it is.
func TestSteadyRunnerMasks(t *testing.T) {
	tab := &instrument.Table{}
	kinds := []instrument.Steadiness{0, instrument.UnsteadyCall, instrument.UnsteadyState, instrument.UnsteadyCall | instrument.UnsteadyState}
	for i, k := range kinds {
		tab.Blocks = append(tab.Blocks, instrument.Block{ID: i, Unsteady: k})
		tab.Conds = append(tab.Conds, instrument.Cond{ID: i, Nondet: k, Unsteady: k})
	}
	prog := &model.Program{Ops: []*model.Op{{ID: 0}, {ID: 1, Effects: model.Effects{Nondeterministic: true}}}}
	r := steady(fixed(prog), tab, prog)
	if _, ok := r.(*steadyRunner); !ok {
		t.Fatalf("steady returned %T for a table with unsteady probes", r)
	}
	det := rt.Request{Stmts: []rt.Stmt{{Op: 0}}}
	nondet := rt.Request{Stmts: []rt.Stmt{{Op: 0}, {Op: 1}}}
	outs := r.Run([]rt.Request{det, nondet})
	alone := r.RunAlone(nondet, 0)
	for _, tc := range []struct {
		name string
		res  *rt.Result
		want []int32
	}{
		{"deterministic operations", outs[0].Result, []int32{0, 1}},
		{"a nondeterministic operation", outs[1].Result, []int32{0}},
		{"run alone", alone.Result, []int32{0}},
	} {
		var conds, ops []int32
		for _, c := range tc.res.Conds {
			conds = append(conds, c.ID)
		}
		for _, o := range tc.res.Operands {
			if o.Branch%2 == 0 {
				ops = append(ops, o.Branch/2)
			}
		}
		for what, got := range map[string][]int32{"blocks": tc.res.Blocks, "conditions": conds, "operands": ops} {
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s: %s %v, want %v", tc.name, what, got, tc.want)
			}
		}
	}
	steadyTab := &instrument.Table{Blocks: []instrument.Block{{ID: 0}}, Conds: []instrument.Cond{{ID: 0}}}
	detProg := &model.Program{Ops: prog.Ops[:1]}
	if _, ok := steady(fixed(detProg), steadyTab, detProg).(*executortest.Runner); !ok {
		t.Errorf("a table without unsteady probes and a program without nondeterministic operations wrapped the runner")
	}
	if _, ok := steady(fixed(prog), steadyTab, prog).(*steadyRunner); !ok {
		t.Errorf("a program with a nondeterministic operation did not wrap the runner")
	}
}

// clock is a fake executor that answers like fixed, and whose
// statements each give two results: a value whose hash changes with every
// run, as a clock reading would, and a nil error.
func clock(prog *model.Program) *executortest.Runner {
	var tick uint64
	f := fixed(prog)
	f.Stmt = func(_ *model.Op, _ int, _ rt.Request, _ uint64, spec *rt.StmtSpec) {
		tick++
		// The second result, nil (an error), stays as it is.
		spec.Values = []rt.Value{{Type: rt.InternType("T"), Hash: tick}, {Nil: true, Hash: 7}}
	}
	return f
}

// A value a nondeterministic operation made, taken by a later call
// (uuid.NewV7, then its String parsed again), makes the later call's
// coverage and distances follow the clock, which the instrumentation
// cannot see: such a run steers nothing, and the values the taint reaches
// get a hash from the sequence, not from the run, and are unstable. A
// nondeterministic call whose result nothing takes keeps its steady
// probes; a sequence without one keeps everything.
func TestSteadyRunnerTaintsValues(t *testing.T) {
	tab := &instrument.Table{Blocks: []instrument.Block{{ID: 0}, {ID: 1}, {ID: 2}, {ID: 3}}}
	for i := range 4 {
		tab.Conds = append(tab.Conds, instrument.Cond{ID: i})
	}
	prog := &model.Program{Ops: []*model.Op{{ID: 0}, {ID: 1, Effects: model.Effects{Nondeterministic: true}}}}
	r := steady(clock(prog), tab, prog)
	ref := func(i int) rt.Arg { return rt.Arg{Kind: rt.ArgRef, Stmt: i} }
	det := rt.Request{Stmts: []rt.Stmt{{Op: 0}, {Op: 0, Args: []rt.Arg{ref(0)}}}}
	unused := rt.Request{Stmts: []rt.Stmt{{Op: 0}, {Op: 1}}}
	// op0(); v := op1(); op0(v); op0(s0): s0 is untainted, v and what
	// op0(v) returned are tainted, and op0(v) may have changed v.
	consumed := rt.Request{Stmts: []rt.Stmt{{Op: 0}, {Op: 1}, {Op: 0, Args: []rt.Arg{ref(1)}}, {Op: 0, Args: []rt.Arg{ref(0)}}}}
	// v := op0(); op1(v): the nondeterministic call may change v.
	mutated := rt.Request{Stmts: []rt.Stmt{{Op: 0}, {Op: 1, Args: []rt.Arg{ref(0)}}}}
	var runs [2][]executor.Outcome
	for k := range runs {
		runs[k] = r.Run([]rt.Request{det, unused, consumed, mutated})
	}
	for _, tc := range []struct {
		name          string
		i             int
		blocks, conds int
		unstable      []bool
	}{
		{"no nondeterministic call", 0, 4, 4, []bool{false, false}},
		{"a nondeterministic result nothing takes", 1, 4, 4, []bool{false, true}},
		{"a nondeterministic result taken", 2, 0, 0, []bool{false, true, true, false}},
		{"a value a nondeterministic call took", 3, 4, 4, []bool{true, true}},
	} {
		a, b := runs[0][tc.i].Result, runs[1][tc.i].Result
		if len(a.Blocks) != tc.blocks || len(a.Conds) != tc.conds || len(a.Operands) != 2*tc.conds {
			t.Errorf("%s: %d blocks, %d conditions, %d operands left, want %d, %d, %d", tc.name,
				len(a.Blocks), len(a.Conds), len(a.Operands), tc.blocks, tc.conds, 2*tc.conds)
		}
		for j, want := range tc.unstable {
			va, vb := a.Stmt(j).Values()[0], b.Stmt(j).Values()[0]
			if va.Unstable != want {
				t.Errorf("%s: statement %d's value unstable = %v, want %v", tc.name, j, va.Unstable, want)
			}
			if want && va.Hash != vb.Hash {
				t.Errorf("%s: statement %d's tainted value has hashes %x and %x in two runs", tc.name, j, va.Hash, vb.Hash)
			}
			if e := a.Stmt(j).Values()[1]; e.Unstable || e.Hash != 7 {
				t.Errorf("%s: statement %d's nil result became %+v; a nil error stays assertable", tc.name, j, e)
			}
		}
	}
	if runs[0][1].Result.Stmt(1).Values()[0].Hash == runs[0][2].Result.Stmt(1).Values()[0].Hash &&
		runs[0][2].Result.Stmt(1).Values()[0].Hash == runs[0][2].Result.Stmt(2).Values()[0].Hash {
		t.Errorf("tainted values of different statements share a hash")
	}
}

// What a call takes decides what of its run is kept: clock-made data (an
// ID's text, a time-based UUID) steers nothing, while an object that
// holds a clock reading (a Session with its start time) keeps the blocks
// its methods run, so that a type recording its creation time is still
// covered; the conditions' distances are dropped in both cases.
func TestSteadyRunnerObjectsKeepBlocks(t *testing.T) {
	tab := &instrument.Table{Blocks: []instrument.Block{{ID: 0}, {ID: 1}, {ID: 2}, {ID: 3}}}
	for i := range 4 {
		tab.Conds = append(tab.Conds, instrument.Cond{ID: i})
	}
	session := types.NewPointer(types.NewStruct(nil, nil))
	id := types.Typ[types.String]
	nd := model.Effects{Nondeterministic: true}
	prog := &model.Program{Ops: []*model.Op{
		{ID: 0},
		{ID: 1, Effects: nd, Results: []types.Type{session, types.Universe.Lookup("error").Type()}},
		{ID: 2, Effects: nd, Results: []types.Type{id, types.Universe.Lookup("error").Type()}},
	}}
	r := steady(clock(prog), tab, prog)
	ref := func(i int) rt.Arg { return rt.Arg{Kind: rt.ArgRef, Stmt: i} }
	object := rt.Request{Stmts: []rt.Stmt{{Op: 1}, {Op: 0, Args: []rt.Arg{ref(0)}}}}
	data := rt.Request{Stmts: []rt.Stmt{{Op: 2}, {Op: 0, Args: []rt.Arg{ref(0)}}}}
	outs := r.Run([]rt.Request{object, data})
	for i, want := range []int{4, 0} {
		res := outs[i].Result
		if len(res.Blocks) != want || len(res.Conds) != 0 || len(res.Operands) != 0 {
			t.Errorf("sequence %d: %d blocks, %d conditions, %d operands; want %d, 0, 0", i, len(res.Blocks), len(res.Conds), len(res.Operands), want)
		}
	}
}

// benchSeq is a sequence of n statements in which every other one is a
// nondeterministic call taking the one before it, with literal arguments
// as the search writes them: most values it makes are tainted.
func benchSeq(n int) (rt.Request, *model.Program) {
	prog := &model.Program{Ops: []*model.Op{{ID: 0}, {ID: 1, Effects: model.Effects{Nondeterministic: true}}}}
	q := rt.Request{ID: 42}
	for i := range n {
		st := rt.Stmt{Op: i % 2, Args: []rt.Arg{
			{Kind: rt.ArgLit, Lit: rt.Lit{Kind: 1, I: int64(i) * 1000}},
			{Kind: rt.ArgLit, Lit: rt.Lit{Kind: 4, S: "a literal string argument"}},
		}}
		if i > 0 {
			st.Args = append(st.Args, rt.Arg{Kind: rt.ArgRef, Stmt: i - 1})
		}
		q.Stmts = append(q.Stmts, st)
	}
	return q, prog
}

// BenchmarkSteadyMask measures mask on a 20-statement sequence most of
// whose values a nondeterministic call made (issue 14: taintedHash was a
// fifth of gentest's CPU on such packages).
func BenchmarkSteadyMask(b *testing.B) {
	q, prog := benchSeq(20)
	tab := &instrument.Table{Blocks: []instrument.Block{{ID: 0}}, Conds: []instrument.Cond{{ID: 0}}}
	s := steady(fixed(prog), tab, prog).(*steadyRunner)
	specs := make([]rt.StmtSpec, len(q.Stmts))
	for i := range specs {
		specs[i].Values = []rt.Value{{Type: rt.InternType("T"), Hash: uint64(i)}, {Type: rt.InternType("error"), Nil: true}}
	}
	b.ReportAllocs()
	for b.Loop() {
		r := rt.NewResult(specs...)
		s.mask(&q, r, s.info(&q, r))
	}
}

// The tainted values' hashes are those the steady runner gave them before
// it formatted each statement once (issue 14): FNV-1a of fmt's
// "%d %d %v" of the statement, the result and the statements up to it,
// whatever the literals hold.
func TestTaintedHashUnchanged(t *testing.T) {
	old := func(q *rt.Request, stmt, result int) uint64 {
		h := fnv.New64a()
		fmt.Fprintf(h, "%d %d %v", stmt, result, q.Stmts[:stmt+1])
		return h.Sum64()
	}
	lits := []rt.Lit{
		{}, {Kind: 1, I: -12345}, {Kind: 2, U: 1 << 63}, {Kind: 3, F: math.Inf(1)}, {Kind: 3, F: math.NaN()},
		{Kind: 3, F: -0.0}, {Kind: 3, F: 1e21}, {Kind: 3, F: 1.5e-7}, {Kind: 4, S: "a [b] {c} \x00 é\n"},
		{Kind: 5, B: true, Elems: []rt.Lit{{Kind: 1, I: 3}, {Kind: 4, S: ""}, {Elems: []rt.Lit{{Kind: 3, F: 2}}}}},
	}
	q, _ := benchSeq(6)
	for i := range q.Stmts {
		q.Stmts[i].Args = append(q.Stmts[i].Args, rt.Arg{Kind: rt.ArgLit, Stmt: -1, Result: 2, Lit: lits[i%len(lits)]},
			rt.Arg{Kind: rt.ArgLit, Lit: lits[(i+5)%len(lits)]})
	}
	q.Stmts = append(q.Stmts, rt.Stmt{Op: -3})
	var th taintedHasher
	for stmt := range q.Stmts {
		for result := range 3 {
			if got, want := th.hash(&q, stmt, result), old(&q, stmt, result); got != want {
				t.Errorf("statement %d result %d: hash %x, want %x", stmt, result, got, want)
			}
		}
	}
	// Another sequence through the same hasher starts afresh.
	q2, _ := benchSeq(3)
	if got, want := th.hash(&q2, 2, 0), old(&q2, 2, 0); got != want {
		t.Errorf("second sequence: hash %x, want %x", got, want)
	}
}

// A mutant's infection is hidden with its block: mutants 1 to 4 lie in
// blocks 0 to 3 of TestSteadyRunnerMasks's kinds, and a sequence calling
// a nondeterministic operation sees only the steady block's mutant, since
// which mutants a run infects would otherwise follow the clock too.
func TestSteadyRunnerMasksInfected(t *testing.T) {
	tab := &instrument.Table{}
	kinds := []instrument.Steadiness{0, instrument.UnsteadyCall, instrument.UnsteadyState, instrument.UnsteadyCall | instrument.UnsteadyState}
	for i, k := range kinds {
		tab.Blocks = append(tab.Blocks, instrument.Block{ID: i, Unsteady: k})
		tab.Mutants = append(tab.Mutants, instrument.Mutant{ID: i + 1, Block: i, Cond: -1})
	}
	prog := &model.Program{Ops: []*model.Op{{ID: 0}, {ID: 1, Effects: model.Effects{Nondeterministic: true}}}}
	f := fixed(prog)
	edit := f.Edit
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		edit(q, out)
		out.Result.Infected = []int32{1, 2, 3, 4}
	}
	r := steady(f, tab, prog)
	outs := r.Run([]rt.Request{{Stmts: []rt.Stmt{{Op: 0}}}, {Stmts: []rt.Stmt{{Op: 0}, {Op: 1}}}})
	if got, want := outs[0].Result.Infected, []int32{1, 2}; !slices.Equal(got, want) {
		t.Errorf("deterministic operations: infected %v, want %v", got, want)
	}
	if got, want := outs[1].Result.Infected, []int32{1}; !slices.Equal(got, want) {
		t.Errorf("a nondeterministic operation: infected %v, want %v", got, want)
	}
}
