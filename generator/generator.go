// Package generator runs gentest's pipeline for each package. The stages
// are packages of their own and the flow is one way:
//
//	load     -> packages and analysis facts             (internal/load)
//	model    -> operations, under the fact policy       (internal/policy, internal/model)
//	harness  -> the instrumented executor binary        (internal/harness)
//	exec     -> executor processes                      (internal/executor)
//	search   -> candidate sequences and failures        (internal/search)
//	minimize -> shorter candidates                      (internal/minimize)
//	oracle   -> assertions, contracts, findings         (internal/oracle)
//	emit     -> Go source                               (internal/emit)
//	verify   -> cases that compile, pass, break nothing (internal/verify)
//	write    -> the test file, go.mod, findings file    (internal/write, gomod, findings)
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
	"runtime/debug"
	"slices"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/minimize"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/policy"
	"github.com/gentest-go/gentest/internal/search"
	"github.com/gentest-go/gentest/internal/sysmem"
	"github.com/gentest-go/gentest/internal/verify"
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
	// Memory is reported for gentest and every child it starts, from the
	// load (go list) on.
	watch := sysmem.WatchTree(treePeriod)
	defer watch.Stop()
	t0 := time.Now()
	if cfg.runStart.IsZero() {
		cfg.runStart = t0
	}
	var cache *load.FactCache
	if cfg.FactCacheDir != "" {
		cache = &load.FactCache{Dir: cfg.FactCacheDir, Salt: factCacheSalt(cfg.Analyzers)}
	}
	loadCache := cache
	if cfg.sourceLoad {
		loadCache = nil
	}
	pkgs, roots, fromExport, err := load.WithSupportCached(cfg.Dir, cfg.Patterns, policy.NeedsModule, loadCache)
	if err != nil {
		return nil, err
	}
	tLoad := time.Since(t0)
	heapCheckpoint(cfg.Log, "load")
	several := len(pkgs) > 1
	if cfg.Shard.Count > 1 {
		pkgs = selectShard(pkgs, cfg.Shard)
		if len(pkgs) == 0 {
			fmt.Fprintf(cfg.Log, "gentest: shard %d/%d has no packages\n", cfg.Shard.Index, cfg.Shard.Count)
			return nil, nil
		}
	}
	pkgs, skip, err := checkPackages(pkgs, several)
	if err != nil {
		return nil, err
	}
	if cfg.Output != "" && len(pkgs)+len(skip) > 1 {
		return nil, &load.Error{Msg: "-o names one file but the patterns match several packages"}
	}
	skipProgress := func() {
		for _, s := range skip {
			cfg.progress(Progress{Package: s.Package, Phase: PhaseSkipped, Detail: s.Skipped, Coverage: -1})
		}
	}
	if len(pkgs) == 0 {
		skipProgress()
		return skip, nil
	}
	t1 := time.Now()
	aroots := policy.AnalysisRoots(pkgs, roots)
	// AnalyzeFacts, not Analyze: one package's SSA at a time, facts kept.
	// The other roots (support and module packages that can supply
	// inputs) are read for their producers' facts, never their results.
	// Every support package is, whether or not it can supply the
	// targets: a warm run loads them all from export data and the fact
	// cache (load.WithSupportCached), which must hold them.
	others := aroots[len(pkgs):]
	for _, r := range roots {
		if slices.Contains(load.SupportPackages, r.PkgPath) && !slices.Contains(aroots, r) {
			others = append(others, r)
		}
	}
	an, err := load.AnalyzeFactsFor(cfg.Analyzers, aroots[:len(pkgs)], others, cache)
	if fromExport && errors.Is(err, load.ErrNeedSource) {
		// A cache entry went missing or stale between the load and the
		// analysis: load the dependencies from source and analyze again.
		fmt.Fprintf(cfg.Log, "gentest: %v; loading from source\n", err)
		cfg.sourceLoad = true
		return Run(ctx, cfg)
	}
	if err != nil {
		return nil, err
	}
	skipProgress()
	skipNote := ""
	if len(skip) > 0 {
		skipNote = fmt.Sprintf(" (%d skipped)", len(skip))
	}
	their := "their"
	if len(aroots) == 1 {
		their = "its"
	}
	fmt.Fprintf(cfg.Log, "gentest: loaded %s to test%s in %.1fs; analyzed %s with %s dependencies in %.1fs (%s from the fact cache)\n",
		plural(len(pkgs), "package"), skipNote, tLoad.Seconds(), plural(len(aroots), "package"), their, time.Since(t1).Seconds(), plural(an.Cached, "package"))
	// The facts and root results are all the later stages read: the
	// syntax and type information of the whole graph, the targets'
	// aside (their instrumentation needs it), can go.
	load.ReleaseSyntax(roots, pkgs...)
	// Give the analysis's pages back now rather than at the scavenger's
	// pace: the executors start next.
	debug.FreeOSMemory()
	heapCheckpoint(cfg.Log, "analysis")
	sums, err := runPackages(ctx, cfg, pkgs, several, an, roots, watch)
	return mergeSummaries(sums, skip), err
}

