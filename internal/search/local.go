package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"sort"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// Local search on primitive inputs, triggered when a branch stalls (the
// EvoSuite+DSE paper's adaptive trigger, with its solver, the alternating
// variable method, as the local search).
//
// The search keeps, for every uncovered branch that some sequence's
// condition evaluation came close to, the sequence with the smallest branch
// distance (goal.best). A goal stalls when its best distance has not
// improved for StallExecs executed sequences; then a climb starts from the
// best sequence: in rounds, it proposes neighbours of the current sequence
// that differ in one literal (the AVM's variable), executes them with the
// next batches, and moves to the best neighbour if it is closer. Moves on
// integers and floats are ±scale·2^j for j < avmSteps, so one round does
// the AVM's exploratory and pattern moves at once; when the largest step
// was the best one, the next round continues with larger steps. Strings
// are arrays of characters, each one a variable (±2^j on the byte, delete,
// duplicate), plus their length (append, truncate). Each round also
// proposes the input-to-state replacements for the goal's operands.
//
// A climb ends when every variable failed to improve in turn (a local
// optimum) or the goal is covered. A goal gets MaxClimbs climbs, later ones
// starting from a random jump of one literal, until some sequence improves
// its distance again, which gives it MaxClimbs more: search feedback
// decides where the effort goes, as in the paper.

// Local search parameters.
const (
	// StallExecs is how many executed sequences a goal's distance may go
	// without improving before a climb starts.
	StallExecs = 512
	// MaxClimbs bounds the climbs per goal between two improvements made
	// by other means.
	MaxClimbs = 3
	// maxActiveClimbs bounds the concurrent climbs.
	maxActiveClimbs = 8
	// avmSteps is the number of step sizes per direction in one round.
	avmSteps = 8
	// maxStrVars bounds the character positions of one string that are
	// variables.
	maxStrVars = 24
)

// goal is an uncovered branch the search came close to.
type goal struct {
	branch int32
	dist   float64 // smallest raw distance seen
	best   *seq.Seq
	ops    *rt.OperandObs // operands of best's closest evaluation, if recorded
	since  int            // executed sequences at the last improvement
	climbs int            // climbs since the last improvement by other means
	active bool
	// distance reports whether the condition measures real distances;
	// outcome-only conditions are left to random search.
	distance bool
}

// climb is one local search on a goal. It is the listener of its
// proposals' outcomes.
type climb struct {
	ls    *localSearch
	g     *goal
	cur   *seq.Seq
	curD  float64
	ops   *rt.OperandObs
	vars  []litVar
	vi    int
	next  []int // variables to try before vi+1
	scale float64
	fails int
	// The round in flight: proposals not yet back and the best one so far.
	pending   int
	rBest     *seq.Seq
	rBestD    float64
	rBestOps  *rt.OperandObs
	rBestJump bool // the best proposal used the round's largest step
	jumps     map[*seq.Seq]bool
	done      bool
}

// localSearch is the climbs: it learns from every clean run how close
// the search came to each uncovered branch, and proposes the neighbours
// of the closest sequence when a branch stalls.
type localSearch struct {
	rng   *rand.Rand
	cov   *coverage
	stats *Stats
	gen   *generated
	table *instrument.Table
	trace func(format string, args ...any)
	// avm and i2s say whether the AVM's moves and input-to-state
	// replacements run (-no=local-search, -no=input-to-state).
	avm, i2s bool

	goals  map[int32]*goal
	order  []*goal // the goals in the order first seen
	climbs []*climb
	turn   int // which climb goes first (propose)
}

func newLocalSearch(rng *rand.Rand, cov *coverage, stats *Stats, gen *generated, cfg Config) *localSearch {
	return &localSearch{rng: rng, cov: cov, stats: stats, gen: gen, table: cfg.Table, trace: cfg.Trace,
		avm: !cfg.NoLocalSearch, i2s: !cfg.NoInputToState, goals: map[int32]*goal{}}
}

// enabled reports whether any of the focused components runs.
func (ls *localSearch) enabled() bool { return ls.avm || ls.i2s }

// learn updates the goals from a clean run's condition observations; the
// coverage already includes them.
func (ls *localSearch) learn(o *outcome) {
	if o.clean {
		_, byClimb := o.by.(*climb)
		ls.observe(o.s, o.res, byClimb)
	}
}

