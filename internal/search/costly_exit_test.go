package search

import (
	"context"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
)

// exitSrc is the class of costly_exit.go: a parser whose syntax errors end
// the process (through a handler variable that calls log.Fatal, which the
// effect facts cannot follow), next to calls that never exit.
const exitSrc = `package p

type Doc struct{ n int }

func Parse(s string) *Doc     { return &Doc{} }
func (d *Doc) Len() int       { return d.n }
func Double(n int) int        { return 2 * n }
`

// exitFake is the fake executor of exitSrc: Parse exits on a non-empty
// string that does not start with '{' (a syntax error), as an executor
// whose code called os.Exit would; it counts the exits and Parse's
// normal runs.
type exitFake struct {
	*executortest.Runner
	exits, parsed int
}

func newExitFake(t *testing.T, prog *model.Program) *exitFake {
	parse := modeltest.OpOfKind(t, prog, model.Call, "Parse").ID
	f := &exitFake{Runner: newFake(prog)}
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		for _, st := range q.Stmts {
			if st.Op != parse {
				continue
			}
			if a := st.Args[0]; a.Kind == rt.ArgLit && a.Lit.S != "" && a.Lit.S[0] != '{' {
				f.exits++
				// Stmt -1: an exited executor cannot say which
				// statement ran.
				*out = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashExit, Stmt: -1, ExitCode: 1}}
				return
			}
			f.parsed++
		}
	}
	return f
}

// A search learns from its first exits that Parse on a non-empty string
// exits, runs such calls only within its exploration budget afterwards,
// still parses, and reports which operation exited: 230, 230 and 241
// exits in 3000 sequences at seeds 1-3, Parse running normally 893, 918
// and 916 times. Without the learning (exits.keep always true) the same
// searches made 1,656, 1,636 and 1,689 exits, Parse running normally 338,
// 406 and 449 times.
func TestExitsLearned(t *testing.T) {
	prog := modeltest.Program(t, exitSrc, model.Options{})
	for seed := int64(1); seed <= 3; seed++ {
		f := newExitFake(t, prog)
		r := New(prog, Config{Seed: seed, MaxExecs: 3000, Batch: 128})
		r.Run(context.Background(), f)
		ops, skipped := r.ExitOps()
		t.Logf("seed %d: %d exits, %d normal Parse, %d skipped; ops %+v", seed, f.exits, f.parsed, skipped, ops)
		if f.exits > 400 {
			t.Errorf("seed %d: %d exits in %d sequences, want the exiting calls learned", seed, f.exits, r.Stats.Executed)
		}
		if f.parsed == 0 {
			t.Errorf("seed %d: Parse never ran normally, want its non-exiting inputs still run", seed)
		}
		// An exit is blamed on the sequence's last call: Parse, but for
		// the few sequences (crossover's) that call it earlier.
		total := 0
		for _, o := range ops {
			total += o.Exits
		}
		if len(ops) == 0 || ops[0].Op != "Parse" || ops[0].Exits < 9*total/10 || total != f.exits {
			t.Errorf("seed %d: ExitOps = %+v, want Parse first, with at least 9 in 10 of the %d exits", seed, ops, f.exits)
		}
		g := newExitFake(t, prog)
		New(prog, Config{Seed: seed, MaxExecs: 3000, Batch: 128}).Run(context.Background(), g)
		if a, b := f.Log(), g.Log(); !slices.Equal(a, b) {
			t.Errorf("seed %d: two searches ran different sequences (%d and %d)", seed, len(a), len(b))
		}
	}
}
