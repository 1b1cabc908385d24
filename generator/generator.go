// Package generator runs gentest's pipeline for each package. The stages
// are packages of their own and the flow is one way:
//
//	load     -> packages and analysis facts             (generator/load)
//	model    -> operations, under the fact policy       (generator/policy, generator/model)
//	harness  -> the instrumented executor binary        (generator/harness)
//	exec     -> executor processes                      (generator/exec)
//	search   -> candidate sequences and failures        (generator/search)
//	minimize -> shorter candidates                      (generator/minimize)
//	oracle   -> assertions, contracts, findings         (generator/oracle)
//	emit     -> Go source                               (generator/emit)
//	verify   -> cases that compile, pass, break nothing (generator/verify)
//	write    -> the test file, go.mod, findings file    (generator/write, gomod, findings)
//
// This file only wires them: each stage takes a small value and returns
// one.
package generator

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/generator/emit"
	gexec "github.com/gentest-go/gentest/generator/exec"
	"github.com/gentest-go/gentest/generator/findings"
	"github.com/gentest-go/gentest/generator/gomod"
	"github.com/gentest-go/gentest/generator/harness"
	"github.com/gentest-go/gentest/generator/load"
	"github.com/gentest-go/gentest/generator/minimize"
	"github.com/gentest-go/gentest/generator/model"
	"github.com/gentest-go/gentest/generator/oracle"
	"github.com/gentest-go/gentest/generator/policy"
	"github.com/gentest-go/gentest/generator/search"
	"github.com/gentest-go/gentest/generator/verify"
	"github.com/gentest-go/gentest/generator/write"
)

// Run generates tests for every package matched by cfg.Patterns.
func Run(ctx context.Context, cfg Config) ([]*Summary, error) {
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.CmpVersion == "" {
		cfg.CmpVersion = "v0.7.0"
	}
	t0 := time.Now()
	pkgs, roots, err := load.WithSupport(cfg.Dir, cfg.Patterns, policy.NeedsModule)
	if err != nil {
		return nil, err
	}
	tLoad := time.Since(t0)
	for _, p := range pkgs {
		if err := load.CheckCompiles(p); err != nil {
			return nil, err
		}
		if err := load.CheckTestable(p); err != nil {
			return nil, err
		}
	}
	if cfg.Output != "" && len(pkgs) > 1 {
		return nil, &load.Error{Msg: "-o names one file but the patterns match several packages"}
	}
	t1 := time.Now()
	an, err := load.Analyze(cfg.Analyzers, policy.AnalysisRoots(pkgs, roots))
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(cfg.Log, "gentest: loaded %d target package(s) and %d others in %.1fs, analyzed in %.1fs\n",
		len(pkgs), len(roots)-len(pkgs), tLoad.Seconds(), time.Since(t1).Seconds())
	var sums []*Summary
	for _, p := range pkgs {
		r := &pkgRun{cfg: cfg, pkg: p, an: an, roots: roots, start: time.Now()}
		s, err := r.run(ctx)
		if err != nil {
			return sums, err
		}
		sums = append(sums, s)
	}
	return sums, nil
}

// pkgRun is one package going through the stages.
type pkgRun struct {
	cfg     Config
	pkg     *packages.Package
	an      *load.Analysis
	roots   []*packages.Package
	start   time.Time
	work    string // temporary directory of the run
	dir     string // package directory
	out     string // output file
	sandbox bool
}

func (r *pkgRun) logf(format string, args ...any) {
	fmt.Fprintf(r.cfg.Log, "gentest: %s: "+format+"\n", append([]any{r.pkg.PkgPath}, args...)...)
}

func (r *pkgRun) debugf(format string, args ...any) {
	if os.Getenv("GENTEST_DEBUG") != "" {
		r.logf(format, args...)
	}
}

