// Package generator runs gentest's pipeline for each package: load and
// analyze, build the program model, build the executor, search for
// sequences, choose assertions, emit the test file, verify it with go test,
// and write it atomically.
package generator

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/analyzers/purity"
	"github.com/gentest-go/gentest/generator/emit"
	gexec "github.com/gentest-go/gentest/generator/exec"
	"github.com/gentest-go/gentest/generator/harness"
	"github.com/gentest-go/gentest/generator/harness/instrument"
	rt "github.com/gentest-go/gentest/generator/harness/rt"
	"github.com/gentest-go/gentest/generator/load"
	"github.com/gentest-go/gentest/generator/minimize"
	"github.com/gentest-go/gentest/generator/model"
	"github.com/gentest-go/gentest/generator/oracle"
	"github.com/gentest-go/gentest/generator/search"
	"github.com/gentest-go/gentest/generator/seq"
	"github.com/gentest-go/gentest/generator/verify"
)

// Config configures a run of gentest gen.
type Config struct {
	// Dir is the directory patterns are relative to.
	Dir      string
	Patterns []string
	Budget   time.Duration
	// Execs, when positive, bounds the search by executed sequences
	// instead of time; with a fixed Seed the output is then reproducible.
	Execs       int
	Seed        int64
	Output      string // explicit output file; only with one package
	Workers     int
	CallTimeout time.Duration
	MemLimit    int64
	Analyzers   []*analysis.Analyzer
	// CacheDir caches built executors; "" disables caching.
	CacheDir string
	// Log receives progress lines.
	Log io.Writer
	// Disable switches generator components off for ablation, by name
	// (see Components).
	Disable map[string]bool
	// NoSandbox runs executors without the Landlock sandbox even where
	// it is available; unknown effects are then not risked.
	NoSandbox bool
	// Allow opts in to calling operations with these effects.
	Allow purity.Effect
	// CmpVersion is the go-cmp version to require when the target module
	// lacks it.
	CmpVersion string
}

// Summary describes what gentest did for one package; it is printed as
// JSON with -json.
type Summary struct {
	Package      string           `json:"package"`
	File         string           `json:"file"`
	Tests        int              `json:"tests"`
	Cases        int              `json:"cases"`
	Coverage     float64          `json:"coverage"`
	Findings     []Finding        `json:"findings"`
	Excluded     []model.Excluded `json:"excluded"`
	Dropped      int              `json:"dropped"`
	Execs        int              `json:"execs"`
	ExecsPerSec  float64          `json:"execs_per_sec"`
	Seconds      float64          `json:"seconds"`
	PeakRSSMB    float64          `json:"peak_rss_mb"`
	Crashes      map[string]int   `json:"crashes,omitempty"`
	AddedRequire string           `json:"added_require,omitempty"`
	// Disagreements lists calls the purity analysis said are pure that
	// changed an argument or gave a different result when repeated.
	Disagreements []string `json:"disagreements"`
}

// Finding is a probable bug found while generating.
type Finding struct {
	Kind     string `json:"kind"`
	Function string `json:"function"`
	Message  string `json:"message"`
	Test     string `json:"test,omitempty"`
}

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
	pkgs, roots, err := load.WithSupport(cfg.Dir, cfg.Patterns, needsModule)
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
	an, err := load.Analyze(cfg.Analyzers, analysisRoots(pkgs, roots))
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(cfg.Log, "gentest: loaded %d packages in %.1fs, analyzed in %.1fs\n", len(roots), tLoad.Seconds(), time.Since(t1).Seconds())
	var sums []*Summary
	for _, p := range pkgs {
		s, err := runPackage(ctx, cfg, p, an, roots)
		if err != nil {
			return sums, err
		}
		sums = append(sums, s)
	}
	return sums, nil
}

