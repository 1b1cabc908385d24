// Command gentest-bench measures gentest's generated tests against the human
// tests of real packages.
//
// Usage:
//
//	gentest-bench -subjects FILE [-budget 30s] [-seeds N] [-out DIR] [-curve] [-ablate a,b] [-mutation]
//	gentest-bench -smoke -subjects FILE [-budget 10s] [-out DIR] [-j N] [-resume]
//	gentest-bench -readability FILE_test.go...
//
// Each line of FILE names a package: "<module>@<version> <dir>" or
// "std <import path>". For each, gentest-bench copies the package into a
// scratch directory, measures the statement coverage of its own tests, runs
// `gentest gen` with the human tests removed, and measures the generated file
// alone and together with the human tests. It writes DIR/results.csv,
// DIR/runs.csv and DIR/results.md (see package report for the columns), and
// with -curve, -ablate or -mutation the matching tables and SVG charts.
// Results are rewritten after every subject, so an interrupted run keeps
// what it measured.
//
// With -smoke, gentest-bench checks a large corpus quickly instead: per
// package one gentest run (seed 1), then whether the file was written,
// compiles, passes and is flaky (go test -count=3 -shuffle=on), its
// coverage, findings, time and memory, and a failure class for whatever went
// wrong (package internal/bench/failure). It writes DIR/results.csv, DIR/results.md
// and DIR/smoke.jsonl; -resume reads smoke.jsonl and measures only the
// packages it lacks. One package's failure never stops the run. Its
// results.md and results.csv also show the readability of each written file
// (package internal/bench/readability).
//
// With -readability, gentest-bench measures the readability of test files
// already written, each beside the package it tests, and prints one table
// row per file.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gentest-go/gentest/internal/bench/harness"
	"github.com/gentest-go/gentest/internal/bench/proc"
	"github.com/gentest-go/gentest/internal/bench/readability"
	"github.com/gentest-go/gentest/internal/bench/report"
	"github.com/gentest-go/gentest/internal/bench/result"
	"github.com/gentest-go/gentest/internal/bench/subject"
)

// gentestPkg is built when -gentest is not given; the build runs in the
// current directory, which must be inside the gentest module.
const gentestPkg = "github.com/gentest-go/gentest/cmd/gentest"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "gentest-bench:", err)
		os.Exit(2)
	}
}

type options struct {
	subjects, out, gentest, work, gremlinsVersion string
	budget                                        time.Duration
	seeds                                         int
	curve, mutation, keep                         bool
	ablate                                        []string
	smoke, resume                                 bool
	jobs                                          int
	// readability holds the files of -readability.
	readability []string
}

// smokeReruns is how often -smoke reruns the generated tests, shuffled, to
// find flaky ones: fewer than the full mode's harness.Reruns, to keep a
// large corpus affordable; gentest itself already reran them five times.
const smokeReruns = 3

