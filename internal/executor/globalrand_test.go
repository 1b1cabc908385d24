package executor

import (
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// TestGlobalRandPerRun: math/rand's global source is seeded at random in
// each process (Go 1.20 and later), and code that draws from it (the
// crash fixture's GlobalRand, as stats.Sample) made the search, and so the
// written file, depend on which executor ran a sequence and on what ran
// there before. rt seeds it from the sequence's ID and run (mathrand.go):
// the same sequence draws the same numbers in two fresh executors and
// after other sequences drew, another sequence draws others, the
// package's own rand.Seed from the clock changes nothing, and the repeats
// of FlagRepeat draw differently, so that the judge still sees a random
// result as unstable.
func TestGlobalRandPerRun(t *testing.T) {
	t.Parallel()
	cfg := Config{Workers: 1, CallTimeout: 30 * time.Second}
	req := func(t *testing.T, ops map[string]int, id uint64, flags uint64, names ...string) rt.Request {
		q := rt.Request{ID: id, Flags: rt.FlagDetail | flags}
		for _, n := range names {
			q.Stmts = append(q.Stmts, call(t, ops, n))
		}
		return q
	}
	const draws = 3 // statements of the sequence under test
	drawn := func(o Outcome) [draws]int64 {
		var v [draws]int64
		for i := range v {
			v[i] = echoed(t, o, i)
		}
		return v
	}
	names := []string{"GlobalRand", "GlobalRandClockSeed", "GlobalRandRead"}

	p1, ops := startPool(t, cfg)
	first := drawn(p1.Run([]rt.Request{req(t, ops, 7, 0, names...)})[0])

	// A fresh executor, where other sequences drew (and left bytes of a
	// Read) before.
	p2, _ := startPool(t, cfg)
	out := p2.Run([]rt.Request{
		req(t, ops, 3, 0, "GlobalRandRead", "GlobalRand"),
		req(t, ops, 7, 0, names...),
		req(t, ops, 8, 0, names...),
	})
	if again := drawn(out[1]); again != first {
		t.Errorf("sequence 7 drew %v in one executor and %v in another after sequence 3", first, again)
	}
	if other := drawn(out[2]); other == first {
		t.Errorf("sequences 7 and 8 drew the same numbers %v", first)
	}

	rep := p1.Run([]rt.Request{req(t, ops, 7, rt.FlagRepeat|rt.FlagNondet, names...)})[0]
	if rep.Result == nil {
		t.Fatalf("no result: crash %v", rep.Crash)
	}
	for i := range names {
		if vs := rep.Result.Stmt(i).Values(); len(vs) != 1 || !vs[0].Unstable {
			t.Errorf("%s under FlagRepeat: values %+v, want one unstable value", names[i], vs)
		}
	}
}