func runPackage(ctx context.Context, cfg Config, pkg *packages.Package, an *load.Analysis, roots []*packages.Package) (*Summary, error) {
	start := time.Now()
	logf := func(format string, args ...any) {
		fmt.Fprintf(cfg.Log, "gentest: %s: "+format+"\n", append([]any{pkg.PkgPath}, args...)...)
	}
	dir := filepath.Dir(pkg.GoFiles[0])
	sandbox := !cfg.NoSandbox && gexec.SandboxAvailable()
	mopts := model.Options{Exclude: safetyPolicy(an, pkg.PkgPath, cfg.Allow, sandbox), ProducerOK: sideEffectFree(an, pkg.PkgPath),
		Effects: effectsOf(an, pkg.PkgPath)}
	if !cfg.Disable["detective"] {
		for _, r := range roots {
			if r != pkg {
				mopts.Support = append(mopts.Support, r.Types)
			}
		}
		mopts.Support = append(mopts.Support, pkg.Types) // its imports too
	}
	prog := model.Build(pkg.Types, mopts)
	if len(prog.Ops) == 0 {
		return nil, &load.Error{Pkg: pkg.PkgPath, Msg: "has no operations gentest can call"}
	}
	work, err := os.MkdirTemp("", "gentest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	h, err := harness.Build(ctx, pkg, prog, harness.Options{WorkDir: work, CacheDir: cfg.CacheDir})
	if err != nil {
		return nil, err
	}
	logf("executor ready (%d operations, %d blocks, %d conditions; cached=%v) after %.1fs",
		len(prog.Ops), len(h.Table.Blocks), len(h.Table.Conds), h.Cached, time.Since(start).Seconds())
	scratch := filepath.Join(work, "scratch")
	if err := os.MkdirAll(scratch, 0o700); err != nil {
		return nil, err
	}
	memLimit := cfg.MemLimit
	if memLimit <= 0 {
		memLimit = defaultMemLimit(cfg.Workers)
	}
	pool, err := gexec.Start(ctx, gexec.Config{Exe: h.Exe, PkgPath: pkg.PkgPath, ScratchDir: scratch,
		Workers: cfg.Workers, CallTimeout: cfg.CallTimeout, MemLimit: memLimit, Sandbox: sandbox})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", pkg.PkgPath, err)
	}
	defer pool.Close()

	scfg := search.Config{Seed: cfg.Seed, Budget: cfg.Budget, MaxExecs: cfg.Execs, NoDetective: cfg.Disable["detective"],
		NoBloodhound: cfg.Disable["bloodhound"], NoElephant: cfg.Disable["elephant"], NoOrienteering: cfg.Disable["orienteering"], NoImpurity: cfg.Disable["impurity"],
		Code: opCode(prog, h.Table)}
	if !cfg.Disable["constants"] {
		scfg.Constants = minedConstants(an, pkg, prog)
	}
	eng := search.NewRandom(prog, scfg)
	eng.Run(pool)
	blocks, branches := eng.Covered()
	if os.Getenv("GENTEST_DEBUG") != "" {
		for _, op := range prog.Ops {
			logf("op %d %s detective=%v", op.ID, op.FullName(), op.Detective)
		}
		for _, f := range eng.Failures {
			if f.Crash != nil {
				logf("crash %s: %s", f.Crash, prog.Ops[f.Seq.Stmts[f.Seq.Len()-1].Op].FullName())
			}
		}
	}
	logf("search: %d sequences executed in %.1fs (%d normal, %d illegal, %d crashed); %d/%d blocks, %d branch sides; %d candidates",
		eng.Stats.Executed, eng.Stats.Elapsed.Seconds(), eng.Stats.Normal, eng.Stats.Illegal, eng.Stats.Crashed,
		blocks, len(h.Table.Blocks), branches, len(eng.Corpus))

	// Minimize each candidate while it keeps the coverage it was the first
	// to reach (Randoop ch. 6): together they keep the corpus's coverage.
	mstart := time.Now()
	minimizeCorpus(prog, pool, eng, cfg.Workers)
	logf("minimized %d candidates in %.1fs", len(eng.Corpus), time.Since(mstart).Seconds())

	addObservers(prog, eng.Corpus)
	var disagreements []string
	var pureRepeat []*emit.Finding
	disagreeFindings := map[string]bool{}

	// Re-run the candidates with value trees, twice each, to learn what is
	// stable enough to assert.
	reqs := make([]rt.Seq, len(eng.Corpus))
	for i, e := range eng.Corpus {
		reqs[i] = search.ToWire(e.Seq, uint64(i), rt.FlagDetail|rt.FlagRepeat|rt.FlagCheckPurity)
	}
	outs := pool.Run(reqs)
	var cases []*emit.Case
	var cands []minimize.Candidate
	disagree := map[string]bool{}
	for i, e := range eng.Corpus {
		o := outs[i]
		if o.Result != nil {
			for k, sr := range o.Result.Stmts {
				if sr.Disagree != "" && k < e.Seq.Len() {
					op := prog.Ops[e.Seq.Stmts[k].Op]
					d := op.FullName() + ": " + sr.Disagree
					if !disagree[d] {
						disagree[d] = true
						disagreements = append(disagreements, d)
						// The contract "a pure function repeated on equal
						// inputs returns an equal result": the findings
						// file keeps it only if it reproduces.
						if sr.Disagree == "result differs when repeated" && len(op.Results) > 0 && !disagreeFindings[op.FullName()] {
							disagreeFindings[op.FullName()] = true
							pureRepeat = append(pureRepeat, &emit.Finding{
								Case:     &emit.Case{Seq: &seq.Seq{Stmts: e.Seq.Stmts[:k+1]}, Target: k, Key: -3000 - len(pureRepeat)},
								Kind:     "pure-repeat",
								Message:  "a pure function called again with the same arguments returned a different result",
								Function: op.FullName(),
								Check:    emit.FindingCheck{Kind: emit.CheckDeterministic, Stmt: k, Result: 0},
							})
						}
					}
				}
			}
		}
		if o.Result == nil || len(o.Result.Stmts) != e.Seq.Len() || o.Result.Stmts[e.Target].Outcome != rt.OutNormal {
			continue // not reproducible: not a test
		}
		// Observers come after the target; one that panicked (on a nil
		// result, say) is cut off with everything after it.
		for k := e.Target + 1; k < len(o.Result.Stmts); k++ {
			if o.Result.Stmts[k].Outcome != rt.OutNormal {
				e.Seq = &seq.Seq{Stmts: e.Seq.Stmts[:k]}
				o.Result.Stmts = o.Result.Stmts[:k]
				break
			}
		}
		if sandbox && sandboxDenied(o.Result) {
			// The sandbox refused something: the outcome depends on where
			// the test runs, and outside the sandbox the call would go
			// through. Not a test to write.
			continue
		}
		cases = append(cases, &emit.Case{Seq: e.Seq, Target: e.Target, Key: i,
			Asserts: oracle.Assertions(prog, e.Seq, o.Result, e.Target)})
		tr := minimize.Trial{Seq: e.Seq, Target: e.Target}
		cands = append(cands, minimize.Candidate{Len: e.Seq.Len(), Cover: minimize.CoverageOf(o.Result),
			BehaviourKey: minimize.BehaviourKey(prog, tr, o.Result)})
	}
	// Suite reduction: a test is written only if it adds coverage or
	// asserts behaviour no other test asserts.
	var reduced []*emit.Case
	for _, i := range minimize.Reduce(cands) {
		reduced = append(reduced, cases[i])
	}
	cases = reduced
	stats := pool.Stats()

	pkgName := pkg.Types.Name()
	out := cfg.Output
	if out == "" {
		out = filepath.Join(dir, pkgName+"_gentest_test.go")
	} else if !filepath.IsAbs(out) {
		out = filepath.Join(cfg.Dir, out)
	}
	userTests := userTestFiles(dir, out)
	// gentest's own earlier outputs are hidden while verifying, but their
	// names are not reserved: the new files replace them.
	var humanTests []string
	for _, f := range userTests {
		if !strings.HasSuffix(f, "_gentest_test.go") && !strings.HasSuffix(f, "_gentest_findings_test.go") {
			humanTests = append(humanTests, f)
		}
	}
	reserved := reservedNames(humanTests, pkgName+"_test")

	sum := &Summary{Package: pkg.PkgPath, File: out, Excluded: prog.Excluded, Execs: eng.Stats.Executed,
		Crashes: map[string]int{}, Disagreements: disagreements}
	if sum.Disagreements == nil {
		sum.Disagreements = []string{}
	}
	for _, d := range disagreements {
		fmt.Fprintf(cfg.Log, "gentest: %s: analysis disagreement: %s\n", pkg.PkgPath, d)
	}
	for k, v := range stats.Crashes {
		sum.Crashes[string(k)] = v
	}
	if sum.Excluded == nil {
		sum.Excluded = []model.Excluded{}
	}
	revealing := findingCases(prog, pool, eng, cfg.Workers)
	revealing = append(revealing, checkContracts(prog, pool, eng, cfg.Disable)...)
	if !cfg.Disable["pure-repeat"] && !cfg.Disable["contracts"] {
		revealing = append(revealing, pureRepeat...)
	}
	sum.Findings = findings(revealing)

	// Render, verify, drop what fails, until the file is clean.
	cmpVersion := cfg.CmpVersion
	if pkg.Module != nil && pkg.Module.GoVersion != "" && versionLess(pkg.Module.GoVersion, "1.21") {
		// go-cmp v0.7.0 declares go 1.21, which a module may only require
		// if it declares 1.21 too; v0.6.0 (go 1.13) leaves the user's go
		// line alone.
		cmpVersion = "v0.6.0"
	}
	modFiles, required, err := cmpRequirement(ctx, dir, cmpVersion)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", pkg.PkgPath, err)
	}
	var src []byte
	var rep *verify.Report
	for round := 0; ; round++ {
		if len(cases) == 0 {
			return nil, &load.Error{Pkg: pkg.PkgPath, Msg: "no test passed verification; nothing written"}
		}
		rendered, err := emit.Render(prog, cases, emit.Options{Reserved: reserved, Fuzz: !cfg.Disable["fuzz"], BuildTag: oldGoTag(pkg, "")})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pkg.PkgPath, err)
		}
		// Verification always places the file in the package directory,
		// even when -o writes it elsewhere.
		files := map[string][]byte{filepath.Join(dir, filepath.Base(out)): rendered.Src}
		if rendered.UsesCmp {
			for k, v := range modFiles {
				files[k] = v
			}
		}
		// The flaky filter: five shuffled runs, with the race detector
		// where cgo is available; a test that fails in any is dropped.
		vopts := verify.Options{Dir: dir, Files: files, Remove: userTests, Count: 5,
			Shuffle: true, Race: raceAvailable(), Cover: true, Vet: true, WorkDir: work, Run: runPattern(rendered.Tests)}
		if sandbox {
			// The generated tests run confined too: verification is the
			// first time they run outside an executor.
			sf, err := harness.SandboxFiles(dir, pkg.PkgPath, pkgName+"_test")
			if err != nil {
				return nil, err
			}
			vopts.VetSkip = map[string]bool{}
			for k, v := range sf {
				files[k] = v
				vopts.VetSkip[k] = true
			}
			vdir := filepath.Join(work, "verify-scratch")
			if err := os.MkdirAll(vdir, 0o700); err != nil {
				return nil, err
			}
			vopts.Sandbox = []string{vdir}
		}
		rep, err = verify.Run(ctx, vopts)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pkg.PkgPath, err)
		}
		keep := keepCases(cases, rendered, rep, filepath.Base(out))
		if len(keep) == len(cases) && !rep.BuildFailed {
			src = rendered.Src
			sum.Tests = len(rendered.Tests)
			for _, t := range rendered.Tests {
				sum.Cases += len(t.Keys)
			}
			if !rendered.UsesCmp {
				required = false
			}
			break
		}
		if round >= 8 || len(keep) == len(cases) {
			return nil, fmt.Errorf("%s: generated tests do not verify:\n%s", pkg.PkgPath, tail(rep.Output, 3000))
		}
		sum.Dropped += len(cases) - len(keep)
		if os.Getenv("GENTEST_DEBUG") != "" {
			fmt.Fprintf(cfg.Log, "gentest: dropping %d cases; go test said:\n%s\n", len(cases)-len(keep), tail(rep.Output, 6000))
			os.WriteFile(filepath.Join(os.TempDir(), fmt.Sprintf("gentest-debug-round%d.go", round)), rendered.Src, 0o644)
		}
		cases = keep
	}
	sum.Coverage = rep.Coverage

	if required {
		for path, data := range modFiles {
			if err := writeAtomic(path, data); err != nil {
				return nil, err
			}
		}
		sum.AddedRequire = "github.com/google/go-cmp " + cmpVersion
		fmt.Fprintf(cfg.Log, "gentest: added requirement github.com/google/go-cmp %s to %s\n", cmpVersion, filepath.Join(moduleRoot(dir), "go.mod"))
	}
	if err := writeAtomic(out, src); err != nil {
		return nil, err
	}
	if err := writeFindings(ctx, cfg, prog, dir, out, work, revealing, reserved, src, sum, modFiles, sandbox, pkg); err != nil {
		return nil, err
	}
	for _, f := range sum.Findings {
		fmt.Fprintf(cfg.Log, "gentest: %s: finding: %s in %s: %s\n", pkg.PkgPath, f.Kind, f.Function, f.Message)
	}
	sum.Seconds = time.Since(start).Seconds()
	if eng.Stats.Elapsed > 0 {
		sum.ExecsPerSec = float64(eng.Stats.Executed) / eng.Stats.Elapsed.Seconds()
	}
	sum.PeakRSSMB = float64(selfMaxRSS()+stats.PeakRSS*int64(cfg.Workers)) / (1 << 20)
	logf("wrote %s: %d tests, %d cases, coverage %.1f%% (dropped %d)", out, sum.Tests, sum.Cases, 100*sum.Coverage, sum.Dropped)
	return sum, nil
}

