package main

// Measuring a subjects file: the scratch directory, the gentest binary, the
// mutation tool, then each subject in turn (or, with -smoke, smoke.go).

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/bench/harness"
	"github.com/gentest-go/gentest/internal/bench/proc"
	"github.com/gentest-go/gentest/internal/bench/report"
	"github.com/gentest-go/gentest/internal/bench/result"
	"github.com/gentest-go/gentest/internal/bench/subject"
)

// bench is one measurement of a subjects file under way.
type bench struct {
	o        *options
	subjects []subject.Subject
	cfg      *harness.Config
	meta     report.Meta
	start    time.Time
	stderr   io.Writer
}

// progress writes a line of progress with the time since the start.
func (b *bench) progress(format string, a ...any) {
	fmt.Fprintf(b.stderr, "gentest-bench %6s  %s\n", time.Since(b.start).Round(time.Second), fmt.Sprintf(format, a...))
}

// runBench measures the subjects file of o; args are the command's
// arguments, recorded in the results.
func runBench(ctx context.Context, o *options, args []string, stderr io.Writer) error {
	b := &bench{o: o, start: time.Now(), stderr: stderr}
	var err error
	if b.subjects, err = subject.ParseFile(o.subjects); err != nil {
		return err
	}
	if len(b.subjects) == 0 {
		return fmt.Errorf("%s names no subjects", o.subjects)
	}
	work, cleanup, err := scratchDir(o.work, o.keep)
	if err != nil {
		return err
	}
	defer cleanup()
	if err := b.setup(ctx, work, args); err != nil {
		return err
	}
	if o.smoke {
		err = b.runSmoke(ctx)
	} else {
		err = b.runFull(ctx)
	}
	if err == nil && o.keep {
		b.progress("scratch directory kept: %s", work)
	}
	return err
}

// scratchDir is the absolute scratch directory: dir, or a new temporary
// one that cleanup removes unless keep.
func scratchDir(dir string, keep bool) (work string, cleanup func(), err error) {
	cleanup = func() {}
	if dir == "" {
		if dir, err = os.MkdirTemp("", "gentest-bench-"); err != nil {
			return "", nil, err
		}
		if !keep {
			tmp := dir
			cleanup = func() { os.RemoveAll(tmp) }
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, err
	}
	if work, err = filepath.Abs(dir); err != nil {
		cleanup()
		return "", nil, err
	}
	return work, cleanup, nil
}

// setup builds (or finds) gentest, installs the mutation tool if asked,
// and fills in the harness's configuration and the results' metadata.
func (b *bench) setup(ctx context.Context, work string, args []string) error {
	o := b.o
	// GOWORK=off: a go.work above the scratch directory must not capture
	// the copies. GOTOOLCHAIN=local: measure with the installed Go, never a
	// toolchain a subject's go.mod asks for.
	env := append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local")
	gentest, gentestDesc, err := b.gentestBinary(ctx, work)
	if err != nil {
		return err
	}
	b.cfg = &harness.Config{Gentest: gentest, Work: work, Env: env, Budget: o.budget, Curve: o.curve, Ablate: o.ablate, Flags: o.flags,
		Mutation: o.mutation.gremlins, Engine: o.mutation.gentest}
	for i := 1; i <= o.seeds; i++ {
		b.cfg.Seeds = append(b.cfg.Seeds, int64(i))
	}
	b.meta = report.Meta{
		Command: strings.Join(append([]string{"gentest-bench"}, args...), " "),
		Gentest: gentestDesc,
		Budget:  o.budget,
		Seeds:   b.cfg.Seeds,
		Machine: report.DetectMachine(ctx, env),
		Ablate:  o.ablate,
		Engine:  o.mutation.gentest,
	}
	if o.mutation.gremlins {
		if b.meta.Gremlins, err = b.installGremlins(ctx, env, work); err != nil {
			return err
		}
	}
	if o.curve {
		b.meta.CurveBudgets = harness.CurveBudgets
	}
	if o.smoke {
		b.cfg.Reruns = smokeReruns
		b.meta.Jobs, b.meta.Reruns = o.jobs, smokeReruns
	}
	return nil
}

// gentestBinary is -gentest, or gentest built from the current directory
// into the scratch directory, with a description for the results.
func (b *bench) gentestBinary(ctx context.Context, work string) (bin, desc string, err error) {
	if b.o.gentest != "" {
		bin, err = filepath.Abs(b.o.gentest)
		return bin, "prebuilt binary " + b.o.gentest, err
	}
	bin = filepath.Join(work, "bin", "gentest")
	b.progress("building gentest: go build -o %s %s", bin, gentestPkg)
	bctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	r := proc.Run(bctx, "", os.Environ(), "go", "build", "-o", bin, gentestPkg)
	cancel()
	if r.Err != nil {
		return "", "", fmt.Errorf("building gentest (run inside the gentest module, or pass -gentest): %w", r.Failure("go", "build", "-o", bin, gentestPkg))
	}
	return bin, "built from " + sourceRevision(ctx), nil
}

// installGremlins installs the mutation tool into the scratch directory
// and describes it for the results; a failed install disables mutation
// testing (the results say why) rather than the run.
func (b *bench) installGremlins(ctx context.Context, env []string, work string) (string, error) {
	tool := harness.GremlinsModule + "@" + b.o.gremlinsVersion
	b.progress("installing %s", tool)
	gobin := filepath.Join(work, "gobin")
	if err := os.MkdirAll(gobin, 0o755); err != nil {
		return "", err
	}
	bin, version, err := harness.InstallGremlins(ctx, env, gobin, b.o.gremlinsVersion)
	if err != nil {
		b.cfg.GremlinsErr = err.Error()
		b.progress("mutation testing disabled: %v", err)
		return tool + " (failed: " + err.Error() + ")", nil
	}
	b.cfg.Gremlins = bin
	return tool + " (" + version + ")", nil
}

// runFull measures each subject in turn and rewrites the results after
// each.
func (b *bench) runFull(ctx context.Context) error {
	var results []result.Subject
	for i, s := range b.subjects {
		if ctx.Err() != nil {
			break
		}
		label := fmt.Sprintf("[%d/%d %s]", i+1, len(b.subjects), s.ImportPath())
		b.cfg.Progress = func(step string) { b.progress("%s %s", label, step) }
		res := b.cfg.Measure(ctx, i+1, s)
		results = append(results, res)
		row := report.Summarize(res)
		b.progress("%s done: human %s gen %s combined %s tests %s%s", label, percent(row.HumanCov), percent(row.Gen.Median),
			percent(row.Combined.Median), row.Tests.Median.Format(0), errSuffix(row.Err))
		b.meta.Elapsed = time.Since(b.start)
		if err := report.WriteAll(b.o.out, results, b.meta); err != nil {
			return fmt.Errorf("writing results: %w", err)
		}
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted after %d of %d subjects (partial results in %s): %w", len(results), len(b.subjects), b.o.out, err)
	}
	b.progress("wrote %s", filepath.Join(b.o.out, "results.md"))
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