func parseFlags(args []string, stderr io.Writer) (*options, error) {
	fs := flag.NewFlagSet("gentest-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := &options{}
	fs.StringVar(&o.subjects, "subjects", "", "subject `file`: one \"<module>@<version> <dir>\" or \"std <import path>\" per line (required)")
	fs.DurationVar(&o.budget, "budget", 30*time.Second, "gentest gen -budget per package (10s with -smoke unless given)")
	fs.IntVar(&o.seeds, "seeds", 1, "run seeds 1..`N` and report median and min–max")
	fs.StringVar(&o.out, "out", filepath.Join("bench", "results", time.Now().UTC().Format("2006-01-02")), "output `dir`ectory")
	fs.BoolVar(&o.curve, "curve", false, "also measure coverage at budgets 2, 5, 10, 30, 60 s and draw SVG charts")
	ablate := fs.String("ablate", "", "comma-separated generator `components` to disable one at a time (gentest gen -no=)")
	fs.BoolVar(&o.mutation, "mutation", false, "run the gremlins mutation tool on human and generated tests")
	fs.StringVar(&o.gremlinsVersion, "gremlins-version", "latest", "`version` of "+harness.GremlinsModule+" for -mutation")
	fs.StringVar(&o.gentest, "gentest", "", "prebuilt gentest `binary` (default: go build "+gentestPkg+")")
	fs.StringVar(&o.work, "work", "", "scratch `dir`ectory (default: a new temporary directory, removed at the end unless -keep)")
	fs.BoolVar(&o.keep, "keep", false, "keep the scratch directory (copies, profiles, gentest output) for inspection")
	fs.BoolVar(&o.smoke, "smoke", false, "smoke mode: one light run per package with a failure class, for a large corpus")
	fs.IntVar(&o.jobs, "j", 1, "with -smoke, measure `N` packages at a time (timings are then less comparable)")
	fs.BoolVar(&o.resume, "resume", false, "with -smoke, keep the packages already in DIR/smoke.jsonl and measure the rest")
	readab := fs.Bool("readability", false, "measure the readability of the test `files` given as arguments and exit")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: gentest-bench -subjects FILE [-budget D] [-seeds N] [-out DIR] [-curve] [-ablate a,b,...] [-mutation]")
		fmt.Fprintln(fs.Output(), "       gentest-bench -smoke -subjects FILE [-budget D] [-out DIR] [-j N] [-resume]")
		fmt.Fprintln(fs.Output(), "       gentest-bench -readability FILE_test.go...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if *readab {
		if fs.NArg() == 0 {
			return nil, errors.New("-readability needs test files as arguments")
		}
		o.readability = fs.Args()
		return o, nil
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if o.subjects == "" {
		fs.Usage()
		return nil, errors.New("-subjects is required")
	}
	budgetSet := false
	fs.Visit(func(f *flag.Flag) { budgetSet = budgetSet || f.Name == "budget" })
	if o.smoke && !budgetSet {
		o.budget = 10 * time.Second
	}
	if o.budget <= 0 {
		return nil, errors.New("-budget must be positive")
	}
	if o.jobs < 1 {
		return nil, errors.New("-j must be at least 1")
	}
	if !o.smoke && (o.jobs != 1 || o.resume) {
		return nil, errors.New("-j and -resume need -smoke")
	}
	if o.smoke && (o.curve || o.mutation || *ablate != "" || o.seeds != 1) {
		return nil, errors.New("-smoke measures one seed and takes no -curve, -ablate, -mutation or -seeds")
	}
	if o.seeds < 1 {
		return nil, errors.New("-seeds must be at least 1")
	}
	for _, a := range strings.Split(*ablate, ",") {
		if a = strings.TrimSpace(a); a != "" {
			o.ablate = append(o.ablate, a)
		}
	}
	return o, nil
}

func run(ctx context.Context, args []string, stderr io.Writer) (err error) {
	start := time.Now()
	o, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	if len(o.readability) > 0 {
		return printReadability(os.Stdout, o.readability)
	}
	subjects, err := subject.ParseFile(o.subjects)
	if err != nil {
		return err
	}
	if len(subjects) == 0 {
		return fmt.Errorf("%s names no subjects", o.subjects)
	}
	// GOWORK=off: a go.work above the scratch directory must not capture
	// the copies. GOTOOLCHAIN=local: measure with the installed Go, never a
	// toolchain a subject's go.mod asks for.
	env := append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local")

	work := o.work
	if work == "" {
		if work, err = os.MkdirTemp("", "gentest-bench-"); err != nil {
			return err
		}
		if !o.keep {
			defer os.RemoveAll(work)
		}
	} else if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	if work, err = filepath.Abs(work); err != nil {
		return err
	}

	progress := func(format string, a ...any) {
		fmt.Fprintf(stderr, "gentest-bench %6s  %s\n", time.Since(start).Round(time.Second), fmt.Sprintf(format, a...))
	}

	gentest, gentestDesc := o.gentest, "prebuilt binary "+o.gentest
	if gentest == "" {
		gentest = filepath.Join(work, "bin", "gentest")
		progress("building gentest: go build -o %s %s", gentest, gentestPkg)
		bctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
		r := proc.Run(bctx, "", os.Environ(), "go", "build", "-o", gentest, gentestPkg)
		cancel()
		if r.Err != nil {
			return fmt.Errorf("building gentest (run inside the gentest module, or pass -gentest): %w", r.Failure("go", "build", "-o", gentest, gentestPkg))
		}
		gentestDesc = "built from " + sourceRevision(ctx)
	} else if gentest, err = filepath.Abs(gentest); err != nil {
		return err
	}

	cfg := &harness.Config{Gentest: gentest, Work: work, Env: env, Budget: o.budget, Curve: o.curve, Ablate: o.ablate, Mutation: o.mutation}
	for i := 1; i <= o.seeds; i++ {
		cfg.Seeds = append(cfg.Seeds, int64(i))
	}
	tool := ""
	if o.mutation {
		tool = harness.GremlinsModule + "@" + o.gremlinsVersion
		progress("installing %s", tool)
		gobin := filepath.Join(work, "gobin")
		if err := os.MkdirAll(gobin, 0o755); err != nil {
			return err
		}
		bin, version, err := harness.InstallGremlins(ctx, env, gobin, o.gremlinsVersion)
		if err != nil {
			cfg.GremlinsErr = err.Error()
			progress("mutation testing disabled: %v", err)
			tool += " (failed: " + err.Error() + ")"
		} else {
			cfg.Gremlins = bin
			tool += " (" + version + ")"
		}
	}

	meta := report.Meta{
		Command:      strings.Join(append([]string{"gentest-bench"}, args...), " "),
		Gentest:      gentestDesc,
		Budget:       o.budget,
		Seeds:        cfg.Seeds,
		Machine:      report.DetectMachine(ctx, env),
		Ablate:       o.ablate,
		Mutation:     o.mutation,
		MutationTool: tool,
	}
	if o.curve {
		meta.CurveBudgets = harness.CurveBudgets
	}
	if o.smoke {
		cfg.Reruns = smokeReruns
		meta.Jobs, meta.Reruns = o.jobs, smokeReruns
		if err := runSmoke(ctx, o, cfg, subjects, meta, start, progress); err != nil {
			return err
		}
		if o.keep {
			progress("scratch directory kept: %s", work)
		}
		return nil
	}

	var results []result.Subject
	for i, s := range subjects {
		if ctx.Err() != nil {
			break
		}
		label := fmt.Sprintf("[%d/%d %s]", i+1, len(subjects), s.ImportPath())
		cfg.Progress = func(step string) { progress("%s %s", label, step) }
		res := cfg.Measure(ctx, i+1, s)
		results = append(results, res)
		row := report.Summarize(res)
		progress("%s done: human %s gen %s combined %s tests %s%s", label, percent(row.HumanCov), percent(row.Gen.Median),
			percent(row.Combined.Median), row.Tests.Median.Format(0), errSuffix(row.Err))
		meta.Elapsed = time.Since(start)
		if err := report.WriteAll(o.out, results, meta); err != nil {
			return fmt.Errorf("writing results: %w", err)
		}
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted after %d of %d subjects (partial results in %s): %w", len(results), len(subjects), o.out, err)
	}
	if o.keep {
		progress("scratch directory kept: %s", work)
	}
	progress("wrote %s", filepath.Join(o.out, "results.md"))
	return nil
}

// sourceRevision describes the gentest source the harness built: the git
// commit of the current directory and whether the tree had uncommitted
// changes, since results from a dirty tree cannot be reproduced from the
// commit alone.
func sourceRevision(ctx context.Context) string {
	rev := proc.Run(ctx, "", os.Environ(), "git", "rev-parse", "--short", "HEAD")
	if rev.Err != nil {
		return "the current directory (no git revision)"
	}
	desc := "commit " + strings.TrimSpace(string(rev.Stdout))
	if st := proc.Run(ctx, "", os.Environ(), "git", "status", "--porcelain"); st.Err == nil && len(bytes.TrimSpace(st.Stdout)) > 0 {
		desc += " with uncommitted or untracked changes"
	}
	return desc
}

func percent(v result.Value) string {
	if v.IsNA() {
		return "NA"
	}
	return v.Format(1) + "%"
}

func errSuffix(err string) string {
	if err == "" {
		return ""
	}
	// The full message is in results.md; the progress line stays short.
	msg := []rune(strings.Join(strings.Fields(err), " "))
	if len(msg) > 300 {
		msg = append(msg[:300], '…')
	}
	return " ERROR: " + string(msg)
}

// runSmoke measures each subject with harness.Config.Smoke, o.jobs at a
// time, and rewrites the smoke reports after every package, in subject
// order, so an interrupted run keeps what it measured and -resume can go
// on from there.
func runSmoke(ctx context.Context, o *options, cfg *harness.Config, subjects []subject.Subject, meta report.Meta, start time.Time, progress func(string, ...any)) error {
	done := make([]*result.Subject, len(subjects))
	if o.resume {
		prev, err := readSmoke(filepath.Join(o.out, report.SmokeFile))
		if err != nil {
			return err
		}
		// Match on the package and its module version: a subject whose
		// version changed in the file is measured again.
		byKey := map[string]result.Subject{}
		for _, s := range prev {
			byKey[s.Name+" "+s.Package] = s
		}
		n := 0
		for i, s := range subjects {
			if p, ok := byKey[s.Name()+" "+s.ImportPath()]; ok {
				done[i] = &p
				n++
			}
		}
		progress("resuming: %d of %d packages already measured in %s", n, len(subjects), o.out)
	}

	var mu sync.Mutex // guards done and the report files
	write := func() error {
		var all []result.Subject
		for _, d := range done {
			if d != nil {
				all = append(all, *d)
			}
		}
		meta.Elapsed = time.Since(start)
		return report.WriteSmokeAll(o.out, all, meta)
	}
	if err := write(); err != nil {
		return fmt.Errorf("writing results: %w", err)
	}

	todo := make(chan int)
	errc := make(chan error, o.jobs)
	var wg sync.WaitGroup
	for range o.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range todo {
				s := subjects[i]
				label := fmt.Sprintf("[%d/%d %s]", i+1, len(subjects), s.ImportPath())
				c := *cfg // each worker its own progress label
				c.Progress = func(step string) { progress("%s %s", label, step) }
				res := c.Smoke(ctx, i+1, s)
				run := res.Runs[0]
				progress("%s done: %s written %s compiles %s passes %s flaky %s gen %s%s", label, run.Class, yes(run.Written),
					yes(run.CompileOK), yes(run.Pass), run.Flaky.Format(0), percent(run.GenCov), detailSuffix(run.Detail))
				mu.Lock()
				if ctx.Err() == nil { // a run cut short by ^C is not a result
					done[i] = &res
				}
				err := write()
				mu.Unlock()
				if err != nil {
					errc <- fmt.Errorf("writing results: %w", err)
					return
				}
			}
		}()
	}
	var werr error
feed:
	for i := range subjects {
		if done[i] != nil {
			continue
		}
		select {
		case todo <- i:
		case <-ctx.Done():
			break feed
		case werr = <-errc:
			break feed
		}
	}
	close(todo)
	wg.Wait()
	if werr == nil {
		select {
		case werr = <-errc:
		default:
		}
	}
	if werr != nil {
		return werr
	}
	n := 0
	for _, d := range done {
		if d != nil {
			n++
		}
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted after %d of %d packages (partial results in %s; -resume goes on): %w", n, len(subjects), o.out, err)
	}
	progress("wrote %s", filepath.Join(o.out, "results.md"))
	return nil
}

// readSmoke reads a smoke run's saved results; a missing file is an empty
// run.
func readSmoke(path string) ([]result.Subject, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return report.ReadSmokeJSONL(f, path)
}

func yes(v result.Value) string {
	f, ok := v.Get()
	switch {
	case !ok:
		return "NA"
	case f != 0:
		return "yes"
	}
	return "no"
}

func detailSuffix(d string) string {
	if d == "" {
		return ""
	}
	msg := []rune(d)
	if len(msg) > 200 {
		msg = append(msg[:200], '…')
	}
	return ": " + string(msg)
}

// printReadability measures each test file (beside its package) and prints
// a markdown table of the readability columns.
func printReadability(w io.Writer, files []string) error {
	var rows []result.Subject
	for _, f := range files {
		rd, err := readability.File(f, filepath.Dir(f))
		if err != nil {
			return err
		}
		rows = append(rows, result.Subject{Package: f, Runs: []result.Run{{Readability: &rd}}})
	}
	var b strings.Builder
	report.WriteReadability(&b, rows)
	_, err := io.WriteString(w, b.String())
	return err
}