// sandboxDenied reports whether a result shows the sandbox refusing an
// operation (EACCES or EPERM in an error or panic).
func sandboxDenied(r *rt.Result) bool {
	var walk func(t *rt.Tree) bool
	walk = func(t *rt.Tree) bool {
		if t == nil {
			return false
		}
		if (t.Kind == rt.TError || t.Kind == rt.TString) && (strings.Contains(t.S, "permission denied") || strings.Contains(t.S, "operation not permitted")) {
			return true
		}
		for i := range t.Elems {
			if walk(&t.Elems[i]) {
				return true
			}
		}
		return false
	}
	for _, s := range r.Stmts {
		if strings.Contains(s.PanicMsg, "permission denied") || strings.Contains(s.PanicMsg, "operation not permitted") {
			return true
		}
		for _, v := range s.Values {
			if walk(v.Tree) {
				return true
			}
		}
	}
	return false
}

// analysisRoots are the targets and the support packages they do not
// already depend on (those get facts as dependencies anyway), so that the
// detective's producers have effect facts.
func analysisRoots(targets, roots []*packages.Package) []*packages.Package {
	deps := map[string]bool{}
	packages.Visit(targets, nil, func(p *packages.Package) { deps[p.PkgPath] = true })
	var needed []types.Type
	for _, t := range targets {
		needed = append(needed, model.Needed(t.Types)...)
	}
	out := append([]*packages.Package{}, targets...)
	for _, r := range roots {
		if deps[r.PkgPath] || len(r.Errors) > 0 {
			continue
		}
		// Only packages that can supply an input the targets need are
		// worth analysing for their producers' facts.
		if model.CanSupply(r.Types, needed) {
			out = append(out, r)
		}
	}
	return out
}