func (c *climb) ran(s *seq.Seq, res *rt.Result, clean bool) { c.ls.report(c, s, res, clean) }

// unrun counts a proposal that will not run as a failed neighbour, as a
// crash would be counted.
func (c *climb) unrun(s *seq.Seq) { c.ls.report(c, s, nil, false) }

// observe updates the goals from an executed sequence's condition
// observations; byClimb says whether a climb proposed s.
func (ls *localSearch) observe(s *seq.Seq, res *rt.Result, byClimb bool) {
	if !ls.enabled() {
		return
	}
	ls.cov.eachOpenSide(res, func(b int32, d float64) {
		g := ls.goals[b]
		if g == nil {
			g = &goal{branch: b, dist: math.Inf(1), distance: ls.isDistance(b / 2)}
			ls.goals[b] = g
			ls.order = append(ls.order, g)
		}
		if d < g.dist || (d == g.dist && g.best != nil && s.Len() < g.best.Len()) {
			if d < g.dist {
				g.since = ls.stats.Executed
				if !byClimb {
					// Improved by other means: the goal earns new climbs.
					g.climbs = 0
				}
			}
			g.dist, g.best, g.ops = d, s, operandsOf(res, b)
		}
	})
}

func (ls *localSearch) isDistance(cond int32) bool {
	if ls.table == nil {
		return true
	}
	if int(cond) >= len(ls.table.Conds) {
		return false
	}
	return ls.table.Conds[cond].Distance
}

// operandsOf returns the operands recorded for branch b, or nil.
func operandsOf(res *rt.Result, b int32) *rt.OperandObs {
	ops := res.Operands
	i := sort.Search(len(ops), func(i int) bool { return ops[i].Branch >= b })
	if i < len(ops) && ops[i].Branch == b {
		o := ops[i]
		return &o
	}
	return nil
}

// distTo is the raw distance of res to branch b: 0 if taken, +Inf if the
// condition was not evaluated.
func distTo(res *rt.Result, b int32) float64 {
	if res == nil {
		return math.Inf(1)
	}
	return condDist(res.Conds, b)
}

// condDist is distTo on a result's condition observations.
func condDist(cs []rt.CondObs, b int32) float64 {
	id := b / 2
	i := sort.Search(len(cs), func(i int) bool { return cs[i].ID >= id })
	if i == len(cs) || cs[i].ID != id {
		return math.Inf(1)
	}
	if b%2 == 0 {
		if cs[i].NTrue > 0 {
			return 0
		}
		return cs[i].DistTrue
	}
	if cs[i].NFalse > 0 {
		return 0
	}
	return cs[i].DistFalse
}

// report hands a climb the outcome of one of its proposals.
func (ls *localSearch) report(c *climb, s *seq.Seq, res *rt.Result, clean bool) {
	c.pending--
	d := distTo(res, c.g.branch)
	if !clean && d > 0 {
		// A proposal whose earlier statements failed is no base to climb
		// from.
		d = math.Inf(1)
	}
	if d < c.rBestD || (d == c.rBestD && c.rBest != nil && s.Len() < c.rBest.Len()) {
		c.rBest, c.rBestD, c.rBestJump = s, d, c.jumps[s]
		if res != nil {
			c.rBestOps = operandsOf(res, c.g.branch)
		}
	}
	if c.pending > 0 {
		return
	}
	// The round is complete.
	switch {
	case ls.cov.branches[c.g.branch] || c.rBestD == 0:
		if c.rBestD == 0 {
			ls.stats.ClimbsCovered++
		}
		c.done = true
	case c.rBest != nil && c.rBestD < c.curD:
		c.cur, c.curD, c.ops = c.rBest, c.rBestD, c.rBestOps
		c.fails = 0
		vi := c.vars[c.vi]
		c.vars = climbVars(c.cur)
		// Stay on the variable that improved, with larger steps if the
		// largest one won (the AVM's pattern move). For a character, its
		// neighbours come next: code that scans a string moves on to
		// them once this one is right.
		c.vi = 0
		c.next = c.next[:0]
		for i, v := range c.vars {
			if v == vi {
				c.vi = i
			}
		}
		if vi.pos >= 0 {
			for _, p := range []int{vi.pos - 1, vi.pos + 1} {
				for i, v := range c.vars {
					if v.stmt == vi.stmt && v.arg == vi.arg && v.elem == vi.elem && v.pos == p {
						c.next = append(c.next, i)
					}
				}
			}
		}
		if c.rBestJump {
			c.scale *= math.Exp2(avmSteps - 1)
		} else {
			c.scale = 1
		}
	default:
		c.fails++
		c.scale = 1
		switch {
		case len(c.next) > 0:
			c.vi, c.next = c.next[0], c.next[1:]
			c.fails-- // a neighbour's turn does not count against the rest
		case len(c.vars) > 0:
			c.vi = (c.vi + 1) % len(c.vars)
		}
		if c.fails >= len(c.vars) || !ls.avm {
			c.done = true
		}
	}
	c.rBest, c.rBestD, c.rBestOps, c.jumps = nil, math.Inf(1), nil, nil
	if c.done {
		if ls.trace != nil {
			text := ""
			if t := ls.table; t != nil && int(c.g.branch/2) < len(t.Conds) {
				k := t.Conds[c.g.branch/2]
				text = fmt.Sprintf("%s:%d %s", filepath.Base(k.File), k.Line, k.Text)
			}
			ls.trace("climb on branch %d (%s): distance %g -> %g, covered %v, %d climbs before; last %s",
				c.g.branch, text, c.g.dist, c.curD, ls.cov.branches[c.g.branch], c.g.climbs, c.cur.Key())
		}
		c.g.active = false
		c.g.climbs++
	}
}

