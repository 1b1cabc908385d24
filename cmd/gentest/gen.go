package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/gentest-go/gentest/analyzers/suite"
	"github.com/gentest-go/gentest/generator"
	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/load"
)

// cmdGen is gentest gen: its flags, checked and turned into a
// generator.Config, a run, and what it prints.
func cmdGen(args []string) int {
	fs, f := genFlagSet()
	// The flag package would print the usage after a parse error; a bad
	// flag gets one line instead, like every other usage error.
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(os.Stderr)
			fs.Usage()
			return 0
		}
		fmt.Fprintf(os.Stderr, "gentest gen: %v (see gentest gen -h)\n", err)
		return 2
	}
	cfg, err := f.config(fs.Args())
	if err != nil {
		var u *usageError
		switch {
		case errors.As(err, &u) && u.seeHelp:
			fmt.Fprintf(os.Stderr, "gentest gen: %v (see gentest gen -h)\n", u.err)
			return 2
		case errors.As(err, &u):
			fmt.Fprintf(os.Stderr, "gentest: %v\n", u.err)
			return 2
		}
		fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
		return 1
	}
	return f.run(cfg)
}

// genFlags are gentest gen's flags.
type genFlags struct {
	// The search and the executors.
	budget, callTimeout  time.Duration
	execs, workers, jobs int
	seed, memLimit       int64 // memLimit in MiB
	shard, engine, cmp   string
	no, allow            string // component and effect lists
	noCache, noSandbox   bool
	fresh                bool // regenerate, keeping nothing of an earlier file
	// The output.
	out, htmlOut, cpuProfile string
	jsonOut, quiet           bool
	explain                  explainFlag
}