// needsModule reports whether the targets need inputs that none of the
// loaded packages (their dependencies and the support packages) provide,
// so that the rest of the module must be searched for producers.
func needsModule(targets, roots []*packages.Package) bool {
	var needed []types.Type
	for _, t := range targets {
		needed = append(needed, model.Needed(t.Types)...)
	}
	if len(needed) == 0 {
		return false
	}
	var pkgs []*types.Package
	packages.Visit(roots, nil, func(p *packages.Package) { pkgs = append(pkgs, p.Types) })
	for _, t := range needed {
		met := false
		for _, p := range pkgs {
			if model.CanSupply(p, []types.Type{t}) {
				met = true
				break
			}
		}
		if !met {
			return true
		}
	}
	return false
}

// opCode maps each operation to the blocks and conditions of its own
// function (and its closures), for Bloodhound.
func opCode(prog *model.Program, t *instrument.Table) map[int]search.OpCode {
	byFunc := map[string]*search.OpCode{}
	get := func(name string) *search.OpCode {
		// Closures F.func1 belong to F.
		if i := strings.Index(name, ".func"); i > 0 {
			name = name[:i]
		}
		c := byFunc[name]
		if c == nil {
			c = &search.OpCode{}
			byFunc[name] = c
		}
		return c
	}
	for _, b := range t.Blocks {
		c := get(b.Func)
		c.Blocks = append(c.Blocks, int32(b.ID))
	}
	for _, k := range t.Conds {
		c := get(k.Func)
		c.Conds = append(c.Conds, int32(k.ID))
	}
	out := map[int]search.OpCode{}
	for _, op := range prog.Ops {
		if op.Func == nil || op.Func.Pkg() != prog.Pkg {
			continue
		}
		name := op.Func.Name()
		if recv := op.Func.Type().(*types.Signature).Recv(); recv != nil {
			rt := recv.Type()
			if p, ok := rt.(*types.Pointer); ok {
				name = "(*" + namedName(p.Elem()) + ")." + name
			} else {
				name = namedName(rt) + "." + name
			}
		}
		if c, ok := byFunc[name]; ok {
			out[op.ID] = *c
		}
	}
	return out
}

func namedName(t types.Type) string {
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return types.TypeString(t, nil)
}

// maxObservers bounds the observer calls appended per value.
const maxObservers = 3

// addObservers appends observer calls (pure methods with no parameter but
// the receiver, from the purity facts) after each candidate's target, on
// its receiver and on its non-basic results, when the target itself
// returns nothing worth asserting: after s.Push(3), s.Len() and s.Peek()
// say what the call did (Randoop's observers).
func addObservers(prog *model.Program, corpus []*search.Entry) {
	for _, e := range corpus {
		st := e.Seq.Stmts[e.Target]
		op := prog.Ops[st.Op]
		hasBasic := false
		var refs []seq.Arg
		for j, t := range op.Results {
			if op.ErrResult && j == len(op.Results)-1 {
				continue
			}
			if _, ok := t.Underlying().(*types.Basic); ok {
				hasBasic = true
			} else {
				refs = append(refs, seq.Ref(e.Target, j))
			}
		}
		if hasBasic {
			continue
		}
		if op.Kind == model.Method && !st.Args[0].IsLit {
			refs = append([]seq.Arg{st.Args[0]}, refs...)
		}
		if len(refs) == 0 {
			continue
		}
		s := e.Seq.Clone()
		for _, ref := range refs {
			t := prog.Ops[s.Stmts[ref.Stmt].Op].Results[ref.Result]
			n := 0
			for _, ob := range prog.Ops {
				if n >= maxObservers {
					break
				}
				if ob.Observer() && ob != op && types.AssignableTo(t, ob.Params[0].Type) {
					s.Stmts = append(s.Stmts, seq.Stmt{Op: ob.ID, Args: []seq.Arg{ref}})
					n++
				}
			}
		}
		e.Seq = s
	}
}