// propose appends up to n sequences from the climbs to batch, starting
// new climbs on stalled goals as slots free up.
func (ls *localSearch) propose(batch []proposal, n int) []proposal {
	if !ls.enabled() || n <= 0 {
		return batch
	}
	ls.startClimbs()
	start := len(batch)
	// Climbs take turns at going first, so that a round too large for
	// the space left does not starve the others.
	ls.turn++
	for k := range ls.climbs {
		c := ls.climbs[(k+ls.turn)%len(ls.climbs)]
		if c.pending > 0 {
			continue
		}
		props := ls.round(c)
		if got := len(batch) - start; got+len(props) > n && got > 0 {
			continue
		}
		for _, s := range props {
			if len(batch)-start >= n {
				break
			}
			if !ls.gen.fresh(s) {
				continue
			}
			c.pending++
			batch = append(batch, proposal{s: s, by: c})
		}
		if c.pending == 0 {
			// Every neighbour was run before: count the round as failed.
			c.pending = 1
			ls.report(c, c.cur, nil, false)
		}
	}
	return batch
}

// startClimbs drops the finished climbs and starts new ones on stalled
// goals, up to maxActiveClimbs.
func (ls *localSearch) startClimbs() {
	live := ls.climbs[:0]
	for _, c := range ls.climbs {
		if !c.done && !ls.cov.branches[c.g.branch] {
			live = append(live, c)
		} else if !c.done {
			c.done, c.g.active = true, false
		}
	}
	ls.climbs = live
	for len(ls.climbs) < maxActiveClimbs {
		g := ls.stalledGoal()
		if g == nil {
			break
		}
		c := &climb{ls: ls, g: g, cur: g.best, curD: g.dist, ops: g.ops, scale: 1, rBestD: math.Inf(1)}
		if g.climbs > 0 {
			// A restart: jump on one literal, then climb from there.
			if j := ls.jump(g.best); j != nil {
				c.cur, c.curD, c.ops = j, math.Inf(1), nil
			}
		}
		c.vars = climbVars(c.cur)
		if len(c.vars) == 0 {
			g.climbs = MaxClimbs
			continue
		}
		g.active = true
		ls.climbs = append(ls.climbs, c)
		ls.stats.Climbs++
	}
}

// stalledGoal picks the goal to climb next: stalled, with climbs left,
// fewest climbs first, then the smallest distance, then the earliest seen.
func (ls *localSearch) stalledGoal() *goal {
	var best *goal
	for _, g := range ls.order {
		max := MaxClimbs
		if !g.distance {
			// No gradient: one climb, for the moves that flip it at once.
			max = 1
		}
		if g.active || g.best == nil || g.climbs >= max || ls.cov.branches[g.branch] {
			continue
		}
		if ls.stats.Executed-g.since < StallExecs {
			continue
		}
		if best == nil || g.climbs < best.climbs || (g.climbs == best.climbs && g.distance && !best.distance) ||
			(g.climbs == best.climbs && g.distance == best.distance && g.dist < best.dist) {
			best = g
		}
	}
	return best
}