func (r *pkgRun) run(ctx context.Context) (*Summary, error) {
	r.dir = filepath.Dir(r.pkg.GoFiles[0])
	r.sandbox = !r.cfg.NoSandbox && gexec.SandboxAvailable()
	r.out = r.outputPath()
	var err error
	if r.work, err = os.MkdirTemp("", "gentest-"); err != nil {
		return nil, err
	}
	defer os.RemoveAll(r.work)

	prog, err := r.model()
	if err != nil {
		return nil, err
	}
	h, err := harness.Build(ctx, r.pkg, prog, harness.Options{WorkDir: r.work, CacheDir: r.cfg.CacheDir})
	if err != nil {
		return nil, err
	}
	r.logf("executor ready (%d operations, %d blocks, %d conditions; cached=%v) after %.1fs",
		len(prog.Ops), len(h.Table.Blocks), len(h.Table.Conds), h.Cached, time.Since(r.start).Seconds())
	protections := gexec.ActiveProtections(r.sandbox)
	if note := protections.Note(); note != "" {
		r.logf("%s", note)
	}
	pool, err := r.executors(ctx, h)
	if err != nil {
		return nil, err
	}
	defer pool.Close()

	eng := r.search(ctx, prog, h, pool)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	mstart := time.Now()
	minimize.Corpus(ctx, prog, pool, eng.Corpus, 4*r.cfg.Workers)
	r.logf("minimized %d candidates in %.1fs", len(eng.Corpus), time.Since(mstart).Seconds())
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	judged := oracle.Judge(prog, pool, eng.Corpus, oracle.JudgeOptions{Sandboxed: r.sandbox})
	for _, d := range judged.Disagreements {
		// A signal for the analysis, not for the user: in -json only.
		r.debugf("analysis disagreement: %s", d)
	}
	revealing := r.findings(ctx, prog, pool, eng, judged)
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	sum := &Summary{Package: r.pkg.PkgPath, File: r.out, Excluded: prog.Excluded, Execs: eng.Stats.Executed,
		Crashes: map[string]int{}, Disagreements: judged.Disagreements, Findings: []Finding{}, Dropped: []verify.Dropped{},
		Protections: protections}
	if sum.Excluded == nil {
		sum.Excluded = []model.Excluded{}
	}
	stats := pool.Stats()
	for k, v := range stats.Crashes {
		sum.Crashes[string(k)] = v
	}
	if eng.Stats.Elapsed > 0 {
		sum.ExecsPerSec = float64(eng.Stats.Executed) / eng.Stats.Elapsed.Seconds()
	}
	pool.Close() // the executors are done; verification needs the memory

	if err := r.verifyAndWrite(ctx, prog, judged.Reduced(), revealing, sum); err != nil {
		return nil, err
	}
	for _, f := range sum.Findings {
		r.logf("finding: %s in %s: %s", f.Kind, f.Function, f.Message)
	}
	sum.Seconds = time.Since(r.start).Seconds()
	sum.PeakRSSMB = float64(selfMaxRSS()+stats.PeakRSS*int64(r.cfg.Workers)) / (1 << 20)
	r.logf("wrote %s: %d tests, %d cases, coverage %.1f%% (dropped %d)", r.out, sum.Tests, sum.Cases, 100*sum.Coverage, len(sum.Dropped))
	return sum, nil
}

func (r *pkgRun) outputPath() string {
	switch out := r.cfg.Output; {
	case out == "":
		return filepath.Join(r.dir, r.pkg.Types.Name()+"_gentest_test.go")
	case filepath.IsAbs(out):
		return out
	default:
		return filepath.Join(r.cfg.Dir, out)
	}
}

// model builds the program model under the fact policy.
func (r *pkgRun) model() (*model.Program, error) {
	pm := policy.Model{Analysis: r.an, Pkg: r.pkg, Allow: r.cfg.Allow, Sandboxed: r.sandbox}
	if !r.cfg.Disable["detective"] {
		pm.Support = r.roots
	}
	prog := model.Build(r.pkg.Types, pm.Options())
	if len(prog.Ops) == 0 {
		return nil, &load.Error{Pkg: r.pkg.PkgPath, Msg: "has no operations gentest can call"}
	}
	for _, op := range prog.Ops {
		r.debugf("op %d %s detective=%v", op.ID, op.FullName(), op.Detective)
	}
	return prog, nil
}

