// Package generator runs gentest's pipeline for each package. The stages
// are packages of their own and the flow is one way:
//
//	load      -> packages and analysis facts              (internal/load)
//	model     -> operations, under the fact policy        (internal/policy, internal/model)
//	build     -> the instrumented executor binary         (internal/harness)
//	executors -> executor processes                       (internal/executor)
//	search    -> candidate sequences and failures         (internal/search)
//	minimize  -> shorter candidates                       (internal/minimize)
//	judge     -> assertions and the reduced cases         (internal/oracle)
//	findings  -> probable bugs: failures, contracts       (internal/oracle)
//	verify    -> cases that compile, pass, break nothing  (internal/emit, internal/verify)
//	write     -> the test file, go.mod, findings file     (internal/write, gomod, findings)
//	report    -> explanation, coverage, memory, progress  (internal/explain)
//
// Run loads and analyzes the packages, then runs them, several at a
// time; one package's run goes through the stages after the load in
// order, a method each that takes a small value and returns one. The
// stages run sequences through the wrappers of internal/runner (steady
// probes only, observed, traced); internal/diag holds the debugging
// switches.
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

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/internal/diag"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/policy"
	"github.com/gentest-go/gentest/internal/runner"
	"github.com/gentest-go/gentest/internal/sysmem"
	"github.com/gentest-go/gentest/internal/verify"
)

// Run generates tests for every package matched by cfg.Patterns.
func Run(ctx context.Context, cfg Config) ([]*Summary, error) {
	cfg.setDefaults()
	// Memory is reported for gentest and every child it starts, from the
	// load (go list) on.
	watch := sysmem.WatchTree(treePeriod)
	defer watch.Stop()
	t0 := time.Now()
	if cfg.runStart.IsZero() {
		cfg.runStart = t0
	}
	cache := cfg.factCache()
	pkgs, roots, fromExport, err := cfg.load(cache)
	if err != nil || pkgs == nil {
		return nil, err
	}
	tLoad := time.Since(t0)
	diag.HeapCheckpoint(cfg.Log, "load")
	several := len(pkgs) > 1 || cfg.sharded
	pkgs, skip, err := cfg.targets(pkgs, several)
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		cfg.reportSkipped(skip)
		return skip, nil
	}
	t1 := time.Now()
	an, nroots, err := analyze(cfg.Analyzers, pkgs, roots, cache)
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
	cfg.reportSkipped(skip)
	skipNote := ""
	if len(skip) > 0 {
		skipNote = fmt.Sprintf(" (%d skipped)", len(skip))
	}
	their := "their"
	if nroots == 1 {
		their = "its"
	}
	fmt.Fprintf(cfg.Log, "gentest: loaded %s to test%s in %.1fs; analyzed %s with %s dependencies in %.1fs (%s from the fact cache)\n",
		plural(len(pkgs), "package"), skipNote, tLoad.Seconds(), plural(nroots, "package"), their, time.Since(t1).Seconds(), plural(an.Cached, "package"))
	// The facts and root results are all the later stages read: the
	// syntax and type information of the whole graph, the targets'
	// aside (their instrumentation needs it), can go.
	load.ReleaseSyntax(roots, pkgs...)
	// Give the analysis's pages back now rather than at the scavenger's
	// pace: the executors start next.
	debug.FreeOSMemory()
	diag.HeapCheckpoint(cfg.Log, "analysis")
	sums, err := runPackages(ctx, cfg, pkgs, several, an, roots, watch)
	return mergeSummaries(sums, skip), err
}

// load loads the target packages and the roots beside them
// (load.WithSupportCached). A shard's patterns become the shard's import
// paths first (shardPaths), so that only its packages are loaded; pkgs is
// nil, and a line logged, when the shard holds none.
func (c *Config) load(cache *load.FactCache) (pkgs, roots []*packages.Package, fromExport bool, err error) {
	if c.Shard.Count > 1 {
		// From here on the patterns are the shard, and a reload from
		// source (Run again) keeps them.
		paths, none := shardPaths(c.Dir, c.Patterns, c.Shard)
		if none {
			fmt.Fprintf(c.Log, "gentest: shard %d/%d has no packages\n", c.Shard.Index, c.Shard.Count)
			return nil, nil, false, nil
		}
		if paths != nil {
			c.Patterns, c.Shard, c.sharded = paths, Shard{}, true
		}
	}
	if c.sourceLoad {
		cache = nil
	}
	return load.WithSupportCached(c.Dir, c.Patterns, policy.NeedsModule, cache)
}

