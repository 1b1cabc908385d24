package oracle

import (
	"context"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// maxNeighbours bounds the nearby inputs a hang candidate is run on.
const maxNeighbours = 8

// returnsNearby reports whether the target call of s, which ran past its
// CPU-time limit, returns (normally, with an error or a panic, but within
// the limit) on a nearby input: s with one literal shortened, lengthened or
// moved by one. A call that hangs on every input near this one (a reader
// of an endless source, a loop over a count the test set high) is no bug
// the input shows; one that hangs on this input alone is a loop that
// misses its end on it (issue 32).
func returnsNearby(ctx context.Context, runner executor.Runner, s *seq.Seq, target int) bool {
	if runner == nil {
		return false
	}
	var reqs []rt.Request
	for i := 0; i <= target && len(reqs) < maxNeighbours; i++ {
		for j, a := range s.Stmts[i].Args {
			if !a.IsLit {
				continue
			}
			for _, l := range neighbours(a.Lit) {
				if len(reqs) == maxNeighbours {
					break
				}
				v := s.Clone()
				v.Stmts = v.Stmts[:target+1]
				args := append([]seq.Arg(nil), v.Stmts[i].Args...)
				args[j].Lit = l
				v.Stmts[i].Args = args
				reqs = append(reqs, v.Wire(uint64(len(reqs)), 0))
			}
		}
	}
	for _, out := range runBy(ctx, runner, reqs) {
		if out.Crash == nil && out.Result != nil && len(out.Result.Stmts) > target &&
			out.Result.Stmts[target].Outcome != rt.OutSkipped {
			return true
		}
	}
	return false
}

// neighbours are the literals next to l: a string or byte slice one byte
// shorter or with its first byte changed, an integer one up or down.
func neighbours(l seq.Lit) []seq.Lit {
	switch l.Kind {
	case seq.LitString, seq.LitBytes:
		var out []seq.Lit
		if len(l.S) > 0 {
			a := l
			a.S, a.Name = l.S[:len(l.S)-1], ""
			b := l
			b.S, b.Name = string(l.S[0]^1)+l.S[1:], ""
			out = append(out, a, b)
		}
		return out
	case seq.LitInt:
		a, b := l, l
		a.I, b.I, a.Name, b.Name = l.I+1, l.I-1, "", ""
		return []seq.Lit{a, b}
	case seq.LitUint:
		a := l
		a.U, a.Name = l.U+1, ""
		if l.U == 0 {
			return []seq.Lit{a}
		}
		b := l
		b.U, b.Name = l.U-1, ""
		return []seq.Lit{a, b}
	}
	return nil
}

// runBy runs reqs on runner, ending at ctx's deadline when it has one
// and runner can (executor.DeadlineRunner): the findings stage's runs
// (focus's narrowed tests, a hang's nearby inputs, minimization) end
// with the stage's time; what is left unrun comes back Unrun. A done
// ctx runs nothing.
func runBy(ctx context.Context, runner executor.Runner, reqs []rt.Request) []executor.Outcome {
	if ctx.Err() != nil {
		out := make([]executor.Outcome, len(reqs))
		for i := range out {
			out[i].Unrun = true
		}
		return out
	}
	if by, ok := ctx.Deadline(); ok {
		if dr, ok := runner.(executor.DeadlineRunner); ok {
			return dr.RunUntil(reqs, by)
		}
	}
	return runner.Run(reqs)
}
