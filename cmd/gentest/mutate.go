package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/mutation"
)

// mutateFlags are gentest mutate's flags.
type mutateFlags struct {
	jsonOut, verbose, noSandbox bool
	include, exclude, mutants   string
	budget                      time.Duration
	jobs                        int
}

// cmdMutate is gentest mutate: the mutation score of packages' test files
// against gentest's mutants.
func cmdMutate(args []string) int {
	fs := flag.NewFlagSet("gentest mutate", flag.ContinueOnError)
	f := &mutateFlags{}
	fs.BoolVar(&f.jsonOut, "json", false, "print one JSON object per package")
	fs.BoolVar(&f.verbose, "v", false, "list the surviving mutants (file:line:col: operator original -> mutant)")
	fs.StringVar(&f.include, "include", "", "comma-separated globs of the test files (base names) to run; default all")
	fs.StringVar(&f.exclude, "exclude", "", "comma-separated globs of test files not to run (e.g. *_gentest_test.go: the package's own tests only)")
	fs.StringVar(&f.mutants, "mutants", "", "comma-separated mutant ids to analyze; default all")
	fs.DurationVar(&f.budget, "budget", 0, "time bound per package (build, tests, mutants); 0: none. Mutants not run in it are skipped")
	fs.IntVar(&f.jobs, "jobs", runtime.GOMAXPROCS(0), "test binaries run at once")
	fs.BoolVar(&f.noSandbox, "no-sandbox", false, "run the tests without the Landlock sandbox (which forbids writes outside a scratch directory, running programs and TCP)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: gentest mutate [flags] [packages]\n\n"+
			"Runs the packages' test files against every mutant of gentest's mutation engine and\n"+
			"prints the mutation score: killed / (mutants - skipped), where killed includes the\n"+
			"mutants killed by timeout (with -json, \"killed\" does not: \"killed_timeout\" counts\n"+
			"them). A mutant the tests never infect is not covered and counts as alive.\n"+
			"The exit status is non-zero only on errors, not on surviving mutants.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, "mutate", args); !ok {
		return code
	}
	opts, err := f.options()
	if err != nil {
		fmt.Fprintf(os.Stderr, "gentest mutate: %v (see gentest mutate -h)\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return runMutate(ctx, os.Stdout, os.Stderr, fs.Args(), opts, f)
}

// options turns the flags into mutation.Options.
func (f *mutateFlags) options() (mutation.Options, error) {
	o := mutation.Options{
		Include: splitList(f.include), Exclude: splitList(f.exclude),
		Budget: f.budget, Jobs: f.jobs, NoSandbox: f.noSandbox,
	}
	if f.jobs < 1 {
		return o, fmt.Errorf("-jobs must be at least 1")
	}
	for _, s := range splitList(f.mutants) {
		id, err := strconv.Atoi(s)
		if err != nil || id < 1 {
			return o, fmt.Errorf("-mutants: bad mutant id %q", s)
		}
		o.Mutants = append(o.Mutants, id)
	}
	return o, nil
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// runMutate analyzes each package and prints its result; it returns the
// exit status: 1 if any package failed, else 0.
func runMutate(ctx context.Context, stdout, stderr io.Writer, patterns []string, opts mutation.Options, f *mutateFlags) int {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: mutation.LoadMode, Context: ctx}, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "gentest mutate: cannot load %s: %v\n", strings.Join(patterns, " "), err)
		return 1
	}
	if len(pkgs) == 0 {
		fmt.Fprintf(stderr, "gentest mutate: %s matched no packages\n", strings.Join(patterns, " "))
		return 1
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
	status := 0
	enc := json.NewEncoder(stdout)
	for _, pkg := range pkgs {
		var rep *mutation.Report
		err := load.CheckCompiles(pkg)
		if err == nil {
			rep, err = mutation.Analyze(ctx, pkg, opts)
		}
		if err == nil && !rep.Baseline.Passed {
			err = fmt.Errorf("%s: the tests fail without mutants, so no mutant is judged: %s", pkg.PkgPath, rep.Baseline.Output)
		}
		if err != nil {
			status = 1
		}
		if f.jsonOut {
			enc.Encode(mutateJSON(pkg.PkgPath, rep, err))
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "gentest mutate: %v\n", err)
			continue
		}
		if len(rep.Dropped) > 0 {
			fmt.Fprintf(stderr, "gentest mutate: %s: no mutants in %s (%s)\n", rep.Package, strings.Join(dropList(rep), ", "), rep.MutateErr)
		}
		printMutateText(stdout, rep, f.verbose)
	}
	return status
}

