package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/bench/compare"
	"github.com/gentest-go/gentest/internal/bench/harness"
)

// mode is what one gentest-bench command does.
type mode string

const (
	modeBench       mode = "bench" // measure a subjects file (-smoke: the light way)
	modeReadability mode = "readability"
	modeCompare     mode = "compare"
	modePrepare     mode = "prepare"
	modeFindings    mode = "findings"
	modeSummary     mode = "summary"
)

type options struct {
	mode                                          mode
	subjects, out, gentest, work, gremlinsVersion string
	budget                                        time.Duration
	seeds                                         int
	curve, keep                                   bool
	// mutation is the -mutation tools.
	mutation      mutationTools
	ablate, flags []string
	smoke, resume bool
	jobs          int
	// combine and threshold are -compare's.
	combine   compare.Combine
	threshold float64
	// args are the arguments of the modes that take them.
	args []string
}

// smokeReruns is how often -smoke reruns the generated tests, shuffled, to
// find flaky ones: fewer than the full mode's harness.Reruns, to keep a
// large corpus affordable; gentest itself already reran them five times.
const smokeReruns = 3

// usage is the synopsis -h prints above the flags.
const usage = `usage: gentest-bench -subjects FILE [-budget D] [-seeds N] [-flags 'GEN FLAGS'] [-out DIR] [-curve] [-ablate a,b,...] [-mutation[=gremlins|gentest|both]]
       gentest-bench -smoke -subjects FILE [-budget D] [-flags 'GEN FLAGS'] [-out DIR] [-j N] [-resume]
       gentest-bench -compare [-combine last|max|median] [-threshold P] BEFORE AFTER
       gentest-bench -prepare SUBJECT DEST
       gentest-bench -findings DIR...
       gentest-bench -summary FILE
       gentest-bench -readability FILE_test.go...`

