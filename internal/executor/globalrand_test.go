package executor

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
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

// TestClockSeedOldModule: in a module whose go.mod declares a go line
// older than 1.24 (testdata/gen/oldrand, as montanaflynn/stats' go 1.13),
// rand.Seed is not a no-op by default, and code that seeds math/rand's
// global source from the clock before drawing (stats.NormPpfRvs) replaced
// the executor's per-run source with a clock-seeded one: the same sequence
// drew other numbers in every run, and whether a later call failed on them
// steered the search. The executors run with GODEBUG=randseednop=1, as a
// module of Go 1.24 or later does: the draws are the run's.
func TestClockSeedOldModule(t *testing.T) {
	t.Parallel()
	dir, err := filepath.Abs("../../testdata/gen/oldrand")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := load.Packages(dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	prog := model.Build(pkgs[0].Types, model.Options{})
	work := t.TempDir()
	h, err := harness.Build(context.Background(), pkgs[0], prog, harness.Options{WorkDir: work})
	if err != nil {
		t.Fatalf("building the oldrand fixture's executor: %v", err)
	}
	op := -1
	for _, o := range prog.Ops {
		if o.Name == "Draws" {
			op = o.ID
		}
	}
	if op < 0 {
		t.Fatal("the oldrand fixture has no operation Draws")
	}
	q := rt.Request{ID: 5, Flags: rt.FlagDetail, Stmts: []rt.Stmt{{Op: op, Args: []rt.Arg{intArg(8)}}}}
	var got []uint64
	for i := 0; i < 2; i++ {
		p, err := start(Config{Exe: h.Exe, PkgPath: "example.com/oldrand", Workers: 1, CallTimeout: 30 * time.Second,
			ScratchDir: t.TempDir()}, defaultHooks)
		if err != nil {
			t.Fatal(err)
		}
		out := p.Run([]rt.Request{q})[0]
		p.Close()
		if out.Result == nil || out.Result.Stmt(0).Outcome != rt.OutNormal || len(out.Result.Stmt(0).Values()) != 1 {
			t.Fatalf("run %d: outcome %+v", i, out)
		}
		got = append(got, out.Result.Stmt(0).Values()[0].Hash)
	}
	if got[0] != got[1] {
		t.Errorf("Draws(8), seeded from the clock, drew differently in two executors (hashes %x and %x)", got[0], got[1])
	}
}
