package search

import (
	"math"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// The bloodhound's decay, GRT §III-F with p = 0.99:
//
//	w(m, k) = max(-3/ln(1-p) · p^k/k, 1/ln(|M|+3)) · w(m, 0)
//
// checked against values computed by hand (-3/ln 0.01 = 0.6514417).
func TestBloodhoundWeight(t *testing.T) {
	if BloodhoundP != 0.99 || BloodhoundAlpha != 0.9 {
		t.Fatalf("p = %v, α = %v; GRT uses 0.99 and 0.9", BloodhoundP, BloodhoundAlpha)
	}
	b := newTargetPicker([]*model.Op{{ID: 0}, {ID: 1}}, nil, nil, newCoverage(), &Stats{})
	b.base = []float64{0.5, 0.8}
	// |M| = 2: the floor is 1/ln 5 = 0.6213349.
	tests := []struct {
		k    int
		want float64 // for w(m, 0) = 0.5
	}{
		{0, 0.5},         // w(m, 0) itself
		{1, 0.3224637},   // 0.5 · 0.6514417·0.99 (0.6449273 > 0.6213349)
		{2, 0.3106675},   // 0.6514417·0.99²/2 = 0.3192390 < 0.6213349: 0.5 · the floor
		{100, 0.3106675}, // back to uniform
	}
	for _, tc := range tests {
		b.k[0] = tc.k
		if got := b.weight(0); !near(got, tc.want) {
			t.Errorf("w(m, %d) = %.7f, want %.7f", tc.k, got, tc.want)
		}
	}
	b.k[1] = 0
	if got := b.weight(1); !near(got, 0.8) {
		t.Errorf("w(m', 0) = %.7f, want its own base 0.8", got)
	}
	// With more operations the floor is lower and the decay term wins for
	// longer: |M| = 200, floor 1/ln 203 = 0.1882103.
	many := make([]*model.Op, 200)
	for i := range many {
		many[i] = &model.Op{ID: i}
	}
	b = newTargetPicker(many, nil, nil, newCoverage(), &Stats{})
	for _, tc := range []struct {
		k    int
		want float64
	}{
		{3, 0.2106978}, // 0.6514417·0.99³/3
		{4, 0.1882103}, // 0.6514417·0.99⁴/4 = 0.1564431 < the floor
	} {
		b.k[0] = tc.k
		if got := b.weight(0); !near(got, tc.want) {
			t.Errorf("|M|=200: w(m, %d) = %.7f, want %.7f", tc.k, got, tc.want)
		}
	}
}

// refresh recomputes w(m, 0) = α·uncovRatio(m) + (1-α)·(1 - succ(m)/maxSucc)
// from the operations' own conditions (both sides each) or, without
// conditions, their blocks; a fully covered, most successful operation
// keeps a small floor.
func TestBloodhoundRefresh(t *testing.T) {
	ops := []*model.Op{{ID: 10}, {ID: 11}, {ID: 12}, {ID: 13}}
	code := map[int]OpCode{
		10: {Conds: []int32{0, 1}, Blocks: []int32{1, 2, 3}}, // conditions take precedence
		11: {Blocks: []int32{5, 6, 7, 8}},
		12: {Blocks: []int32{9}},
		// 13: no code of its own (a method of an embedded type, say)
	}
	cov := &coverage{branches: map[int32]bool{0: true, 1: true, 3: true}, blocks: map[int32]bool{1: true, 5: true, 9: true}}
	b := newTargetPicker(ops, code, nil, cov, &Stats{Executed: 2048})
	b.succ = []int{4, 0, 4, 2}
	b.k = []int{3, 3, 3, 3}
	b.refresh()
	// 10: branch sides 0,1 (cond 0) and 3 (cond 1 false) covered: 1/4
	//     uncovered; succ 4/4.   0.9·0.25 + 0.1·0    = 0.225
	// 11: 3/4 blocks uncovered; succ 0.  0.9·0.75 + 0.1·1 = 0.775
	// 12: all covered; succ 4/4: 0, floored to 0.02
	// 13: no code: uncovRatio 0; succ 2/4.  0.1·0.5  = 0.05
	want := []float64{0.225, 0.775, 0.02, 0.05}
	for i, w := range want {
		if !near(b.base[i], w) {
			t.Errorf("w(op %d, 0) = %.4f, want %.4f", ops[i].ID, b.base[i], w)
		}
		if b.k[i] != 0 {
			t.Errorf("k(op %d) = %d after refresh, want 0", ops[i].ID, b.k[i])
		}
	}
	if b.updated != 2048 {
		t.Errorf("updated = %d, want 2048", b.updated)
	}
	// No successes at all: the success term is 1 for every operation.
	b.succ = []int{0, 0, 0, 0}
	b.refresh()
	if !near(b.base[3], 0.1) {
		t.Errorf("no successes: w(op 13, 0) = %.4f, want 0.1", b.base[3])
	}
}

// pick chooses operations in proportion to their weights, counts each
// choice in k, and refreshes every BloodhoundInterval executions.
func TestBloodhoundPick(t *testing.T) {
	prog := testProgram(t)
	k := newKit(prog, 3, nil)
	ops := []*model.Op{{ID: 0}, {ID: 1}}
	b := newTargetPicker(ops, map[int]OpCode{0: {Blocks: []int32{1}}, 1: {Blocks: []int32{2}}}, k.rng, k.cov, k.stats)
	const n = 20000
	count := 0
	for i := 0; i < n; i++ {
		b.base = []float64{0.25, 0.75}
		b.k = []int{0, 0}
		if b.pick() == 1 {
			count++
		}
		if b.k[0]+b.k[1] != 1 {
			t.Fatalf("k = %v after one pick, want one selection counted", b.k)
		}
	}
	if f := float64(count) / n; math.Abs(f-0.75) > 0.02 {
		t.Errorf("op with weight 0.75 of 1 picked %.3f of the time", f)
	}
	// Past the interval, pick refreshes from coverage first: op 0's block
	// is covered, op 1's is not.
	k.cov.blocks[1] = true
	k.stats.Executed = b.updated + BloodhoundInterval
	b.pick()
	if !near(b.base[0], 0.1) || !near(b.base[1], 1) {
		t.Errorf("after the interval, base = %v, want [0.1 1]", b.base)
	}
}

// Orienteering, as gentest implements it: a sample of up to 16 candidates
// drawn with replacement, one of them chosen with weight
// 1/((k+1)·l·√l), where k counts earlier selections and l = stmt+1 is the
// position of the statement that made the value in its pooled sequence.
//
// GRT weighs 1/(Σᵢ exec_timeᵢ · √meth_size) over the k selections so far;
// gentest replaces the measured times by a count of calls (reproducible).
// With two candidates A and B the sample is AA, BB or AB (probability
// 1/4, 1/4, 1/2), so P(A) = 1/4 + 1/2 · wA/(wA+wB).
func TestOrienteeringWeights(t *testing.T) {
	prog := testProgram(t)
	tests := []struct {
		name         string
		aStmt, bStmt int
		aSel, bSel   int
		wA, wB       float64
	}{
		{"l·√l: 1 vs 2", 0, 1, 0, 0, 1, 1 / (2 * math.Sqrt2)},
		{"l·√l: 1 vs 4", 0, 3, 0, 0, 1, 1.0 / 8},
		{"k+1: selected 0 vs 3 times", 0, 0, 0, 3, 1, 1.0 / 4},
		{"both", 1, 0, 1, 0, 1 / (2 * 2 * math.Sqrt2), 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x := newKit(prog, 5, nil).extension(Config{})
			a := &pooled{seq: &seq.Seq{}, stmt: tc.aStmt}
			b := &pooled{seq: &seq.Seq{}, stmt: tc.bStmt}
			const n = 40000
			countA := 0
			for i := 0; i < n; i++ {
				a.selected, b.selected = tc.aSel, tc.bSel
				got := x.choose([]*pooled{a, b})
				if got == a {
					countA++
				}
				if got.selected != map[bool]int{true: tc.aSel, false: tc.bSel}[got == a]+1 {
					t.Fatalf("the chosen value's selection count was not incremented")
				}
			}
			want := 0.25 + 0.5*tc.wA/(tc.wA+tc.wB)
			if f := float64(countA) / n; math.Abs(f-want) > 0.012 {
				t.Errorf("P(A) = %.4f, want %.4f", f, want)
			}
		})
	}
	// Switched off: uniform.
	x := newKit(prog, 5, nil).extension(Config{NoOrienteering: true})
	a := &pooled{seq: &seq.Seq{}, stmt: 0}
	b := &pooled{seq: &seq.Seq{}, stmt: 9, selected: 50}
	countA := 0
	for i := 0; i < 20000; i++ {
		if x.choose([]*pooled{a, b}) == a {
			countA++
		}
	}
	if f := float64(countA) / 20000; math.Abs(f-0.5) > 0.015 {
		t.Errorf("NoOrienteering: P(A) = %.4f, want 0.5", f)
	}
}

