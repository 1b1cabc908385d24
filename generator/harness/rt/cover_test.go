package gentestrt

import (
	"math"
	"sync"
	"testing"
)

func condOf(t *testing.T, id int) CondStat {
	t.Helper()
	for _, c := range Conds(nil) {
		if int(c.ID) == id {
			return c
		}
	}
	return CondStat{ID: int32(id), DistTrue: -1, DistFalse: -1}
}

func TestDistances(t *testing.T) {
	Init(0, 1)
	defer Init(0, 0)
	type want struct {
		r      bool
		dt, df float64
	}
	cases := []struct {
		name string
		eval func() bool
		want want
	}{
		{"int == false", func() bool { return CmpI(0, OpEq, 40, 42) }, want{false, 2, 0}},
		{"int == true", func() bool { return CmpI(0, OpEq, 42, 42) }, want{true, 0, 1}},
		{"int != true", func() bool { return CmpI(0, OpNe, 40, 42) }, want{true, 0, 2}},
		{"int != false", func() bool { return CmpI(0, OpNe, 42, 42) }, want{false, 1, 0}},
		{"int < false", func() bool { return CmpI(0, OpLt, 5, 3) }, want{false, 3, 0}},
		{"int < eq", func() bool { return CmpI(0, OpLt, 3, 3) }, want{false, 1, 0}},
		{"int < true", func() bool { return CmpI(0, OpLt, 1, 3) }, want{true, 0, 2}},
		{"int <= false", func() bool { return CmpI(0, OpLe, 5, 3) }, want{false, 2, 0}},
		{"int <= true", func() bool { return CmpI(0, OpLe, 3, 3) }, want{true, 0, 1}},
		{"int > false", func() bool { return CmpI(0, OpGt, 3, 5) }, want{false, 3, 0}},
		{"int > true", func() bool { return CmpI(0, OpGt, 6, 5) }, want{true, 0, 1}},
		{"int >= false", func() bool { return CmpI(0, OpGe, 3, 5) }, want{false, 2, 0}},
		{"int >= true", func() bool { return CmpI(0, OpGe, 5, 5) }, want{true, 0, 1}},
		{"int extremes", func() bool { return CmpI(0, OpEq, math.MinInt64, math.MaxInt64) }, want{false, math.MaxUint64, 0}},
		{"int huge close", func() bool { return CmpI(0, OpEq, 1<<62+1, 1<<62) }, want{false, 1, 0}},
		{"uint", func() bool { return CmpU(0, OpGe, 1<<63, math.MaxUint64) }, want{false, 1<<63 - 1, 0}},
		{"uint < true", func() bool { return CmpU(0, OpLt, 0, 10) }, want{true, 0, 10}},
		{"float", func() bool { return CmpF(0, OpLt, 1.5, 1) }, want{false, 1.5, 0}},
		{"float nan", func() bool { return CmpF(0, OpLe, math.NaN(), 1) }, want{false, MaxDist, 0}},
		{"float nan ne", func() bool { return CmpF(0, OpNe, math.NaN(), math.NaN()) }, want{true, 0, MaxDist}},
		{"float inf", func() bool { return CmpF(0, OpEq, math.Inf(1), 0) }, want{false, MaxDist, 0}},
		{"float inf eq", func() bool { return CmpF(0, OpEq, math.Inf(-1), math.Inf(-1)) }, want{true, 0, 1}},
		{"string ==", func() bool { return CmpS(0, OpEq, "hellp", "hello") }, want{false, 1, 0}},
		{"string == len", func() bool { return CmpS(0, OpEq, "ab", "abcd") }, want{false, 512, 0}},
		{"string != true", func() bool { return CmpS(0, OpNe, "a", "c") }, want{true, 0, 2}},
		{"string <", func() bool { return CmpS(0, OpLt, "hellp", "b") }, want{false, 'h' - 'b' + 1, 0}},
		{"string < prefix", func() bool { return CmpS(0, OpLt, "ab", "abc") }, want{true, 0, 1}},
		{"string >= eq", func() bool { return CmpS(0, OpGe, "x", "x") }, want{true, 0, 1}},
		{"br true", func() bool { return Br(0, true) }, want{true, 0, 1}},
		{"br false", func() bool { return Br(0, false) }, want{false, 1, 0}},
	}
	for _, c := range cases {
		Reset()
		if r := c.eval(); r != c.want.r {
			t.Errorf("%s: result %v, want %v", c.name, r, c.want.r)
		}
		got := condOf(t, 0)
		if got.DistTrue != c.want.dt || got.DistFalse != c.want.df {
			t.Errorf("%s: distances (%v, %v), want (%v, %v)", c.name, got.DistTrue, got.DistFalse, c.want.dt, c.want.df)
		}
		if (got.NTrue == 1) != c.want.r || got.NTrue+got.NFalse != 1 {
			t.Errorf("%s: counts %d/%d", c.name, got.NTrue, got.NFalse)
		}
	}
}

