package minimize

import (
	"context"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// Corpus shrinks every corpus entry in place while it keeps the coverage
// and the mutant infections it was the first to reach (GoalsOf) and the
// outcome of its target statement (Randoop ch. 6): together the entries
// keep the corpus's coverage and weak mutation score.
// parallel bounds the minimization jobs in flight.
func Corpus(ctx context.Context, prog *model.Program, runner executor.Runner, corpus []*corpus.Entry, parallel int) {
	jobs := make([]Job, len(corpus))
	var before []int64
	for i, e := range corpus {
		cov := GoalsOf(e.Result)
		need := Minus(cov, before)
		if e.Result != nil && e.Target < len(e.Result.Stmts) && e.Result.Stmts[e.Target].Outcome == rt.OutNormal {
			// What an entry whose target panics covers does not spare
			// later entries keeping it: its test is the likelier to go.
			before = mergeSorted(before, cov)
		}
		orig := Trial{Seq: e.Seq, Target: e.Target}
		jobs[i] = Job{Seq: e.Seq, Target: e.Target, Keep: KeepsCoverage(prog, orig, e.Result, need)}
	}
	for i, r := range MinimizeAll(ctx, prog, runner, jobs, parallel, Options{MaxTrials: 300}) {
		corpus[i].Seq, corpus[i].Target = r.Seq, r.Target
	}
}

// mergeSorted returns the sorted union of two sorted slices.
func mergeSorted(a, b []int64) []int64 {
	out := make([]int64, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var x int64
		switch {
		case j >= len(b) || (i < len(a) && a[i] < b[j]):
			x = a[i]
			i++
		case i >= len(a) || b[j] < a[i]:
			x = b[j]
			j++
		default:
			x = a[i]
			i++
			j++
		}
		if len(out) == 0 || out[len(out)-1] != x {
			out = append(out, x)
		}
	}
	return out
}
