package runner

import (
	"fmt"
	"math"
	"sync"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
)

// A ClockWatch is the dynamic half of the steadiness check.
//
// instrument/nondet.go marks a condition Nondet when its operands may
// carry a clock reading, and Unsteady every probe that depends on one
// (through control dependence or a call): its Roots. The static taint is
// coarse. A matcher that checks a package-level clock for a timeout that
// never fires (regexp2's `if err := r.checkTimeout(); err != nil` in its
// backtracking loop) makes the fields it writes in that loop tainted,
// then every condition on them Nondet and the whole matcher Unsteady;
// hidden from the search, that left regexp2's written file at 21% where
// the search had reached 46%.
//
// Whether the clock steers a condition shows when one sequence, run
// again, gives it other evaluations. The first time a result would show
// the search an unsteady probe (a block, or a branch of a condition) that
// the watch has not confirmed yet, the watch runs that sequence
// confirmRuns times more and compares:
//
//   - every Nondet condition evaluated in any of the runs must have the
//     same counts per outcome, the same distances and the same operands
//     in all of them; one that does not is steered by the clock (its
//     distances follow a clock reading, or its outcome does), and from
//     then on it and every probe it is a root of are hidden from every
//     result, as all unsteady probes were before;
//   - each candidate probe that is not a Nondet condition must be
//     covered alike (a block covered, a condition with the same
//     outcomes) in every run, or it is refused for good.
//
// The others are confirmed, and shown from then on while none of their
// roots is steered. Nondet conditions are roots of themselves, so a
// confirmed one is shown with its distances and operands.
//
// Determinism. A clock condition on a fine clock (time.Now's nanoseconds,
// a monotonic difference) has other distances on each run, so the runs
// that would first show it, or anything under it, flag it: the search
// never sees it. Those runs are requests the search's results decide (the
// same sequences, with the same IDs, so the same random bytes), and the
// watch learns a batch as a whole, after the batch came back, in request
// order; the search runs one batch at a time. So for code whose clock
// conditions either follow the clock's fine reading or do not depend on
// it at all for the sequences run (a timeout far from firing), the search
// sees the same results on every run. Timing can steer a choice only
// where the clock's reading agrees on the first runs and not later: a
// coarse clock (seconds) read in the same second, or a timeout the
// confirming runs do not reach and a later run of the same sequence
// does. After the search the watch is frozen: the minimizer, which runs
// candidates from several goroutines, and the judge learn nothing and
// mask by what the search learned, so no interleaving changes a result.
type ClockWatch struct {
	mu         sync.Mutex
	blockRoots [][]int // by block ID: the Nondet conditions it depends on
	condRoots  [][]int // by condition ID
	nondet     []bool  // by condition ID: Nondet
	steered    []bool  // by condition ID: a Nondet condition the clock steers
	blockState []probeState
	condConf   []uint8 // by condition ID: outcomes confirmed (seenFalse, seenTrue)
	condRef    []bool  // by condition ID: refused
	frozen     bool
	any        bool // some probe has roots
	nSteered   int
	reruns     int // confirming runs made
	// ops judges the operations whose purity facts say nondeterministic
	// (see opJudge); allocated on the first batch, by operation ID.
	ops     []opJudge
	opNames []string // by operation ID, for the debug line
	openOps int      // nondeterministic operations not judged yet
}

// The outcomes of a condition.
const (
	seenFalse uint8 = 1 << iota
	seenTrue
)

// probeState says whether a block unsteady through its roots was
// confirmed by the runs of the sequence that first showed it.
type probeState uint8

const (
	unconfirmed probeState = iota
	confirmed
	refused
)

// confirmRuns is how many times more a sequence runs when it would show
// a probe for the first time.
const confirmRuns = 2

