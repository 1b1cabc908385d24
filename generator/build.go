package generator

// The stages before the search: the model of what can be called, the
// instrumented executor, and the executor processes.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gentest-go/gentest/internal/diag"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/policy"
)

// model builds the program model under the fact policy.
func (r *pkgRun) model() (*model.Program, error) {
	r.phase(PhaseModel, 0, -1)
	off := r.cfg.Disable
	pm := policy.Model{Analysis: r.an, Pkg: r.pkg, Allow: r.cfg.Allow, Sandboxed: r.sandbox}
	if !off[Detective] {
		pm.Support = r.roots
	}
	opts := pm.Options()
	if !off[Construct] {
		opts.Construct = policy.Construct(r.an, r.pkg.Types)
	}
	opts.ConfigVars = !off[ConfigVars]
	opts.ConfigFields = !off[ConfigFields]
	opts.InterfaceResults = !off[InterfaceResults]
	opts.Reflect = model.ScanReflect(r.pkg.Types, r.pkg.Syntax, r.pkg.TypesInfo)
	prog := model.Build(r.pkg.Types, opts)
	if len(prog.Ops) == 0 {
		return nil, &load.Error{Pkg: r.pkg.PkgPath, Msg: "has no operations gentest can call"}
	}
	for _, op := range prog.Ops {
		r.debugf("op %d %s detective=%v params=%v", op.ID, op.FullName(), op.Detective, op.Params)
	}
	return prog, nil
}

// build builds the executor: the package instrumented, with prog's
// operations registered (internal/harness), or the cached one.
func (r *pkgRun) build(ctx context.Context, prog *model.Program) (*harness.Harness, error) {
	r.phase(PhaseBuild, 0, -1)
	// With mutants compiled in (issue 30) the search has weak mutation
	// goals and the judge picks the assertions that kill them; a package
	// whose mutants do not compile loses them, not its tests.
	h, err := harness.Build(ctx, r.pkg, prog, harness.Options{WorkDir: r.work, CacheDir: r.cfg.CacheDir,
		Nondet: policy.NondetSource(r.an), Mutate: !r.cfg.Disable[Mutation]})
	if err != nil {
		return nil, err
	}
	if h.MutateErr != nil {
		r.logf("%v", h.MutateErr)
	}
	r.table = h.Table
	for _, c := range h.Table.Conds {
		if c.Unsteady != 0 {
			r.debugf("unsteady condition %d %s:%d %s (nondet=%d unsteady=%d)", c.ID, filepath.Base(c.File), c.Line, c.Text, c.Nondet, c.Unsteady)
		}
	}
	r.logf("executor ready (%d operations, %d blocks, %d conditions, %d mutants; cached=%v) after %.1fs",
		len(prog.Ops), len(h.Table.Blocks), len(h.Table.Conds), h.Mutants, h.Cached, time.Since(r.start).Seconds())
	return h, nil
}

// releaseSyntax drops the package's syntax once the instrumented copies
// are built (only this package's: packages generated at the same time
// keep theirs, and the rest of the graph went after the analysis).
// Complement mode keeps it until its last mutation analysis, which
// instruments the package again.
func (r *pkgRun) releaseSyntax() {
	r.pkg.Syntax, r.pkg.TypesInfo = nil, nil
	diag.HeapCheckpoint(r.cfg.Log, "harness")
}

// executors starts the executor processes in a scratch directory, and
// says what confines them.
func (r *pkgRun) executors(ctx context.Context, h *harness.Harness) (*executor.Pool, error) {
	r.protections = executor.ActiveProtections(r.sandbox)
	if note := r.protections.Note(); note != "" {
		r.logf("%s", note)
	}
	scratch := filepath.Join(r.work, "scratch")
	if err := os.MkdirAll(scratch, 0o700); err != nil {
		return nil, err
	}
	pool, err := executor.Start(ctx, r.executorConfig(h.Exe, scratch, r.cfg.Workers))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.pkg.PkgPath, err)
	}
	return pool, nil
}

// executorConfig is the configuration of workers executors of exe,
// working in scratch.
func (r *pkgRun) executorConfig(exe, scratch string, workers int) executor.Config {
	return executor.Config{Exe: exe, PkgPath: r.pkg.PkgPath, ScratchDir: scratch,
		Workers: workers, CallTimeout: r.cfg.CallTimeout, MemLimit: r.memLimit(), Sandbox: r.sandbox}
}

// memLimit is the memory cap of each executor: -mem-limit, or the
// default share of the machine for the run's workers.
func (r *pkgRun) memLimit() int64 {
	if r.cfg.MemLimit > 0 {
		return r.cfg.MemLimit
	}
	return defaultMemLimit(r.cfg.Workers)
}