// minimizeCorpus shrinks every corpus entry while it keeps the coverage it
// was first to reach and the outcome of its target statement.
func minimizeCorpus(prog *model.Program, pool *gexec.Pool, eng *search.Random, workers int) {
	jobs := make([]minimize.Job, len(eng.Corpus))
	var before []int64
	for i, e := range eng.Corpus {
		cov := minimize.CoverageOf(e.Result)
		need := minimize.Minus(cov, before)
		before = mergeSorted(before, cov)
		orig := minimize.Trial{Seq: e.Seq, Target: e.Target}
		jobs[i] = minimize.Job{Seq: e.Seq, Target: e.Target, Keep: minimize.KeepsCoverage(prog, orig, e.Result, need)}
	}
	for i, r := range minimize.MinimizeAll(prog, pool, jobs, 4*workers, minimize.Options{MaxTrials: 300}) {
		eng.Corpus[i].Seq, eng.Corpus[i].Target = r.Seq, r.Target
	}
}

// mergeSorted returns the sorted union of two sorted slices.
func mergeSorted(a, b []int64) []int64 {
	out := make([]int64, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var x int64
		switch {
		case j >= len(b) || (i < len(a) && a[i] < b[j]):
			x = a[i]
			i++
		case i >= len(a) || b[j] < a[i]:
			x = b[j]
			j++
		default:
			x = a[i]
			i++
			j++
		}
		if len(out) == 0 || out[len(out)-1] != x {
			out = append(out, x)
		}
	}
	return out
}

// keepCases drops the cases whose test failed or did not compile.
func keepCases(cases []*emit.Case, r *emit.Output, rep *verify.Report, base string) []*emit.Case {
	bad := map[int]bool{}
	if rep.BuildFailed {
		if len(rep.BuildLines[base]) == 0 {
			// The failure is not in our file: nothing to drop helps.
			return cases
		}
		bad = keepCasesBad(r, rep, base)
	} else {
		for _, ti := range r.Tests {
			for i, sub := range ti.Subtests {
				name := ti.Func
				if sub != "" {
					name += "/" + sub
				}
				if rep.Failed[name] || (sub == "" && rep.Failed[ti.Func]) {
					bad[ti.Keys[i]] = true
				}
			}
		}
	}
	var keep []*emit.Case
	for _, c := range cases {
		if !bad[c.Key] {
			keep = append(keep, c)
		}
	}
	return keep
}

func runPattern(tests []emit.TestInfo) string {
	var names []string
	for _, t := range tests {
		names = append(names, regexp.QuoteMeta(t.Func))
	}
	return "^(" + strings.Join(names, "|") + ")$"
}