// OpCodes gives each operation the blocks and conditions of its own
// function, closures included, matching the instrumenter's function names.
func TestOpCodes(t *testing.T) {
	prog := testProgram(t)
	newStack := modeltest.OpOfKind(t, prog, model.Call, "NewStack")
	push := modeltest.OpOfKind(t, prog, model.Method, "Stack.Push")
	area := modeltest.OpOfKind(t, prog, model.Method, "Sq.Area")
	tab := &instrument.Table{
		Blocks: []instrument.Block{{ID: 0, Func: "NewStack"}, {ID: 1, Func: "(*Stack).Push"}, {ID: 2, Func: "NewStack.func1"},
			{ID: 3, Func: "(*Sq).Area"}, {ID: 4, Func: "helper"}},
		Conds: []instrument.Cond{{ID: 0, Func: "(*Stack).Push"}, {ID: 1, Func: "NewStack.func1"}},
	}
	code := OpCodes(prog, tab)
	check := func(op *model.Op, blocks, conds []int32) {
		t.Helper()
		c := code[op.ID]
		if !equalInt32(c.Blocks, blocks) || !equalInt32(c.Conds, conds) {
			t.Errorf("%s: blocks %v conds %v, want %v %v", op.Name, c.Blocks, c.Conds, blocks, conds)
		}
	}
	check(newStack, []int32{0, 2}, []int32{1})
	check(push, []int32{1}, []int32{0})
	check(area, []int32{3}, nil)
	if _, ok := code[modeltest.OpOfKind(t, prog, model.Zero, "Sq").ID]; ok {
		t.Errorf("a zero-value operation has code")
	}
}

func equalInt32(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// As a learner, bloodhound counts a normal run as a success of the
// operation it calls last, and nothing else.
func TestBloodhoundLearnsSuccesses(t *testing.T) {
	ops := []*model.Op{{ID: 4}, {ID: 9}}
	b := newTargetPicker(ops, nil, nil, newCoverage(), &Stats{})
	s := modeltest.Seq(seq.Stmt{Op: 4}, seq.Stmt{Op: 9})
	b.learn(&outcome{s: s, clean: true, normal: true})
	b.learn(&outcome{s: s, clean: true})
	b.learn(&outcome{s: modeltest.Seq(seq.Stmt{Op: 7}), clean: true, normal: true})
	if b.succ[0] != 0 || b.succ[1] != 1 {
		t.Errorf("successes %v, want [0 1]", b.succ)
	}
}