// executors starts the executor processes in a scratch directory.
func (r *pkgRun) executors(ctx context.Context, h *harness.Harness) (*gexec.Pool, error) {
	scratch := filepath.Join(r.work, "scratch")
	if err := os.MkdirAll(scratch, 0o700); err != nil {
		return nil, err
	}
	memLimit := r.cfg.MemLimit
	if memLimit <= 0 {
		memLimit = defaultMemLimit(r.cfg.Workers)
	}
	pool, err := gexec.Start(ctx, gexec.Config{Exe: h.Exe, PkgPath: r.pkg.PkgPath, ScratchDir: scratch,
		Workers: r.cfg.Workers, CallTimeout: r.cfg.CallTimeout, MemLimit: memLimit, Sandbox: r.sandbox})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.pkg.PkgPath, err)
	}
	return pool, nil
}

// search runs the random search (Randoop with GRT's components).
func (r *pkgRun) search(ctx context.Context, prog *model.Program, h *harness.Harness, pool *gexec.Pool) *search.Random {
	off := r.cfg.Disable
	scfg := search.Config{Seed: r.cfg.Seed, Budget: r.cfg.Budget, MaxExecs: r.cfg.Execs,
		NoDetective: off["detective"], NoBloodhound: off["bloodhound"], NoElephant: off["elephant"],
		NoOrienteering: off["orienteering"], NoImpurity: off["impurity"], Code: search.OpCodes(prog, h.Table),
		NoLocalSearch: off["local-search"], NoInputToState: off["input-to-state"], Table: h.Table, Engine: r.cfg.Engine}
	if os.Getenv("GENTEST_DEBUG") != "" {
		scfg.Trace = r.debugf
	}
	if cf := policy.Constants(r.an, r.pkg); cf != nil && !off["constants"] {
		scfg.Constants = search.NewConstants(prog, cf.Target, cf.Corpus, cf.Func)
	}
	eng := search.NewRandom(prog, scfg)
	eng.Run(ctx, pool)
	for _, f := range eng.Failures {
		if f.Crash != nil {
			r.debugf("crash %s: %s", f.Crash, prog.Ops[f.Seq.Stmts[f.Seq.Len()-1].Op].FullName())
		}
	}
	r.debugf("search: %d climbs on stalled branches, %d covered theirs", eng.Stats.Climbs, eng.Stats.ClimbsCovered)
	blocks, branches := eng.Covered()
	r.logf("search: %d sequences executed in %.1fs (%d normal, %d illegal, %d crashed); %d/%d blocks, %d branch sides; %d candidates",
		eng.Stats.Executed, eng.Stats.Elapsed.Seconds(), eng.Stats.Normal, eng.Stats.Illegal, eng.Stats.Crashed,
		blocks, len(h.Table.Blocks), branches, len(eng.Corpus))
	return eng
}

// findings gathers the probable bugs: revealing failures of the search,
// contract violations on pooled values, and pure-repeat violations.
func (r *pkgRun) findings(ctx context.Context, prog *model.Program, pool *gexec.Pool, eng *search.Random, j *oracle.Judgement) []*oracle.Finding {
	off := r.cfg.Disable
	out := oracle.Revealing(ctx, prog, pool, eng.Failures, 4*r.cfg.Workers)
	if !off["contracts"] {
		out = append(out, oracle.Contracts(prog, pool, eng.Pool(), off)...)
		if !off["pure-repeat"] {
			out = append(out, j.PureRepeat...)
		}
	}
	return out
}

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
		together.Count, together.Race, together.Cover, together.Timeout = 3, false, false, 3*time.Minute
		plan.Together = &together
	}
	v, err := verify.Cases(ctx, plan, cases)
	if err != nil {
		if errors.Is(err, verify.ErrNoTests) {
			return &load.Error{Pkg: r.pkg.PkgPath, Msg: err.Error() + "; nothing written"}
		}
		return fmt.Errorf("%s: %w", r.pkg.PkgPath, err)
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