// findingCases turns the revealing failures of the search into findings
// with minimized test cases, one per kind and panic site (crashes, which
// would kill a test binary, are reported without a test).
func findingCases(prog *model.Program, pool *gexec.Pool, eng *search.Random, workers int) []*emit.Finding {
	var out []*emit.Finding
	var jobs []minimize.Job
	seen := map[string]bool{}
	for _, f := range eng.Failures {
		if !f.Revealing {
			continue
		}
		last := f.Seq.Len() - 1
		op := prog.Ops[f.Seq.Stmts[last].Op]
		key := f.Kind + " " + op.FullName()
		msg := f.Message
		if f.Result != nil {
			site := f.Result.Stmts[last].PanicSite
			key = f.Kind + " " + site
			if site != "" {
				msg += " at " + site
			}
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		fd := &emit.Finding{Kind: f.Kind, Message: msg, Function: op.FullName()}
		if f.Crash == nil {
			fd.Case = &emit.Case{Seq: f.Seq, Target: last, Key: -1000 - len(out)}
			orig := minimize.Trial{Seq: f.Seq, Target: last}
			jobs = append(jobs, minimize.Job{Seq: f.Seq, Target: last, Keep: minimize.KeepsFailure(prog, orig, gexec.Outcome{Result: f.Result})})
		}
		out = append(out, fd)
	}
	if len(jobs) > 0 {
		res := minimize.MinimizeAll(prog, pool, jobs, 4*workers, minimize.Options{MaxTrials: 300})
		j := 0
		for _, fd := range out {
			if fd.Case != nil {
				fd.Case.Seq, fd.Case.Target = res[j].Seq, res[j].Target
				j++
			}
		}
	}
	return out
}

// findings lists the findings for the summary.
func findings(fs []*emit.Finding) []Finding {
	out := []Finding{}
	for _, f := range fs {
		out = append(out, Finding{Kind: f.Kind, Function: f.Function, Message: f.Message})
	}
	return out
}

// writeFindings writes <pkg>_gentest_findings_test.go behind the
// gentest_findings build tag, so that go test -tags gentest_findings
// reproduces the findings and plain go test stays green. A finding test
// that does not fail under the tag does not show its bug and is left out.
func writeFindings(ctx context.Context, cfg Config, prog *model.Program, dir, mainFile, work string, fs []*emit.Finding, reserved map[string]bool, mainSrc []byte, sum *Summary, modFiles map[string][]byte, sandbox bool, pkg *packages.Package) error {
	path := strings.TrimSuffix(mainFile, "_gentest_test.go") + "_gentest_findings_test.go"
	if !strings.HasSuffix(mainFile, "_gentest_test.go") {
		path = strings.TrimSuffix(mainFile, ".go") + "_findings_test.go"
	}
	var withCase []*emit.Finding
	for _, f := range fs {
		if f.Case != nil {
			withCase = append(withCase, f)
		}
	}
	if len(withCase) == 0 {
		os.Remove(path) // a stale findings file from an earlier run
		return nil
	}
	// The findings file builds together with the main file under the tag.
	res := map[string]bool{}
	for k := range reserved {
		res[k] = true
	}
	for _, name := range topLevelNames(mainSrc) {
		res[name] = true
	}
	for round := 0; round < 3 && len(withCase) > 0; round++ {
		r, err := emit.RenderFindings(prog, withCase, emit.Options{Reserved: res, BuildTag: oldGoTag(pkg, emit.FindingsTag)})
		if err != nil {
			return fmt.Errorf("%s: %w", prog.Pkg.Path(), err)
		}
		files := map[string][]byte{filepath.Join(dir, filepath.Base(path)): r.Src}
		for k, v := range modFiles {
			files[k] = v
		}
		files[filepath.Join(dir, filepath.Base(mainFile))] = mainSrc
		vopts := verify.Options{Dir: dir, Files: files, Remove: userTestFiles(dir, mainFile), Tags: "gentest_findings",
			Count: 1, WorkDir: work, Run: runPattern(r.Tests), Vet: true}
		if sandbox {
			sf, err := harness.SandboxFiles(dir, pkg.PkgPath, pkg.Types.Name()+"_test")
			if err != nil {
				return err
			}
			vopts.VetSkip = map[string]bool{}
			for k, v := range sf {
				files[k] = v
				vopts.VetSkip[k] = true
			}
			vdir := filepath.Join(work, "findings-scratch")
			os.MkdirAll(vdir, 0o700)
			vopts.Sandbox = []string{vdir}
		}
		rep, err := verify.Run(ctx, vopts)
		if err != nil {
			return err
		}
		if os.Getenv("GENTEST_DEBUG") != "" {
			fmt.Fprintf(cfg.Log, "gentest: findings file round %d:\n%s\ngo test said:\n%s\n", round, r.Src, tail(rep.Output, 4000))
		}
		// Keep the findings whose test fails (shows the bug); drop those
		// that pass or do not compile.
		var keep []*emit.Finding
		byKey := map[int]*emit.Finding{}
		for _, f := range withCase {
			byKey[f.Case.Key] = f
		}
		compileBad := map[int]bool{}
		if rep.BuildFailed {
			for k := range keepCasesBad(r, rep, filepath.Base(path)) {
				compileBad[k] = true
			}
		}
		for _, ti := range r.Tests {
			for i, k := range ti.Keys {
				name := ti.Func
				if ti.Subtests[i] != "" {
					name += "/" + ti.Subtests[i]
				}
				if rep.BuildFailed {
					if !compileBad[k] {
						keep = append(keep, byKey[k])
					}
				} else if rep.Failed[name] {
					keep = append(keep, byKey[k])
				}
			}
		}
		if !rep.BuildFailed && len(keep) == len(r.Tests) {
			for _, f := range keep {
				for i := range sum.Findings {
					if sum.Findings[i].Kind == f.Kind && sum.Findings[i].Function == f.Function && sum.Findings[i].Test == "" {
						sum.Findings[i].Test = testNameOf(r, f.Case.Key)
						break
					}
				}
			}
			return writeAtomic(path, r.Src)
		}
		withCase = keep
	}
	os.Remove(path)
	return nil
}

func testNameOf(r *emit.Output, key int) string {
	for _, ti := range r.Tests {
		for _, k := range ti.Keys {
			if k == key {
				return ti.Func
			}
		}
	}
	return ""
}

// keepCasesBad returns the keys of cases in tests the compiler rejected.
func keepCasesBad(r *emit.Output, rep *verify.Report, base string) map[int]bool {
	bad := map[int]bool{}
	lines := rep.BuildLines[base]
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, base, r.Src, 0)
	if err != nil {
		return bad
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		from, to := fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line
		for _, l := range lines {
			if l >= from && l <= to {
				for _, ti := range r.Tests {
					if ti.Func == fd.Name.Name {
						for _, k := range ti.Keys {
							bad[k] = true
						}
					}
				}
			}
		}
	}
	return bad
}

// raceAvailable reports whether go test -race works here: it needs cgo
// and a C compiler.
var raceAvailable = func() func() bool {
	var once sync.Once
	var ok bool
	return func() bool {
		once.Do(func() {
			out, err := exec.Command("go", "env", "CGO_ENABLED", "CC").Output()
			if err != nil {
				return
			}
			f := strings.Fields(string(out))
			if len(f) < 2 || f[0] != "1" {
				return
			}
			_, err = exec.LookPath(f[1])
			ok = err == nil
		})
		return ok
	}
}()

// oldGoTag returns the build constraint for a generated file: tag, plus
// go1.21 when the module's go.mod declares an older language version than
// the generated code (and go-cmp) need.
func oldGoTag(pkg *packages.Package, tag string) string {
	if pkg.Module == nil || pkg.Module.GoVersion == "" || !versionLess(pkg.Module.GoVersion, "1.21") {
		return tag
	}
	if tag == "" {
		return harness.MinGo
	}
	return tag + " && " + harness.MinGo
}

// versionLess compares Go versions like "1.10" and "1.21.3".
func versionLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) || i < len(pb); i++ {
		var x, y int
		if i < len(pa) {
			fmt.Sscan(pa[i], &x)
		}
		if i < len(pb) {
			fmt.Sscan(pb[i], &y)
		}
		if x != y {
			return x < y
		}
	}
	return false
}

// topLevelNames returns the names a Go file declares at top level.
func topLevelNames(src []byte) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var out []string
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
			out = append(out, fd.Name.Name)
		}
	}
	return out
}

// Components are the generator components -no can switch off.
var Components = []string{"constants", "impurity", "elephant", "detective", "orienteering", "bloodhound"}