func TestMinimumAndCounts(t *testing.T) {
	Init(3, 3)
	defer Init(0, 0)
	for _, x := range []int64{10, 45, 41, 50} {
		CmpI(1, OpEq, x, 42)
	}
	CmpI(1, OpEq, 42, 42)
	Blk(2)
	c := condOf(t, 1)
	if c.NTrue != 1 || c.NFalse != 4 || c.DistTrue != 0 || c.DistFalse != 0 {
		t.Errorf("cond 1: %+v", c)
	}
	Reset()
	CmpI(1, OpEq, 45, 42)
	CmpI(1, OpEq, 41, 42)
	if c := condOf(t, 1); c.NFalse != 2 || c.DistTrue != 1 || c.DistFalse != 0 {
		t.Errorf("after reset: %+v", c)
	}
	if n := len(Conds(nil)); n != 1 {
		t.Errorf("%d conditions reported, want 1", n)
	}
	if b := CoveredBlocks(nil); len(b) != 0 {
		t.Errorf("blocks after reset: %v", b)
	}
	Blk(0)
	Blk(2)
	if b := CoveredBlocks(nil); len(b) != 2 || b[0] != 0 || b[1] != 2 {
		t.Errorf("blocks %v", b)
	}
	Case(0, 3, 2)
	// Conditions 0 and 1 false, 2 true.
	if br := CoveredBranches(nil); len(br) != 3 || br[0] != 1 || br[1] != 3 || br[2] != 4 {
		t.Errorf("branches %v", br)
	}
}

func TestOutOfRange(t *testing.T) {
	Init(1, 1)
	defer Init(0, 0)
	Blk(-1)
	Blk(1)
	Blk(1 << 40)
	Br(-5, true)
	CmpI(7, OpEq, 1, 2)
	CmpS(1, OpEq, "a", "b")
	Case(0, 5, 3)
	if len(CoveredBlocks(nil)) != 0 {
		t.Error("out-of-range block recorded")
	}
	Init(0, 0)
	Blk(0)
	Br(0, true) // not initialised: dropped, no panic
}

func TestNoAllocs(t *testing.T) {
	Init(10, 10)
	defer Init(0, 0)
	a := testing.AllocsPerRun(100, func() {
		Blk(3)
		Br(1, true)
		CmpI(2, OpLt, 3, 4)
		CmpU(3, OpGe, 3, 4)
		CmpF(4, OpEq, 3, 4)
		CmpS(5, OpLe, "abc", "abd")
		Case(6, 3, 1)
		Reset()
	})
	if a != 0 {
		t.Errorf("%v allocations per run", a)
	}
}

// TestConcurrentProbes fires probes from several goroutines. Each uses its
// own ids so that the test is also clean under -race (racing probes on the
// same id are accepted by design, but -race would report them).
func TestConcurrentProbes(t *testing.T) {
	Init(100, 100)
	defer Init(0, 0)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 10000; i++ {
				id := g*25 + i%25
				Blk(id)
				CmpI(id, OpEq, int64(i), int64(g))
			}
		}(g)
	}
	wg.Wait()
	if n := len(CoveredBlocks(nil)); n != 100 {
		t.Errorf("%d blocks covered, want 100", n)
	}
	for _, c := range Conds(nil) {
		if c.NTrue+c.NFalse != 400 {
			t.Errorf("cond %d evaluated %d times, want 400", c.ID, c.NTrue+c.NFalse)
		}
	}
}

func TestCoverCollect(t *testing.T) {
	Init(4, 4)
	defer Init(0, 0)
	if numBlocks() != 4 || numConds() != 4 {
		t.Fatalf("sizes %d, %d", numBlocks(), numConds())
	}
	Blk(1)
	CmpI(2, OpEq, 40, 42)
	r := &Result{}
	coverCollect(r)
	if len(r.Blocks) != 1 || r.Blocks[0] != 1 {
		t.Errorf("blocks %v", r.Blocks)
	}
	if len(r.Conds) != 1 || r.Conds[0] != (CondObs{ID: 2, NFalse: 1, DistTrue: 2}) {
		t.Errorf("conds %+v", r.Conds)
	}
	coverReset()
	coverCollect(r)
	if len(r.Blocks) != 0 || len(r.Conds) != 0 {
		t.Errorf("after reset: %+v", r)
	}
}

func BenchmarkProbes(b *testing.B) {
	Init(1000, 1000)
	defer Init(0, 0)
	for i := 0; i < b.N; i++ {
		Blk(i & 511)
		CmpI(i&511, OpLt, int64(i), 500)
		Br(i&255, i&1 == 0)
	}
}

func BenchmarkReset(b *testing.B) {
	Init(10000, 5000)
	defer Init(0, 0)
	for i := 0; i < b.N; i++ {
		Reset()
	}
}
