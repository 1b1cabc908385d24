// Package generatortest is the harness of the generator's end-to-end
// tests: one executor cache and analysis fact cache per test binary,
// child processes for the tests that change the environment, scratch
// copies of the fixtures under testdata/, and Gen, which runs
// generator.Run on one and returns the file it wrote. The end-to-end
// tests are split over more than one test binary (generator and
// generator/endtoend) so that each stays within go test's default
// 10-minute limit on two cores; each binary's TestMain calls Main.
package generatortest

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gentest-go/gentest/analyzers/suite"
	"github.com/gentest-go/gentest/generator"
)

// cacheDir holds the executor cache and the analysis fact cache that the
// end-to-end tests of this test binary share (see Main).
var cacheDir string

// The environment by which a child process of the test binary knows it is
// one (see RunChild).
const (
	childTestEnv  = "GENTEST_TEST_CHILD" // the test the child runs
	childCacheEnv = "GENTEST_TEST_CACHE" // the parent's cacheDir
	// ChildDirEnv names a directory the parent made for the child.
	ChildDirEnv = "GENTEST_TEST_DIR"
)

// Main is the TestMain of a package of end-to-end tests. It gives the
// test binary one temporary cache directory, removed at the end: the first end-to-end test analyses the standard library and
// fills the fact cache, and the others load the facts as a warm gentest
// run does instead of analysing it again. The caches are keyed by their
// inputs, so no test depends on which ran first. A child process (see
// RunChild) uses its parent's.
//
// Unless -test.parallel is given, end-to-end tests run e2eParallel at a
// time rather than GOMAXPROCS: see there.
func Main(m *testing.M) {
	flag.Parse()
	parallelSet := false
	flag.Visit(func(f *flag.Flag) { parallelSet = parallelSet || f.Name == "test.parallel" })
	if !parallelSet && runtime.GOMAXPROCS(0) < e2eParallel {
		if err := flag.Set("test.parallel", strconv.Itoa(e2eParallel)); err != nil {
			fmt.Fprintln(os.Stderr, "generator test: -test.parallel:", err)
			os.Exit(1)
		}
	}
	if dir := os.Getenv(childCacheEnv); dir != "" {
		cacheDir = dir
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "gentest-generator-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "generator test: a cache directory:", err)
		os.Exit(1)
	}
	cacheDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// e2eParallel is how many end-to-end tests run at once by default. An
// end-to-end test's process tree waits part of the time (for the go
// command, for executors to start and answer, for call limits), and on a
// machine loaded by others the tests' share of the cores grows with the
// processes they run: eight of these tests side by side at load 100 on
// two cores took 11.8 minutes four at a time and 13.1 two at a time
// (GOMAXPROCS, go test's default), bench/results/2026-11-29-testtimes30.
const e2eParallel = 4

// IsChild reports whether this process is a child RunChild started to run
// t.
func IsChild(t *testing.T) bool { return os.Getenv(childTestEnv) == t.Name() }

// RunChild runs t again, alone, in a child process of the test binary with
// env added to its environment, and fails t with the child's output
// unless the child ran t and it passed. A test that needs the process's
// environment changed (HOME for the executors, GENTEST_ARENA for the
// executor pool), which t.Setenv allows only in a test that does not run
// in parallel, can so change it in the child and run in parallel with
// the others: IsChild tells the two sides apart.
func RunChild(t *testing.T, env ...string) {
	t.Helper()
	args := []string{"-test.run=^" + regexp.QuoteMeta(t.Name()) + "$", "-test.v"}
	if d, ok := t.Deadline(); ok {
		args = append(args, "-test.timeout="+time.Until(d).Round(time.Second).String())
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), childTestEnv+"="+t.Name(), childCacheEnv+"="+cacheDir)
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("--- PASS: "+t.Name()+" ")) {
		t.Fatalf("%s in a child process: %v\n%s", t.Name(), err, out)
	}
	if testing.Verbose() {
		t.Logf("%s in a child process:\n%s", t.Name(), out)
	}
}

// WithCaches sets cfg's executor and fact caches to the test binary's.
func WithCaches(cfg generator.Config) generator.Config {
	if cfg.CacheDir == "" {
		cfg.CacheDir = filepath.Join(cacheDir, "executors")
	}
	if cfg.FactCacheDir == "" {
		cfg.FactCacheDir = filepath.Join(cacheDir, "facts")
	}
	return cfg
}

// ScratchModule copies the Go files of a testdata package into a new
// module in a temporary directory, so tests never write into the
// repository, and returns the package's directory.
func ScratchModule(t testing.TB, from, modPath string) string {
	t.Helper()
	pkgDir := filepath.Join(newModule(t, modPath), "pkg")
	copyGoFiles(t, from, pkgDir)
	return pkgDir
}