// plural says "1 package", "2 packages".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// pkgRun is one package going through the stages.
type pkgRun struct {
	cfg     Config
	pkg     *packages.Package
	an      *load.Analysis
	roots   []*packages.Package
	watch   *sysmem.TreeWatcher // gentest's and its children's memory
	start   time.Time
	work    string // temporary directory of the run
	dir     string // package directory
	out     string // output file
	sandbox bool
	// userTests and base are the package's test files and the base
	// verification options, kept for measuring the human tests' coverage.
	userTests []string
	base      verify.Options
	// table is the probe table and final the blocks the written file
	// covers, for the explanation.
	table *instrument.Table
	final []bool
	// profile is the written file's cover profile, for the coverage of
	// the package's own tests and the file together.
	profile []byte
	// written holds the keys of the cases the written file runs.
	written map[int]bool
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
	r.start = time.Now()
	r.dir = filepath.Dir(r.pkg.GoFiles[0])
	r.sandbox = !r.cfg.NoSandbox && executor.SandboxAvailable()
	r.out = r.outputPath()
	var err error
	if r.work, err = os.MkdirTemp("", "gentest-"); err != nil {
		return nil, err
	}
	defer os.RemoveAll(r.work)

	r.phase(PhaseModel, 0, -1)
	prog, err := r.model()
	if err != nil {
		return nil, err
	}
	r.phase(PhaseBuild, 0, -1)
	h, err := harness.Build(ctx, r.pkg, prog, harness.Options{WorkDir: r.work, CacheDir: r.cfg.CacheDir,
		Nondet: policy.NondetSource(r.an)})
	if err != nil {
		return nil, err
	}
	r.table = h.Table
	for _, c := range h.Table.Conds {
		if c.Unsteady != 0 {
			r.debugf("unsteady condition %d %s:%d %s (nondet=%d unsteady=%d)", c.ID, filepath.Base(c.File), c.Line, c.Text, c.Nondet, c.Unsteady)
		}
	}
	// The instrumented copy is built: the package's own syntax can go
	// (only this package's: packages generated at the same time keep
	// theirs, and the rest of the graph went after the analysis).
	r.pkg.Syntax, r.pkg.TypesInfo = nil, nil
	heapCheckpoint(r.cfg.Log, "harness")
	r.logf("executor ready (%d operations, %d blocks, %d conditions; cached=%v) after %.1fs",
		len(prog.Ops), len(h.Table.Blocks), len(h.Table.Conds), h.Cached, time.Since(r.start).Seconds())
	protections := executor.ActiveProtections(r.sandbox)
	if note := protections.Note(); note != "" {
		r.logf("%s", note)
	}
	pool, err := r.executors(ctx, h)
	if err != nil {
		return nil, err
	}
	defer pool.Close()

	obs := newObserver(pool, h.Table, len(prog.Ops), func(execs int, cov float64) { r.phase(PhaseSearch, execs, cov) })
	// How long a run takes to start searching, and what gentest needed
	// to get there (load, analysis, model, executor build): issue 14 asks
	// for under 1 s and 300 MB on an unchanged package.
	searchStart, prepRSS := time.Since(r.cfg.runStart).Seconds(), selfMaxRSS()
	r.phase(PhaseSearch, 0, 0)
	// The search, the minimizer and suite reduction see only the steady
	// probes; the observer below sees all of them.
	tr, closeTrace, err := traceFile(r.pkg.PkgPath, h.Table)
	if err != nil {
		return nil, err
	}
	defer closeTrace()
	// One clock watch for the search, the minimizer and the judge: what
	// the search learned of the clock conditions masks the phases after
	// it, which learn nothing (clockwatch.go).
	watch := newClockWatch(h.Table)
	eng := r.search(ctx, prog, h, tr.wrap("search", steadyWith(obs, h.Table, prog, watch)))
	r.debugf("%s", watch.freeze())
	searchStats := pool.Stats()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	heapCheckpoint(r.cfg.Log, "search")
	stages, err := stageFile(r.pkg.PkgPath, pool, h.Table)
	if err != nil {
		return nil, err
	}
	defer stages.close()
	if stages != nil {
		stages.record("search", obs.blocks, nil)
		stages.reproduce(eng.Corpus)
		stages.seqs("corpus", entries(eng.Corpus), func(b int) string {
			switch {
			case !obs.clean[b]:
				return "(only in runs that panicked)"
			case obs.firstBad[b]:
				return "(first in a run that panicked)"
			}
			return ""
		})
	}
	r.phase(PhaseMinimize, obs.execs, obs.coverage())
	mstart := time.Now()
	// Without -execs, minimizing gets the search's budget again: a big
	// package with slow calls (samber/lo, 400 candidates at 100 calls/s)
	// would otherwise spend minutes here. Unfinished candidates keep
	// their longer form. With -execs, each candidate's trial cap bounds
	// it and the output stays deterministic.
	mctx, cancel := ctx, context.CancelFunc(func() {})
	if r.cfg.Execs <= 0 && r.cfg.Budget > 0 {
		mctx, cancel = context.WithTimeout(ctx, r.cfg.Budget)
	}
	minimize.Corpus(mctx, prog, tr.wrap("minimize", steadyWith(pool, h.Table, prog, watch)), eng.Corpus, 4*r.cfg.Workers)
	cancel()
	r.logf("minimized %d candidates in %.1fs", len(eng.Corpus), time.Since(mstart).Seconds())
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	stages.seqs("minimized", entries(eng.Corpus), nil)
	// The judged sequences run again on differently built copies of the
	// executor: what they see differently depends on the binary (a hash
	// of the executable picks a message's spelling) and is not asserted,
	// since go test and go test -cover build other binaries.
	nvar := binaryVariants
	if r.cfg.Disable["binary-variants"] {
		nvar = 0
	}
	variants, closeVariants := r.variantRunners(ctx, h.Exe, nvar)
	jstart := time.Now()
	judged := oracle.Judge(prog, tr.wrap("judge", steadyWith(pool, h.Table, prog, watch)), eng.Corpus, oracle.JudgeOptions{Sandboxed: r.sandbox, Variants: variants})
	closeVariants()
	r.debugf("judged %d candidates in %.2fs with %d binary variants", len(eng.Corpus), time.Since(jstart).Seconds(), len(variants))
	judgedBlocks := stages.seqs("judged", cases(judged.Cases), nil)
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
	sum.init()
	stats := pool.Stats()
	for k, v := range stats.Crashes {
		sum.Crashes[string(k)] = v
	}
	sum.SearchSeconds = eng.Stats.Elapsed.Seconds()
	sum.SearchCoverage = obs.coverage()
	lost := searchStats.Time
	sum.SearchLost = LostTime{Timeouts: lost.Timeouts.Seconds(), Crashes: lost.Crashes.Seconds(),
		Starts: lost.Starts.Seconds(), Replays: lost.Replays.Seconds(), Attribution: lost.Alone.Seconds()}
	if eng.Stats.Elapsed > 0 {
		sum.ExecsPerSec = float64(eng.Stats.Executed) / eng.Stats.Elapsed.Seconds()
	}
	exIn := obs.explainInput(prog)
	if stages == nil {
		pool.Close() // the executors are done; verification needs the memory
	}

	r.phase(PhaseVerify, sum.Execs, obs.coverage())

	reduced := judged.Reduced()
	stages.seqs("reduced", cases(reduced), func(b int) string {
		// Which judged cases covered it, for what the reduction left.
		var who []string
		for i, c := range judged.Cases {
			if slices.Contains(judgedBlocks[i], int32(b)) && len(who) < 3 {
				who = append(who, fmt.Sprintf("case %d (%d calls, panics=%v)", c.Key, c.Seq.Len(), c.Panics))
			}
		}
		return fmt.Sprint(who)
	})
	if len(reduced) == 0 && len(revealing) == 0 {
		return nil, &load.Error{Pkg: r.pkg.PkgPath, Msg: noCases(prog, eng.Stats)}
	}
	if err := r.verifyAndWrite(ctx, prog, reduced, revealing, sum); err != nil {
		return nil, err
	}
	stages.verified(reduced, r.written, sum.Dropped)
	if stages != nil && r.final != nil {
		stages.record("written", r.final, nil)
	}
	stages.attribute()
	for _, f := range sum.Findings {
		r.logf("finding: %s in %s: %s", f.Kind, f.Function, f.Message)
	}
	exIn.Final = r.final
	sum.Explain = explain.Explain(exIn)
	sum.CoverageBefore, sum.CoverageAfter = r.coverageBefore(ctx, sum.Coverage)
	sum.Seconds = time.Since(r.start).Seconds()
	sum.SearchStartSeconds = searchStart
	sum.PrepPeakRSSMB = float64(prepRSS) / (1 << 20)
	heapCheckpoint(r.cfg.Log, "verify")
	reportPeaks(sum, r.watch, stats.PeakRSS, r.cfg.Workers)
	r.logf("wrote %s: %d tests with %d cases, statement coverage %.1f%% (%d cases dropped by verification)", r.out, sum.Tests, sum.Cases, 100*sum.Coverage, len(sum.Dropped))
	r.cfg.progress(Progress{Package: r.pkg.PkgPath, Phase: PhaseDone, Execs: sum.Execs, Coverage: sum.Coverage, Detail: r.out})
	return sum, nil
}