// ParseDisable parses the -no list.
func ParseDisable(list string) (map[string]bool, error) {
	m := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		known := false
		for _, c := range Components {
			known = known || c == name
		}
		for _, c := range contractNames {
			known = known || c == name
		}
		known = known || name == "contracts" || name == "fuzz"
		if !known {
			return nil, fmt.Errorf("-no: unknown component %q (known: %s, contracts, %s)", name, strings.Join(Components, ", "), strings.Join(contractNames, ", "))
		}
		m[name] = true
	}
	return m, nil
}

// minedConstants builds the constant pools of pkg from constpool facts:
// its own, and for idf those of the module packages it imports.
func minedConstants(an *load.Analysis, pkg *packages.Package, prog *model.Program) *search.Constants {
	target, _ := an.Result(constpool.Analyzer, pkg.PkgPath).(*constpool.PackageConsts)
	if target == nil {
		return nil
	}
	act := an.Action(constpool.Analyzer, pkg.PkgPath)
	corpus := []*constpool.PackageConsts{target}
	if pkg.Module != nil {
		var deps []*packages.Package
		packages.Visit([]*packages.Package{pkg}, nil, func(p *packages.Package) {
			if p != pkg && p.Module != nil && p.Module.Path == pkg.Module.Path {
				deps = append(deps, p)
			}
		})
		sort.Slice(deps, func(i, j int) bool { return deps[i].PkgPath < deps[j].PkgPath })
		for _, d := range deps {
			var pc constpool.PackageConsts
			if act.PackageFact(d.Types, &pc) {
				corpus = append(corpus, &pc)
			}
		}
	}
	return search.NewConstants(prog, target, corpus, func(fn *types.Func) *constpool.FuncConsts {
		var fc constpool.FuncConsts
		if an.FactOf(constpool.Analyzer, fn, &fc) {
			return &fc
		}
		return nil
	})
}

// effectsOf reads an operation's effects from the purity facts.
func effectsOf(an *load.Analysis, pkgPath string) func(fn *types.Func) model.Effects {
	res, _ := an.Result(purity.Analyzer, pkgPath).(*purity.Result)
	return func(fn *types.Func) model.Effects {
		var f *purity.Fact
		if res != nil {
			f = res.Facts[fn.Origin()]
		}
		if f == nil {
			var fact purity.Fact
			if !an.FactOf(purity.Analyzer, fn.Origin(), &fact) {
				return model.Effects{}
			}
			f = &fact
		}
		// A function that calls methods or function values of its
		// parameters is pure only if what the caller passes is: a
		// hash.Hash it writes to, an io.Reader it reads from, change. For
		// the generator such a call may mutate those arguments.
		callsParams := len(f.CallsParams) > 0 || f.CallsTypeParams
		e := model.Effects{Known: true, Pure: f.Pure() && !callsParams, MutatesRecv: f.Has(purity.MutatesReceiver),
			Nondeterministic: f.Has(purity.Nondeterministic)}
		off := 0
		if fn.Type().(*types.Signature).Recv() != nil {
			off = 1
		}
		for _, i := range f.MutatedParams {
			e.MutatesParams = append(e.MutatesParams, i+off)
		}
		for _, i := range f.CallsParams {
			if i < 0 {
				e.MutatesRecv = true
			} else {
				e.MutatesParams = append(e.MutatesParams, i+off)
			}
		}
		return e
	}
}

// sideEffectFree accepts producers whose exact effect facts show no I/O,
// exits, blocking or goroutines: the detective calls them only to build
// inputs, so they must not do anything else. Mutating their own arguments
// or panicking is fine.
func sideEffectFree(an *load.Analysis, pkgPath string) func(fn *types.Func) bool {
	const bad = purity.IO | purity.Exits | purity.Blocks | purity.Spawns | purity.WritesGlobal | purity.Nondeterministic
	return func(fn *types.Func) bool {
		var f purity.Fact
		if !an.FactOf(purity.Analyzer, fn.Origin(), &f) {
			return false
		}
		return !f.Conservative && f.Effects&bad == 0
	}
}

// Allowable effects for -allow, by name.
var allowNames = map[string]purity.Effect{
	"fs-write": purity.FSWrite,
	"exec":     purity.Exec,
	"exit":     purity.Exits,
	"net":      purity.Net,
	"io":       purity.FSWrite | purity.Exec | purity.Net,
}

// ParseAllow parses the -allow list.
func ParseAllow(list string) (purity.Effect, error) {
	var e purity.Effect
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		v, ok := allowNames[name]
		if !ok {
			return 0, fmt.Errorf("-allow: unknown effect %q (known: exec, exit, fs-write, io, net)", name)
		}
		e |= v
	}
	return e, nil
}

// dangerous are the effects whose operations are not called by default:
// they could damage the machine (file writes outside the scratch
// directory, exec, network) or kill the executor for nothing (exits).
const dangerous = purity.FSWrite | purity.Exec | purity.Net | purity.Exits

