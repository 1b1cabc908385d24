package search

import (
	"math/rand/v2"
	"slices"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Repetition (issue 34): state that changes only after many calls — a
// node that splits at 64 entries, a cache that evicts at its capacity, a
// buffer that flushes when full — is out of reach of sequences of a few
// dozen statements. A statement can instead repeat its call n times
// (seq.Stmt.Repeat) with its literal arguments combined with the loop
// index (seq.Arg.Index), so that the calls insert distinct elements. The
// search makes loops by mutation (here), and local search tunes n as one
// more variable of its climbs (climbVars): a branch distance on a count
// (n.count == maxEntries, len(x) > cap) then moves n to the threshold.

// repeatStarts are the counts a new loop starts with: capacities are
// often powers of two, and a count past one reaches it anyway. They stop
// at 256 so that a loop costs at most a few hundred calls until local
// search asks for more (up to seq.MaxRepeat).
var repeatStarts = []int{3, 8, 16, 32, 64, 100, 128, 256}

// repeatable reports whether st, a call of op, can usefully repeat: it
// takes a value it may change (a reference argument of an operation whose
// effects are unknown or change an input) and a literal that can differ
// from call to call.
func repeatable(op *model.Op, st *seq.Stmt) bool {
	if op == nil || len(st.Args) != len(op.Params) {
		return false
	}
	e := op.Effects
	if e.Known && (e.Pure || !e.MutatesRecv && len(e.MutatesParams) == 0) {
		return false
	}
	ref, lit := false, false
	for _, a := range st.Args {
		if a.IsLit {
			lit = lit || seq.Indexable(a.Lit.Kind)
		} else {
			ref = true
		}
	}
	return ref && lit
}

// makeRepeat makes statement k of s repeat n times, every literal that can
// differ per call taking the loop index. It changes s's statement in
// place, with a fresh argument slice (sequences share them).
func makeRepeat(s *seq.Seq, k, n int) {
	st := &s.Stmts[k]
	args := append([]seq.Arg(nil), st.Args...)
	for j := range args {
		if args[j].IsLit && seq.Indexable(args[j].Lit.Kind) {
			args[j].Index = true
		}
	}
	st.Args, st.Repeat = args, min(max(n, 1), seq.MaxRepeat)
}

// changeRepeat mutates the repetition of one statement of s: a
// statement that does not repeat starts a loop (newRepeatCount); one that
// does has its
// count halved, doubled or set to one of repeatStarts, or stops
// repeating. It reports whether s changed.
func changeRepeat(rng *rand.Rand, prog *model.Program, consts *Constants, s *seq.Seq) bool {
	var cands []int
	for i := range s.Stmts {
		st := &s.Stmts[i]
		if st.Repeat > 1 || st.Op < len(prog.Ops) && repeatable(prog.Ops[st.Op], st) {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		return false
	}
	k := cands[rng.IntN(len(cands))]
	n := s.Stmts[k].Repeat
	switch {
	case n < 2:
		var ok bool
		if n, ok = newRepeatCount(rng, consts); !ok {
			return false
		}
	case rng.IntN(4) == 0:
		n = 1
	case rng.IntN(3) == 0:
		n = repeatStarts[rng.IntN(len(repeatStarts))]
	case rng.IntN(2) == 0:
		n /= 2
	default:
		n *= 2
	}
	if n == s.Stmts[k].Repeat {
		return false
	}
	makeRepeat(s, k, n)
	return true
}

// repeatMutationOdds: one mutation (or random sequence) in this many
// makes or changes a loop. Loops cost up to hundreds of calls each, so
// they are a small share of what the search runs.
const repeatMutationOdds = 32

// newRepeatCount draws the count of a new loop: one more than a count the
// package compares against (repeatThresholds: len(l.entries) > maxEntries
// with maxEntries 64 starts loops of 65), or, in a package without such
// constants, one of repeatStarts but only one time in
// repeatNoThresholdOdds (false otherwise): there a loop is a guess, and
// loops carried by pooled sequences into their extensions cost every
// later run of them (simplelru at 20000 executions: 5322 executions/s
// before loops, 1698 with them at odds 1 in 32).
func newRepeatCount(rng *rand.Rand, consts *Constants) (int, bool) {
	if ts := consts.repeatThresholds(); len(ts) > 0 {
		return ts[rng.IntN(len(ts))], true
	}
	if rng.IntN(repeatNoThresholdOdds) != 0 {
		return 0, false
	}
	return repeatStarts[rng.IntN(len(repeatStarts))], true
}

const repeatNoThresholdOdds = 8

// minThreshold is the least compared count a loop is started for: a few
// calls of an ordinary sequence reach smaller ones.
const minThreshold = 8

// repeatThresholds returns, ascending and distinct, one more than each
// integer constant in [minThreshold, seq.MaxRepeat) that the package
// compares against, switches on or takes a length with (constpool's
// origins): the capacities a count of calls may have to pass. Nil for a
// nil c (no constant mining).
func (c *Constants) repeatThresholds() []int {
	if c == nil {
		return nil
	}
	var out []int
	for _, class := range []model.LitClass{model.LitInt, model.LitUint} {
		g := c.global[class]
		if g == nil {
			continue
		}
		for _, v := range g.vals {
			x := v.lit.I
			if v.lit.Kind == seq.LitUint {
				x = int64(min(v.lit.U, seq.MaxRepeat))
			}
			if v.compared && v.lit.Kind != seq.LitFloat && x >= minThreshold && x < seq.MaxRepeat && !slices.Contains(out, int(x)+1) {
				out = append(out, int(x)+1)
			}
		}
	}
	slices.Sort(out)
	return out
}

// newLoopRand returns the random source of repetition's draws (whether a
// proposal or a mutation makes or changes a loop, and its count), apart
// from the search's own: a draw per proposal from the search's source
// shifted every later draw, so that with loops a seed ran another search
// altogether, not the same search with a few loops in it, and findings
// and coverage that depend on the seed (TestRuntimeFindings' makeslice at
// seed 1, TestCostlyStaysInBudget's first timeout before or after the
// Writer's branches) came and went with the loop code rather than with
// what loops do.
func newLoopRand(seed int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), loopStream))
}

// loopStream is the second word of newLoopRand's PCG seed, not the
// search's (engine.go), so that the two streams differ.
const loopStream = 0x6a09e667f3bcc909

// loopRand returns loops, or rng when there is none (a search built
// without an engine, in tests).
func loopRand(loops, rng *rand.Rand) *rand.Rand {
	if loops != nil {
		return loops
	}
	return rng
}

// constantsOf returns l's mined constants, nil without any.
func constantsOf(l *literals) *Constants {
	if l == nil {
		return nil
	}
	return l.constants
}
