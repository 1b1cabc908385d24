package executor

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
)

// The mutant fixture's executor (testdata/mutant), built once with
// mutants compiled in.
var mutantFixture struct {
	once sync.Once
	dir  string // the overlay's work directory; removed by TestMain
	h    *harness.Harness
	ops  map[string]int
	err  error
}

const mutantPkgPath = "github.com/gentest-go/gentest/internal/executor/testdata/mutant"

// buildMutantFixture builds the mutant fixture's executor with
// harness.Options.Mutate; it skips the test when the build fell back to
// no mutants.
func buildMutantFixture(t *testing.T) (*harness.Harness, map[string]int) {
	t.Helper()
	f := &mutantFixture
	f.once.Do(func() {
		dir, err := filepath.Abs("testdata/mutant")
		if err != nil {
			f.err = err
			return
		}
		pkgs, err := load.Packages(dir, []string{"."})
		if err != nil {
			f.err = err
			return
		}
		prog := model.Build(pkgs[0].Types, model.Options{})
		if f.dir, f.err = os.MkdirTemp("", "gentest-mutant-test-"); f.err != nil {
			return
		}
		f.h, f.err = harness.Build(context.Background(), pkgs[0], prog, harness.Options{WorkDir: f.dir, Mutate: true})
		f.ops = map[string]int{}
		for _, op := range prog.Ops {
			f.ops[op.Name] = op.ID
		}
	})
	if f.err != nil {
		t.Fatalf("building the mutant fixture's executor: %v", f.err)
	}
	if f.h.Mutants == 0 {
		t.Skipf("the harness compiled no mutants into the fixture (MutateErr: %v)", f.h.MutateErr)
	}
	return f.h, f.ops
}

// findMutant returns the id of the mutant of operator class op in the
// function named fn whose replacement text is repl ("" for any).
func findMutant(t *testing.T, tab *instrument.Table, fn, op, repl string) int32 {
	t.Helper()
	for _, m := range tab.Mutants {
		if (m.Func == fn || strings.HasSuffix(m.Func, "."+fn)) && m.Op == op && (repl == "" || m.Repl == repl) {
			return int32(m.ID)
		}
	}
	var have []string
	for _, m := range tab.Mutants {
		have = append(have, m.Func+" "+m.Op+" "+m.Orig+" -> "+m.Repl)
	}
	t.Fatalf("no %s mutant %q in %s; the table has:\n%s", op, repl, fn, strings.Join(have, "\n"))
	return 0
}

