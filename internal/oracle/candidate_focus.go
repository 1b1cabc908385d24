package oracle

import (
	"context"
	"strings"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/minimize"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// The search keeps the first few failing sequences of each kind and site
// (search.maxFailuresPerKey), as it met them: long sequences whose
// statements before the failing call often have nothing to do with it.
// The legality rules judge the whole test, so a statement that never
// touches the failing call's values (a callback made for another call, a
// nil passed to another function) can make a bug's only sequences
// illegal: jsonparser's Delete and runtimebugs' Lookup, whose three kept
// sequences each built a function literal for a call beside them, were
// dropped as "takes a callback". focus narrows such a failure to the
// statements connected to the failing call and keeps the narrowing only
// when the narrowed test still fails the same way.

// connected returns the statements of s up to target that share values
// with target: the statements whose results target uses, those whose
// results they use, and the statements that use any of those values
// (a method configuring the receiver before the failing call), to a
// fixpoint. References point backwards, so statements after target are
// never needed.
func connected(s *seq.Seq, target int) []bool {
	mark := make([]bool, target+1)
	mark[target] = true
	for changed := true; changed; {
		changed = false
		for k := target; k >= 0; k-- {
			if mark[k] {
				for _, a := range s.Stmts[k].Args {
					if !a.IsLit && !mark[a.Stmt] {
						mark[a.Stmt], changed = true, true
					}
				}
				continue
			}
			for _, a := range s.Stmts[k].Args {
				if !a.IsLit && mark[a.Stmt] {
					mark[k], changed = true, true
					break
				}
			}
		}
	}
	return mark
}

// narrowed returns s cut to the statements connected to its last one,
// references renumbered, or nil when every statement is connected.
func narrowed(s *seq.Seq) *seq.Seq {
	target := s.Len() - 1
	mark := connected(s, target)
	idx := make([]int, target+1)
	out := &seq.Seq{}
	for i := 0; i <= target; i++ {
		if !mark[i] {
			idx[i] = -1
			continue
		}
		st := s.Stmts[i]
		args := append([]seq.Arg(nil), st.Args...)
		for j := range args {
			if !args[j].IsLit {
				args[j].Stmt = idx[args[j].Stmt]
			}
		}
		idx[i] = len(out.Stmts)
		out.Stmts = append(out.Stmts, seq.Stmt{Op: st.Op, Args: args})
	}
	if len(out.Stmts) == s.Len() {
		return nil
	}
	return out
}

// focus narrows each failure the rules reject (rejected) to the
// statements connected to its failing call, runs the narrowed tests in one
// batch, and returns failures with the narrowed sequence in place of each
// whose narrowed run fails as the original did (same panic class and site,
// or the same crash; a hang must still use its CPU-time limit). The others
// are returned as they were.
func focus(ctx context.Context, prog *model.Program, runner executor.Runner, failures []*corpus.Failure, rejected func(*corpus.Failure) bool) []*corpus.Failure {
	out := append([]*corpus.Failure(nil), failures...)
	if runner == nil {
		return out
	}
	var reqs []rt.Request
	var which []int
	var seqs []*seq.Seq
	for i, f := range failures {
		if !rejected(f) {
			continue
		}
		n := narrowed(f.Seq)
		if n == nil {
			continue
		}
		reqs = append(reqs, n.Wire(uint64(len(reqs)), 0))
		which = append(which, i)
		seqs = append(seqs, n)
	}
	if len(reqs) == 0 {
		return out
	}
	outs := runBy(ctx, runner, reqs)
	for j, i := range which {
		if j >= len(outs) {
			break
		}
		f, n, o := failures[i], seqs[j], outs[j]
		if o.Unrun {
			continue // the stage's deadline: judged as it was
		}
		orig := minimize.Trial{Seq: f.Seq, Target: f.Seq.Len() - 1}
		keep := minimize.KeepsFailure(prog, orig, executor.Outcome{Result: f.Result, Crash: f.Crash})
		if !keep(minimize.Trial{Seq: n, Target: n.Len() - 1}, o) {
			continue
		}
		if f.Kind == corpus.KindHang && !strings.HasSuffix(o.Crash.Message, "of CPU time") {
			// Killed for another reason than a busy CPU (blocked, out
			// of wall-clock time): not the same hang.
			continue
		}
		nf := *f
		nf.Seq, nf.Result, nf.Crash = n, o.Result, o.Crash
		if o.Crash != nil {
			nf.Message = o.Crash.String()
		}
		out[i] = &nf
	}
	return out
}