// safetyPolicy excludes operations whose effect facts say they may be
// destructive. A conservative summary (a call that could not be resolved)
// counts as possibly destructive unless the executors run in the Landlock
// sandbox, where the kernel confines file writes, exec, TCP and signals to
// the scratch directory: gentest stays safe when it does not know.
// Functions without a fact (no purity analyzer run) are not excluded.
func safetyPolicy(an *load.Analysis, pkgPath string, allow purity.Effect, sandboxed bool) func(fn *types.Func) string {
	res, _ := an.Result(purity.Analyzer, pkgPath).(*purity.Result)
	return func(fn *types.Func) string {
		if res == nil {
			return ""
		}
		f := res.Facts[fn.Origin()]
		if f == nil && fn.Pkg() != nil && fn.Pkg().Path() != pkgPath {
			// A producer from another package: its fact, if the package is
			// a dependency of the target, or its own analysis root.
			var fact purity.Fact
			if an.FactOf(purity.Analyzer, fn.Origin(), &fact) {
				f = &fact
			} else if !sandboxed {
				return "no effect facts for this function; not called outside the sandbox"
			}
		}
		if f == nil {
			return ""
		}
		bad := f.Effects & dangerous &^ allow
		if bad == 0 && f.Conservative && !sandboxed && allow&dangerous != dangerous {
			var detail []string
			for _, w := range f.Why {
				detail = append(detail, w.Detail)
			}
			return "effects unknown (conservative summary); not called by default" + firstDetail(detail)
		}
		if bad == 0 {
			return ""
		}
		var names, detail []string
		for _, w := range f.Why {
			for _, e := range []purity.Effect{purity.FSWrite, purity.Exec, purity.Net, purity.Exits} {
				if bad&e != 0 && w.Effect == effectName(e) {
					names = append(names, w.Effect)
					detail = append(detail, w.Detail)
				}
			}
		}
		if len(names) == 0 {
			names = []string{fmt.Sprint(bad)}
		}
		return strings.Join(dedupe(names), ", ") + firstDetail(detail) + " (use -allow to call it)"
	}
}

func effectName(e purity.Effect) string {
	f := purity.Fact{Effects: e}
	names := f.EffectNames()
	return names[len(names)-1]
}

func firstDetail(d []string) string {
	if len(d) == 0 {
		return ""
	}
	return ": " + d[0]
}

func dedupe(xs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// defaultMemLimit keeps all executors together below a quarter of the
// machine's memory, and each below 1 GiB: a unit test that needs more is
// not one gentest should write.
func defaultMemLimit(workers int) int64 {
	var si syscall.Sysinfo_t
	total := int64(8 << 30)
	if syscall.Sysinfo(&si) == nil {
		total = int64(si.Totalram) * int64(si.Unit)
	}
	per := total / 4 / int64(workers)
	if per > 1<<30 {
		per = 1 << 30
	}
	if per < 256<<20 {
		per = 256 << 20
	}
	return per
}

func selfMaxRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Maxrss << 10
}

// userTestFiles lists the package's other test files: the user's own and
// earlier outputs of gentest, all hidden while verifying.
func userTestFiles(dir, out string) []string {
	all, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	var user []string
	for _, f := range all {
		if f == out {
			continue
		}
		user = append(user, f)
	}
	sort.Strings(user)
	return user
}

// reservedNames collects the top-level names of the user's test files in
// the external test package, which generated tests must not redeclare.
func reservedNames(files []string, pkgName string) map[string]bool {
	names := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil || af.Name.Name != pkgName {
			continue
		}
		for _, d := range af.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					case *ast.TypeSpec:
						names[s.Name.Name] = true
					}
				}
			}
		}
	}
	return names
}

func moduleRoot(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// cmpRequirement returns go.mod and go.sum contents that require go-cmp,
// and whether they differ from what is on disk. The files are only written
// if the generated tests use go-cmp and pass.
func cmpRequirement(ctx context.Context, dir, version string) (map[string][]byte, bool, error) {
	root := moduleRoot(dir)
	if root == "" {
		return nil, false, errors.New("not inside a module (no go.mod)")
	}
	modPath := filepath.Join(root, "go.mod")
	sumPath := filepath.Join(root, "go.sum")
	mod, err := os.ReadFile(modPath)
	if err != nil {
		return nil, false, err
	}
	sum, _ := os.ReadFile(sumPath)
	if regexp.MustCompile(`(?m)^\s*(require\s+)?github\.com/google/go-cmp\s+v`).Match(mod) {
		return nil, false, nil
	}
	tmp, err := os.MkdirTemp("", "gentest-mod-")
	if err != nil {
		return nil, false, err
	}
	defer os.RemoveAll(tmp)
	tmod := filepath.Join(tmp, "go.mod")
	if err := os.WriteFile(tmod, mod, 0o644); err != nil {
		return nil, false, err
	}
	cmd := exec.CommandContext(ctx, "go", "mod", "edit", "-require=github.com/google/go-cmp@"+version, tmod)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, false, fmt.Errorf("adding go-cmp to go.mod: %v: %s", err, out)
	}
	newMod, err := os.ReadFile(tmod)
	if err != nil {
		return nil, false, err
	}
	// Outside any module: the download must not depend on the target's
	// go.mod, which may need updates of its own.
	empty := filepath.Join(tmp, "empty")
	if err := os.MkdirAll(empty, 0o755); err != nil {
		return nil, false, err
	}
	cmd = exec.CommandContext(ctx, "go", "mod", "download", "-json", "github.com/google/go-cmp@"+version)
	cmd.Dir = empty
	cmd.Env = append(os.Environ(), "GO111MODULE=on", "GOFLAGS=-mod=mod")
	dl, err := cmd.Output()
	if err != nil {
		return nil, false, fmt.Errorf("downloading github.com/google/go-cmp@%s: %w", version, err)
	}
	var info struct{ Sum, GoModSum string }
	if err := jsonUnmarshal(dl, &info); err != nil || info.Sum == "" {
		return nil, false, fmt.Errorf("reading go mod download output for go-cmp: %v", err)
	}
	lines := fmt.Sprintf("github.com/google/go-cmp %s %s\ngithub.com/google/go-cmp %s/go.mod %s\n", version, info.Sum, version, info.GoModSum)
	newSum := append([]byte{}, sum...)
	if len(newSum) > 0 && newSum[len(newSum)-1] != '\n' {
		newSum = append(newSum, '\n')
	}
	if !strings.Contains(string(sum), "github.com/google/go-cmp "+version+" ") {
		newSum = append(newSum, lines...)
	}
	return map[string][]byte{modPath: newMod, sumPath: newSum}, true, nil
}

// writeAtomic writes data to a temporary file beside path and renames it
// into place, so a reader never sees half a file.
func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, errors.Join(werr, cerr))
	}
	os.Chmod(tmp, 0o644)
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}
