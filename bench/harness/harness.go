// Package harness measures gentest on one benchmark subject: human coverage,
// then per seed and configuration a `gentest gen` run in a scratch copy and
// the coverage, pass/flaky status and resource use of what it wrote.
package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gentest-go/gentest/bench/coverage"
	"github.com/gentest-go/gentest/bench/proc"
	"github.com/gentest-go/gentest/bench/result"
	"github.com/gentest-go/gentest/bench/rss"
	"github.com/gentest-go/gentest/bench/scratch"
	"github.com/gentest-go/gentest/bench/subject"
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
	// Gremlins is the mutation tool binary; empty disables mutation testing
	// and GremlinsErr says why.
	Gremlins, GremlinsErr string
	Mutation              bool
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
	dir := filepath.Join(c.Work, fmt.Sprintf("%02d-%s", idx, slug(s.ImportPath())))
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
	for _, seed := range c.Seeds {
		run, g := c.generate(ctx, s, base, dir, seed, c.Budget, "", true)
		if genCopy == nil && run.Err == "" {
			genCopy = g
		}
		res.Runs = append(res.Runs, run)
	}

	if len(c.Ablate) > 0 {
		res.Ablations = append(res.Ablations, result.Ablation{Runs: res.Runs})
		for _, comp := range c.Ablate {
			a := result.Ablation{Disabled: comp}
			for _, seed := range c.Seeds {
				run, _ := c.generate(ctx, s, base, dir, seed, c.Budget, comp, false)
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
				run, _ = c.generate(ctx, s, base, dir, c.Seeds[0], b, "", false)
			}
			res.Curve = append(res.Curve, result.CurvePoint{Budget: b, Cov: run.GenCov, Err: run.Err})
		}
	}

	if c.Mutation {
		c.progress("mutation testing: human tests")
		res.MutationHuman = c.mutate(ctx, base, filepath.Join(dir, "mutation-human.json"))
		if genCopy != nil {
			c.progress("mutation testing: generated tests")
			res.MutationGen = c.mutate(ctx, genCopy, filepath.Join(dir, "mutation-gen.json"))
		} else {
			res.MutationGen = &result.Mutation{Err: "no successful generation to test"}
		}
	}
	return res
}

// generate runs gentest gen in a fresh copy without human tests and measures
// the file it wrote. full adds the flakiness reruns and combined coverage.
func (c *Config) generate(ctx context.Context, s subject.Subject, base *scratch.Copy, dir string, seed int64, budget time.Duration, disabled string, full bool) (result.Run, *scratch.Copy) {
	run := result.Run{Seed: seed, Budget: budget, Disabled: disabled}
	cfg := "full"
	if disabled != "" {
		cfg = "no-" + slug(disabled)
	}
	name := fmt.Sprintf("gen-%s-seed%d-%s", cfg, seed, budget)
	g, err := base.Clone(filepath.Join(dir, name))
	if err == nil {
		err = g.RemoveHumanTests()
	}
	if err != nil {
		run.Err = fmt.Errorf("subject %s: %w", s, err).Error()
		return run, nil
	}

	args := []string{"gen", "-budget=" + budget.String(), "-seed=" + strconv.FormatInt(seed, 10), "-json"}
	if disabled != "" {
		args = append(args, "-no="+disabled)
	}
	args = append(args, ".")
	c.progress("gentest %s (seed %d)", strings.Join(args, " "), seed)
	gctx, cancel := context.WithTimeout(ctx, budget+genGrace)
	defer cancel()
	cmd := proc.Command(gctx, g.PkgDir(), c.Env, c.Gentest, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		run.Err = fmt.Sprintf("subject %s: starting gentest: %v", s, err)
		return run, nil
	}
	watch := rss.Watch(cmd.Process.Pid, 100*time.Millisecond)
	waitErr := cmd.Wait()
	elapsed := time.Since(start)
	tree, treeOK := watch.Stop()
	pr := proc.Result{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Err: waitErr, Elapsed: elapsed, TimedOut: gctx.Err() != nil}
	_ = os.WriteFile(filepath.Join(dir, name+".stdout"), stdout.Bytes(), 0o644)
	_ = os.WriteFile(filepath.Join(dir, name+".stderr"), stderr.Bytes(), 0o644)

	run.GenSeconds = result.Of(elapsed.Seconds())
	if treeOK {
		run.TreeRSSMB = result.Of(float64(tree) / (1 << 20))
	}
	if m, ok := proc.MaxRSS(cmd); ok {
		run.MaxProcRSSMB = result.Of(float64(m) / (1 << 20))
	}
	run.PeakRSSMB = run.TreeRSSMB
	if run.PeakRSSMB.IsNA() {
		run.PeakRSSMB = run.MaxProcRSSMB
	}
	if waitErr != nil {
		run.Err = fmt.Errorf("subject %s: %w", s, pr.Failure("gentest", args...)).Error()
		return run, g
	}
	sum, err := ParseSummary(stdout.Bytes())
	if err != nil {
		run.Notes = append(run.Notes, "gentest -json: "+err.Error())
	}
	run.ReportedCov, run.Findings, run.Execs, run.ExecsPerSec = sum.Coverage, sum.Findings, sum.Execs, sum.ExecsPerSec
	run.Disagreements = sum.Disagreements
	if !sum.PeakRSSMB.IsNA() {
		run.PeakRSSMB = sum.PeakRSSMB
	}

	file := g.PkgName + "_gentest_test.go"
	if sum.File != "" {
		file = filepath.Base(sum.File)
	}
	path := filepath.Join(g.PkgDir(), file)
	if _, err := os.Stat(path); err != nil {
		run.Err = fmt.Sprintf("subject %s: gentest succeeded but wrote no %s", s, file)
		return run, g
	}
	run.Tests = sum.Tests
	if run.Tests.IsNA() {
		if n, err := countTests(path); err == nil {
			run.Tests = result.Of(float64(n))
		}
	}

	c.progress("generated tests: compile, cover, rerun (seed %d)", seed)
	run.CompileOK = result.Bool(c.compiles(ctx, g, dir, name), true)
	if ok, _ := run.CompileOK.Get(); ok == 0 {
		run.Pass = result.Of(0)
		run.Notes = append(run.Notes, "generated file does not compile")
		return run, g
	}
	gen := c.cover(ctx, g, filepath.Join(dir, name+".cov"))
	run.GenCov, run.Pass = gen.cov, gen.pass
	if gen.note != "" {
		run.Notes = append(run.Notes, "generated: "+gen.note)
	}
	if !full {
		return run, g
	}
	run.Flaky = c.flaky(ctx, g, gen.failed)

	comb, err := g.Clone(filepath.Join(dir, name+"-combined"))
	if err == nil {
		err = comb.RestoreHumanTests(base)
	}
	if err != nil {
		run.Notes = append(run.Notes, fmt.Sprintf("combined: %v", err))
		return run, g
	}
	c.progress("combined tests: go test -cover (seed %d)", seed)
	combined := c.cover(ctx, comb, filepath.Join(dir, name+"-combined.cov"))
	run.CombinedCov = combined.cov
	if combined.note != "" {
		run.Notes = append(run.Notes, "combined: "+combined.note)
	}
	return run, g
}

