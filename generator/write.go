package generator

// The write stage: the test file, go.mod and go.sum when -cmp=always adds
// go-cmp, and the findings file.

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/findings"
	"github.com/gentest-go/gentest/internal/gomod"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/write"
)

// write writes the verified file out, go.mod and go.sum when it needs
// go-cmp and the module lacks it (only with -cmp=always: see chooseCmp),
// and the findings file with a test reproducing each finding of revealing
// it can; sum gets the findings so reproduced.
func (r *pkgRun) write(ctx context.Context, prog *model.Program, tf *testFile, out *emit.Output, revealing []*oracle.Finding, sum *Summary) error {
	if tf.required && out.UsesCmp {
		for path, data := range tf.modFiles {
			if err := write.File(path, data); err != nil {
				return err
			}
		}
		root := gomod.Root(r.dir)
		if _, ok := tf.modFiles[filepath.Join(root, "go.mod")]; ok {
			sum.AddedRequire = gomod.CmpPath + " " + tf.cmpVersion
			r.logf("added requirement %s %s to %s", gomod.CmpPath, tf.cmpVersion, filepath.Join(root, "go.mod"))
		} else {
			r.logf("added the hash of %s's source to %s", gomod.CmpPath, filepath.Join(root, "go.sum"))
		}
	}
	st, err := r.stamp()
	if err != nil {
		return err
	}
	if err := write.File(r.out, write.WithStamp(out.Src, st)); err != nil {
		return err
	}
	ftag := emit.FindingsTag
	if gomod.Older(tf.goVersion, "1.21") {
		// The findings file is rendered for a recent Go (it may use
		// slices and maps); behind its own tag, a go1.21 constraint
		// costs the user nothing.
		ftag += " && " + harness.MinGo
	}
	fopts := findings.Options{Prog: prog, MainFile: tf.inPkg, MainSrc: out.Src, Out: findings.Path(r.out),
		Reserved: tf.reserved, BuildTag: ftag, Verify: tf.base, Logf: r.debugf}
	fopts.Verify.Cover, fopts.Verify.Race, fopts.Verify.Shuffle = false, false, ""
	fopts.Deadline = r.findingsDeadline()
	start := time.Now()
	w, err := findings.Write(ctx, fopts, revealing)
	r.times.FindingsTests = time.Since(start).Seconds()
	if err != nil {
		return err
	}
	if len(w.Unconfirmed) > 0 {
		r.cutStage("findings-tests", fmt.Sprintf("%d findings reported unconfirmed: their tests had not failed %d runs by then", len(w.Unconfirmed), findings.Runs))
	}
	// A finding is reported only with a test that reproduces it
	// (docs/findings.md), or, when the deadline ended its runs first,
	// as unconfirmed.
	for _, f := range revealing {
		if w.Names[f] != "" || w.Unconfirmed[f] {
			sum.Findings = append(sum.Findings, Finding{Kind: f.Kind, Function: f.Function, Message: f.Message, Test: w.Names[f], Unconfirmed: w.Unconfirmed[f]})
		}
	}
	return nil
}

// findingsSlack is how long after its budget a run with a time budget
// should end (issue 32: budget + 60 s); the findings' go test runs end
// by then, each still given findings.MinRound.
const findingsSlack = time.Minute

// findingsDeadline is when the findings' go test runs end: the run's
// budget plus findingsSlack after its start; zero with -execs or without
// a budget, where nothing looks at the clock.
func (r *pkgRun) findingsDeadline() time.Time {
	if r.cfg.Execs > 0 || r.cfg.Budget <= 0 {
		return time.Time{}
	}
	return r.start.Add(r.cfg.Budget + findingsSlack)
}

// stamp is what the written file records of its generation (write.Stamp):
// gentest check compares it with the package's sources.
func (r *pkgRun) stamp() (write.Stamp, error) {
	st, err := write.SourceStamp(r.pkg.GoFiles)
	if err != nil {
		return write.Stamp{}, err
	}
	st.Version, st.Seed, st.Run = Version(), r.cfg.Seed, r.cfg.Run
	st.Budget = r.cfg.Budget.String()
	if r.cfg.Execs > 0 {
		st.Budget = strconv.Itoa(r.cfg.Execs) + "execs"
	}
	return r.focusStamp(st), nil
}

// Version is gentest's module version as built: a release's tag with go
// install ...@version, "(devel)" from a working tree. A commit hash is
// left out on purpose: every commit of gentest would otherwise change
// every generated file's header.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" || pseudoVersion.MatchString(bi.Main.Version) {
		// Go 1.24 stamps a build from a repository with a pseudo-version
		// of its commit: a working tree's build, as "(devel)" says.
		return "(devel)"
	}
	return bi.Main.Version
}

// pseudoVersion matches a pseudo-version's commit part, and +dirty.
var pseudoVersion = regexp.MustCompile(`\d{14}-[0-9a-f]{12}|\+dirty`)
