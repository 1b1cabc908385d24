package search

import (
	"math"
	"sort"
	"time"

	"github.com/gentest-go/gentest/internal/concolic"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
	"github.com/gentest-go/gentest/internal/smt"
)

// Dynamic symbolic execution, adaptive as in the EvoSuite hybrid
// (Galeotti, Fraser, Arcuri): when an uncovered branch's best distance has
// stalled for StallExecs executed sequences, DSE takes the closest
// sequence, computes the path condition of the calls that may reach the
// branch over their literal inputs (internal/concolic), negates the
// branch's conjuncts at the goal's line, and asks the solver
// (internal/smt); each model becomes a new sequence, the literals
// replaced, that the executors run like any other. A goal whose path
// condition has no symbolic branch at its line (its condition does not
// depend on primitive inputs that reach it) costs no query and is not
// tried again.
//
// Feedback sets DSE's share of the budget: it may spend dseShare of the
// sequences executed so far, counting a query as dseQueryCost sequences
// (z3's median here is a few sequences' time, bench/results/2026-11-29-dse);
// the share grows with the goals DSE covers per query and falls to
// dseMinShare when queries cover nothing, so that packages where it
// cannot help lose almost nothing. Costs are counted in queries, not
// seconds, and the solver is bounded by a deterministic resource limit,
// so a fixed seed and -execs give the same sequences.

// DSE parameters.
const (
	dseShare     = 0.05
	dseMaxShare  = 0.25
	dseMinShare  = 0.005
	dseQueryCost = 4
	// dseFree is the allowance before any sequence ran; dseTries the
	// attempts per goal between two improvements by other means.
	dseFree     = 32
	dseTries    = 2
	dseMaxStmts = 3 // calls of a sequence tried, from its last
	dseMaxNeg   = 3 // conjuncts negated per call
)

// DSEConfig is what DSE needs: the package's SSA and a solver. A nil
// Config.DSE leaves DSE off.
type DSEConfig struct {
	Prog   *concolic.Program
	Solver *smt.Solver
}

// DSEStats is what DSE did.
type DSEStats struct {
	// Attempts counts the goals DSE took up, Paths the path conditions
	// computed, Queries the solver's queries and their answers.
	Attempts, Paths, Queries, Sat, Unsat, Unknown, Errors int
	// Proposed counts the sequences built from models, Covered the goals
	// their runs covered.
	Proposed, Covered int
	// Seconds is the time spent in path conditions and the solver;
	// QuerySeconds each query's time, in order.
	Seconds      float64
	QuerySeconds []float64
}

// QueryPercentile is the p-th percentile (0-100) of the query times, in
// seconds, 0 without queries.
func (s *DSEStats) QueryPercentile(p float64) float64 {
	if len(s.QuerySeconds) == 0 {
		return 0
	}
	q := append([]float64(nil), s.QuerySeconds...)
	sort.Float64s(q)
	i := int(math.Ceil(p/100*float64(len(q)))) - 1
	return q[max(0, min(i, len(q)-1))]
}

// DSE returns what DSE did, nil when it was off.
func (e *Engine) DSE() *DSEStats {
	if e.dse == nil {
		return nil
	}
	return &e.dse.stats
}

// dseGoal is an uncovered branch side and the closest sequence to it.
type dseGoal struct {
	branch int32
	dist   float64
	best   *seq.Seq
	since  int // executed sequences at the last improvement
	tries  int
	// futile: no path condition had a symbolic branch at its line.
	futile bool
}

// dse is the DSE component: a learner of every clean run, a proposer
// and the listener of its proposals.
type dse struct {
	cfg   *DSEConfig
	prog  *model.Program
	cov   *coverage
	gen   *generated
	exec  *Stats
	conds func(int32) (file string, line int, ok bool)
	trace func(format string, args ...any)
	stats DSEStats

	goals   map[int32]*dseGoal
	order   []*dseGoal
	spent   float64
	share   float64
	pending map[*seq.Seq]int32
}

func newDSE(cfg Config, prog *model.Program, cov *coverage, gen *generated, stats *Stats) *dse {
	d := &dse{cfg: cfg.DSE, prog: prog, cov: cov, gen: gen, exec: stats, share: dseShare, trace: cfg.Trace,
		goals: map[int32]*dseGoal{}, pending: map[*seq.Seq]int32{}}
	d.conds = func(id int32) (string, int, bool) {
		t := cfg.Table
		if t == nil || int(id) >= len(t.Conds) {
			return "", 0, false
		}
		return t.Conds[id].File, t.Conds[id].Line, true
	}
	return d
}

// learn tracks, for every uncovered branch side a clean run came close
// to, the closest sequence and when it last improved.
func (d *dse) learn(o *outcome) {
	if !o.clean || o.res == nil {
		return
	}
	_, mine := o.by.(*dse)
	d.cov.eachOpenSide(o.res, func(b int32, dist float64) {
		g := d.goals[b]
		if g == nil {
			g = &dseGoal{branch: b, dist: math.Inf(1)}
			d.goals[b] = g
			d.order = append(d.order, g)
		}
		if dist < g.dist {
			g.dist, g.best, g.since = dist, o.s, d.exec.Executed
			if !mine {
				// Improved by other means: the goal earns new tries.
				g.tries = 0
			}
		}
	})
}

func (d *dse) ran(s *seq.Seq, res *rt.Result, clean bool) {
	b, ok := d.pending[s]
	if !ok {
		return
	}
	delete(d.pending, s)
	if clean && distTo(res, b) == 0 {
		d.stats.Covered++
	}
}

func (d *dse) unrun(s *seq.Seq) { delete(d.pending, s) }

// allowance is how many sequences' worth DSE may spend now.
func (d *dse) allowance() float64 {
	return dseFree + d.share*float64(d.exec.Executed) - d.spent
}

// propose appends up to n sequences from solved path conditions.
func (d *dse) propose(batch []proposal, n int) []proposal {
	start := len(batch)
	for len(batch)-start < n && d.allowance() >= dseQueryCost {
		g := d.stalled()
		if g == nil {
			break
		}
		t0 := time.Now()
		batch = d.attempt(g, batch, start+n)
		d.stats.Seconds += time.Since(t0).Seconds()
		d.adapt()
	}
	return batch
}

// stalled picks the goal to try: stalled, not futile, with tries left;
// fewest tries, then smallest distance, then first seen.
func (d *dse) stalled() *dseGoal {
	var best *dseGoal
	for _, g := range d.order {
		if g.futile || g.best == nil || g.tries >= dseTries || d.cov.branches[g.branch] ||
			d.exec.Executed-g.since < StallExecs {
			continue
		}
		if best == nil || g.tries < best.tries || (g.tries == best.tries && g.dist < best.dist) {
			best = g
		}
	}
	return best
}

// adapt sets the share from the feedback: goals covered per query.
func (d *dse) adapt() {
	q := d.stats.Queries
	switch {
	case q < 16:
		d.share = dseShare
	case d.stats.Covered == 0:
		d.share = dseMinShare
	default:
		d.share = min(dseMaxShare, dseShare+0.5*float64(d.stats.Covered)/float64(q))
	}
}