// coverRun is the outcome of one coverage run of a copy's tests.
type coverRun struct {
	cov, pass result.Value
	// note says why cov is NA or that tests failed.
	note string
	// failed holds the top-level tests that failed.
	failed map[string]bool
}

// cover runs the package's tests in copy cp with a statement coverage profile
// of the package alone and computes the coverage from the profile. A
// coverage is reported whenever the profile holds the package's statements,
// even if some tests failed (the note then says so); when the tests could not
// run at all it is NA.
func (c *Config) cover(ctx context.Context, cp *scratch.Copy, profile string) coverRun {
	tctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	_ = os.Remove(profile)
	args := []string{"test", "-count=1", "-covermode=set", "-coverpkg=" + cp.PkgPath, "-coverprofile=" + profile, cp.PkgPath}
	r := proc.Run(tctx, cp.Root, c.Env, "go", args...)
	out := coverRun{pass: result.Bool(r.Err == nil, true), failed: FailedTests(r.Stdout)}
	if r.Err != nil {
		out.note = "tests failed: " + oneLine(r.Failure("go", args...).Error())
	}
	prof, err := coverage.ParseFile(profile)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			err = errors.New("no coverage profile")
		}
		out.note = joinNote(out.note, err.Error())
		return out
	}
	pct, ok := prof.Percent(cp.PkgPath)
	if !ok {
		out.note = joinNote(out.note, "profile has no statements of the package")
		return out
	}
	out.cov = result.Of(pct)
	return out
}

func (c *Config) compiles(ctx context.Context, cp *scratch.Copy, dir, name string) bool {
	tctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	bin := filepath.Join(dir, name+".test")
	r := proc.Run(tctx, cp.Root, c.Env, "go", "test", "-c", "-o", bin, cp.PkgPath)
	_ = os.Remove(bin)
	return r.Err == nil
}

// flaky reruns the tests shuffled and counts the distinct top-level tests
// that failed in any rerun or in the coverage run before (failedBefore): a
// generated test must pass every time, and one that failed once and then
// passed five times is the flakiest kind. A failing rerun in which no test
// failed (a crash outside a test, a timeout) counts as one.
func (c *Config) flaky(ctx context.Context, cp *scratch.Copy, failedBefore map[string]bool) result.Value {
	c.progress("generated tests: -count=%d -shuffle=on", Reruns)
	tctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	r := proc.Run(tctx, cp.Root, c.Env, "go", "test", "-json", "-count="+strconv.Itoa(Reruns), "-shuffle=on", cp.PkgPath)
	failed := FailedTests(r.Stdout)
	for name := range failedBefore {
		failed[name] = true
	}
	n := len(failed)
	if r.Err != nil && n == 0 {
		n = 1
	}
	return result.Of(float64(n))
}

// FailedTests returns the distinct top-level tests that go test output
// reports as failed: "fail" events of go test -json, or "--- FAIL: Name"
// lines of plain output.
func FailedTests(out []byte) map[string]bool {
	failed := map[string]bool{}
	for _, line := range bytes.Split(out, []byte("\n")) {
		var name string
		if bytes.HasPrefix(line, []byte("{")) {
			var ev struct{ Action, Test string }
			if json.Unmarshal(line, &ev) == nil && ev.Action == "fail" {
				name = ev.Test
			}
		} else if rest, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("--- FAIL: ")); ok {
			name, _, _ = strings.Cut(string(rest), " ")
		}
		if name != "" {
			top, _, _ := strings.Cut(name, "/")
			failed[top] = true
		}
	}
	return failed
}

// countTests counts the Test functions of a generated file, for summaries
// without a "tests" key.
func countTests(file string) (int, error) {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if ok && fn.Recv == nil && isTestName(fn.Name.Name) {
			n++
		}
	}
	return n, nil
}

// isTestName reports whether name is a test function name as go test sees
// it: "Test" not followed by a lower-case letter.
func isTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	if !ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return rest == "" || !unicode.IsLower(r)
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