// NewClockWatch returns a watch over the table's clock conditions that
// has learned nothing yet.
func NewClockWatch(t *instrument.Table) *ClockWatch {
	w := &ClockWatch{blockRoots: make([][]int, len(t.Blocks)), condRoots: make([][]int, len(t.Conds)),
		nondet: make([]bool, len(t.Conds)), steered: make([]bool, len(t.Conds)),
		blockState: make([]probeState, len(t.Blocks)), condConf: make([]uint8, len(t.Conds)), condRef: make([]bool, len(t.Conds))}
	for _, b := range t.Blocks {
		w.blockRoots[b.ID] = b.Roots
		w.any = w.any || len(b.Roots) > 0
	}
	for _, c := range t.Conds {
		w.condRoots[c.ID] = c.Roots
		w.nondet[c.ID] = c.Nondet != 0
		w.any = w.any || len(c.Roots) > 0
	}
	return w
}

// Freeze stops the watch from learning: the phases after the search
// mask by what it learned. It returns a line saying what that was.
func (w *ClockWatch) Freeze() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.frozen = true
	var roots, conf, ref int
	for c, n := range w.nondet {
		if n {
			roots++
		}
		if w.condConf[c] != 0 {
			conf++
		}
		if w.condRef[c] {
			ref++
		}
	}
	for _, s := range w.blockState {
		switch s {
		case confirmed:
			conf++
		case refused:
			ref++
		}
	}
	return fmt.Sprintf("clock watch: %d of %d clock conditions steered; %d probes confirmed steady, %d refused; %s; %d confirming runs",
		w.nSteered, roots, conf, ref, w.opSummary(), w.reruns)
}

// learn confirms, unless frozen, the unsteady probes a batch's results
// would show for the first time, by running their sequences again on s's
// inner runner.
func (w *ClockWatch) learn(s *steadyRunner, seqs []rt.Request, outs []executor.Outcome, infos []seqInfo) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.frozen {
		return
	}
	judge := w.opsToJudge(s, seqs, outs)
	if !w.any && len(judge) == 0 {
		return
	}
	var which []int
	var cands [][]candidate
	for i := range outs {
		if !w.any {
			break
		}
		r := outs[i].Result
		if r == nil || outs[i].Crash != nil || infos[i].consumed == consumedData {
			continue
		}
		var cs []candidate
		for _, b := range r.Blocks {
			if b >= 0 && int(b) < len(s.blocks) && s.blocks[b]&infos[i].hide != 0 &&
				w.blockState[b] == unconfirmed && w.steady(w.blockRoots[b]) {
				cs = append(cs, candidate{id: b})
			}
		}
		if infos[i].consumed == consumedNone {
			for _, c := range r.Conds {
				if c.ID >= 0 && int(c.ID) < len(s.conds) && s.conds[c.ID]&infos[i].hide != 0 &&
					condBits(c)&^w.condConf[c.ID] != 0 && !w.condRef[c.ID] && w.steady(w.condRoots[c.ID]) {
					cs = append(cs, candidate{cond: true, id: c.ID, obs: condBits(c)})
				}
			}
		}
		if len(cs) > 0 {
			which = append(which, i)
			cands = append(cands, cs)
		}
	}
	if len(which) == 0 && len(judge) == 0 {
		return
	}
	reqs := make([]rt.Request, 0, confirmRuns*len(which)+len(judge))
	for _, i := range which {
		for range confirmRuns {
			reqs = append(reqs, seqs[i])
		}
	}
	for _, j := range judge {
		// One run more, repeated in the executor (rt.FlagRepeat): the
		// executor runs it again from scratch with other random streams,
		// 24 times since it calls a nondeterministic operation
		// (rt.FlagNondet), so an operation whose results come from
		// randomness or map order disagrees but with a small chance.
		q := seqs[j.seq]
		q.Flags |= rt.FlagRepeat | rt.FlagNondet
		reqs = append(reqs, q)
	}
	again := s.inner.Run(reqs)
	w.reruns += len(reqs)
	w.judgeOps(judge, outs, again[confirmRuns*len(which):])
	for k, i := range which {
		runs := append([]executor.Outcome{outs[i]}, again[k*confirmRuns:(k+1)*confirmRuns]...)
		w.compare(runs)
		for _, c := range cands[k] {
			ok := true
			for _, o := range runs[1:] {
				if !covers(o, c) {
					ok = false
					break
				}
			}
			switch {
			case c.cond && w.nondet[c.id]:
				// compare judged it.
				if !w.steered[c.id] {
					w.condConf[c.id] |= c.obs
				}
			case c.cond && ok:
				w.condConf[c.id] |= c.obs
			case c.cond:
				w.condRef[c.id] = true
			case ok && w.blockState[c.id] == unconfirmed:
				w.blockState[c.id] = confirmed
			case !ok:
				w.blockState[c.id] = refused
			}
		}
	}
}