// setDefaults fills in what the caller left zero.
func (c *Config) setDefaults() {
	if c.Log == nil {
		c.Log = io.Discard
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	if c.CmpVersion == "" {
		c.CmpVersion = "v0.7.0"
	}
}

// targets keeps the loaded packages of the shard, and of those the ones
// gentest can work on: with several, the others become skipped rows.
func (c *Config) targets(pkgs []*packages.Package, several bool) (ok []*packages.Package, skip []*Summary, err error) {
	if c.Shard.Count > 1 {
		// Run narrowed the patterns to the shard before loading; this
		// is the fallback for a listing that failed.
		pkgs = selectShard(pkgs, c.Shard)
		if len(pkgs) == 0 {
			fmt.Fprintf(c.Log, "gentest: shard %d/%d has no packages\n", c.Shard.Index, c.Shard.Count)
			return nil, nil, nil
		}
	}
	ok, skip, err = checkPackages(pkgs, several)
	if err != nil {
		return nil, nil, err
	}
	if c.Output != "" && len(ok)+len(skip) > 1 {
		return nil, nil, &load.Error{Msg: "-o names one file but the patterns match several packages"}
	}
	return ok, skip, nil
}

// reportSkipped tells the progress about the skipped packages.
func (c *Config) reportSkipped(skip []*Summary) {
	for _, s := range skip {
		c.progress(Progress{Package: s.Package, Phase: PhaseSkipped, Detail: s.Skipped, Coverage: -1})
	}
}

// analyze computes the analysis facts of the target packages and of the
// roots that may supply their inputs, and returns how many roots it
// analyzed.
func analyze(analyzers []*analysis.Analyzer, pkgs, roots []*packages.Package, cache *load.FactCache) (*load.Analysis, int, error) {
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
	an, err := load.AnalyzeFactsFor(analyzers, aroots[:len(pkgs)], others, cache)
	return an, len(aroots), err
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
	// protections are what confines the executors.
	protections executor.Protections
	// trace and stages are the debugging trace of every run and the
	// stage log (internal/diag); nil unless the environment asks.
	trace  *runner.Trace
	stages *diag.Stages
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
	// ownTests is what complement mode measured of the package's own
	// tests; nil outside it.
	ownTests *ownTests
	// written holds the keys of the cases the written file runs.
	written map[int]bool
	// kept is what the run keeps of the earlier generated file; nil with
	// Config.Fresh or without one (keep.go).
	kept *keptTests
	// keepErr is why a -run cannot update the earlier file (keep.go).
	keepErr error
	// dse is dynamic symbolic execution's SSA and solver (dse.go).
	dse *dseRun
	// focus is -run's selection; nil without it.
	focus *focus
	// clock holds the deadlines of the stages after the search, times
	// their wall times, and lapAt the end of the last stage timed
	// (deadline.go).
	clock stageClock
	times PhaseTimes
	lapAt time.Time
}

// lap returns the seconds since the last stage timed ended, and starts
// the next.
func (r *pkgRun) lap() float64 {
	now := time.Now()
	d := now.Sub(r.lapAt).Seconds()
	r.lapAt = now
	return d
}

func (r *pkgRun) logf(format string, args ...any) {
	fmt.Fprintf(r.cfg.Log, "gentest: %s: "+format+"\n", append([]any{r.pkg.PkgPath}, args...)...)
}

// debugf logs with GENTEST_DEBUG set (internal/diag).
func (r *pkgRun) debugf(format string, args ...any) {
	if diag.Debugging() {
		r.logf(format, args...)
	}
}

// run takes the package through the stages (see the package doc).
func (r *pkgRun) run(ctx context.Context) (*Summary, error) {
	if err := r.prepare(); err != nil {
		return nil, err
	}
	defer os.RemoveAll(r.work)
	if err := r.focusKeeps(); err != nil {
		return nil, err
	}
	prog, err := r.model()
	if err != nil {
		return nil, err
	}
	if r.cfg.ModelOnly {
		return skipped(r.pkg.PkgPath, ""), nil
	}
	r.dse = r.setupDSE()
	defer r.dse.close()
	if r.focus, err = newFocus(r.cfg.Run, r.pkg.PkgPath, prog); err != nil {
		return nil, err
	}
	h, err := r.build(ctx, prog)
	if err != nil {
		return nil, err
	}
	tf, err := r.testFile(ctx)
	if err != nil {
		return nil, err
	}
	if r.kept = r.keep(ctx, h, tf); r.keepErr != nil {
		return nil, r.keepErr
	}
	r.reserveKept(tf)
	var own *ownTests
	if r.complementing(tf) {
		own = r.own(ctx, h, tf)
		r.ownTests = own
	} else {
		r.releaseSyntax()
	}
	pool, err := r.executors(ctx, h)
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	closeDiag, err := r.openDiagnostics(pool, h.Table)
	if err != nil {
		return nil, err
	}
	defer closeDiag()
	r.times.Prepare = r.lap()
	found, err := r.search(ctx, prog, h, pool)
	if err != nil {
		return nil, err
	}
	r.startStageClock()
	if err := r.minimize(ctx, prog, h, pool, found); err != nil {
		return nil, err
	}
	r.times.Minimize = r.lap()
	judged := r.judge(ctx, prog, h, pool, found, r.offer(own))
	r.times.Judge = r.lap()
	revealing := r.focus.findings(prog, r.findings(ctx, prog, pool, found.eng, judged))
	r.times.Findings = r.lap()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	stats := pool.Stats()
	sum := r.summary(prog, found, judged, stats)
	exIn := explain.Gather(found.obs.Seen(), h.Table, prog, pool)
	exitOps, _ := found.eng.ExitOps()
	for _, x := range exitOps { // why: which operation exited, how often
		e := exIn.Ops[x.Op]
		e.Exits += x.Exits
		exIn.Ops[x.Op] = e
	}
	if r.stages == nil {
		pool.Close() // the executors are done; verification needs the memory
	}
	r.phase(PhaseVerify, sum.Execs, found.obs.Coverage())
	reduced := r.focus.cases(prog, r.reduce(judged, own))
	r.stages.Reduced(reduced)
	if len(reduced) == 0 && len(revealing) == 0 && own != nil && own.report != nil && r.kept == nil {
		// Not an error: the package is tested as well as gentest can
		// tell. The summary says so, with the own tests' numbers (-json
		// prints it), and the run goes on.
		s := skipped(r.pkg.PkgPath, "no generated test covers a statement or kills a mutant the package's own tests miss; nothing written (-no=complement writes them anyway)")
		s.CoverageBefore, s.CoverageAfter = own.coverage, own.coverage
		s.Complement = r.complementAfter(ctx, own)
		return s, nil
	}
	if len(reduced) == 0 && len(revealing) == 0 && r.kept == nil {
		return nil, &load.Error{Pkg: r.pkg.PkgPath, Msg: noTests(prog, found.eng.Stats)}
	}
	out, err := r.output(ctx, prog, tf, reduced, sum)
	if err != nil {
		return nil, err
	}
	sum.Mutation = mutationSummary(r.mutants(h), reduced, out)
	if err := r.write(ctx, prog, tf, out, revealing, sum); err != nil {
		return nil, err
	}
	r.stages.Verified(reduced, r.written, sum.Dropped)
	r.stages.Written(r.final)
	r.times.Verify = r.lap()
	if own != nil {
		sum.Complement = r.complementAfter(ctx, own)
		r.releaseSyntax()
	}
	r.report(ctx, sum, exIn, found, stats.PeakRSS)
	return sum, nil
}

// phase reports the package's progress.
func (r *pkgRun) phase(phase string, execs int, coverage float64) {
	r.cfg.progress(Progress{Package: r.pkg.PkgPath, Phase: phase, Execs: execs, Coverage: coverage})
}

// prepare settles where the run works: the package's directory, the
// output file, whether executors run sandboxed, and a temporary
// directory the caller removes.
func (r *pkgRun) prepare() error {
	r.start = time.Now()
	r.lapAt = r.start
	r.dir = filepath.Dir(r.pkg.GoFiles[0])
	r.sandbox = !r.cfg.NoSandbox && executor.SandboxAvailable()
	r.out = r.outputPath()
	var err error
	r.work, err = os.MkdirTemp("", "gentest-")
	return err
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

// openDiagnostics opens the trace and the stage log the environment asks
// for (internal/diag); the function returned closes them.
func (r *pkgRun) openDiagnostics(pool *executor.Pool, table *instrument.Table) (func(), error) {
	tr, closeTrace, err := diag.OpenTrace(r.pkg.PkgPath, table)
	if err != nil {
		return nil, err
	}
	stages, err := diag.OpenStages(r.pkg.PkgPath, pool, table)
	if err != nil {
		closeTrace()
		return nil, err
	}
	r.trace, r.stages = tr, stages
	return func() { stages.Close(); closeTrace() }, nil
}
