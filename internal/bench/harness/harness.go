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
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gentest-go/gentest/internal/bench/coverage"
	"github.com/gentest-go/gentest/internal/bench/failure"
	"github.com/gentest-go/gentest/internal/bench/proc"
	"github.com/gentest-go/gentest/internal/bench/readability"
	"github.com/gentest-go/gentest/internal/bench/result"
	"github.com/gentest-go/gentest/internal/bench/rss"
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
	// Gremlins is the mutation tool binary; empty disables mutation testing
	// and GremlinsErr says why.
	Gremlins, GremlinsErr string
	Mutation              bool
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
	for _, seed := range c.Seeds {
		run, g := c.generate(ctx, s, base, dir, seed, c.Budget, "", genFull)
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
				run, _ := c.generate(ctx, s, base, dir, seed, c.Budget, comp, genCover)
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
				run, _ = c.generate(ctx, s, base, dir, c.Seeds[0], b, "", genCover)
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
	run, _ := c.generate(ctx, s, base, dir, seed, c.Budget, "", genFlaky)
	res.Runs = []result.Run{run}
	return res
}

// SubjectDir is the scratch directory of the idx-th subject s.
func (c *Config) SubjectDir(idx int, s subject.Subject) string {
	return filepath.Join(c.Work, fmt.Sprintf("%02d-%s", idx, slug(s.ImportPath())))
}

// genMode says how much generate measures after gentest wrote its file.
type genMode int

const (
	// genCover: compile check and coverage of the generated file.
	genCover genMode = iota
	// genFlaky adds the shuffled reruns.
	genFlaky
	// genFull adds the combined coverage with the human tests.
	genFull
)

