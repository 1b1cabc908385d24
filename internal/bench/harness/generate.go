package harness

// One gentest run of a subject and the measurement of the file it wrote.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/bench/failure"
	"github.com/gentest-go/gentest/internal/bench/proc"
	"github.com/gentest-go/gentest/internal/bench/readability"
	"github.com/gentest-go/gentest/internal/bench/result"
	"github.com/gentest-go/gentest/internal/bench/scratch"
	"github.com/gentest-go/gentest/internal/bench/subject"
)

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
// file (package failure). It returns the copy gentest ran in and the path of
// the file it wrote ("" when none).
func (c *Config) generate(ctx context.Context, s subject.Subject, base *scratch.Copy, dir string, seed int64, budget time.Duration, disabled string, mode genMode) (result.Run, *scratch.Copy, string) {
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
		return run, nil, ""
	}
	gr, err := c.runGentest(ctx, g, filepath.Join(dir, name), budget, c.genArgs(seed, budget, disabled))
	if err != nil {
		run.Err = fmt.Sprintf("subject %s: starting gentest: %v", s, err)
		run.Class, run.Detail = string(failure.HarnessSetup), run.Err
		return run, nil, ""
	}
	path, ok := gr.judge(s, g, &run)
	if !ok {
		return run, g, ""
	}
	c.measureFile(ctx, base, g, filepath.Join(dir, name), path, mode, &run)
	return run, g, path
}

// genArgs are the arguments of one gentest gen run: the budget, the seed,
// the JSON summary the harness reads, the component switched off, then
// Config.Flags.
func (c *Config) genArgs(seed int64, budget time.Duration, disabled string) []string {
	args := []string{"gen", "-budget=" + budget.String(), "-seed=" + strconv.FormatInt(seed, 10), "-json"}
	if disabled != "" {
		args = append(args, "-no="+disabled)
	}
	args = append(args, c.Flags...)
	return append(args, ".")
}

// gentestRun is one finished gentest command.
type gentestRun struct {
	args []string
	cmd  *exec.Cmd
	res  proc.Result
	// sum is its -json summary; sumErr says why there is none.
	sum    Summary
	sumErr error
}

