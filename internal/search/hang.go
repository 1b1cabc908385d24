package search

import (
	"math/rand/v2"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Hanging calls. Some operations, given some receivers or arguments, never
// return: a reader over a source that never ends or never delivers reads
// on until its delimiter comes, a scanner over a stalled stream waits, a
// zero-value buffered writer or reader (no buffer, no underlying stream)
// loops forever making no progress, a Wait waits for what nobody does.
// Each such call runs until the executor's call limit, then costs a
// restart: a second or more of the budget, with nothing learned. The
// construction that hangs is as cheap to draw again as any other, so a
// package like bufio, whose zero Reader and zero Writer are a pool's first
// readers and writers, spends its whole time budget on call limits (10 s:
// 71 sequences, 17 executor-seconds lost to timeouts).
//
// So the search learns, from every call that ran past its limit (a timeout,
// a hang, or a deadlock the runtime found after it), which operation hung
// on which inputs, described by what the search can see before it runs a
// call: for a method, its receiver's construction path (for a function,
// each value argument's): the operation that made it, with the operations
// or literal shapes that operation got and which of them were the same
// value (NewReader(Repeat) is not NewReader(strings.NewReader)), coarse,
// and the same with the operations that used the value before the call,
// fine (a zero Reader that Reset gave a buffer and a source does not hang
// where a bare one does); for a call without value arguments, its
// literals' shapes. A method whose argument was built on a value its
// receiver was also built on is keyed by the operation alone, and a hang
// after a value was wired into itself is not learned (stmtHangKeys,
// wiredIntoItself). Every call that returns counts as a normal run of its
// keys, once its coarse key has hung.
//
// A key that hung, and has not since run normally hangWeight times per
// hang, is hanging. Extension redraws pooled values that would make a
// hanging call (hangRetries times), and the filter leaves out the sequences
// that still make one, except a few it lets through to explore: the
// explorations stay under hangFree plus one per hangEvery sequences
// planned, so that, once the hanging constructions are known, at most
// about one sequence in hangEvery spends a call limit however many of
// them the pools hold. An exploration prefers an unseen variant
// (a fine key never run, under a hanging coarse key: the zero Reader after
// a Reset) to a construction already seen hanging, so the calls' normal
// paths stay reachable. Sequences never grow past a call that hung either:
// only sequences that ran normally are pooled and extended. The budget is
// counted in sequences, not seconds, so that a fixed -execs search stays
// reproducible.

const (
	// hangWeight is how many normal runs per hang keep a key in use: a
	// call limit costs hundreds of normal runs' time.
	hangWeight = 10
	// hangRetries is how often extension draws another pooled value in place
	// of one that would make a hanging call.
	hangRetries = 4
	// hangFree and hangEvery bound the explorations of hanging keys:
	// they stay under hangFree + planned/hangEvery.
	hangFree  = 2
	hangEvery = 2000
)

// hangs is the hang learning: which calls ran until their limit on which
// constructions, learned from every outcome; extension's redraws, the
// filter of proposals (at generation and again at launch) and the
// staggered batches avoid them.
type hangs struct {
	prog   *model.Program
	rng    *rand.Rand
	stats  *Stats
	budget *budget
	// keys holds, by call key, the calls that hung and returned; ops the
	// operations that have hung.
	keys map[uint64]*hangStat
	ops  map[int]bool
	// spent counts the sequences counted against the hang budget; tried
	// the explorations admitted at generation, not yet launched.
	spent int
	tried map[*seq.Seq]bool
	// lastHangBatch is the batch during which the last hang was learned.
	lastHangBatch int
}

func newHangs(prog *model.Program, rng *rand.Rand, stats *Stats, b *budget) *hangs {
	return &hangs{prog: prog, rng: rng, stats: stats, budget: b,
		keys: map[uint64]*hangStat{}, ops: map[int]bool{}, tried: map[*seq.Seq]bool{}}
}

// hangStat counts a key's calls that hung and that returned.
type hangStat struct {
	hangs, normal int
}

// learned reports whether any call has hung.
func (h *hangs) learned() bool { return len(h.ops) > 0 }

// learn counts the calls of a sequence that ran as hangs or normal runs.
func (h *hangs) learn(o *outcome) {
	switch {
	case o.crash != nil && crashHung(o.crash):
		h.note(o.s, o.crash)
	case o.crash != nil:
		h.returned(o.s, o.crash.Stmt)
	case o.res != nil:
		ran := 0
		for ran < len(o.res.Stmts) && o.res.Stmts[ran].Outcome != rt.OutSkipped {
			ran++
		}
		h.returned(o.s, ran)
	}
}

// keep vetoes a proposal that makes a call that hung before on the same
// construction, but for the explorations admit lets through.
func (h *hangs) keep(s *seq.Seq) bool {
	if !h.admit(s, h.risk(s), h.budget.planned) {
		h.stats.HangSkipped++
		return false
	}
	return true
}

// keepAgain is keep at launch, for a batch generated before the outcomes
// of the batch before it were learned from; an exploration admitted at
// generation stays.
func (h *hangs) keepAgain(s *seq.Seq) bool {
	if h.tried[s] {
		delete(h.tried, s)
		return true
	}
	return h.keep(s)
}

// Hang risks of a call, from none to known.
const (
	riskNone    = iota
	riskVariant // an unseen variant of a construction that hung
	riskKnown   // a construction seen hanging
)

// note learns from a sequence whose statement c.Stmt (the last when
// unknown) ran until its limit.
func (h *hangs) note(s *seq.Seq, c *executor.Crash) {
	k := c.Stmt
	if k < 0 || k >= s.Len() {
		k = s.Len() - 1
	}
	if k < 0 {
		return
	}
	if wiredIntoItself(h.prog, s, k) {
		// A value wired into itself recurses whatever its
		// construction (costly.go learns the direct case): a key for
		// its construction would keep the call from the values of
		// that making that were wired to something else
		// (text/tabwriter: every Writer is a zero Writer Init'ed).
		h.returned(s, k)
		return
	}
	h.ops[s.Stmts[k].Op] = true
	for _, key := range stmtHangKeys(h.prog, s, k) {
		for _, x := range []uint64{key.coarse, key.fine} {
			st := h.keys[x]
			if st == nil {
				st = &hangStat{}
				h.keys[x] = st
			}
			st.hangs++
			if key.coarse == key.fine {
				break
			}
		}
	}
	h.stats.Hangs++
	h.lastHangBatch = h.budget.batches
	// Statements before k returned.
	h.returned(s, k)
}

// returned counts the first n statements of s, which returned, as normal
// runs of the keys of operations that have hung.
func (h *hangs) returned(s *seq.Seq, n int) {
	if len(h.ops) == 0 {
		return
	}
	for k := 0; k < n && k < s.Len(); k++ {
		if !h.ops[s.Stmts[k].Op] {
			continue
		}
		for _, key := range stmtHangKeys(h.prog, s, k) {
			cs := h.keys[key.coarse] // a lookup only: no choice depends on map order
			if cs == nil {
				continue
			}
			if key.coarse == key.fine {
				cs.normal++
				continue
			}
			cs.normal++
			fs := h.keys[key.fine]
			if fs == nil {
				fs = &hangStat{}
				h.keys[key.fine] = fs
			}
			fs.normal++
		}
	}
}

// hanging reports whether a key's hangs outweigh its normal runs.
func hanging(st *hangStat) bool {
	return st != nil && st.hangs > 0 && st.normal < hangWeight*st.hangs
}

// keyRisk is the hang risk of one argument's keys.
func (h *hangs) keyRisk(key hangKeys) int {
	if fs := h.keys[key.fine]; fs != nil && (fs.hangs > 0 || fs.normal > 0) {
		// The fine key has been run: its own record decides.
		if hanging(fs) {
			return riskKnown
		}
		return riskNone
	}
	if hanging(h.keys[key.coarse]) {
		return riskVariant
	}
	return riskNone
}

// risk is the highest hang risk of the calls of s.
func (h *hangs) risk(s *seq.Seq) int {
	if len(h.ops) == 0 {
		return riskNone
	}
	risk := riskNone
	for k, st := range s.Stmts {
		if !h.ops[st.Op] {
			continue
		}
		for _, key := range stmtHangKeys(h.prog, s, k) {
			risk = max(risk, h.keyRisk(key))
			if risk == riskKnown {
				return risk
			}
		}
	}
	return risk
}

// prone reports whether passing pooled value v as parameter param of op
// would make a call that hung.
func (h *hangs) prone(op, param int, v *pooled) bool {
	if !h.ops[op] {
		return false
	}
	if !v.pathSet {
		v.pathCoarse, v.pathFine = valuePath(v.seq, v.stmt, v.result, v.seq.Len())
		v.pathSet = true
	}
	key := hangKeys{callKey(op, param, v.pathCoarse), callKey(op, param, v.pathFine)}
	return h.keyRisk(key) != riskNone
}

// admit decides whether a generated sequence with hang risk risk is run:
// those without risk always are; of the others, an exploration while the
// budget of sequences that may hang has room, unseen variants first.
func (h *hangs) admit(s *seq.Seq, risk int, planned int) bool {
	if risk == riskNone {
		return true
	}
	if h.spent >= hangFree+planned/hangEvery {
		return false
	}
	if risk == riskKnown && h.rng.IntN(4) != 0 {
		return false
	}
	h.spent++
	h.tried[s] = true
	h.stats.HangExplored++
	return true
}