// phase reports the package's progress.
func (r *pkgRun) phase(phase string, execs int, coverage float64) {
	r.cfg.progress(Progress{Package: r.pkg.PkgPath, Phase: phase, Execs: execs, Coverage: coverage})
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
	opts := pm.Options()
	if !r.cfg.Disable["construct"] {
		opts.Construct = policy.Construct(r.an, r.pkg.Types)
	}
	opts.ConfigVars = !r.cfg.Disable["config-vars"]
	opts.ConfigFields = !r.cfg.Disable["config-fields"]
	opts.InterfaceResults = !r.cfg.Disable["interface-results"]
	prog := model.Build(r.pkg.Types, opts)
	if len(prog.Ops) == 0 {
		return nil, &load.Error{Pkg: r.pkg.PkgPath, Msg: "has no operations gentest can call"}
	}
	for _, op := range prog.Ops {
		r.debugf("op %d %s detective=%v params=%v", op.ID, op.FullName(), op.Detective, op.Params)
	}
	return prog, nil
}

// executors starts the executor processes in a scratch directory.
func (r *pkgRun) executors(ctx context.Context, h *harness.Harness) (*executor.Pool, error) {
	scratch := filepath.Join(r.work, "scratch")
	if err := os.MkdirAll(scratch, 0o700); err != nil {
		return nil, err
	}
	pool, err := executor.Start(ctx, executor.Config{Exe: h.Exe, PkgPath: r.pkg.PkgPath, ScratchDir: scratch,
		Workers: r.cfg.Workers, CallTimeout: r.cfg.CallTimeout, MemLimit: r.memLimit(), Sandbox: r.sandbox})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.pkg.PkgPath, err)
	}
	return pool, nil
}