// CopyTree copies a testdata module tree (directories of .go files) into a
// new module rooted at a temporary directory, and returns the root.
func CopyTree(t testing.TB, from, modPath string) string {
	t.Helper()
	root := newModule(t, modPath)
	copyGoFiles(t, from, root)
	return root
}

// newModule makes a temporary directory holding only the go.mod of
// modPath, and returns it.
func newModule(t testing.TB, modPath string) string {
	t.Helper()
	root := t.TempDir()
	writeGoMod(t, root, modPath)
	return root
}

func writeGoMod(t testing.TB, root, modPath string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module "+modPath+"\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyGoFiles copies the .go files under from to the same places under to,
// leaving out files gentest wrote.
func copyGoFiles(t testing.TB, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.Contains(d.Name(), "gentest") {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// ResetModule puts a module ScratchModule made back as it was, for a
// second run on the same fixture: the files gentest wrote go, and go.mod
// loses the requirement gentest added. The executor cache is keyed by
// the package's paths and its module files, so the second run loads the
// first's executor from the cache, as a user's second run does, instead
// of building it again in a second copy.
func ResetModule(t *testing.T, pkgDir, modPath string) {
	t.Helper()
	root := filepath.Dir(pkgDir)
	writeGoMod(t, root, modPath)
	written, _ := filepath.Glob(filepath.Join(pkgDir, "*_gentest_*test.go"))
	for _, f := range append(written, filepath.Join(root, "go.sum")) {
		if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
}

// SkipShort skips t with -short: it builds executors and runs go test.
func SkipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds executors and runs go test; skipped with -short")
	}
}

// EndToEnd skips t with -short, and otherwise runs it in parallel with the
// other end-to-end tests: much of their time is spent waiting, on calls
// that time out or hang, on the go command and on the tests it runs.
func EndToEnd(t *testing.T) {
	t.Helper()
	SkipShort(t)
	t.Parallel()
}

// EnvFull, set to 1, runs the whole end-to-end set: the comparison runs
// (see Comparisons), the tests bound by waiting (see WaitBound) and the
// bug-benchmark reproductions (see BenchBug), which
// go test ./... leaves out to stay within go's default time limit on two
// cores. .ci/run sets it for a second run of this package (README, "Run
// the project's own tests"); bench/scripts/testtimes.sh says what each
// test costs.
const EnvFull = "GENTEST_E2E_FULL"

// Full reports whether EnvFull is set.
func Full() bool { return os.Getenv(EnvFull) == "1" }

// Comparisons reports whether an end-to-end test runs Gen again on the
// same package to compare with its first run: with a component switched
// off (the first run's result is that component's doing), or with
// another number of executors or again with the same seed (the output is
// deterministic), or as an update of the first run's file (update without
// churn keeps what still earns its place). Each such run costs about as
// much as the first, whose own checks stand without it, so it runs only
// with EnvFull.
func Comparisons(t *testing.T) bool {
	t.Helper()
	if Full() {
		return true
	}
	t.Logf("comparison runs skipped (set %s=1 to run them)", EnvFull)
	return false
}

// Comparative skips an end-to-end test whose whole point is a comparison
// of runs (see Comparisons) unless EnvFull is set.
func Comparative(t *testing.T) {
	t.Helper()
	SkipUnlessFull(t, "compares gen runs")
	EndToEnd(t)
}

// WaitBound skips, unless EnvFull is set, an end-to-end test whose Gen
// run is mostly waiting on the package's calls that hang, block, exit or
// outlast their limit, one call limit or executor restart at a time (its
// search takes 10 to 60 s where most take 1), and otherwise runs it as
// EndToEnd does.
func WaitBound(t *testing.T) {
	t.Helper()
	SkipUnlessFull(t, "waits on calls that hang or time out")
	EndToEnd(t)
}

// BenchBug skips, unless EnvFull is set, an end-to-end test that
// reproduces in a fixture a class of real bugs from the bug benchmark
// (issue 32, bench/bugs), where bench/scripts/bugs.sh runs the real ones;
// the findings' precision guards (TestPlantedFindings,
// TestMisuseNoFindings) run by default.
func BenchBug(t *testing.T) {
	t.Helper()
	SkipUnlessFull(t, "reproduces a bug-benchmark class")
	EndToEnd(t)
}

// SkipUnlessFull skips t, saying why, unless EnvFull is set.
func SkipUnlessFull(t *testing.T, why string) {
	t.Helper()
	if !Full() {
		t.Skipf("%s; set %s=1 to run it", why, EnvFull)
	}
}

// Fixture returns the path of testdata/REL in the gentest module, found
// from the test's working directory (its package's directory) upwards,
// so that a package of end-to-end tests at any depth finds the fixtures.
func Fixture(t testing.TB, rel string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "testdata", "gen")); err == nil {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				return filepath.Join(dir, "testdata", filepath.FromSlash(rel))
			}
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatalf("no testdata/gen in a module directory above the test's")
		}
		dir = up
	}
}

