package minimize

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

func TestReduceGreedy(t *testing.T) {
	tests := []Candidate{
		{Len: 5, Cover: []int64{1, 2, 3}},
		{Len: 2, Cover: []int64{1, 2, 3}},       // same coverage, shorter: wins the tie
		{Len: 9, Cover: []int64{3, 4, 5, 6, 7}}, // most coverage, 4 new per 11 after test 1
		{Len: 1, Cover: []int64{7}},             // nothing new after test 2
		{Len: 3, Cover: nil, BehaviourKey: 42},  // no coverage, unique behaviour
		{Len: 1, Cover: []int64{1}, BehaviourKey: 42},
		{Len: 4, Cover: []int64{8}, BehaviourKey: 7},
		{Len: 2, Cover: []int64{}, BehaviourKey: 7}, // 7 already asserted by test 6
	}
	got := Reduce(tests)
	// 1 (3 items for a cost of 4, against 2's 5 for 11), then 2 (4 new for
	// 11, against 3's 1 for 3), then 6 (8); key 42 is asserted by no kept
	// test: its shortest test, 5, is kept too.
	want := []int{1, 2, 5, 6}
	if !slices.Equal(got, want) {
		t.Errorf("Reduce = %v, want %v", got, want)
	}
}

// Reduce keeps the cover cheapest in statements: two short tests covering
// six and five items beat one long test covering all eleven, which plain
// greedy (most new items first) would take alone.
func TestReduceWeighsLength(t *testing.T) {
	tests := []Candidate{
		{Len: 12, Cover: []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
		{Len: 2, Cover: []int64{1, 2, 3, 4, 5, 6}},
		{Len: 2, Cover: []int64{7, 8, 9, 10, 11}, Kills: []int32{3}},
		{Len: 9, Kills: []int32{3}}, // the same kill, longer: not kept
	}
	if got, want := Reduce(tests), []int{1, 2}; !slices.Equal(got, want) {
		t.Errorf("Reduce = %v, want %v", got, want)
	}
}

// Mutants killed are goals next to coverage: a test that adds no coverage
// but kills a mutant no kept test kills is kept; one that adds neither is
// not, and a kill counts as much as a coverage item in the greedy choice.
func TestReduceKills(t *testing.T) {
	tests := []Candidate{
		{Len: 3, Cover: []int64{1, 2, 3}, Kills: []int32{1}},
		{Len: 2, Cover: []int64{1, 2}, Kills: []int32{2, 3}}, // no new coverage after 0, two new kills
		{Len: 1, Cover: []int64{3}, Kills: []int32{1}},       // nothing new: not written
		{Len: 1, Cover: nil, Kills: []int32{4, 4}},           // a kill alone
		{Len: 1, Cover: []int64{2}},                          // kills nothing, covers nothing new
	}
	got := Reduce(tests)
	// 0 and 1 both add 4 items (0: 1,2,3 and kill 1; 1: 1,2 and kills
	// 2,3): 1 is shorter. Then 0 adds 3 and kill 1 (2 items) against 2's
	// (3 and kill 1, 2 items, but shorter): 2. Then 3 (kill 4).
	want := []int{1, 2, 3}
	if !slices.Equal(got, want) {
		t.Errorf("Reduce = %v, want %v", got, want)
	}
	// Without kills the same tests reduce by coverage alone.
	for i := range tests {
		tests[i].Kills = nil
	}
	if got := Reduce(tests); !slices.Equal(got, []int{0}) {
		t.Errorf("Reduce without kills = %v, want [0]", got)
	}
}

// TestReduceRandom: on random inputs, the kept tests cover the union, every
// behaviour key is kept, and the answer does not change between calls.
func TestReduceRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for iter := 0; iter < 200; iter++ {
		n := 1 + rng.IntN(40)
		tests := make([]Candidate, n)
		for i := range tests {
			for k := rng.IntN(12); k > 0; k-- {
				tests[i].Cover = append(tests[i].Cover, int64(rng.IntN(60)))
			}
			tests[i].Len = 1 + rng.IntN(10)
			if rng.IntN(3) == 0 {
				tests[i].BehaviourKey = uint64(1 + rng.IntN(8))
			}
			for k := rng.IntN(3); k > 0; k-- {
				tests[i].Kills = append(tests[i].Kills, int32(1+rng.IntN(30)))
			}
		}
		got := Reduce(tests)
		if again := Reduce(tests); !slices.Equal(got, again) {
			t.Fatalf("not deterministic: %v vs %v", got, again)
		}
		all, kept := map[int64]bool{}, map[int64]bool{}
		keys, keptKeys := map[uint64]bool{}, map[uint64]bool{}
		kills, keptKills := map[int32]bool{}, map[int32]bool{}
		for _, tc := range tests {
			for _, x := range tc.Cover {
				all[x] = true
			}
			for _, m := range tc.Kills {
				kills[m] = true
			}
			if tc.BehaviourKey != 0 {
				keys[tc.BehaviourKey] = true
			}
		}
		for _, i := range got {
			for _, x := range tests[i].Cover {
				kept[x] = true
			}
			for _, m := range tests[i].Kills {
				keptKills[m] = true
			}
			if tests[i].BehaviourKey != 0 {
				keptKeys[tests[i].BehaviourKey] = true
			}
		}
		if len(all) != len(kept) || len(keys) != len(keptKeys) || len(kills) != len(keptKills) {
			t.Fatalf("coverage %d/%d, keys %d/%d, kills %d/%d", len(kept), len(all), len(keptKeys), len(keys), len(keptKills), len(kills))
		}
		if !slices.IsSorted(got) {
			t.Fatalf("indices not ascending: %v", got)
		}
	}
}