// runGentest runs gentest with args, whose search budget is budget, in
// copy g and keeps its output beside the copy (prefix.stdout,
// prefix.stderr). The error is only for a command that could not start.
func (c *Config) runGentest(ctx context.Context, g *scratch.Copy, prefix string, budget time.Duration, args []string) (*gentestRun, error) {
	c.progress("gentest %s", strings.Join(args, " "))
	gctx, cancel := context.WithTimeout(ctx, budget+genGrace)
	defer cancel()
	cmd := proc.Command(gctx, g.PkgDir(), c.Env, c.Gentest, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	waitErr := cmd.Wait()
	gr := &gentestRun{args: args, cmd: cmd}
	gr.res = proc.Result{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Err: waitErr, Elapsed: time.Since(start), TimedOut: gctx.Err() != nil}
	_ = os.WriteFile(prefix+".stdout", stdout.Bytes(), 0o644)
	_ = os.WriteFile(prefix+".stderr", stderr.Bytes(), 0o644)
	gr.sum, gr.sumErr = ParseSummary(stdout.Bytes())
	return gr, nil
}

// judge records how gentest's run went: its time and memory, then either
// its failure (class and detail from its exit and stderr) or what its
// summary says. It returns the file gentest wrote, and false when there is
// none to measure.
func (gr *gentestRun) judge(s subject.Subject, g *scratch.Copy, run *result.Run) (string, bool) {
	run.GenSeconds = result.Of(gr.res.Elapsed.Seconds())
	// The tree's peak is gentest's own: it samples itself and its children
	// (sysmem.TreeWatcher) and reports the largest sum.
	run.TreeRSSMB = gr.sum.PeakRSSTotalMB
	if m, ok := proc.MaxRSS(gr.cmd); ok {
		run.MaxProcRSSMB = result.Of(float64(m) / (1 << 20))
	}
	run.PeakRSSMB = run.TreeRSSMB
	if run.PeakRSSMB.IsNA() {
		run.PeakRSSMB = run.MaxProcRSSMB
	}
	file := g.PkgName + "_gentest_test.go"
	if gr.res.Err != nil {
		run.Err = fmt.Errorf("subject %s: %w", s, gr.res.Failure("gentest", gr.args...)).Error()
		cls, detail := failure.Classify(exitOf(gr.cmd, string(gr.res.Stderr), gr.res.TimedOut))
		if cls == "" {
			cls = failure.Other // Wait failed without an exit status
		}
		run.Class, run.Detail = string(cls), oneLine(detail)
		run.Written = result.Bool(fileExists(filepath.Join(g.PkgDir(), file)), true)
		return "", false
	}
	sum := gr.sum
	if gr.sumErr != nil {
		run.Notes = append(run.Notes, "gentest -json: "+gr.sumErr.Error())
	}
	run.ReportedCov, run.Findings, run.Execs, run.ExecsPerSec = sum.Coverage, sum.Findings, sum.Execs, sum.ExecsPerSec
	run.Disagreements, run.Asserted = sum.Disagreements, sum.Asserted
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
		return "", false
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
	return path, true
}

// measureFile checks that the generated file at path compiles, measures
// its coverage, and as mode says reruns it shuffled and measures it
// together with the human tests of base. prefix names the profiles and
// binaries it leaves beside the copy.
func (c *Config) measureFile(ctx context.Context, base, g *scratch.Copy, prefix, path string, mode genMode, run *result.Run) {
	c.progress("generated tests: compile, cover, rerun (seed %d)", run.Seed)
	c, compiled, compileOut := c.compileCheck(ctx, g, prefix, filepath.Base(path), run)
	run.CompileOK = result.Bool(compiled, true)
	if !compiled {
		run.Pass = result.Of(0)
		run.Notes = append(run.Notes, "generated file does not compile")
		run.Class, run.Detail = string(failure.FileNoCompile), failure.FileLine(compileOut, filepath.Base(path))
		return
	}
	gen := c.cover(ctx, g, prefix+".cov")
	run.GenCov, run.Pass = gen.cov, gen.pass
	if gen.note != "" {
		run.Notes = append(run.Notes, "generated: "+gen.note)
	}
	run.Class = string(failure.OK)
	if p, _ := run.Pass.Get(); p == 0 {
		run.Class, run.Detail = string(failure.FileFails), failure.FailedLine(gen.out)
	}
	if mode < genFlaky {
		return
	}
	var rerunOut string
	run.Flaky, rerunOut = c.flaky(ctx, g, gen.failed)
	if n, _ := run.Flaky.Get(); n > 0 && run.Class == string(failure.OK) {
		run.Class, run.Detail = string(failure.FileFlaky), failure.FailedLine(rerunOut)
	}
	if mode < genFull {
		return
	}
	comb, err := g.Clone(prefix + "-combined")
	if err == nil {
		err = comb.RestoreHumanTests(base)
	}
	if err != nil {
		run.Notes = append(run.Notes, fmt.Sprintf("combined: %v", err))
		return
	}
	c.progress("combined tests: go test -cover (seed %d)", run.Seed)
	combined := c.cover(ctx, comb, prefix+"-combined.cov")
	run.CombinedCov = combined.cov
	if combined.note != "" {
		run.Notes = append(run.Notes, "combined: "+combined.note)
	}
}

// compileCheck builds the test binary of copy g. When it fails somewhere
// other than the generated file, go test's vet step may have rejected the
// package's own code (Go 1.24's printf check on non-constant format
// strings), which no test file can change: the file is judged with vet off,
// the run's notes say so, and the returned Config runs the rest of the
// measurement with vet off too.
func (c *Config) compileCheck(ctx context.Context, g *scratch.Copy, prefix, file string, run *result.Run) (*Config, bool, string) {
	compiled, out := c.compiles(ctx, g, prefix)
	if compiled || strings.Contains(out, file+":") {
		return c, compiled, out
	}
	vc := *c
	vc.Env = append(append([]string(nil), c.Env...), "GOFLAGS=-vet=off")
	if ok, _ := vc.compiles(ctx, g, prefix); ok {
		run.Notes = append(run.Notes, "the package's own code fails go test's vet step ("+failure.FileLine(out, file)+"); the generated tests were checked with -vet=off")
		return &vc, true, out
	}
	return c, false, out
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
