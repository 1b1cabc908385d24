package executor

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
)

// The crash fixture's executor is built once per test binary: building it
// costs seconds, starting a pool on it milliseconds.
var crashFixture struct {
	once sync.Once
	dir  string // holds the executor and its cache; removed by TestMain
	pkg  *packages.Package
	prog *model.Program
	exe  string
	err  error
}

func TestMain(m *testing.M) {
	// Most tests here wait (for a call's limit, a grace, an executor to
	// settle) rather than compute, and the ones that compute are bounded
	// by CPU time, not the wall clock: run more of them at once than
	// there are CPUs, unless -test.parallel says how many.
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set && runtime.GOMAXPROCS(0) < parallelTests {
		flag.Set("test.parallel", strconv.Itoa(parallelTests))
	}
	code := m.Run()
	for _, dir := range []string{crashFixture.dir, mutantFixture.dir} {
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

// parallelTests is how many tests run at once at least (see TestMain).
const parallelTests = 8

// fixture returns the executor of testdata/gen/crash and its operations by
// name.
func fixture(t *testing.T) (exe string, ops map[string]int) {
	t.Helper()
	f := &crashFixture
	f.once.Do(func() {
		dir, err := filepath.Abs("../../testdata/gen/crash")
		if err != nil {
			f.err = err
			return
		}
		pkgs, err := load.Packages(dir, []string{"."})
		if err != nil {
			f.err = err
			return
		}
		f.pkg = pkgs[0]
		f.prog = model.Build(pkgs[0].Types, model.Options{})
		if f.dir, f.err = os.MkdirTemp("", "gentest-exec-test-"); f.err != nil {
			return
		}
		h, err := harness.Build(context.Background(), pkgs[0], f.prog, harness.Options{WorkDir: f.dir, CacheDir: filepath.Join(f.dir, "cache")})
		if err != nil {
			f.err = err
			return
		}
		f.exe = h.Exe
	})
	if f.err != nil {
		t.Fatalf("building the crash fixture's executor: %v", f.err)
	}
	ops = map[string]int{}
	for _, op := range f.prog.Ops {
		ops[op.Name] = op.ID
	}
	return f.exe, ops
}

// startPool starts a pool on the fixture with cfg's limits and closes it at
// the end of the test.
func startPool(t *testing.T, cfg Config) (*Pool, map[string]int) {
	t.Helper()
	return startPoolWith(t, cfg, func(*hooks) {})
}

// startPoolWith is startPool with the default hooks changed by set: each
// pool has its own, so that tests that change them can run in parallel.
func startPoolWith(t *testing.T, cfg Config, set func(*hooks)) (*Pool, map[string]int) {
	t.Helper()
	exe, ops := fixture(t)
	cfg.Exe = exe
	cfg.PkgPath = "github.com/gentest-go/gentest/testdata/gen/crash"
	if cfg.ScratchDir == "" {
		cfg.ScratchDir = t.TempDir()
	}
	h := defaultHooks
	set(&h)
	p, err := start(cfg, h)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p, ops
}

func intArg(n int) rt.Arg {
	return rt.Arg{Kind: rt.ArgLit, Lit: rt.Lit{Kind: rt.LitInt, I: int64(n)}}
}

func strArg(s string) rt.Arg {
	return rt.Arg{Kind: rt.ArgLit, Lit: rt.Lit{Kind: rt.LitString, S: s}}
}

// call is a statement calling the fixture operation name.
func call(t *testing.T, ops map[string]int, name string, args ...rt.Arg) rt.Stmt {
	t.Helper()
	id, ok := ops[name]
	if !ok {
		t.Fatalf("the crash fixture has no operation %s", name)
	}
	return rt.Stmt{Op: id, Args: args}
}

// echoed returns the int that an Echo or Sleep statement returned, from a
// FlagDetail result.
func echoed(t *testing.T, o Outcome, stmt int) int64 {
	t.Helper()
	if o.Result == nil {
		t.Fatalf("no result: crash %v", o.Crash)
	}
	sr := o.Result.Stmt(stmt)
	if sr.Outcome != rt.OutNormal || len(sr.Values()) != 1 || sr.Tree(0) == nil {
		t.Fatalf("statement %d: outcome %d, values %+v", stmt, sr.Outcome, sr.Values())
	}
	return sr.Tree(0).I
}
