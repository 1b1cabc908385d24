package generator

import (
	"sync"
	"time"

	"github.com/gentest-go/gentest/internal/concolic"
	"github.com/gentest-go/gentest/internal/search"
	"github.com/gentest-go/gentest/internal/smt"
)

// Dynamic symbolic execution's setup: the package's SSA, built while its
// syntax is still loaded, and a z3 process. gentest works without z3:
// DSE is then off, with one log line per run.

// Solver limits per query: z3's resource limit (deterministic, so a
// fixed seed and -execs give the same answers anywhere) and a wall-time
// safety net past which the solver is restarted. Under a time budget
// the net is short, so that a slow query costs little of the budget.
// With -execs it must never decide an answer the rlimit would not: a
// query that z3 answers within its rlimit in 1–2 s on a quiet machine
// took over 5 s under load, so a 5 s net turned the same query into sat
// on one run and an error on another, and a fixed seed and -execs wrote
// different files (the explain fixture's FNV checksum, solved in two CI
// runs of five). dseExecsTimeout is the net for z3 hanging, not for
// answers.
const (
	dseRLimit       = 2_000_000
	dseTimeout      = 5 * time.Second
	dseExecsTimeout = 2 * time.Minute
)

// DSESummary says whether DSE ran and what it solved.
type DSESummary struct {
	Ran bool `json:"ran"`
	// Off says why it did not run ("-no=dse", "z3 not found on PATH",
	// ...).
	Off string `json:"off,omitempty"`
	// Solver is the solver's version.
	Solver string `json:"solver,omitempty"`
	// Attempts counts the stalled goals DSE took up, Paths the path
	// conditions it computed, Queries the solver's queries by answer.
	Attempts int `json:"attempts"`
	Paths    int `json:"paths"`
	Queries  int `json:"queries"`
	Sat      int `json:"sat"`
	Unsat    int `json:"unsat"`
	Unknown  int `json:"unknown"`
	Errors   int `json:"errors"`
	// Proposed counts the sequences built from models, Covered the goals
	// their runs covered.
	Proposed int `json:"proposed"`
	Covered  int `json:"covered"`
	// Seconds is the time in path conditions and the solver; the query
	// times' median and 90th percentile.
	Seconds         float64 `json:"seconds"`
	QueryMedianSecs float64 `json:"query_median_seconds"`
	QueryP90Seconds float64 `json:"query_p90_seconds"`
}

// dseRun is a package's DSE: its search config, or why it is off.
type dseRun struct {
	cfg *search.DSEConfig
	off string
}

var noZ3Once sync.Once

// setupDSE builds the SSA and starts the solver, unless -no=dse or z3 is
// missing; it must run before the package's syntax is released.
func (r *pkgRun) setupDSE() *dseRun {
	if r.cfg.Disable[DSE] {
		return &dseRun{off: "-no=dse"}
	}
	path, err := smt.Find()
	if err != nil {
		noZ3Once.Do(func() {
			r.logf("DSE off: z3 is not on PATH (install z3 to turn it on; see README.md)")
		})
		return &dseRun{off: "z3 not found on PATH"}
	}
	if r.pkg.Types == nil || r.pkg.TypesInfo == nil || len(r.pkg.Syntax) == 0 {
		return &dseRun{off: "no syntax"}
	}
	t0 := time.Now()
	prog, err := concolic.Build(r.pkg.Fset, r.pkg.Types, r.pkg.Syntax, r.pkg.TypesInfo)
	r.debugf("DSE: the package's SSA built in %.3fs", time.Since(t0).Seconds())
	if err != nil {
		r.logf("DSE off: %v", err)
		return &dseRun{off: err.Error()}
	}
	timeout := dseTimeout
	if r.cfg.Execs > 0 {
		timeout = dseExecsTimeout
	}
	solver, err := smt.Start(path, dseRLimit, timeout)
	if err != nil {
		r.logf("DSE off: %v", err)
		return &dseRun{off: err.Error()}
	}
	return &dseRun{cfg: &search.DSEConfig{Prog: prog, Solver: solver}}
}

// close ends the solver.
func (d *dseRun) close() {
	if d != nil && d.cfg != nil {
		d.cfg.Solver.Close()
	}
}

// summary is what DSE did in eng.
func (d *dseRun) summary(eng *search.Engine) *DSESummary {
	if d == nil {
		return &DSESummary{Off: "not set up"}
	}
	if d.cfg == nil {
		return &DSESummary{Off: d.off}
	}
	st := eng.DSE()
	if st == nil {
		return &DSESummary{Off: d.off}
	}
	return &DSESummary{Ran: true, Solver: "z3 " + d.cfg.Solver.Version, Attempts: st.Attempts, Paths: st.Paths,
		Queries: st.Queries, Sat: st.Sat, Unsat: st.Unsat, Unknown: st.Unknown, Errors: st.Errors,
		Proposed: st.Proposed, Covered: st.Covered, Seconds: st.Seconds,
		QueryMedianSecs: st.QueryPercentile(50), QueryP90Seconds: st.QueryPercentile(90)}
}