// mutateSummary is one package's line of gentest mutate -json. The
// benchmark (gentest-bench) reads these names: keep them.
type mutateSummary struct {
	Package string `json:"package"`
	// The counts: mutants is every mutant analyzed (killed +
	// killed_timeout + survived + not_covered + skipped); killed counts
	// the mutants a test failed on, killed_timeout those the tests did
	// not end with in time, which killed does not include. They are a
	// mutation.OpCount over all operators, flattened into the object.
	mutation.OpCount
	// Score is (killed + killed_timeout) / (mutants - skipped) in
	// percent (as gremlins gives it); 0 when no mutant was judged.
	Score     float64                     `json:"score"`
	Operators map[string]mutation.OpCount `json:"operators"`
	Survivors []survivorJSON              `json:"survivors"`
	// NotCoveredMutants are the mutants the tests never infected, in the
	// survivors' form: where a file loses mutants it never reaches or
	// reaches without changing a value (bench/scripts/survivors.sh).
	NotCoveredMutants []survivorJSON `json:"not_covered_mutants"`
	// TestFiles are the base names of the test files that ran.
	TestFiles []string `json:"test_files"`
	// Seconds is the wall time; the phases' parts follow.
	Seconds         float64 `json:"seconds"`
	BuildSeconds    float64 `json:"build_seconds"`
	BaselineSeconds float64 `json:"baseline_seconds"`
	MutantsSeconds  float64 `json:"mutants_seconds"`
	// Dropped are the files (relative to the package) whose mutants are
	// left out because the mutated build did not compile with them (a
	// gentest bug), MutateError the compiler's first error then.
	Dropped     []string `json:"dropped"`
	MutateError string   `json:"mutate_error,omitempty"`
	Error       string   `json:"error,omitempty"`
}

// survivorJSON is a mutant the tests infected and still passed with.
type survivorJSON struct {
	ID   int    `json:"id"`
	Op   string `json:"op"`
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Orig string `json:"orig"`
	Repl string `json:"repl"`
}

// mutateJSON summarises rep (nil on errors before any run) and err.
func mutateJSON(pkg string, rep *mutation.Report, err error) mutateSummary {
	s := mutateSummary{Package: pkg, Operators: map[string]mutation.OpCount{}, Survivors: []survivorJSON{}, NotCoveredMutants: []survivorJSON{}, TestFiles: []string{}, Dropped: []string{}}
	if err != nil {
		s.Error = err.Error()
	}
	if rep == nil {
		return s
	}
	s.OpCount = mutation.OpCount{Mutants: len(rep.Mutants), Killed: rep.Killed, KilledTimeout: rep.KilledTimeout,
		Survived: rep.Survived, NotCovered: rep.NotCovered, Skipped: rep.Skipped}
	s.Score = round4(100 * rep.Score())
	s.Operators = rep.Operators
	for _, m := range rep.Mutants {
		sj := survivorJSON{ID: m.ID, Op: m.Op, File: relFile(rep.Dir, m.File), Line: m.Line, Col: m.Col, Orig: m.Orig, Repl: m.Repl}
		switch m.Status {
		case mutation.Survived:
			s.Survivors = append(s.Survivors, sj)
		case mutation.NotCovered:
			s.NotCoveredMutants = append(s.NotCoveredMutants, sj)
		}
	}
	for _, t := range rep.TestFiles {
		s.TestFiles = append(s.TestFiles, filepath.Base(t))
	}
	if len(rep.Dropped) > 0 {
		s.Dropped = dropList(rep)
	}
	s.MutateError = rep.MutateErr
	t := rep.Times
	s.BuildSeconds, s.BaselineSeconds, s.MutantsSeconds = secs(t.Build), secs(t.Baseline), secs(t.Mutants)
	s.Seconds = secs(t.Build + t.Baseline + t.Mutants)
	return s
}

// printMutateText prints a package's line and, verbose, its survivors
// (with the column: a line often holds several constants).
func printMutateText(w io.Writer, rep *mutation.Report, verbose bool) {
	line := fmt.Sprintf("%s  mutants %d  killed %d (%d by timeout)  survived %d  not covered %d",
		rep.Package, len(rep.Mutants), rep.Killed+rep.KilledTimeout, rep.KilledTimeout, rep.Survived, rep.NotCovered)
	if rep.Skipped > 0 {
		line += fmt.Sprintf("  skipped %d", rep.Skipped)
	}
	fmt.Fprintf(w, "%s  score %.1f%%\n", line, 100*rep.Score())
	if !verbose {
		return
	}
	for _, m := range rep.Mutants {
		if m.Status == mutation.Survived {
			repl := m.Repl
			if repl == "" {
				repl = "(removed)"
			}
			fmt.Fprintf(w, "\t%s:%d:%d: %s %s -> %s\n", relFile(rep.Dir, m.File), m.Line, m.Col, m.Op, m.Orig, repl)
		}
	}
}

// dropList names the report's dropped files relative to the package.
func dropList(rep *mutation.Report) []string {
	names := make([]string, len(rep.Dropped))
	for i, f := range rep.Dropped {
		names[i] = relFile(rep.Dir, f)
	}
	return names
}

// relFile is file relative to the package directory when inside it.
func relFile(dir, file string) string {
	if filepath.IsAbs(file) {
		if r, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(r, "..") {
			return filepath.ToSlash(r)
		}
	}
	return file
}

func secs(d time.Duration) float64 { return round4(d.Seconds()) }

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