// GenFixture runs Gen on a copy of testdata/gen/NAME as module
// example.com/NAME, seed 1.
func GenFixture(t *testing.T, name string, execs int) (*generator.Summary, []byte) {
	t.Helper()
	return Gen(t, ScratchModule(t, Fixture(t, "gen/"+name), "example.com/"+name), execs, 1)
}

// Gen runs gen on the package in dir with 2 executors, execs executions,
// the seed and a 300 ms call limit.
func Gen(t *testing.T, dir string, execs int, seed int64) (*generator.Summary, []byte) {
	t.Helper()
	return GenWorkers(t, dir, execs, seed, 2)
}

// GenWorkers is Gen with the given number of executors.
func GenWorkers(t *testing.T, dir string, execs int, seed int64, workers int) (*generator.Summary, []byte) {
	t.Helper()
	return GenConfig(t, generator.Config{Dir: dir, Patterns: []string{"."}, Execs: execs, Seed: seed, Workers: workers,
		CallTimeout: 300 * time.Millisecond})
}

// GenConfig runs generator.Run with cfg, the analyzer suite and the test
// binary's caches, fails t unless it wrote one file, and returns the
// package's summary and the file.
func GenConfig(t testing.TB, cfg generator.Config) (*generator.Summary, []byte) {
	t.Helper()
	var log bytes.Buffer
	cfg = WithCaches(cfg)
	cfg.Analyzers, cfg.Log = suite.Analyzers(), &log
	defer factsGate(&cfg)()
	sums, err := generator.Run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("generator.Run: %v\n%s", err, log.String())
	}
	if len(sums) != 1 {
		t.Fatalf("got %d summaries, want 1", len(sums))
	}
	src, err := os.ReadFile(sums[0].File)
	if err != nil {
		t.Fatal(err)
	}
	logPhases(t, sums[0])
	return sums[0], src
}

// The fact cache's first fill: the first run of the test binary analyses
// the standard library packages its fixture imports, which most fixtures
// share (fmt, strings, errors, io, reflect, sort, time and what they
// import), and stores their facts. Runs that start meanwhile would each
// analyse the same packages again (at load 100 the first four runs, four
// at a time, spent 390 s of wall time loading), so they wait until the
// first run is past loading, and then load those facts from the cache.
var (
	factsFirst  sync.Once
	factsLoaded = make(chan struct{})
	factsDone   sync.Once
)

// factsGate makes the test binary's first run the one that fills the fact
// cache (see factsLoaded): the first caller's cfg gets a Progress that
// opens the gate when the run reports its first phase (loading and the
// analysis are done by then), later callers wait for it. The returned
// func opens the gate too, for a first run that ends without a phase.
func factsGate(cfg *generator.Config) func() {
	first := false
	factsFirst.Do(func() { first = true })
	open := func() { factsDone.Do(func() { close(factsLoaded) }) }
	if !first {
		<-factsLoaded
		return func() {}
	}
	inner := cfg.Progress
	cfg.Progress = func(p generator.Progress) {
		open()
		if inner != nil {
			inner(p)
		}
	}
	return open
}

// logPhases logs where a run's time went, with -v: what an end-to-end
// test pays for (go test -v -json ./generator/ gives each test's log).
func logPhases(t testing.TB, s *generator.Summary) {
	if !testing.Verbose() {
		return
	}
	p := s.Phases
	t.Logf("gen %.1fs: to the search %.1f (prepare %.1f), search %.1f (%d execs), minimize %.1f, judge %.1f, findings %.1f, verify %.1f, report %.1f",
		s.Seconds, s.SearchStartSeconds, p.Prepare, p.Search, s.Execs, p.Minimize, p.Judge, p.Findings, p.Verify, p.Report)
}

// GoDirs returns the go command's caches and settings file as environment
// settings, for a child process whose HOME moves: by default they are
// under HOME, and every go command gentest runs there (the executor's
// build, verification) would start from an empty build cache and module
// cache.
func GoDirs(t *testing.T) []string {
	t.Helper()
	vars := []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOENV"}
	out, err := exec.Command("go", append([]string{"env"}, vars...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	values := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(values) != len(vars) {
		t.Fatalf("go env %v printed %q", vars, out)
	}
	env := make([]string, len(vars))
	for i, v := range vars {
		env[i] = v + "=" + values[i]
	}
	return env
}