// genFlagSet defines gentest gen's flags and its usage text.
func genFlagSet() (*flag.FlagSet, *genFlags) {
	fs := flag.NewFlagSet("gentest gen", flag.ContinueOnError)
	f := &genFlags{}
	fs.DurationVar(&f.budget, "budget", 10*time.Second, "search time per package")
	fs.IntVar(&f.execs, "execs", 0, "bound the search by this many executed sequences instead of time; with -seed, output is reproducible")
	fs.Int64Var(&f.seed, "seed", 1, "random seed")
	fs.StringVar(&f.out, "o", "", "output file (default <pkgname>_gentest_test.go in the package directory; one package only)")
	fs.BoolVar(&f.jsonOut, "json", false, "print a JSON summary per package on stdout")
	fs.IntVar(&f.workers, "p", 0, "number of executor processes, shared by the packages generated at once (default GOMAXPROCS)")
	fs.IntVar(&f.jobs, "j", 0, "packages generated at once (default: one per two executors of -p)")
	fs.StringVar(&f.shard, "shard", "", "generate only shard `i/n` (1 <= i <= n) of the sorted package list, for CI matrices")
	fs.DurationVar(&f.callTimeout, "call-timeout", time.Second, "CPU-time limit for one call of the code under test (wall time for a call that is blocked)")
	fs.Int64Var(&f.memLimit, "mem-limit", 0, "memory cap per executor in MiB (default: all executors together below a quarter of RAM, at most 768 each)")
	fs.BoolVar(&f.fresh, "fresh", false, "regenerate from scratch; by default the tests of an earlier generated file that still compile and pass are kept as they are, and new tests are added after them")
	fs.BoolVar(&f.noCache, "no-cache", false, "rebuild the executor and recompute dependencies' facts even if cached ones match")
	fs.BoolVar(&f.quiet, "q", false, "print only errors: no progress, no summary table")
	fs.BoolVar(&f.noSandbox, "no-sandbox", false, "do not confine executors with Landlock; operations whose effects are unknown are then not called")
	fs.StringVar(&f.no, "no", "", "comma-separated components to switch off, for ablation: "+strings.Join(generator.ComponentNames(), ", "))
	fs.StringVar(&f.allow, "allow", "", "comma-separated effects to allow calling (fs-write, exec, net, exit, io); by default operations whose effect facts include them are not called")
	fs.Var(&f.explain, "explain", "after the summary, say why code stayed uncovered, per function: -explain prints a short report, -explain=html writes the HTML view (see -html)")
	fs.StringVar(&f.htmlOut, "html", "", "write the HTML view of the explanation (coverage with the reasons beside the lines) to this `file`; -explain=html without -html writes gentest-explain.html")
	fs.StringVar(&f.engine, "engine", generator.Engines[0], "search engine: "+strings.Join(generator.Engines, ", ")+" (hybrid: random search, then DynaMOSA on the branches left)")
	fs.StringVar(&f.cmp, "cmp", string(generator.CmpAuto), "when tests compare values with go-cmp: auto (where the module already requires it; standard library checks elsewhere, go.mod untouched), always (everywhere, adding the requirement to go.mod and go.sum), never; standard-library packages never use it")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile of gentest itself to this file")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: gentest gen [flags] [packages]

gen writes <pkgname>_gentest_test.go next to each package: tests found by
feedback-directed random search over the package's exported API, with
regression assertions (the standard library's comparisons, or go-cmp where
the module requires it: see -cmp), verified with go test before they are
written.

Flags:
`)
		fs.PrintDefaults()
	}
	return fs, f
}

// usageError is a flag value gentest gen rejects (exit status 2);
// seeHelp adds the pointer to -h.
type usageError struct {
	err     error
	seeHelp bool
}

func (u *usageError) Error() string { return u.err.Error() }

// config checks the flags, before any work, and makes the run's
// configuration for the packages matched by patterns.
func (f *genFlags) config(patterns []string) (generator.Config, error) {
	if err := checkGenFlags(f.budget, f.callTimeout, f.workers, f.execs, f.memLimit, f.out); err != nil {
		return generator.Config{}, &usageError{err, true}
	}
	if f.jobs < 0 {
		return generator.Config{}, &usageError{fmt.Errorf("-j must be 0 (the default) or positive, got %d", f.jobs), true}
	}
	sh, err := generator.ParseShard(f.shard)
	if err != nil {
		return generator.Config{}, &usageError{err, true}
	}
	allowed, err := generator.ParseAllow(f.allow)
	if err != nil {
		return generator.Config{}, &usageError{err, false}
	}
	disabled, err := generator.ParseDisable(f.no)
	if err != nil {
		return generator.Config{}, &usageError{err, false}
	}
	if _, err := generator.ParseEngine(f.engine); err != nil {
		return generator.Config{}, &usageError{err, false}
	}
	cmpMode, err := generator.ParseCmp(f.cmp)
	if err != nil {
		return generator.Config{}, &usageError{err, false}
	}
	dir, err := os.Getwd()
	if err != nil {
		return generator.Config{}, err
	}
	return generator.Config{
		Dir:         dir,
		Patterns:    patterns,
		Budget:      f.budget,
		Execs:       f.execs,
		Seed:        f.seed,
		Engine:      f.engine,
		Cmp:         cmpMode,
		Output:      f.out,
		Fresh:       f.fresh,
		Workers:     f.workers,
		CallTimeout: f.callTimeout,
		MemLimit:    f.memLimit << 20,
		Analyzers:   suite.Analyzers(),
		Allow:       allowed,
		Disable:     disabled,
		NoSandbox:   f.noSandbox,
		Jobs:        f.jobs,
		Shard:       sh,
	}, nil
}

// checkGenFlags rejects flag values that make no sense, before any work:
// they are usage errors, never silently replaced by defaults.
func checkGenFlags(budget, callTimeout time.Duration, workers, execs int, memLimit int64, out string) error {
	switch {
	case budget <= 0:
		return fmt.Errorf("-budget must be positive, got %v", budget)
	case callTimeout <= 0:
		return fmt.Errorf("-call-timeout must be positive, got %v", callTimeout)
	case workers < 0:
		return fmt.Errorf("-p must be 0 (GOMAXPROCS) or positive, got %d", workers)
	case execs < 0:
		return fmt.Errorf("-execs must be 0 (bound by -budget) or positive, got %d", execs)
	case memLimit < 0:
		return fmt.Errorf("-mem-limit must be 0 (the default cap) or positive, got %d", memLimit)
	}
	if out != "" && !strings.HasSuffix(out, "_test.go") {
		// Verification puts the file beside the package under this name;
		// any other name compiles into the package itself and would fail
		// only after the whole search.
		return fmt.Errorf("-o %s: the output must be a _test.go file", out)
	}
	if out != "" {
		dir := filepath.Dir(out)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return fmt.Errorf("-o %s: directory %s does not exist", out, dir)
		}
	}
	return nil
}

// run runs the generator with cfg, the progress on stderr, until done or
// interrupted, and prints the results.
func (f *genFlags) run(cfg generator.Config) int {
	var prog *progress
	if !f.quiet {
		prog = newProgress(os.Stderr, isTerminal(os.Stderr))
		cfg.Log, cfg.Progress = prog, prog.Report
		prog.Status("gentest: loading and analyzing " + strings.Join(patternsOrDot(cfg.Patterns), " "))
	}
	if !f.noCache {
		if c, err := os.UserCacheDir(); err == nil {
			cfg.CacheDir = filepath.Join(c, "gentest", "executors")
			cfg.FactCacheDir = filepath.Join(c, "gentest", "facts")
		}
	}
	if f.cpuProfile != "" {
		pf, err := os.Create(f.cpuProfile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
			return 1
		}
		pprof.StartCPUProfile(pf)
		defer pprof.StopCPUProfile()
	}
	// The default GC, with a soft limit: gentest's memory must not grow
	// with the budget, and it shares the machine with the executors.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(generator.SelfSoftLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	sums, err := generator.Run(ctx, cfg)
	if prog != nil {
		prog.Done()
	}
	if code := f.output(sums); code != 0 {
		return code
	}
	if err != nil {
		var le *load.Error
		if ctx.Err() != nil {
			fmt.Fprintln(os.Stderr, "gentest: interrupted; nothing written for the package in progress")
			return 130
		}
		if errors.As(err, &le) {
			fmt.Fprintf(os.Stderr, "gentest: %v\n", le)
		} else {
			fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
		}
		return 1
	}
	return 0
}

// output prints the summaries: the table (on stdout, unless -json has
// it), the explanation as text or HTML, and the JSON summaries. It
// returns 1 when the HTML view cannot be written.
func (f *genFlags) output(sums []*generator.Summary) int {
	// The table is the human report: on stdout, unless -json has it.
	report := io.Writer(os.Stdout)
	if f.jsonOut {
		report = os.Stderr
	}
	if !f.quiet && len(sums) > 0 {
		printTable(report, sums)
	}
	if f.explain == "text" {
		for _, s := range sums {
			if s.Explain != nil {
				fmt.Fprintln(report)
				explain.WriteText(report, s.Package, s.Explain)
			}
		}
	}
	html := f.htmlOut
	if html == "" && f.explain == "html" {
		html = "gentest-explain.html"
	}
	if html != "" && len(sums) > 0 {
		if err := writeExplainHTML(html, sums); err != nil {
			fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
			return 1
		} else if !f.quiet {
			fmt.Fprintf(os.Stderr, "gentest: wrote the explanation's HTML view to %s\n", html)
		}
	}
	if f.jsonOut {
		enc := json.NewEncoder(os.Stdout)
		for _, s := range sums {
			enc.Encode(s)
		}
	}
	return 0
}

// explainFlag is -explain: a boolean flag ("-explain" is "text") that also
// takes a value, "html".
type explainFlag string

func (f *explainFlag) String() string   { return string(*f) }
func (f *explainFlag) IsBoolFlag() bool { return true }

func (f *explainFlag) Set(v string) error {
	switch v {
	case "true", "text":
		*f = "text"
	case "false", "":
		*f = ""
	case "html":
		*f = "html"
	default:
		return fmt.Errorf("-explain takes no value, or html; got %q", v)
	}
	return nil
}

// writeExplainHTML writes the HTML view of the packages' explanations.
func writeExplainHTML(path string, sums []*generator.Summary) error {
	var pages []explain.Page
	for _, s := range sums {
		if s.Explain != nil {
			pages = append(pages, explain.Page{Package: s.Package, Report: s.Explain})
		}
	}
	var buf bytes.Buffer
	if err := explain.WriteHTML(&buf, pages); err != nil {
		return err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing the explanation: %w", err)
	}
	return nil
}

func patternsOrDot(p []string) []string {
	if len(p) == 0 {
		return []string{"."}
	}
	return p
}