// generate runs gentest gen in a fresh copy without human tests and measures
// the file it wrote, as much as mode says. It classifies the run: gentest's
// failure from its exit and stderr, or what the harness found wrong with the
// file (package failure).
func (c *Config) generate(ctx context.Context, s subject.Subject, base *scratch.Copy, dir string, seed int64, budget time.Duration, disabled string, mode genMode) (result.Run, *scratch.Copy) {
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
		run.Class, run.Detail = string(failure.HarnessSetup), oneLine(err.Error())
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
		run.Class, run.Detail = string(failure.HarnessSetup), run.Err
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
	file := g.PkgName + "_gentest_test.go"
	if waitErr != nil {
		run.Err = fmt.Errorf("subject %s: %w", s, pr.Failure("gentest", args...)).Error()
		cls, detail := failure.Classify(exitOf(cmd, stderr.String(), pr.TimedOut))
		if cls == "" {
			cls = failure.Other // Wait failed without an exit status
		}
		run.Class, run.Detail = string(cls), oneLine(detail)
		run.Written = result.Bool(fileExists(filepath.Join(g.PkgDir(), file)), true)
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

	if sum.File != "" {
		file = filepath.Base(sum.File)
	}
	path := filepath.Join(g.PkgDir(), file)
	run.Written = result.Bool(fileExists(path), true)
	if !fileExists(path) {
		run.Err = fmt.Sprintf("subject %s: gentest succeeded but wrote no %s", s, file)
		run.Class, run.Detail = string(failure.NoFile), run.Err
		return run, g
	}
	if rd, err := readability.File(path, g.PkgDir()); err == nil {
		run.Readability = &rd
	} else {
		run.Notes = append(run.Notes, err.Error())
	}
	run.Tests = sum.Tests
	if run.Tests.IsNA() {
		if n, err := countTests(path); err == nil {
			run.Tests = result.Of(float64(n))
		}
	}

	c.progress("generated tests: compile, cover, rerun (seed %d)", seed)
	compiled, compileOut := c.compiles(ctx, g, dir, name)
	if !compiled && !strings.Contains(compileOut, filepath.Base(file)+":") {
		// go test's vet step may reject the package's own code (Go 1.24's
		// printf check on non-constant format strings), which no test file
		// can change: judge the generated file with vet off, and say so.
		vc := *c
		vc.Env = append(append([]string(nil), c.Env...), "GOFLAGS=-vet=off")
		if ok, _ := vc.compiles(ctx, g, dir, name); ok {
			run.Notes = append(run.Notes, "the package's own code fails go test's vet step ("+failure.FileLine(compileOut, file)+"); the generated tests were checked with -vet=off")
			c, compiled = &vc, true
		}
	}
	run.CompileOK = result.Bool(compiled, true)
	if !compiled {
		run.Pass = result.Of(0)
		run.Notes = append(run.Notes, "generated file does not compile")
		run.Class, run.Detail = string(failure.FileNoCompile), failure.FileLine(compileOut, file)
		return run, g
	}
	gen := c.cover(ctx, g, filepath.Join(dir, name+".cov"))
	run.GenCov, run.Pass = gen.cov, gen.pass
	if gen.note != "" {
		run.Notes = append(run.Notes, "generated: "+gen.note)
	}
	run.Class = string(failure.OK)
	if p, _ := run.Pass.Get(); p == 0 {
		run.Class, run.Detail = string(failure.FileFails), failure.FailedLine(gen.out)
	}
	if mode < genFlaky {
		return run, g
	}
	var rerunOut string
	run.Flaky, rerunOut = c.flaky(ctx, g, gen.failed)
	if n, _ := run.Flaky.Get(); n > 0 && run.Class == string(failure.OK) {
		run.Class, run.Detail = string(failure.FileFlaky), failure.FailedLine(rerunOut)
	}
	if mode < genFull {
		return run, g
	}

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
	// out is go test's output.
	out string
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
	out := coverRun{pass: result.Bool(r.Err == nil, true), failed: FailedTests(r.Stdout), out: string(r.Stdout) + string(r.Stderr)}
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

// compiles builds the test binary of copy cp and reports whether it built,
// with the compiler's output.
func (c *Config) compiles(ctx context.Context, cp *scratch.Copy, dir, name string) (bool, string) {
	tctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	bin := filepath.Join(dir, name+".test")
	r := proc.Run(tctx, cp.Root, c.Env, "go", "test", "-c", "-o", bin, cp.PkgPath)
	_ = os.Remove(bin)
	return r.Err == nil, string(r.Stderr) + string(r.Stdout)
}

// flaky reruns the tests shuffled and counts the distinct top-level tests
// that failed in any rerun or in the coverage run before (failedBefore): a
// generated test must pass every time, and one that failed once and then
// passed five times is the flakiest kind. A failing rerun in which no test
// failed (a crash outside a test, a timeout) counts as one. It also returns
// the reruns' output (go test -json events decoded to text).
func (c *Config) flaky(ctx context.Context, cp *scratch.Copy, failedBefore map[string]bool) (result.Value, string) {
	reruns := c.Reruns
	if reruns <= 0 {
		reruns = Reruns
	}
	c.progress("generated tests: -count=%d -shuffle=on", reruns)
	tctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	r := proc.Run(tctx, cp.Root, c.Env, "go", "test", "-json", "-count="+strconv.Itoa(reruns), "-shuffle=on", cp.PkgPath)
	failed := FailedTests(r.Stdout)
	for name := range failedBefore {
		failed[name] = true
	}
	n := len(failed)
	if r.Err != nil && n == 0 {
		n = 1
	}
	return result.Of(float64(n)), testOutput(r.Stdout) + string(r.Stderr)
}

// testOutput returns the text of go test -json output: the Output fields
// of its events, or the lines themselves where they are not events.
func testOutput(out []byte) string {
	var b strings.Builder
	for _, line := range bytes.Split(out, []byte("\n")) {
		var ev struct{ Output *string }
		if bytes.HasPrefix(line, []byte("{")) && json.Unmarshal(line, &ev) == nil {
			if ev.Output != nil {
				b.WriteString(*ev.Output)
			}
			continue
		}
		if len(line) > 0 {
			b.Write(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// exitOf describes how gentest's command ended, for failure.Classify.
func exitOf(cmd *exec.Cmd, stderr string, timedOut bool) failure.Exit {
	e := failure.Exit{Stderr: stderr, Code: -1, TimedOut: timedOut}
	if ps := cmd.ProcessState; ps != nil {
		e.Code = ps.ExitCode()
		if e.Code == -1 {
			// ProcessState.String says "signal: killed" for a process a
			// signal ended.
			e.Signal = strings.TrimPrefix(ps.String(), "signal: ")
		}
	}
	return e
}

func fileExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
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