func TestCoverageOf(t *testing.T) {
	r := &rt.Result{Blocks: []int32{7, 3}, Conds: []rt.CondObs{{ID: 2, NTrue: 1}, {ID: 5, NTrue: 2, NFalse: 1}, {ID: 6}}}
	got := CoverageOf(r)
	want := []int64{3, 7, BranchBit | 4, BranchBit | 10, BranchBit | 11}
	if !slices.Equal(got, want) {
		t.Errorf("CoverageOf = %v, want %v", got, want)
	}
	if m := Minus(want, []int64{7, BranchBit | 10}); !slices.Equal(m, []int64{3, BranchBit | 4, BranchBit | 11}) {
		t.Errorf("Minus = %v", m)
	}
}

// fakeRunner runs wire sequences on executortest's fake executor, with a
// branch per operation, "an integer literal argument above 5", observed
// by its statements that have one; statements of panicOp (nil: none)
// panic at a fixed site.
func fakeRunner(prog *model.Program, panicOp *model.Op) *executortest.Runner {
	return &executortest.Runner{Prog: prog,
		Stmt: func(op *model.Op, _ int, _ rt.Request, _ uint64, spec *rt.StmtSpec) {
			if op == panicOp {
				spec.Outcome, spec.Note = rt.OutPanic, &rt.StmtNote{PanicSite: "p.go:1"}
			}
		},
		Edit: func(q rt.Request, out *executor.Outcome) {
			conds := map[int32]*rt.CondObs{}
			for _, st := range q.Stmts {
				for _, a := range st.Args {
					if a.Kind != rt.ArgLit || a.Lit.Kind != rt.LitInt {
						continue
					}
					c := conds[int32(st.Op)]
					if c == nil {
						c = &rt.CondObs{ID: int32(st.Op)}
						conds[int32(st.Op)] = c
					}
					if a.Lit.I > 5 {
						c.NTrue++
					} else {
						c.NFalse++
					}
				}
			}
			for id := range int32(len(prog.Ops)) {
				if c := conds[id]; c != nil {
					out.Result.Conds = append(out.Result.Conds, *c)
				}
			}
		},
	}
}

