// Package mutation measures how many of gentest's mutants a package's test
// files kill: the package's own tests, a generated file, or both.
//
// The mutants are the instrumenter's (instrument.Options.Mutate), compiled
// as schemata into one test binary of the package: its chosen test files
// beside the instrumented, mutated sources (harness.InstrumentedFiles),
// built once with `go test -c -overlay`. A first run without an active
// mutant checks that the tests pass and records which mutants they infect
// (GENTEST_INFECTED); then the binary runs once per infected mutant with
// that mutant active (GENTEST_MUTANT), failing fast. A mutant the tests
// never infect cannot change what they observe, so it survives without a
// run (NotCovered).
//
// Statuses depend only on the package, its test files and the mutants,
// not on the order or parallelism of the runs, with one exception: a run
// is stopped after a timeout derived from the unmutated run's time, so on
// a loaded machine a slow mutant may be counted as killed by timeout in
// one run and survive in another.
package mutation

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/internal/harness/instrument"
)

// Status is the verdict on one mutant.
type Status string

// The statuses of a mutant.
const (
	// Killed: a test failed (or the binary crashed) with the mutant active.
	Killed Status = "killed"
	// KilledTimeout: with the mutant active the tests did not end within
	// the timeout (a loop that no longer ends, say). Counted as killed in
	// the score, but separately, since a slow machine can cause it too.
	KilledTimeout Status = "killed-timeout"
	// Survived: the tests passed with the mutant active.
	Survived Status = "survived"
	// NotCovered: the tests never infected the mutant (never reached it,
	// or never made its value differ from the original's), so it
	// survives without a run.
	NotCovered Status = "not-covered"
	// Skipped: the budget or the context ran out before the mutant's run
	// ended, or the run could not start; it is left out of the score.
	Skipped Status = "skipped"
)

// Options configure an analysis.
type Options struct {
	// Include and Exclude choose which of the package directory's test
	// files run, by globs (path.Match syntax) on their base names: a file
	// runs when it matches some Include glob (or Include is empty) and no
	// Exclude glob. For instance Exclude {"*_gentest_test.go"} runs the
	// package's own tests only, Include {"*_gentest_test.go"} gentest's
	// file only.
	Include, Exclude []string
	// Extra maps absolute paths in the package directory to the contents
	// of test files added through the overlay (a generated file not yet
	// written, say). They always run, whatever Include and Exclude say,
	// and replace a file on disk at the same path.
	Extra map[string][]byte
	// Jobs is how many test binaries run at once; <= 0 means GOMAXPROCS.
	Jobs int
	// Budget bounds the whole analysis (build, first run, mutants); 0
	// means no bound. Mutants whose runs did not end in it are Skipped.
	Budget time.Duration
	// Mutants, when not nil, restricts the analysis to these mutant ids;
	// the report then holds only them.
	Mutants []int
	// WorkDir holds the overlay, the binary and the runs' scratch
	// directories; "" means a temporary directory removed at the end.
	WorkDir string
	// NoSandbox runs the test binaries without the Landlock sandbox even
	// where it is available. In the sandbox they may write only in their
	// scratch directories, run no program and (at Landlock ABI 4 and
	// later) open no TCP connection, so tests that need those fail.
	NoSandbox bool
	// MemLimit caps each test binary's resident memory in bytes (where
	// the platform lets the parent read it); 0 means a default from the
	// machine's memory and Jobs.
	MemLimit int64
	// BaselineTimeout bounds the first, unmutated run; 0 means 10 minutes.
	BaselineTimeout time.Duration
	// NoMutants names package files (absolute paths) that get no mutants,
	// as harness.Options.NoMutants: an executor's build dropped them
	// (harness.Harness.NoMutants), and the mutant ids here must be its.
	NoMutants []string
}

// MutantResult is the verdict on one mutant.
type MutantResult struct {
	instrument.Mutant
	Status Status
	// Note says what killed the mutant: the first failing test, a crash,
	// the memory cap; empty otherwise.
	Note string
	// Elapsed is the wall time of the mutant's run (0 when not run).
	Elapsed time.Duration
}

