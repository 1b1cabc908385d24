package oracle

import (
	"go/types"
	"slices"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/minimize"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Readable sinks. A writer of the package writes its output into the
// io.Writer the test handed it; the search fills that parameter with any
// value of the interface: another of the package's writers, the writer
// itself (tabwriter's w.Init(w, ...)), io.MultiWriter(), an
// io.OffsetWriter. The test then cannot read what was written, and every
// mutant of the formatting survives it (text/tabwriter: 103 of its 135
// surviving mutants were infected by such tests). Before the observers
// are added, each candidate handing such a value to a call of the package
// is tried with a fresh buffer of its own in its place (a *bytes.Buffer
// the model's detective produces, whose String the sink observers read,
// sinkRefs); the swap is kept only where the candidate still covers all
// it covered and its target ends in the same class (an OffsetWriter's
// error path stays a test of that error).

// sinkMaker is an operation that makes a readable sink: a detective
// producer of another package's pointer type with a String observer,
// called with empty literals.
type sinkMaker struct {
	op   *model.Op
	args []seq.Arg
}

// sinkMakers returns the operations that make readable sinks, fewest
// parameters first, then in the model's order.
func sinkMakers(prog *model.Program) []sinkMaker {
	var out []sinkMaker
	for _, op := range prog.Ops {
		if !readableSink(prog, op) {
			continue
		}
		args, ok := emptyArgs(op)
		if ok {
			out = append(out, sinkMaker{op, args})
		}
	}
	slices.SortStableFunc(out, func(a, b sinkMaker) int { return len(a.args) - len(b.args) })
	return out
}

// readableSink reports whether op makes a value whose content a test can
// read after the target: another package's pointer (a *bytes.Buffer, a
// *strings.Builder) with a String observer, as sinkRefs reads it.
func readableSink(prog *model.Program, op *model.Op) bool {
	if !op.Detective || op.Kind == model.Recorded || op.Records() || len(op.Results) == 0 {
		return false
	}
	if _, ok := op.Results[0].(*types.Pointer); !ok {
		return false
	}
	for _, ob := range observersOf(prog, op, op.Results[0]) {
		if ob.Detective && observerRank(ob) == 0 {
			return true
		}
	}
	return false
}

// emptyArgs returns the literal arguments that make op's value empty
// (bytes.NewBuffer(nil), bytes.NewBufferString("")); false when a
// parameter takes no such literal.
func emptyArgs(op *model.Op) ([]seq.Arg, bool) {
	args := make([]seq.Arg, len(op.Params))
	for i, p := range op.Params {
		switch p.Lit {
		case model.LitString:
			args[i] = seq.LitArg(seq.Lit{Kind: seq.LitString})
		case model.LitBytes, model.LitSlice, model.LitNilOK:
			args[i] = seq.LitArg(seq.Lit{Kind: seq.LitNil})
		default:
			return nil, false
		}
	}
	return args, true
}

// withReadableSinks returns entries with each candidate whose calls of
// the package take an unreadable value of a writer interface (writerIface)
// replaced by its swapped form (swapSinks), where the swap keeps what the
// candidate covers and its target's class; the others as they were. The
// entries replaced are new: the search's corpus keeps its own.
func withReadableSinks(prog *model.Program, runner executor.Runner, entries []*corpus.Entry) []*corpus.Entry {
	makers := sinkMakers(prog)
	if len(makers) == 0 {
		return entries
	}
	var idx []int
	var swapped []*seq.Seq
	var reqs []rt.Request
	for i, e := range entries {
		if e.Result == nil || panicEntry(e) || e.Target != e.Seq.Len()-1 {
			continue
		}
		if s := swapSinks(prog, e.Seq, e.Target, makers); s != nil {
			// The original runs again beside its swapped form: the
			// search's result may not carry the values a class needs.
			idx = append(idx, i)
			swapped = append(swapped, s)
			reqs = append(reqs, e.Seq.Wire(uint64(len(reqs)), 0), s.Wire(uint64(len(reqs)+1), 0))
		}
	}
	if len(reqs) == 0 {
		return entries
	}
	out := slices.Clone(entries)
	outs := runner.Run(reqs)
	for n, s := range swapped {
		e, o := entries[idx[n]], outs[2*n+1]
		orig := &corpus.Entry{Seq: e.Seq, Result: outs[2*n].Result, Target: e.Target}
		ne := &corpus.Entry{Seq: s, Result: o.Result, Target: s.Len() - 1, NewCov: e.NewCov}
		if keepsJudged(prog, orig, ne, o) {
			out[idx[n]] = ne
		}
	}
	return out
}

// keepsJudged reports whether the swapped candidate ne (run as o) shows
// what e (run again beside it) did: every statement returned, the
// target's class is e's, and it covers every block and branch side e
// covered.
func keepsJudged(prog *model.Program, e, ne *corpus.Entry, o executor.Outcome) bool {
	if !ranToTarget(ne, o) || !allNormal(o.Result, -1) {
		return false
	}
	want, ok1 := minimize.ClassOf(prog, minimize.Trial{Seq: e.Seq, Target: e.Target}, e.Result)
	got, ok2 := minimize.ClassOf(prog, minimize.Trial{Seq: ne.Seq, Target: ne.Target}, o.Result)
	if !ok1 || !ok2 || want != got {
		return false
	}
	have := map[int64]bool{}
	for _, g := range minimize.CoverageOf(o.Result) {
		have[g] = true
	}
	for _, g := range minimize.CoverageOf(e.Result) {
		if !have[g] {
			return false
		}
	}
	return true
}

// swapSinks returns s with every argument of a call of the package up to
// target that is an unreadable value of a writer interface (writerIface) a sink maker's
// value implements replaced by a new sink made just before the call, at
// most maxSinks of them; the values left unused that only an operation
// without effects made (a zero value, another package's producer:
// io.MultiWriter(), &tabwriter.Writer{} handed only as the writer) go,
// and what made only them. Nil when nothing is swapped.
func swapSinks(prog *model.Program, s *seq.Seq, target int, makers []sinkMaker) *seq.Seq {
	type swap struct{ k, j, maker int }
	var swaps []swap
	for k := 0; k <= target && k < s.Len() && len(swaps) < maxSinks; k++ {
		st, op := s.Stmts[k], prog.Ops[s.Stmts[k].Op]
		if !op.UnderTest {
			continue
		}
		for j, a := range st.Args {
			if a.IsLit || j >= len(op.Params) || op.Params[j].Recv || len(swaps) >= maxSinks {
				continue
			}
			pt := op.Params[j].Type
			if !writerIface(pt) || readableSink(prog, prog.Ops[s.Stmts[a.Stmt].Op]) {
				continue
			}
			for m := range makers {
				if types.AssignableTo(makers[m].op.Results[0], pt) {
					swaps = append(swaps, swap{k, j, m})
					break
				}
			}
		}
	}
	if len(swaps) == 0 {
		return nil
	}
	swapped := map[[2]int]int{} // (statement, argument) -> maker
	for _, w := range swaps {
		swapped[[2]int{w.k, w.j}] = w.maker
	}
	// uses counts the references left to each statement's results.
	uses := make([]int, s.Len())
	for k, st := range s.Stmts {
		for j, a := range st.Args {
			if _, ok := swapped[[2]int{k, j}]; !a.IsLit && !ok {
				uses[a.Stmt]++
			}
		}
	}
	dead := make([]bool, s.Len())
	// Producers come before their users: one pass from the end takes out
	// chains (an OffsetWriter of an OffsetWriter). What no statement used
	// before the swap stays: it is there for its effect.
	for p := target - 1; p >= 0; p-- {
		op := prog.Ops[s.Stmts[p].Op]
		if uses[p] > 0 || !wasUsed(s, p) || op.UnderTest && op.Kind != model.Zero {
			continue
		}
		dead[p] = true
		for _, a := range s.Stmts[p].Args {
			if !a.IsLit {
				uses[a.Stmt]--
			}
		}
	}
	out := &seq.Seq{}
	renum := make([]int, s.Len()) // old statement -> new
	for k, st := range s.Stmts {
		if dead[k] {
			continue
		}
		args := make([]seq.Arg, len(st.Args))
		for j, a := range st.Args {
			if m, ok := swapped[[2]int{k, j}]; ok {
				out.Stmts = append(out.Stmts, seq.Stmt{Op: makers[m].op.ID, Args: slices.Clone(makers[m].args)})
				a = seq.Ref(len(out.Stmts)-1, 0)
			} else if !a.IsLit {
				a.Stmt = renum[a.Stmt]
			}
			args[j] = a
		}
		renum[k] = len(out.Stmts)
		out.Stmts = append(out.Stmts, seq.Stmt{Op: st.Op, Args: args, Repeat: st.Repeat})
	}
	return out
}

// writerIface reports whether t is an interface with a Write method (an
// io.Writer, an io.WriteCloser, a package's own writer interface): what
// the package writes goes through it. An io.Reader or an empty interface
// is no sink: a buffer in its place would stand for another input, not
// for the same input made readable (an element of a container, a value
// to Scan).
func writerIface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		if it.Method(i).Name() == "Write" {
			return true
		}
	}
	return false
}

// wasUsed reports whether a statement of s uses a result of statement p.
func wasUsed(s *seq.Seq, p int) bool {
	for _, st := range s.Stmts[p+1:] {
		for _, a := range st.Args {
			if !a.IsLit && a.Stmt == p {
				return true
			}
		}
	}
	return false
}