// TestMinimizeAllMatchesSequential: merging the batches of concurrent
// minimizations gives each job the result it gets alone, and KeepsCoverage
// keeps the coverage asked for.
func TestMinimizeAllMatchesSequential(t *testing.T) {
	prog, ops := testProgram(t)
	runner := fakeRunner(prog, nil)
	rng := rand.New(rand.NewPCG(5, 5))
	var jobs []Job
	for len(jobs) < 12 {
		s := randomSeq(prog, rng, 5+rng.IntN(15))
		target := len(s.Stmts) - 1
		orig := Trial{Seq: s, Target: target}
		res := runner.Run([]rt.Request{toWire(s)})[0].Result
		// Keep the coverage of Twice and Use calls only: the rest may go.
		var need []int64
		for _, x := range CoverageOf(res) {
			if op := x &^ BranchBit; x&BranchBit != 0 && (int(op/2) == ops["Twice"] || int(op/2) == ops["Use"]) {
				need = append(need, x)
			}
		}
		keep := KeepsCoverage(prog, orig, res, need)
		if !keep(orig, executor.Outcome{Result: res}) {
			t.Fatalf("the original does not keep its own coverage: %s", pretty(prog, s))
		}
		jobs = append(jobs, Job{Seq: s, Target: target, Keep: keep})
	}
	all := MinimizeAll(context.Background(), prog, runner, jobs, 4, Options{})
	for i, j := range jobs {
		one := MinimizeWith(prog, j.Seq, j.Target, ExecOracle(runner, j.Keep), Options{})
		if one.Seq.Key() != all[i].Seq.Key() || one.Target != all[i].Target {
			t.Fatalf("job %d: MinimizeAll %s, alone %s", i, pretty(prog, all[i].Seq), pretty(prog, one.Seq))
		}
		out := runner.Run([]rt.Request{toWire(one.Seq)})[0]
		if !j.Keep(Trial{Seq: one.Seq, Target: one.Target}, out) {
			t.Fatalf("job %d: result does not keep the property", i)
		}
		if one.Seq.Len() > j.Seq.Len() {
			t.Fatalf("job %d grew", i)
		}
	}
}

// TestKeepsFailure: a panic keeps its site; a different outcome is not
// the same failure.
func TestKeepsFailure(t *testing.T) {
	prog, ops := testProgram(t)
	b := &builder{ops: ops}
	x := b.add("NewBox", modeltest.Int(3))
	b.add("Twice", modeltest.Int(9))
	target := b.add("Box.Get", ref(x))
	runner := fakeRunner(prog, prog.Ops[ops["Box.Get"]])
	orig := Trial{Seq: &b.s, Target: target}
	out := runner.Run([]rt.Request{toWire(&b.s)})[0]
	keep := ExecOracle(runner, KeepsFailure(prog, orig, out))
	got, gt := Minimize(prog, &b.s, target, keep)
	if want := "v0 = NewBox(i0); v1 = Box.Get(v0);"; pretty(prog, got) != want || gt != 1 {
		t.Errorf("got %s (target %d), want %s", pretty(prog, got), gt, want)
	}
	normal := fakeRunner(prog, nil).Run([]rt.Request{toWire(got)})[0]
	if KeepsFailure(prog, orig, out)(Trial{Seq: got, Target: gt}, normal) {
		t.Errorf("a normal run kept the failure")
	}
}

func toWire(s *seq.Seq) rt.Request { return s.Wire(0, 0) }

// Greedy keeps a test for the items it added when it was taken; tests
// taken after it may cover them all. Such a test leaves the cover (a
// prime cover): here the long test 0 is taken first for four items, then
// 1 and 2 for one each, and between them they cover all of 0's.
func TestReduceDropsRedundant(t *testing.T) {
	tests := []Candidate{
		{Len: 9, Cover: []int64{1, 2, 3, 4}},
		{Len: 2, Cover: []int64{1, 2, 5}},
		{Len: 2, Cover: []int64{3, 4}, Kills: []int32{6}},
	}
	if got := Reduce(tests); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("Reduce = %v, want [1 2] (test 0 covers nothing 1 and 2 do not)", got)
	}
}
