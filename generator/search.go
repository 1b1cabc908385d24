package generator

import (
	"context"
	"time"

	"github.com/gentest-go/gentest/internal/diag"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/policy"
	"github.com/gentest-go/gentest/internal/runner"
	"github.com/gentest-go/gentest/internal/search"
	"github.com/gentest-go/gentest/internal/sysmem"
)

// searched is what the search leaves for the stages after it.
type searched struct {
	eng *search.Engine
	// obs saw every run of the search, unsteady probes included: the
	// progress, the explanation and the search's coverage come from it.
	obs *runner.Observer
	// watch is what the search learned of the clock, frozen: the
	// minimizer and the judge mask their results by it.
	watch *runner.ClockWatch
	// stats are the executors' at the end of the search.
	stats executor.Stats
	// start is the time from the start of the run to the search's, and
	// prepRSS gentest's peak resident set then.
	start   float64
	prepRSS int64
}

// search runs the search (Randoop with GRT's components, DynaMOSA, per
// -engine) on the executors, observed and behind the steady wrapper.
func (r *pkgRun) search(ctx context.Context, prog *model.Program, h *harness.Harness, pool *executor.Pool) (*searched, error) {
	obs := runner.NewObserver(pool, h.Table, len(prog.Ops), func(execs int, cov float64) { r.phase(PhaseSearch, execs, cov) })
	// How long a run takes to start searching, and what gentest needed
	// to get there (load, analysis, model, executor build): issue 14 asks
	// for under 1 s and 300 MB on an unchanged package.
	s := &searched{obs: obs, start: time.Since(r.cfg.runStart).Seconds(), prepRSS: sysmem.SelfPeakRSS()}
	r.phase(PhaseSearch, 0, 0)
	// The search, the minimizer and suite reduction see only the steady
	// probes; the observer below sees all of them. One clock watch for
	// the search, the minimizer and the judge: what the search learned of
	// the clock conditions masks the phases after it, which learn nothing
	// (internal/runner/clockwatch.go).
	s.watch = runner.NewClockWatch(h.Table)
	s.eng = search.New(prog, r.searchConfig(prog, h.Table))
	s.eng.Run(ctx, r.trace.Wrap("search", runner.Steady(obs, h.Table, prog, s.watch)))
	r.logSearch(prog, h.Table, s.eng)
	r.debugf("%s", s.watch.Freeze())
	s.stats = pool.Stats()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	diag.HeapCheckpoint(r.cfg.Log, "search")
	r.stages.Searched(obs, s.eng.Corpus)
	return s, nil
}

// searchConfig configures the search from Config: its budget, its
// engine and the components -no leaves on.
func (r *pkgRun) searchConfig(prog *model.Program, table *instrument.Table) search.Config {
	off := r.cfg.Disable
	scfg := search.Config{Seed: r.cfg.Seed, Budget: r.cfg.Budget, MaxExecs: r.cfg.Execs,
		NoDetective: off[Detective], NoBloodhound: off[Bloodhound], NoElephant: off[Elephant],
		NoOrienteering: off[Orienteering], NoImpurity: off[Impurity], Code: search.OpCodes(prog, table),
		NoLocalSearch: off[LocalSearch], NoInputToState: off[InputToState], NoSentences: off[Sentences], Table: table, Engine: r.cfg.Engine,
		Workers: r.cfg.Workers, NoWeakMutation: off[WeakMutation], Killed: r.goalsKilled(), Covered: r.keptBlocks(), NoOutput: off[Output], NoException: off[Exception],
		NoMethod: off[Method]}
	if diag.Debugging() {
		scfg.Trace = r.debugf
	}
	if r.dse != nil {
		scfg.DSE = r.dse.cfg
	}
	if cf := policy.Constants(r.an, r.pkg); cf != nil && !off[Constants] {
		scfg.Constants = search.NewConstants(prog, cf.Target, cf.Corpus, cf.Func)
	}
	return scfg
}

// logSearch says what the search did: one line, and more with
// GENTEST_DEBUG.
func (r *pkgRun) logSearch(prog *model.Program, table *instrument.Table, eng *search.Engine) {
	for _, f := range eng.Failures {
		if f.Crash != nil {
			r.debugf("crash %s: %s", f.Crash, prog.Ops[f.Seq.Stmts[f.Seq.Len()-1].Op].FullName())
		}
	}
	r.debugf("search: %d climbs on stalled branches, %d covered theirs", eng.Stats.Climbs, eng.Stats.ClimbsCovered)
	r.debugf("search: %d sequences from construction templates", eng.Stats.Templates)
	if d := eng.DSE(); d != nil {
		r.debugf("search: DSE took up %d goals: %d path conditions, %d queries (%d sat, %d unsat, %d unknown), %d goals covered, %.2fs",
			d.Attempts, d.Paths, d.Queries, d.Sat, d.Unsat, d.Unknown, d.Covered, d.Seconds)
	}
	r.debugf("search: %d sentences tried on parse-like operations, %d accepted", eng.Stats.Sentences, eng.Stats.SentencesAccepted)
	r.debugf("search: %d sequences left unrun for repeating a self-wiring that cost a timeout", eng.Stats.CostlySkipped)
	r.debugf("search: %d sequences hung, %d left unrun for making a call that hung on the same construction, %d run to explore one", eng.Stats.Hangs, eng.Stats.HangSkipped, eng.Stats.HangExplored)
	r.debugf("search: goals beyond branches: %d mutants infected, %d output classes, %d exceptions, %d operations returning",
		eng.Stats.Infected, eng.Stats.Outputs, eng.Stats.Exceptions, eng.Stats.Methods)
	blocks, branches := eng.Covered()
	r.logf("search: %d sequences executed in %.1fs (%d normal, %d illegal, %d crashed); %d/%d blocks, %d branch sides; %d candidates",
		eng.Stats.Executed, eng.Stats.Elapsed.Seconds(), eng.Stats.Normal, eng.Stats.Illegal, eng.Stats.Crashed,
		blocks, len(table.Blocks), branches, len(eng.Corpus))
}