// memLimit is the memory cap of each executor: -mem-limit, or the
// default share of the machine for the run's workers.
func (r *pkgRun) memLimit() int64 {
	if r.cfg.MemLimit > 0 {
		return r.cfg.MemLimit
	}
	return defaultMemLimit(r.cfg.Workers)
}

// search runs the random search (Randoop with GRT's components).
func (r *pkgRun) search(ctx context.Context, prog *model.Program, h *harness.Harness, pool executor.Runner) *search.Random {
	off := r.cfg.Disable
	scfg := search.Config{Seed: r.cfg.Seed, Budget: r.cfg.Budget, MaxExecs: r.cfg.Execs,
		NoDetective: off["detective"], NoBloodhound: off["bloodhound"], NoElephant: off["elephant"],
		NoOrienteering: off["orienteering"], NoImpurity: off["impurity"], Code: search.OpCodes(prog, h.Table),
		NoLocalSearch: off["local-search"], NoInputToState: off["input-to-state"], Table: h.Table, Engine: r.cfg.Engine,
		Workers: r.cfg.Workers}
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
	r.debugf("search: %d sequences from construction templates", eng.Stats.Templates)
	r.debugf("search: %d sequences left unrun for repeating a self-wiring that cost a timeout", eng.Stats.CostlySkipped)
	r.debugf("search: %d sequences hung, %d left unrun for making a call that hung on the same construction, %d run to explore one", eng.Stats.Hangs, eng.Stats.HangSkipped, eng.Stats.HangExplored)
	blocks, branches := eng.Covered()
	r.logf("search: %d sequences executed in %.1fs (%d normal, %d illegal, %d crashed); %d/%d blocks, %d branch sides; %d candidates",
		eng.Stats.Executed, eng.Stats.Elapsed.Seconds(), eng.Stats.Normal, eng.Stats.Illegal, eng.Stats.Crashed,
		blocks, len(h.Table.Blocks), branches, len(eng.Corpus))
	return eng
}

// findings gathers the probable bugs: revealing failures of the search,
// contract violations on pooled values, and pure-repeat violations.
func (r *pkgRun) findings(ctx context.Context, prog *model.Program, pool *executor.Pool, eng *search.Random, j *oracle.Judgement) []*oracle.Finding {
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
