package oracle

import (
	"context"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/minimize"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Revealing turns the error-revealing failures of the search into
// findings with minimized test cases, one per kind and panic site. Only
// failures whose whole test uses the package legally count (see Illegal),
// and minimization keeps them legal. A crash (a stack overflow, a panic on
// another goroutine) gets its sequence as it is: its test runs it in a
// child process (oracle.CheckCrash). parallel bounds the minimization jobs
// in flight.
func Revealing(ctx context.Context, prog *model.Program, runner executor.Runner, failures []*corpus.Failure, parallel int) []*Finding {
	return RevealingLogged(ctx, prog, runner, failures, parallel, nil)
}

// RevealingLogged is Revealing that tells logf (when not nil) why each
// failure it drops is no finding: the rule that called its input illegal,
// the candidate gate's clause, or the hang's nearby inputs. The generator
// passes its debug log (GENTEST_DEBUG), so that a bug the search reached
// but did not report names the rule that dropped it.
func RevealingLogged(ctx context.Context, prog *model.Program, runner executor.Runner, failures []*corpus.Failure, parallel int, logf func(format string, args ...any)) []*Finding {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	var out []*Finding
	var jobs []minimize.Job
	var minimized []*Finding
	seen := map[string]bool{}
	d := newDocs(prog)
	failures = focus(ctx, prog, runner, failures, func(f *corpus.Failure) bool {
		if !f.Revealing && !f.Candidate {
			return false
		}
		last := f.Seq.Len() - 1
		return illegal(prog, f.Seq, f.Result, last, f.Candidate) != "" ||
			f.Candidate && candidateIllegal(prog, d, f.Seq, f.Result, last, f.Kind) != ""
	})
	for _, f := range failures {
		if !f.Revealing && !f.Candidate {
			continue
		}
		last := f.Seq.Len() - 1
		op := prog.Ops[f.Seq.Stmts[last].Op]
		key := f.Kind + " " + op.FullName()
		msg := f.Message
		if f.Result != nil {
			site := f.Result.Stmt(last).PanicSite()
			key = f.Kind + " " + site
			if site != "" {
				msg += " at " + site
			}
		}
		if seen[key] {
			continue
		}
		if why := illegal(prog, f.Seq, f.Result, last, f.Candidate); why != "" {
			logf("finding dropped: %s (%s): illegal: %s; test %s", key, msg, why, f.Seq.Key())
			continue
		}
		if f.Candidate {
			if why := candidateIllegal(prog, d, f.Seq, f.Result, last, f.Kind); why != "" {
				logf("finding dropped: %s (%s): candidate gate: %s; test %s", key, msg, why, f.Seq.Key())
				continue
			}
		}
		if f.Kind == corpus.KindHang && !returnsNearby(ctx, runner, f.Seq, last) {
			if ctx.Err() != nil {
				// Not judged: no nearby input ran by the stage's
				// deadline (the generator reports the stage as cut).
				logf("finding not judged: %s (%s): the findings stage's deadline came before its nearby inputs ran", key, msg)
				continue
			}
			logf("finding dropped: %s (%s): every nearby input hangs too", key, msg)
			continue
		}
		seen[key] = true
		if f.Kind == "stack-overflow" && runner != nil {
			if oversizedInts(prog, runner, f.Seq, last) {
				continue
			}
		}
		fd := &Finding{Kind: f.Kind, Message: msg, Function: op.FullName(),
			Case: &Case{Seq: f.Seq, Target: last, Key: -1000 - len(out)}}
		switch {
		case f.Kind == corpus.KindHang:
			fd.Check = FindingCheck{Kind: CheckHang, Stmt: last}
		case f.Crash != nil:
			fd.Check = FindingCheck{Kind: CheckCrash, Stmt: last}
		default:
			orig := minimize.Trial{Seq: f.Seq, Target: last}
			keep := minimize.KeepsFailure(prog, orig, executor.Outcome{Result: f.Result})
			if f.Candidate {
				keep = stillCandidate(prog, d, f.Kind, keep)
			} else {
				keep = stillRevealing(prog, f.Kind, keep)
			}
			jobs = append(jobs, minimize.Job{Seq: f.Seq, Target: last, Keep: keep})
			minimized = append(minimized, fd)
		}
		out = append(out, fd)
	}
	if len(jobs) > 0 {
		res := minimize.MinimizeAll(ctx, prog, runner, jobs, parallel, minimize.Options{MaxTrials: 300})
		for j, fd := range minimized {
			fd.Case.Seq, fd.Case.Target = res[j].Seq, res[j].Target
		}
	}
	return out
}

// stillCandidate is stillRevealing for a candidate panic: the shrunk test
// must panic in the same class and still pass the candidate gate, so that
// minimizing never turns a parser's bounds panic on legal input into one
// on a nil input, a callback or a doc-stated precondition.
func stillCandidate(prog *model.Program, d *docs, kind string, keep minimize.Property) minimize.Property {
	return func(t minimize.Trial, out executor.Outcome) bool {
		if !keep(t, out) {
			return false
		}
		k := corpus.ClassifyCandidate(out.Result.Stmt(t.Target), t.Seq.Stmts[t.Target], out.Result)
		return k == kind && illegal(prog, t.Seq, out.Result, t.Target, true) == "" &&
			candidateIllegal(prog, d, t.Seq, out.Result, t.Target, kind) == ""
	}
}

// stillRevealing narrows a failure's property to candidates whose panic
// the search would still call a bug of the same kind and whose test stays
// legal: shrinking the input of a nil dereference to a nil literal (or a
// nil value) reproduces the panic at the same site but turns it into an
// illegal input.
func stillRevealing(prog *model.Program, kind string, keep minimize.Property) minimize.Property {
	return func(t minimize.Trial, out executor.Outcome) bool {
		if !keep(t, out) {
			return false
		}
		k, ok := corpus.ClassifyPanic(out.Result.Stmt(t.Target), t.Seq.Stmts[t.Target], out.Result)
		return ok && k == kind && Illegal(prog, t.Seq, out.Result, t.Target) == ""
	}
}

// maxDepthInt is the integer input above which a stack overflow is blamed
// on the input's size rather than on the code: a recursion as deep as its
// argument (factorial(n)) overflows the 64 MiB stack limit only for n in
// the hundreds of thousands, while a recursion that never ends overflows
// whatever the input.
const maxDepthInt = 1 << 16

// oversizedInts reports whether the target call of s passes an integer of
// magnitude maxDepthInt or more, as a literal or as the value an earlier
// statement returned (the prefix is run again with value trees to see it):
// montanaflynn/stats's NormMoment(n, ...) recurses n deep through its
// factorial, and n = Ncr(63, 18) is no size a caller means.
func oversizedInts(prog *model.Program, runner executor.Runner, s *seq.Seq, target int) bool {
	st := s.Stmts[target]
	big := func(i int64) bool { return i >= maxDepthInt || i <= -maxDepthInt }
	var refs bool
	for _, a := range st.Args {
		if a.IsLit {
			switch a.Lit.Kind {
			case seq.LitInt:
				if big(a.Lit.I) {
					return true
				}
			case seq.LitUint:
				if a.Lit.U >= maxDepthInt {
					return true
				}
			}
			continue
		}
		refs = true
	}
	if !refs || target == 0 {
		return false
	}
	prefix := &seq.Seq{Stmts: s.Stmts[:target]}
	outs := runner.Run([]rt.Request{prefix.Wire(0, rt.FlagDetail)})
	if len(outs) == 0 || outs[0].Result == nil {
		return false
	}
	res := outs[0].Result
	for _, a := range st.Args {
		if a.IsLit || a.Stmt >= len(res.Stmts) || a.Result >= len(res.Stmt(a.Stmt).Values()) {
			continue
		}
		tr := res.Stmt(a.Stmt).Tree(a.Result)
		switch {
		case tr == nil:
		case tr.Kind == rt.TInt && big(tr.I):
			return true
		case tr.Kind == rt.TUint && tr.U >= maxDepthInt:
			return true
		}
	}
	return false
}