// compare flags the Nondet conditions whose evaluations differ between
// runs of one sequence: counts, distances, operands.
func (w *ClockWatch) compare(runs []executor.Outcome) {
	type obs struct {
		c   rt.CondObs
		ops [2]*rt.OperandObs
	}
	var first map[int32]obs
	for _, o := range runs {
		if o.Result == nil || o.Crash != nil {
			// A run that did not finish says nothing of the clock.
			continue
		}
		cur := map[int32]obs{}
		for _, c := range o.Result.Conds {
			if c.ID >= 0 && int(c.ID) < len(w.nondet) && w.nondet[c.ID] {
				cur[c.ID] = obs{c: c}
			}
		}
		for j := range o.Result.Operands {
			op := &o.Result.Operands[j]
			if v, ok := cur[op.Branch/2]; ok {
				v.ops[op.Branch%2] = op
				cur[op.Branch/2] = v
			}
		}
		if first == nil {
			first = cur
			continue
		}
		for id, a := range first {
			b, ok := cur[id]
			if !ok || a.c != b.c || !sameOperand(a.ops[0], b.ops[0]) || !sameOperand(a.ops[1], b.ops[1]) {
				w.steer(id)
			}
		}
		for id := range cur {
			if _, ok := first[id]; !ok {
				w.steer(id)
			}
		}
	}
}

func (w *ClockWatch) steer(c int32) {
	if !w.steered[c] {
		w.steered[c] = true
		w.nSteered++
	}
}

func sameOperand(a, b *rt.OperandObs) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Cut == b.Cut && litEqual(a.Vals[0], b.Vals[0]) && litEqual(a.Vals[1], b.Vals[1])
}

// litEqual reports whether two operand values are the same (a NaN equal
// to itself: the same evaluation).
func litEqual(a, b rt.Lit) bool {
	if a.Kind != b.Kind || a.B != b.B || a.I != b.I || a.U != b.U ||
		math.Float64bits(a.F) != math.Float64bits(b.F) || a.S != b.S || len(a.Elems) != len(b.Elems) {
		return false
	}
	for i := range a.Elems {
		if !litEqual(a.Elems[i], b.Elems[i]) {
			return false
		}
	}
	return true
}

// steady reports whether none of roots is steered by the clock.
func (w *ClockWatch) steady(roots []int) bool {
	for _, c := range roots {
		if w.steered[c] {
			return false
		}
	}
	return true
}

// candidate is a probe a result would show for the first time.
type candidate struct {
	cond bool
	id   int32
	obs  uint8 // a condition's outcomes in the first run
}

// covers reports whether a confirming run covered candidate c as the
// first run did.
func covers(o executor.Outcome, c candidate) bool {
	if o.Result == nil || o.Crash != nil {
		return false
	}
	if !c.cond {
		for _, b := range o.Result.Blocks {
			if b == c.id {
				return true
			}
		}
		return false
	}
	for _, k := range o.Result.Conds {
		if k.ID == c.id {
			return condBits(k) == c.obs
		}
	}
	return false
}

func condBits(c rt.CondObs) uint8 {
	var b uint8
	if c.NFalse > 0 {
		b |= seenFalse
	}
	if c.NTrue > 0 {
		b |= seenTrue
	}
	return b
}

// showBlock reports whether block b, hidden by the static marks, is shown
// by the watch: confirmed, and none of its roots steered.
func (w *ClockWatch) showBlock(b int32) bool {
	return w.any && w.blockState[b] == confirmed && len(w.blockRoots[b]) > 0 && w.steady(w.blockRoots[b])
}

// showCond is showBlock for a condition's evaluations c: the outcomes it
// took confirmed.
func (w *ClockWatch) showCond(c rt.CondObs) bool {
	return w.any && !w.condRef[c.ID] && condBits(c)&^w.condConf[c.ID] == 0 && len(w.condRoots[c.ID]) > 0 && w.steady(w.condRoots[c.ID])
}