func parseFlags(args []string, stderr io.Writer) (*options, error) {
	fs := flag.NewFlagSet("gentest-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := &options{mode: modeBench}
	fs.StringVar(&o.subjects, "subjects", "", "subject `file`: one \"<module>@<version> <dir>\" or \"std <import path>\" per line (required)")
	fs.DurationVar(&o.budget, "budget", 30*time.Second, "gentest gen -budget per package (10s with -smoke unless given)")
	fs.IntVar(&o.seeds, "seeds", 1, "run seeds 1..`N` and report median and min–max")
	fs.StringVar(&o.out, "out", filepath.Join("bench", "results", time.Now().UTC().Format("2006-01-02")), "output `dir`ectory")
	fs.BoolVar(&o.curve, "curve", false, "also measure coverage at budgets 2, 5, 10, 30, 60 s and draw SVG charts")
	ablate := fs.String("ablate", "", "comma-separated generator `components` to disable one at a time (gentest gen -no=)")
	genFlags := fs.String("flags", "", "more gentest gen `flags` for every run, space-separated (-engine=sbst -execs=3000)")
	fs.Var(&o.mutation, "mutation", "mutation testing of the human tests, the generated file and both, with `tool` gremlins, gentest (gentest mutate) or both; -mutation alone is gremlins")
	fs.StringVar(&o.gremlinsVersion, "gremlins-version", "latest", "`version` of "+harness.GremlinsModule+" for -mutation")
	fs.StringVar(&o.gentest, "gentest", "", "prebuilt gentest `binary` (default: go build "+gentestPkg+")")
	fs.StringVar(&o.work, "work", "", "scratch `dir`ectory (default: a new temporary directory, removed at the end unless -keep)")
	fs.BoolVar(&o.keep, "keep", false, "keep the scratch directory (copies, profiles, gentest output) for inspection")
	fs.BoolVar(&o.smoke, "smoke", false, "smoke mode: one light run per package with a failure class, for a large corpus")
	fs.IntVar(&o.jobs, "j", 1, "with -smoke, measure `N` packages at a time (timings are then less comparable)")
	fs.BoolVar(&o.resume, "resume", false, "with -smoke, keep the packages already in DIR/smoke.jsonl and measure the rest")
	modes := []struct {
		m  mode
		on *bool
	}{
		{modeReadability, fs.Bool("readability", false, "measure the readability of the test `files` given as arguments and exit")},
		{modeCompare, fs.Bool("compare", false, "compare two sides, BEFORE and AFTER, each a comma-separated list of tables (PATH or PATH#COLUMN)")},
		{modePrepare, fs.Bool("prepare", false, "copy SUBJECT (\"std container/ring\" or \"std:container/ring\") to the new directory DEST as the benchmark does; print the package's directory")},
		{modeFindings, fs.Bool("findings", false, "print the findings of the gentest -json summaries under each DIR")},
		{modeSummary, fs.Bool("summary", false, "print the package and the numbers of the gentest -json summary in FILE as a CSV line (for bench/scripts/gen.sh)")},
	}
	combine := fs.String("combine", string(compare.Last), "with -compare, how several values of a package on one side become one: `last`, max or median")
	fs.Float64Var(&o.threshold, "threshold", 1, "with -compare, the change in `points` that counts as up or down")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	for _, m := range modes {
		if !*m.on {
			continue
		}
		if o.mode != modeBench {
			return nil, fmt.Errorf("-%s and -%s are different modes", o.mode, m.m)
		}
		o.mode = m.m
	}
	o.args = fs.Args()
	if o.mode != modeBench {
		return o, checkModeArgs(o, *combine)
	}
	if err := checkBenchFlags(fs, o, *ablate); err != nil {
		return nil, err
	}
	o.flags = strings.Fields(*genFlags)
	return o, nil
}

// checkModeArgs checks the arguments of the modes other than measuring.
func checkModeArgs(o *options, combine string) error {
	n := len(o.args)
	switch {
	case o.mode == modeReadability && n == 0:
		return errors.New("-readability needs test files as arguments")
	case o.mode == modeCompare && n != 2:
		return errors.New("-compare needs two arguments: BEFORE AFTER")
	case o.mode == modePrepare && n != 2:
		return errors.New("-prepare needs two arguments: SUBJECT DEST")
	case o.mode == modeFindings && n == 0:
		return errors.New("-findings needs directories as arguments")
	case o.mode == modeSummary && n != 1:
		return errors.New("-summary needs one argument: FILE")
	}
	c, err := compare.ParseCombine(combine)
	o.combine = c
	return err
}

// checkBenchFlags checks the flags of a measurement and fills in what
// depends on the mode: -smoke's budget, the -ablate list.
func checkBenchFlags(fs *flag.FlagSet, o *options, ablate string) error {
	if len(o.args) > 0 {
		return fmt.Errorf("unexpected arguments %q", o.args)
	}
	if o.subjects == "" {
		fs.Usage()
		return errors.New("-subjects is required")
	}
	budgetSet := false
	fs.Visit(func(f *flag.Flag) { budgetSet = budgetSet || f.Name == "budget" })
	if o.smoke && !budgetSet {
		o.budget = 10 * time.Second
	}
	switch {
	case o.budget <= 0:
		return errors.New("-budget must be positive")
	case o.jobs < 1:
		return errors.New("-j must be at least 1")
	case !o.smoke && (o.jobs != 1 || o.resume):
		return errors.New("-j and -resume need -smoke")
	case o.smoke && (o.curve || o.mutation.any() || ablate != "" || o.seeds != 1):
		return errors.New("-smoke measures one seed and takes no -curve, -ablate, -mutation or -seeds")
	case o.seeds < 1:
		return errors.New("-seeds must be at least 1")
	}
	for _, a := range strings.Split(ablate, ",") {
		if a = strings.TrimSpace(a); a != "" {
			o.ablate = append(o.ablate, a)
		}
	}
	return nil
}

// mutationTools is the value of -mutation: which tools measure the
// mutation score. It is a boolean flag too, so that plain -mutation keeps
// meaning gremlins, as it did before gentest had an engine of its own.
type mutationTools struct {
	gremlins, gentest bool
}

func (m *mutationTools) any() bool { return m.gremlins || m.gentest }

// String is the flag's value as -mutation takes it.
func (m *mutationTools) String() string {
	switch {
	case m == nil || !m.any():
		return ""
	case m.gremlins && m.gentest:
		return "both"
	case m.gentest:
		return "gentest"
	}
	return "gremlins"
}

// Set reads gremlins, gentest, both, or a boolean (true: gremlins).
func (m *mutationTools) Set(s string) error {
	switch s {
	case "gremlins", "true", "1":
		*m = mutationTools{gremlins: true}
	case "gentest":
		*m = mutationTools{gentest: true}
	case "both":
		*m = mutationTools{gremlins: true, gentest: true}
	case "false", "0", "":
		*m = mutationTools{}
	default:
		return fmt.Errorf("-mutation: want gremlins, gentest or both, not %q", s)
	}
	return nil
}

// IsBoolFlag lets -mutation stand alone.
func (m *mutationTools) IsBoolFlag() bool { return true }
