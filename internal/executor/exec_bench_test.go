package executor_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/testdata/gen/cheap"
)

// buildExecutor builds the executor of a testdata package.
func buildExecutor(tb testing.TB, rel string) (*model.Program, string) {
	tb.Helper()
	dir, err := filepath.Abs(filepath.Join("../../testdata", rel))
	if err != nil {
		tb.Fatal(err)
	}
	pkgs, err := load.Packages(dir, []string{"."})
	if err != nil {
		tb.Fatal(err)
	}
	prog := model.Build(pkgs[0].Types, model.Options{})
	work := tb.TempDir()
	h, err := harness.Build(context.Background(), pkgs[0], prog, harness.Options{WorkDir: work})
	if err != nil {
		tb.Fatal(err)
	}
	return prog, h.Exe
}

// cheapSeqs makes n sequences of 1 to 10 calls over the cheap package:
// counters made by NewCounter and used by Add and Value, and calls of Max,
// Upper and Sign with literal arguments.
func cheapSeqs(prog *model.Program, n int) []rt.Request {
	ops := map[string]int{}
	for _, op := range prog.Ops {
		ops[op.Name] = op.ID
	}
	rng := rand.New(rand.NewPCG(1, 2))
	lit := func() rt.Arg {
		return rt.Arg{Kind: rt.ArgLit, Lit: rt.Lit{Kind: rt.LitInt, I: int64(rng.IntN(200) - 100)}}
	}
	out := make([]rt.Request, n)
	for i := range out {
		s := rt.Request{ID: uint64(i)}
		s.Stmts = append(s.Stmts, rt.Stmt{Op: ops["NewCounter"], Args: []rt.Arg{lit()}})
		for k := 1 + rng.IntN(9); k > 0; k-- {
			switch rng.IntN(5) {
			case 0:
				s.Stmts = append(s.Stmts, rt.Stmt{Op: ops["Counter.Add"], Args: []rt.Arg{{Kind: rt.ArgRef}, lit()}})
			case 1:
				s.Stmts = append(s.Stmts, rt.Stmt{Op: ops["Counter.Value"], Args: []rt.Arg{{Kind: rt.ArgRef}}})
			case 2:
				s.Stmts = append(s.Stmts, rt.Stmt{Op: ops["Max"], Args: []rt.Arg{lit(), lit()}})
			case 3:
				s.Stmts = append(s.Stmts, rt.Stmt{Op: ops["Upper"], Args: []rt.Arg{{Kind: rt.ArgLit, Lit: rt.Lit{Kind: rt.LitString, S: "hello"}}}})
			default:
				s.Stmts = append(s.Stmts, rt.Stmt{Op: ops["Sign"], Args: []rt.Arg{lit()}})
			}
		}
		out[i] = s
	}
	return out
}

// BenchmarkExecutor measures executed sequences per second on one
// executor process (one core): go test -bench=Executor ./internal/executor.
// The seq/s metric is per core.
func BenchmarkExecutor(b *testing.B) {
	prog, exe := buildExecutor(b, "gen/cheap")
	scratch := b.TempDir()
	pool, err := executor.Start(context.Background(), executor.Config{Exe: exe, PkgPath: prog.Pkg.Path(), ScratchDir: scratch, Workers: 1, BatchSize: 256})
	if err != nil {
		b.Fatal(err)
	}
	defer pool.Close()
	seqs := cheapSeqs(prog, 4096)
	calls := 0
	for _, s := range seqs {
		calls += len(s.Stmts)
	}
	self0, child0, cpuOK := cpuTimes()
	b.ResetTimer()
	done := 0
	for done < b.N {
		n := len(seqs)
		if b.N-done < n {
			n = b.N - done
		}
		for _, o := range pool.Run(seqs[:n]) {
			if o.Result == nil {
				b.Fatalf("sequence failed: %+v", o.Crash)
			}
		}
		pool.Release() // as the search does after each batch
		done += n
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "seq/s")
	b.ReportMetric(float64(calls)/float64(len(seqs)), "calls/seq")
	// CPU per sequence of both sides, the parent (this process, which also
	// ran the executor's build before the clock started) and the executor
	// (a child, counted once Close has waited for it).
	pool.Close()
	if self1, child1, ok := cpuTimes(); ok && cpuOK {
		b.ReportMetric(float64(self1-self0)/float64(b.N), "parent-cpu-ns/seq")
		b.ReportMetric(float64(child1-child0)/float64(b.N), "executor-cpu-ns/seq")
		b.ReportMetric(float64(self1-self0+child1-child0)/float64(b.N), "cpu-ns/seq")
	}
}

// BenchmarkDirect makes the same calls as BenchmarkExecutor directly in
// Go, for the overhead ratio.
func BenchmarkDirect(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	type step struct{ kind, a, b int }
	plans := make([][]step, 4096)
	for i := range plans {
		p := []step{{kind: -1, a: rng.IntN(200) - 100}}
		for k := 1 + rng.IntN(9); k > 0; k-- {
			p = append(p, step{kind: rng.IntN(5), a: rng.IntN(200) - 100, b: rng.IntN(200) - 100})
		}
		plans[i] = p
	}
	sink := 0
	self0, _, cpuOK := cpuTimes()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var c *cheap.Counter
		for _, st := range plans[i%len(plans)] {
			switch st.kind {
			case -1:
				c = cheap.NewCounter(st.a)
			case 0:
				sink += c.Add(st.a)
			case 1:
				sink += c.Value()
			case 2:
				sink += cheap.Max(st.a, st.b)
			case 3:
				sink += len(cheap.Upper("hello"))
			default:
				sink += cheap.Sign(st.a)
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "seq/s")
	if self1, _, ok := cpuTimes(); ok && cpuOK {
		b.ReportMetric(float64(self1-self0)/float64(b.N), "cpu-ns/seq")
	}
	if sink == 42 {
		os.Stdout.WriteString("")
	}
}
