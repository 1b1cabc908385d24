package search

import (
	"math/rand/v2"

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
// statement that does not repeat starts a loop; one that does has its
// count halved, doubled or set to one of repeatStarts, or stops
// repeating. It reports whether s changed.
func changeRepeat(rng *rand.Rand, prog *model.Program, s *seq.Seq) bool {
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
		n = repeatStarts[rng.IntN(len(repeatStarts))]
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