// OpCount counts one operator class's mutants by status (Killed without
// those killed by timeout, as in Report).
type OpCount struct {
	Mutants       int `json:"mutants"`
	Killed        int `json:"killed"`
	KilledTimeout int `json:"killed_timeout"`
	Survived      int `json:"survived"`
	NotCovered    int `json:"not_covered"`
	Skipped       int `json:"skipped"`
}

// Baseline is the outcome of the run without an active mutant.
type Baseline struct {
	// Passed is true when the tests passed; otherwise no mutant is judged
	// (all are Skipped) and Output says why.
	Passed bool
	// Output is the end of what the run printed, when it failed.
	Output string
	// Infected is how many mutants the tests infected.
	Infected int
	// Elapsed is the run's wall time.
	Elapsed time.Duration
}

// Times says where the analysis spent its time.
type Times struct {
	Build, Baseline, Mutants time.Duration
}

// Report is the outcome of Analyze for one package.
type Report struct {
	// Package is the import path.
	Package string
	// Dir is the package directory.
	Dir string
	// TestFiles are the test files that ran (absolute paths, sorted).
	TestFiles []string
	// Mutants holds a result per mutant, by ascending id.
	Mutants []MutantResult
	// Counts per status; Killed does not include KilledTimeout.
	Killed, KilledTimeout, Survived, NotCovered, Skipped int
	// Operators counts mutants and kills per operator class.
	Operators map[string]OpCount
	// Baseline is the unmutated run.
	Baseline Baseline
	// Timeout is the limit each mutant's run had.
	Timeout time.Duration
	// Times are the phases' wall times.
	Times Times
	// Dropped are the package files (absolute, sorted) that have no
	// mutants in the analysis: Options.NoMutants and the files whose
	// mutants the compiler rejected (a gentest bug; MutateErr says which
	// error), or every file when the mutants did not compile even so.
	// Their mutants are neither in Mutants nor in the score.
	Dropped []string
	// MutateErr is the compiler's first error on the mutated build when
	// mutants were dropped for it, "" otherwise.
	MutateErr string
}

// Score is the fraction of the judged mutants that were killed:
// (Killed+KilledTimeout) / (all mutants - Skipped); 0 when none was judged.
func (r *Report) Score() float64 {
	n := len(r.Mutants) - r.Skipped
	if n <= 0 {
		return 0
	}
	return float64(r.Killed+r.KilledTimeout) / float64(n)
}

// tally fills the counts from the per-mutant statuses.
func (r *Report) tally() {
	r.Killed, r.KilledTimeout, r.Survived, r.NotCovered, r.Skipped = 0, 0, 0, 0, 0
	r.Operators = map[string]OpCount{}
	for _, m := range r.Mutants {
		c := r.Operators[m.Op]
		c.Mutants++
		switch m.Status {
		case Killed:
			r.Killed++
			c.Killed++
		case KilledTimeout:
			r.KilledTimeout++
			c.KilledTimeout++
		case Survived:
			r.Survived++
			c.Survived++
		case NotCovered:
			r.NotCovered++
			c.NotCovered++
		default:
			r.Skipped++
			c.Skipped++
		}
		r.Operators[m.Op] = c
	}
}

// LoadMode is what Analyze needs of a package: its own syntax and types.
// Its dependencies' types may come from export data (no NeedDeps), which
// is much cheaper than type-checking them from source.
const LoadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo |
	packages.NeedTypesSizes | packages.NeedModule

// ErrNoTests is returned (wrapped) for a package with no test file to run.
var ErrNoTests = errors.New("no test files to run")

