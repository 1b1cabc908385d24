package generator

// The last two stages of a package run: verify (per test, with the
// package's own tests) and write (the test file, go.mod and go.sum when
// go-cmp is added, and the findings file).

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/findings"
	"github.com/gentest-go/gentest/internal/gomod"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/verify"
	"github.com/gentest-go/gentest/internal/write"
)

// verifyAndWrite renders and verifies the cases, then writes the test
// file, go.mod and go.sum when go-cmp must be added, and the findings
// file.
func (r *pkgRun) verifyAndWrite(ctx context.Context, prog *model.Program, cases []*oracle.Case, revealing []*oracle.Finding, sum *Summary) error {
	pkgName := r.pkg.Types.Name()
	var declared string
	if r.pkg.Module != nil {
		declared = r.pkg.Module.GoVersion
	}
	cmpVersion := gomod.CmpVersion(declared, r.cfg.CmpVersion)
	modFiles, required, err := gomod.Requirement(ctx, r.dir, gomod.CmpPath, cmpVersion)
	if err != nil {
		return fmt.Errorf("%s: %w", r.pkg.PkgPath, err)
	}
	userTests := verify.TestFiles(r.dir, r.out)
	var humanTests []string
	for _, f := range userTests {
		// gentest's earlier outputs are hidden, and their names are not
		// reserved: the new files replace them.
		if !verify.Generated(f) {
			humanTests = append(humanTests, f)
		}
	}
	reserved := emit.ReservedNames(humanTests, pkgName+"_test")
	buildTag := ""
	if gomod.Older(declared, "1.21") {
		// The generated code and go-cmp need go1.21 language features.
		buildTag = harness.MinGo
	}
	base, err := r.verifyOptions(userTests, modFiles)
	if err != nil {
		return err
	}
	inPkg := filepath.Join(r.dir, filepath.Base(r.out)) // verification always sits in the package
	plan := verify.Plan{
		File: inPkg,
		Render: func(cs []*oracle.Case, noSeed map[int]bool) (*emit.Output, error) {
			return emit.Render(prog, cs, emit.Options{Reserved: reserved, Fuzz: !r.cfg.Disable["fuzz"], NoSeed: noSeed, BuildTag: buildTag})
		},
		Alone:  base,
		Logf:   r.logf,
		Debugf: r.debugf,
	}
	if len(humanTests) > 0 {
		// The package's own tests must keep passing beside the file,
		// in shuffled order.
		together := base
		together.Remove = verify.OnlyGenerated(userTests)
		// The seed's order runs twice: the second pass exposes a test
		// that leaves state behind; the two further orders (once each),
		// derived from the seed so that the verdict stays reproducible,
		// expose a test that passes only when another one ran before it
		// (logrus: a test asserting what an earlier test left in the
		// package's logger).
		together.Count, together.Race, together.Cover, together.Timeout = 2, false, false, 3*time.Minute
		plan.Together = &together
		plan.Orders = []string{fmt.Sprint(r.cfg.Seed + 1000003), fmt.Sprint(r.cfg.Seed + 2000006)}
	}
	v, err := verify.Cases(ctx, plan, cases)
	if err != nil {
		if errors.Is(err, verify.ErrNoTests) {
			return &load.Error{Pkg: r.pkg.PkgPath, Msg: err.Error() + "; nothing written"}
		}
		return fmt.Errorf("%s: %w", r.pkg.PkgPath, err)
	}
	r.userTests, r.base = userTests, base
	if h := r.table; h != nil {
		// The profile of the last verification run, the written file's
		// (later runs do not measure coverage); without it the
		// explanation falls back to the search's coverage.
		prof := filepath.Join(base.WorkDir, "cover.out")
		if final, err := explain.ProfileBlocks(prof, h); err == nil {
			r.final = final
			r.profile, _ = os.ReadFile(prof)
		} else {
			r.debugf("%v", err)
		}
	}
	r.written = map[int]bool{}
	for _, t := range v.Out.Tests {
		for _, k := range t.Keys {
			r.written[k] = true
		}
	}
	sum.Dropped = append(sum.Dropped, v.Dropped...)
	sum.Coverage = v.Report.Coverage
	sum.Tests = len(v.Out.Tests)
	for _, t := range v.Out.Tests {
		sum.Cases += len(t.Keys)
	}
	if required && v.Out.UsesCmp {
		for path, data := range modFiles {
			if err := write.File(path, data); err != nil {
				return err
			}
		}
		sum.AddedRequire = gomod.CmpPath + " " + cmpVersion
		r.logf("added requirement %s %s to %s", gomod.CmpPath, cmpVersion, filepath.Join(gomod.Root(r.dir), "go.mod"))
	}
	if err := write.File(r.out, v.Out.Src); err != nil {
		return err
	}
	ftag := emit.FindingsTag
	if buildTag != "" {
		ftag += " && " + buildTag
	}
	fopts := findings.Options{Prog: prog, MainFile: inPkg, MainSrc: v.Out.Src, Out: findings.Path(r.out),
		Reserved: reserved, BuildTag: ftag, Verify: base, Logf: r.debugf}
	fopts.Verify.Cover, fopts.Verify.Race, fopts.Verify.Shuffle = false, false, ""
	names, err := findings.Write(ctx, fopts, revealing)
	if err != nil {
		return err
	}
	// A finding is reported only with a test that reproduces it
	// (docs/findings.md).
	for _, f := range revealing {
		if names[f] != "" {
			sum.Findings = append(sum.Findings, Finding{Kind: f.Kind, Function: f.Function, Message: f.Message, Test: names[f]})
		}
	}
	return nil
}