// A real executor built with mutants runs each request under its mutant
// and reports the mutants each sequence infected: the original and its
// mutants give the results the mutated source says, a request's mutant
// does not leak into the next request of the batch, and a mutant that
// hangs is a timeout at its statement, after which the pool goes on.
func TestMutantsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an executor")
	}
	h, ops := buildMutantFixture(t)
	tab := h.Table
	if len(tab.Mutants) != h.Mutants {
		t.Fatalf("the table has %d mutants, the harness says %d were compiled in", len(tab.Mutants), h.Mutants)
	}
	for i, m := range tab.Mutants {
		if m.ID != i+1 {
			t.Fatalf("mutant %d has id %d", i, m.ID)
		}
	}
	addArith := findMutant(t, tab, "Add", "arith", "")
	lessBoundary := findMutant(t, tab, "Less", "rel-boundary", "")
	lessNegate := findMutant(t, tab, "Less", "rel-negate", "")
	countdown := findMutant(t, tab, "Countdown", "arith", "x + 1")

	p, err := Start(context.Background(), Config{Exe: h.Exe, PkgPath: mutantPkgPath, ScratchDir: t.TempDir(),
		Workers: 1, CallTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	op := func(name string) int {
		id, ok := ops[name]
		if !ok {
			t.Fatalf("the mutant fixture has no operation %s", name)
		}
		return id
	}
	req := func(id uint64, mutant int32, name string, args ...int) rt.Request {
		st := rt.Stmt{Op: op(name)}
		for _, a := range args {
			st.Args = append(st.Args, intArg(a))
		}
		return rt.Request{ID: id, Flags: rt.FlagDetail, Mutant: mutant, Stmts: []rt.Stmt{st}}
	}
	outs := p.Run([]rt.Request{
		req(1, 0, "Add", 2, 3),
		req(2, addArith, "Add", 2, 3),
		req(3, 0, "Add", 2, 3), // the mutant of the request before is gone
		req(4, 0, "Less", 1, 2),
		req(5, lessBoundary, "Less", 2, 2),
		req(6, lessNegate, "Less", 1, 2),
		req(7, 0, "Less", 2, 2),
	})
	tree := func(i int) *rt.Tree {
		t.Helper()
		o := outs[i]
		if o.Result == nil || o.Crash != nil || o.Result.Stmt(0).Outcome != rt.OutNormal {
			t.Fatalf("request %d: %+v", i+1, o)
		}
		return o.Result.Stmt(0).Tree(0)
	}
	for i, want := range []int64{5, -1, 5} {
		if got := tree(i).I; got != want {
			t.Errorf("request %d: Add(2, 3) = %d, want %d", i+1, got, want)
		}
	}
	for i, want := range []bool{3: true, 4: true, 5: false, 6: false} {
		if i >= 3 && tree(i).B != want {
			t.Errorf("request %d: Less = %v, want %v", i+1, tree(i).B, want)
		}
	}
	infected := func(i int) []int32 { return outs[i].Result.Infected }
	for _, i := range []int{0, 1, 2} {
		if !slices.Contains(infected(i), addArith) {
			t.Errorf("request %d: infected %v, want Add's mutant %d among them", i+1, infected(i), addArith)
		}
	}
	// 1 < 2: the negation a >= b differs, the boundary a <= b does not.
	if in := infected(3); !slices.Contains(in, lessNegate) || slices.Contains(in, lessBoundary) {
		t.Errorf("Less(1, 2) infected %v; want %d (a >= b) and not %d (a <= b)", in, lessNegate, lessBoundary)
	}
	for i := range outs {
		if in := infected(i); !slices.IsSorted(in) || len(slices.Compact(slices.Clone(in))) != len(in) {
			t.Errorf("request %d: infected %v not ascending", i+1, in)
		}
	}

	// The hanging mutant: a timeout at its statement; the next request
	// runs in a new executor, unmutated.
	hang := p.Run([]rt.Request{req(8, countdown, "Countdown", 5), req(9, 0, "Countdown", 5)})
	if c := hang[0].Crash; c == nil || c.Kind != CrashTimeout || c.Stmt != 0 {
		t.Errorf("Countdown(5) under mutant %d: %+v, want a timeout at statement 0", countdown, hang[0])
	}
	if o := hang[1]; o.Result == nil || o.Result.Stmt(0).Tree(0).I != 4 {
		t.Errorf("Countdown(5) after the timeout: %+v, want 4", o)
	}
}

// A mutant that kills the executor, in a batch whose results were not yet
// flushed, is found by the replay of the suspects: the replay runs each
// under its own mutant again (a replay without it would not crash, and the
// crash would go unattributed), and the sequences after it run under
// theirs.
func TestMutantReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an executor")
	}
	h, ops := buildMutantFixture(t)
	quit := findMutant(t, h.Table, "Quit", "rel-boundary", "")
	addArith := findMutant(t, h.Table, "Add", "arith", "")
	p, err := Start(context.Background(), Config{Exe: h.Exe, PkgPath: mutantPkgPath, ScratchDir: t.TempDir(), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	one := func(id uint64, mutant int32, name string, arg int) rt.Request {
		return rt.Request{ID: id, Flags: rt.FlagDetail, Mutant: mutant, Stmts: []rt.Stmt{{Op: ops[name], Args: []rt.Arg{intArg(arg)}}}}
	}
	add := one(2, addArith, "Add", 2)
	add.Stmts[0].Args = append(add.Stmts[0].Args, intArg(3))
	outs := p.Run([]rt.Request{one(1, quit, "Quit", 1), add, one(3, 0, "Quit", 1)})
	if c := outs[0].Crash; c == nil || c.Kind != CrashExit || c.ExitCode != 7 {
		t.Errorf("Quit(1) under mutant %d: %+v, want an exit with status 7", quit, outs[0])
	}
	if r := outs[1].Result; r == nil || r.Stmt(0).Tree(0).I != -1 {
		t.Errorf("Add(2, 3) under mutant %d after the crash: %+v, want -1", addArith, outs[1])
	}
	if o := outs[2]; o.Result == nil || o.Result.Stmt(0).Outcome != rt.OutNormal {
		t.Errorf("Quit(1) unmutated: %+v, want it to return", o)
	}
	if st := p.Stats(); st.Replays != 1 || st.Unattributed != 0 {
		t.Errorf("%d replays, %d unattributed crashes; want 1 and 0", st.Replays, st.Unattributed)
	}
}

// The package's own test binary, built from harness.InstrumentedFiles
// with mutants, takes its mutant from GENTEST_MUTANT and appends the
// mutants its tests infect to GENTEST_INFECTED's file: the original
// passes and infects Add's mutant, Add's mutant fails TestAdd, Less's
// boundary mutant passes.
func TestMutantEnvTestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test binary")
	}
	h, _ := buildMutantFixture(t)
	addArith := findMutant(t, h.Table, "Add", "arith", "")
	lessBoundary := findMutant(t, h.Table, "Less", "rel-boundary", "")
	dir, err := filepath.Abs("testdata/mutant")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := load.Packages(dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	files, tab, err := harness.InstrumentedFiles(pkgs[0], dir, harness.Options{Mutate: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Mutants) != len(h.Table.Mutants) {
		t.Fatalf("the test binary's files have %d mutants, the executor %d", len(tab.Mutants), len(h.Table.Mutants))
	}
	work := t.TempDir()
	replace := map[string]string{}
	for target, src := range files {
		p := filepath.Join(work, "src", strconv.Itoa(len(replace))+".go")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
		replace[target] = p
	}
	ov, _ := json.Marshal(map[string]any{"Replace": replace})
	ovPath := filepath.Join(work, "overlay.json")
	if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(work, "mutant.test")
	build := exec.Command("go", "test", "-c", "-vet=off", "-o", bin, "-overlay", ovPath, ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	run := func(mutant int32) (passed bool, infected []int32) {
		t.Helper()
		file := filepath.Join(work, "infected-"+strconv.Itoa(int(mutant)))
		cmd := exec.Command(bin, "-test.count=1")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), rt.EnvMutant+"="+strconv.Itoa(int(mutant)), rt.EnvInfected+"="+file)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatalf("running the test binary: %v", err)
		}
		passed = err == nil
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("mutant %d: %v (output %s)", mutant, err, out)
		}
		for _, line := range strings.Fields(string(b)) {
			id, err := strconv.Atoi(line)
			if err != nil {
				t.Fatalf("mutant %d: line %q of the infected file", mutant, line)
			}
			infected = append(infected, int32(id))
		}
		return passed, infected
	}
	if ok, in := run(0); !ok || !slices.Contains(in, addArith) || slices.Contains(in, lessBoundary) {
		t.Errorf("original: passed %v, infected %v; want a pass, %d infected, %d not", ok, in, addArith, lessBoundary)
	}
	if ok, _ := run(addArith); ok {
		t.Errorf("Add's mutant %d passed TestAdd", addArith)
	}
	if ok, _ := run(lessBoundary); !ok {
		t.Errorf("Less's boundary mutant %d failed", lessBoundary)
	}
}
