// Package harness measures gentest on one benchmark subject: human coverage,
// then per seed and configuration a `gentest gen` run in a scratch copy and
// the coverage, pass/flaky status and resource use of what it wrote.
package harness

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/bench/failure"
	"github.com/gentest-go/gentest/internal/bench/result"
	"github.com/gentest-go/gentest/internal/bench/scratch"
	"github.com/gentest-go/gentest/internal/bench/subject"
)

// CurveBudgets are the budgets of -curve, as in GRT's Table III.
var CurveBudgets = []time.Duration{2 * time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second, 60 * time.Second}

// Reruns is how often the shuffled flakiness check runs the generated tests.
const Reruns = 5

// genGrace is added to the budget to bound one gentest run: gentest also
// loads packages, builds its executor, minimizes and verifies.
const genGrace = 5 * time.Minute

// testTimeout bounds one go test command.
const testTimeout = 10 * time.Minute

// Config says what to measure and with which tools.
type Config struct {
	// Gentest is the gentest binary.
	Gentest string
	// Work is the scratch directory; each subject gets a subdirectory.
	Work string
	// Env is the environment of every child command.
	Env    []string
	Budget time.Duration
	Seeds  []int64
	// Curve runs the first seed at each of CurveBudgets.
	Curve bool
	// Ablate lists components to disable one at a time (gentest gen -no=).
	Ablate []string
	// Flags are more gentest gen flags for every run (-engine=sbst,
	// -execs=3000, -no=...), after the harness's own.
	Flags []string
	// Gremlins is the mutation tool binary; empty disables mutation testing
	// and GremlinsErr says why.
	Gremlins, GremlinsErr string
	// Mutation runs gremlins on the human tests, the generated file and
	// both; Engine runs gentest's own engine (gentest mutate) on the same.
	Mutation, Engine bool
	// Reruns is how often the flakiness check runs the generated tests;
	// 0 means the package's Reruns.
	Reruns int
	// Progress receives a line per step; nil discards them.
	Progress func(step string)
}

func (c *Config) progress(format string, args ...any) {
	if c.Progress != nil {
		c.Progress(fmt.Sprintf(format, args...))
	}
}

// Measure runs every configured measurement on subject s, the idx-th of the
// run. It never fails: what cannot be measured is recorded as an error or NA
// in the result.
func (c *Config) Measure(ctx context.Context, idx int, s subject.Subject) result.Subject {
	res := result.Subject{Name: s.Name(), Package: s.ImportPath()}
	dir := c.SubjectDir(idx, s)
	// A reused -work directory may hold an earlier run's copies; a stale
	// generated file there would be measured as if gentest had written it.
	if err := os.RemoveAll(dir); err != nil {
		res.Err = fmt.Errorf("subject %s: clearing %s: %w", s, dir, err).Error()
		return res
	}
	c.progress("preparing scratch copy")
	base, err := scratch.Prepare(ctx, s, filepath.Join(dir, "human"), c.Env)
	if err != nil {
		res.Err = err.Error()
		return res
	}

	c.progress("human tests: go test -cover")
	if len(base.HumanTests) == 0 {
		res.HumanNote = "package has no tests"
	} else {
		h := c.cover(ctx, base, filepath.Join(dir, "human.cov"))
		res.HumanCov, res.HumanNote = h.cov, h.note
	}

	var genCopy *scratch.Copy
	var genFile string
	for _, seed := range c.Seeds {
		run, g, file := c.generate(ctx, s, base, dir, seed, c.Budget, "", genFull)
		if genCopy == nil && run.Err == "" {
			genCopy, genFile = g, file
		}
		res.Runs = append(res.Runs, run)
	}

	if len(c.Ablate) > 0 {
		res.Ablations = append(res.Ablations, result.Ablation{Runs: res.Runs})
		for _, comp := range c.Ablate {
			a := result.Ablation{Disabled: comp}
			for _, seed := range c.Seeds {
				run, _, _ := c.generate(ctx, s, base, dir, seed, c.Budget, comp, genCover)
				a.Runs = append(a.Runs, run)
			}
			res.Ablations = append(res.Ablations, a)
		}
	}

	if c.Curve {
		for _, b := range CurveBudgets {
			var run result.Run
			if b == c.Budget && len(res.Runs) > 0 {
				run = res.Runs[0] // same seed and budget: no need to run it again
			} else {
				run, _, _ = c.generate(ctx, s, base, dir, c.Seeds[0], b, "", genCover)
			}
			res.Curve = append(res.Curve, result.CurvePoint{Budget: b, Cov: run.GenCov, Err: run.Err})
		}
	}

	if c.Mutation || c.Engine {
		c.mutations(ctx, &res, base, genCopy, genFile, dir)
	}
	return res
}

// Smoke measures subject s the light way, for a large corpus: no human
// coverage, one gentest run with the first seed (the corpus is about
// whether gentest works, not how its coverage varies), then whether the file
// compiles, its coverage, whether it passes and the shuffled reruns. It
// always returns exactly one run, whose Class says what went wrong, if
// anything; Err is set too when the package could not be prepared.
func (c *Config) Smoke(ctx context.Context, idx int, s subject.Subject) result.Subject {
	res := result.Subject{Name: s.Name(), Package: s.ImportPath()}
	seed := int64(1)
	if len(c.Seeds) > 0 {
		seed = c.Seeds[0]
	}
	setup := func(err error) result.Subject {
		res.Err = err.Error()
		res.Runs = []result.Run{{Seed: seed, Budget: c.Budget, Class: string(failure.HarnessSetup), Detail: oneLine(err.Error())}}
		return res
	}
	dir := c.SubjectDir(idx, s)
	if err := os.RemoveAll(dir); err != nil {
		return setup(fmt.Errorf("subject %s: clearing %s: %w", s, dir, err))
	}
	c.progress("preparing scratch copy")
	base, err := scratch.Prepare(ctx, s, filepath.Join(dir, "human"), c.Env)
	if err != nil {
		return setup(err)
	}
	run, _, _ := c.generate(ctx, s, base, dir, seed, c.Budget, "", genFlaky)
	res.Runs = []result.Run{run}
	return res
}

// SubjectDir is the scratch directory of the idx-th subject s.
func (c *Config) SubjectDir(idx int, s subject.Subject) string {
	return filepath.Join(c.Work, fmt.Sprintf("%02d-%s", idx, slug(s.ImportPath())))
}

func slug(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