// Analyze runs pkg's chosen test files against every mutant of the
// package (see the package doc). pkg must be loaded with syntax and type
// information (LoadMode). A package that does not compile, a main
// package, and one without tests are errors; tests that fail without a
// mutant are not: the report's Baseline says so; neither are mutants that
// do not compile: their files' mutants are dropped (Report.Dropped).
func Analyze(ctx context.Context, pkg *packages.Package, opts Options) (*Report, error) {
	if err := check(pkg); err != nil {
		return nil, err
	}
	if opts.Budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Budget)
		defer cancel()
	}
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.GOMAXPROCS(0)
	}
	if opts.MemLimit <= 0 {
		opts.MemLimit = defaultMemLimit(opts.Jobs)
	}
	dir := filepath.Dir(pkg.GoFiles[0])
	tests, hidden, err := chooseTests(dir, opts)
	if err != nil {
		return nil, fmt.Errorf("mutation: %s: %w", pkg.PkgPath, err)
	}
	work := opts.WorkDir
	if work == "" {
		work, err = os.MkdirTemp("", "gentest-mutate-")
		if err != nil {
			return nil, fmt.Errorf("mutation: %w", err)
		}
		defer os.RemoveAll(work)
	}
	rep := &Report{Package: pkg.PkgPath, Dir: dir, TestFiles: tests}
	start := time.Now()
	b, err := buildBinary(ctx, pkg, dir, work, opts, hidden)
	rep.Times.Build = time.Since(start)
	if err != nil {
		return nil, err
	}
	rep.Dropped, rep.MutateErr = b.dropped, b.mutateErr
	rep.Mutants = selectMutants(b.table.Mutants, opts.Mutants)
	r := &runner{bin: b.bin, dir: dir, work: work, sandbox: sandboxOn(opts.NoSandbox), memLimit: opts.MemLimit}
	if err := analyzeRuns(ctx, r, rep, opts); err != nil {
		return nil, err
	}
	rep.tally()
	return rep, nil
}

// analyzeRuns runs the baseline and then the infected mutants, filling
// rep's statuses and times.
func analyzeRuns(ctx context.Context, r *runner, rep *Report, opts Options) error {
	bt := opts.BaselineTimeout
	if bt <= 0 {
		bt = 10 * time.Minute
	}
	start := time.Now()
	base, infected, err := r.baseline(ctx, bt)
	rep.Times.Baseline = time.Since(start)
	if err != nil {
		return err
	}
	rep.Baseline = base
	if !base.Passed {
		for i := range rep.Mutants {
			rep.Mutants[i].Status = Skipped
		}
		return nil
	}
	rep.Timeout = mutantTimeout(base.Elapsed)
	var todo []int // indices into rep.Mutants
	for i := range rep.Mutants {
		if infected[rep.Mutants[i].ID] {
			todo = append(todo, i)
		} else {
			rep.Mutants[i].Status = NotCovered
		}
	}
	start = time.Now()
	r.runMutants(ctx, rep, todo, opts.Jobs)
	rep.Times.Mutants = time.Since(start)
	return nil
}

// mutantTimeout is the limit of one mutant's run: ten times the unmutated
// run, at least 10 s, so that only a run far slower than the original
// (a loop that no longer ends) counts as a timeout.
func mutantTimeout(base time.Duration) time.Duration {
	t := 10 * base
	if t < 10*time.Second {
		t = 10 * time.Second
	}
	return t
}

// check rejects packages whose tests cannot be mutated.
func check(pkg *packages.Package) error {
	if pkg == nil {
		return errors.New("mutation: no package")
	}
	for _, e := range pkg.Errors {
		return fmt.Errorf("mutation: %s does not compile: %s", pkg.PkgPath, e.Error())
	}
	if len(pkg.GoFiles) == 0 || len(pkg.Syntax) == 0 || pkg.TypesInfo == nil {
		return fmt.Errorf("mutation: %s: no Go files with syntax and types (load the package with NeedSyntax and NeedTypesInfo)", pkg.PkgPath)
	}
	if pkg.Name == "main" {
		return fmt.Errorf("mutation: %s is a main package: its functions cannot be tested from outside, and gentest does not mutate commands", pkg.PkgPath)
	}
	return nil
}

// selectMutants returns a result per mutant of the table, in id order,
// restricted to ids when ids is not nil.
func selectMutants(all []instrument.Mutant, ids []int) []MutantResult {
	want := map[int]bool{}
	for _, id := range ids {
		want[id] = true
	}
	var out []MutantResult
	for _, m := range all {
		if ids == nil || want[m.ID] {
			out = append(out, MutantResult{Mutant: m})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
