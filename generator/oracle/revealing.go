package oracle

import (
	"context"

	"github.com/gentest-go/gentest/generator/exec"
	"github.com/gentest-go/gentest/generator/minimize"
	"github.com/gentest-go/gentest/generator/model"
	"github.com/gentest-go/gentest/generator/search"
)

// Revealing turns the error-revealing failures of the search into
// findings with minimized test cases, one per kind and panic site. Only
// failures whose whole test uses the package legally count (see Illegal),
// and minimization keeps them legal. A crash (a stack overflow, a panic on
// another goroutine) gets its sequence as it is: its test runs it in a
// child process (oracle.CheckCrash). parallel bounds the minimization jobs
// in flight.
func Revealing(ctx context.Context, prog *model.Program, runner search.Runner, failures []*search.Failure, parallel int) []*Finding {
	var out []*Finding
	var jobs []minimize.Job
	var minimized []*Finding
	seen := map[string]bool{}
	for _, f := range failures {
		if !f.Revealing {
			continue
		}
		last := f.Seq.Len() - 1
		op := prog.Ops[f.Seq.Stmts[last].Op]
		key := f.Kind + " " + op.FullName()
		msg := f.Message
		if f.Result != nil {
			site := f.Result.Stmts[last].PanicSite
			key = f.Kind + " " + site
			if site != "" {
				msg += " at " + site
			}
		}
		if seen[key] || Illegal(prog, f.Seq, f.Result, last) != "" {
			continue
		}
		seen[key] = true
		fd := &Finding{Kind: f.Kind, Message: msg, Function: op.FullName(),
			Case: &Case{Seq: f.Seq, Target: last, Key: -1000 - len(out)}}
		if f.Crash != nil {
			fd.Check = FindingCheck{Kind: CheckCrash, Stmt: last}
		} else {
			orig := minimize.Trial{Seq: f.Seq, Target: last}
			keep := stillRevealing(prog, f.Kind, minimize.KeepsFailure(prog, orig, exec.Outcome{Result: f.Result}))
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

// stillRevealing narrows a failure's property to candidates whose panic
// the search would still call a bug of the same kind and whose test stays
// legal: shrinking the input of a nil dereference to a nil literal (or a
// nil value) reproduces the panic at the same site but turns it into an
// illegal input.
func stillRevealing(prog *model.Program, kind string, keep minimize.Property) minimize.Property {
	return func(t minimize.Trial, out exec.Outcome) bool {
		if !keep(t, out) {
			return false
		}
		k, ok := search.ClassifyPanic(&out.Result.Stmts[t.Target], t.Seq.Stmts[t.Target], out.Result)
		return ok && k == kind && Illegal(prog, t.Seq, out.Result, t.Target) == ""
	}
}
