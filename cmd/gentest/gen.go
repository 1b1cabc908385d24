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

func cmdGen(args []string) int {
	fs := flag.NewFlagSet("gentest gen", flag.ContinueOnError)
	budget := fs.Duration("budget", 10*time.Second, "search time per package")
	execs := fs.Int("execs", 0, "bound the search by this many executed sequences instead of time; with -seed, output is reproducible")
	seed := fs.Int64("seed", 1, "random seed")
	out := fs.String("o", "", "output file (default <pkgname>_gentest_test.go in the package directory; one package only)")
	jsonOut := fs.Bool("json", false, "print a JSON summary per package on stdout")
	workers := fs.Int("p", 0, "number of executor processes, shared by the packages generated at once (default GOMAXPROCS)")
	jobs := fs.Int("j", 0, "packages generated at once (default: one per two executors of -p)")
	shard := fs.String("shard", "", "generate only shard `i/n` (1 <= i <= n) of the sorted package list, for CI matrices")
	callTimeout := fs.Duration("call-timeout", time.Second, "CPU-time limit for one call of the code under test (wall time for a call that is blocked)")
	memLimit := fs.Int64("mem-limit", 0, "memory cap per executor in MiB (default: all executors together below a quarter of RAM, at most 768 each)")
	noCache := fs.Bool("no-cache", false, "rebuild the executor and recompute dependencies' facts even if cached ones match")
	quiet := fs.Bool("q", false, "print only errors: no progress, no summary table")
	noSandbox := fs.Bool("no-sandbox", false, "do not confine executors with Landlock; operations whose effects are unknown are then not called")
	no := fs.String("no", "", "comma-separated components to switch off, for ablation: "+strings.Join(generator.DisableNames(), ", "))
	allow := fs.String("allow", "", "comma-separated effects to allow calling (fs-write, exec, net, exit, io); by default operations whose effect facts include them are not called")
	var explainMode explainFlag
	fs.Var(&explainMode, "explain", "after the summary, say why code stayed uncovered, per function: -explain prints a short report, -explain=html writes the HTML view (see -html)")
	htmlOut := fs.String("html", "", "write the HTML view of the explanation (coverage with the reasons beside the lines) to this `file`; -explain=html without -html writes gentest-explain.html")
	engine := fs.String("engine", generator.Engines[0], "search engine: "+strings.Join(generator.Engines, ", ")+" (hybrid: random search, then DynaMOSA on the branches left)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of gentest itself to this file")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: gentest gen [flags] [packages]

gen writes <pkgname>_gentest_test.go next to each package: tests found by
feedback-directed random search over the package's exported API, with go-cmp
regression assertions, verified with go test before they are written.

Flags:
`)
		fs.PrintDefaults()
	}
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
	if err := checkGenFlags(*budget, *callTimeout, *workers, *execs, *memLimit, *out); err != nil {
		fmt.Fprintf(os.Stderr, "gentest gen: %v (see gentest gen -h)\n", err)
		return 2
	}
	if *jobs < 0 {
		fmt.Fprintf(os.Stderr, "gentest gen: -j must be 0 (the default) or positive, got %d (see gentest gen -h)\n", *jobs)
		return 2
	}
	sh, err := generator.ParseShard(*shard)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gentest gen: %v (see gentest gen -h)\n", err)
		return 2
	}
	allowed, err := generator.ParseAllow(*allow)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
		return 2
	}
	disabled, err := generator.ParseDisable(*no)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
		return 2
	}
	if _, err := generator.ParseEngine(*engine); err != nil {
		fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
		return 2
	}
	dir, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
		return 1
	}
	cfg := generator.Config{
		Dir:         dir,
		Patterns:    fs.Args(),
		Budget:      *budget,
		Execs:       *execs,
		Seed:        *seed,
		Engine:      *engine,
		Output:      *out,
		Workers:     *workers,
		CallTimeout: *callTimeout,
		MemLimit:    *memLimit << 20,
		Analyzers:   suite.Analyzers(),
		Allow:       allowed,
		Disable:     disabled,
		NoSandbox:   *noSandbox,
		Jobs:        *jobs,
		Shard:       sh,
	}
	var prog *progress
	if !*quiet {
		prog = newProgress(os.Stderr, isTerminal(os.Stderr))
		cfg.Log, cfg.Progress = prog, prog.Report
		prog.Status("gentest: loading and analyzing " + strings.Join(patternsOrDot(fs.Args()), " "))
	}
	if !*noCache {
		if c, err := os.UserCacheDir(); err == nil {
			cfg.CacheDir = filepath.Join(c, "gentest", "executors")
			cfg.FactCacheDir = filepath.Join(c, "gentest", "facts")
		}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
			return 1
		}
		pprof.StartCPUProfile(f)
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
	// The table is the human report: on stdout, unless -json has it.
	report := io.Writer(os.Stdout)
	if *jsonOut {
		report = os.Stderr
	}
	if !*quiet && len(sums) > 0 {
		printTable(report, sums)
	}
	if explainMode == "text" {
		for _, s := range sums {
			if s.Explain != nil {
				fmt.Fprintln(report)
				explain.WriteText(report, s.Package, s.Explain)
			}
		}
	}
	if *htmlOut == "" && explainMode == "html" {
		*htmlOut = "gentest-explain.html"
	}
	if *htmlOut != "" && len(sums) > 0 {
		if werr := writeExplainHTML(*htmlOut, sums); werr != nil {
			fmt.Fprintf(os.Stderr, "gentest: %v\n", werr)
			return 1
		} else if !*quiet {
			fmt.Fprintf(os.Stderr, "gentest: wrote the explanation's HTML view to %s\n", *htmlOut)
		}
	}
	if *jsonOut {
		enc := json.NewEncoder(os.Stdout)
		for _, s := range sums {
			enc.Encode(s)
		}
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
