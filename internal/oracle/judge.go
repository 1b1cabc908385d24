package oracle

import (
	"reflect"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/minimize"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Judgement is what the oracle learned from re-running the search's
// candidates with value trees: the cases worth writing with their
// assertions, what suite reduction needs to know about each, the calls
// where the purity analysis and the executor disagreed, and the
// pure-repeat contract's violations.
type Judgement struct {
	Cases []*Case
	// Cands are parallel to Cases: coverage and behaviour for
	// minimize.Reduce.
	Cands []minimize.Candidate
	// Disagreements lists, once each, calls the purity facts call pure
	// that changed an argument or returned a different result when
	// repeated.
	Disagreements []string
	// PureRepeat holds pure-repeat violations as findings, one per
	// function.
	PureRepeat []*Finding
	// Confirm says what confirmKills cost: the rounds it reduced
	// again, and the case-and-mutant runs it made.
	Confirm ConfirmStats
}

// ConfirmStats count the runs confirmKills made to make suite
// reduction's unique kills sound.
type ConfirmStats struct {
	Rounds, Runs, Kills int
}

// JudgeOptions configure Judge.
type JudgeOptions struct {
	// Sandboxed says the executors ran under the sandbox: a case whose
	// outcome shows the sandbox refusing something is not written, since
	// outside the sandbox the call would go through.
	Sandboxed bool
	// Variants run the same sequences on differently built copies of
	// the executor: values they see differently depend on the binary and
	// are not asserted (see binaryChecked).
	Variants []executor.Runner
	// Mutants is the number of mutants compiled into the executor
	// (harness.Harness.Mutants). With none, Judge judges as it did before
	// mutants existed; with some, each case runs against the mutants it
	// infects (Case.Mutation), the observers whose checks kill none are
	// dropped, and suite reduction keeps the mutants killed as goals.
	Mutants int
	// AllAsserts keeps every observer of a case judged against mutants:
	// the ablation of the assertion selection (-no=mutation-asserts).
	// Kills are still measured and reduction still keeps them.
	AllAsserts bool
	// MutantRunsPerCase and MutantRunsTotal bound the mutant runs: per
	// case, and all cases together; 0 means the defaults, 24 and 8 runs
	// per case.
	MutantRunsPerCase, MutantRunsTotal int
	// MutantDeadline, when set, ends the runs under mutants: those not
	// run by then say nothing. A time budget sets it; with -execs it is
	// zero, and the runs depend only on the cases.
	MutantDeadline time.Time
	// Offer is how the caller will offer each candidate to suite
	// reduction (nil: as it is, Reduced; complement mode: Beyond's), so
	// that the kills reduction keeps a test for alone are checked on the
	// other kept tests under the same goals (confirmKills).
	Offer func(minimize.Candidate) minimize.Candidate
	// Written is how the emitter will write a case (emit.Written: the
	// values pure calls before the target built become literals, and
	// those calls go), nil for as it is. The blocks a case covers and
	// the mutants it kills are measured on that form (writtenForms):
	// a call the file does not make covers nothing in it.
	Written func(*Case) *Case
}

// judgeFlags ask the executor for what Judge needs to know of a run: value
// trees, a repeated run in the same process (values that differ are
// Unstable), and the check of the purity facts.
const judgeFlags = rt.FlagDetail | rt.FlagRepeat | rt.FlagCheckPurity

// judgeRequest is s's request for the judge's runs: judgeFlags, and
// rt.FlagNondet when s calls an operation whose facts say it is
// nondeterministic, so that the executor repeats it often enough that a
// random choice seldom looks stable (the oracle checks an error, a nil
// result or a sentinel such a call returned when every run agreed).
func judgeRequest(prog *model.Program, s *seq.Seq, id uint64) rt.Request {
	flags := uint64(judgeFlags)
	for _, st := range s.Stmts {
		if st.Op >= 0 && st.Op < len(prog.Ops) && prog.Ops[st.Op].Effects.Nondeterministic {
			flags |= rt.FlagNondet
			break
		}
	}
	return s.Wire(id, flags)
}

// Judge adds observers to the candidates, re-runs each twice with value
// trees to learn what is stable enough to assert, and returns the cases
// with their regression assertions. With mutants in the executor
// (opts.Mutants), each case also runs against the mutants it infects
// (judgeMutants): the observers whose checks kill none are dropped, and
// the mutants killed become goals of suite reduction.
func Judge(prog *model.Program, runner executor.Runner, entries []*corpus.Entry, opts JudgeOptions) *Judgement {
	entries = withPanicPrefixes(prog, withoutForeignReceivers(prog, withoutDuplicates(entries)))
	// Before the observers: a swapped-in buffer is a sink they read.
	entries = withReadableSinks(prog, runner, entries)
	selectByMutants := opts.Mutants > 0 && !opts.AllAsserts
	AddObservers(prog, entries, selectByMutants)
	plain := runner
	if len(opts.Variants) > 0 {
		runner = binaryChecked{inner: runner, variants: opts.Variants, writesState: func(q *rt.Request) bool { return writesState(prog, q) }}
	}
	reqs := make([]rt.Request, len(entries))
	for i, e := range entries {
		reqs[i] = judgeRequest(prog, e.Seq, uint64(i))
	}
	outs := runner.Run(reqs)
	outs = withoutPanickingObservers(prog, runner, entries, outs)
	outs = pruneObservers(prog, runner, entries, outs, selectByMutants)
	j := &Judgement{Disagreements: []string{}}
	items := j.settle(prog, entries, outs, opts)
	muts := judgeMutants(prog, plain, runner, items, opts)
	for n, it := range items {
		e, o := it.e, it.o
		c := &Case{Seq: e.Seq, Target: e.Target, Key: it.i, Panics: it.panics, PanicMsg: panicChecked(prog, it),
			Asserts: Assertions(prog, e.Seq, o.Result, e.Target), Values: ArgValues(prog, e.Seq, o.Result)}
		c.TargetUnstable = targetUnstable(o.Result, e.Target)
		if static, _ := Taint(prog, e.Seq); static[e.Target] {
			ran, _ := TaintIn(prog, e.Seq, o.Result)
			c.Vouched = !ran[e.Target]
		}
		tr := minimize.Trial{Seq: e.Seq, Target: e.Target}
		key := minimize.BehaviourKey(prog, tr, o.Result)
		if it.panics {
			// Written only for coverage no other test has: a panic the
			// documentation announces is behaviour, but a test of it
			// for its own sake would test the language's type assertions
			// and index checks (IntComparator(nil, nil)) as often.
			key = 0
		}
		cand := minimize.Candidate{Len: e.Seq.Len(), Cover: minimize.CoverageOf(o.Result), BehaviourKey: key}
		if opts.Mutants > 0 {
			// With mutants the goals are the blocks and the mutants
			// killed (issue 30: a test is written only if it covers a
			// block or kills a mutant no other test does), as in
			// complement mode (ReducedBeyond): a condition's sides are
			// what its relational and negation mutants tell apart, so a
			// test for a side no kill needs checks nothing of its own.
			// The mutants it kills say what the test asserts of its
			// own: a behaviour no mutant tells apart earns no test, and
			// neither does one of a case no mutant ran against (muts[n]
			// nil), which kills none.
			cand.Cover, cand.BehaviourKey = blocksOnly(cand.Cover), 0
		}
		if muts != nil && muts[n] != nil {
			c.Mutation = muts[n]
			cand.Kills = muts[n].Killed
		}
		c.Asserts = keepIdentity(c.Asserts, c.Mutation, opts.AllAsserts)
		c.Blocks = blocksOnly(minimize.CoverageOf(o.Result))
		j.Cases = append(j.Cases, c)
		j.Cands = append(j.Cands, cand)
	}
	MarkEquateEmpty(prog, j.Cases)
	j.confirmKills(prog, plain, j.writtenForms(prog, plain, items, opts), opts)
	return j
}

// settle records the purity disagreements and pure-repeat violations of
// the runs outs of entries, and returns the candidates that become cases:
// those that ran to their target (or asserted a documented panic), cut
// after the first observer that did not return, and, in the sandbox,
// without the sandbox refusing anything.
func (j *Judgement) settle(prog *model.Program, entries []*corpus.Entry, outs []executor.Outcome, opts JudgeOptions) []judged {
	var items []judged
	disagree := map[string]bool{}
	repeated := map[string]bool{}
	for i, e := range entries {
		o := outs[i]
		if o.Result != nil {
			j.disagreements(prog, e, o.Result, disagree, repeated)
		}
		panics := docPanic(prog, e, o.Result)
		if !panics && !ranToTarget(e, o) {
			continue // not reproducible: not a test
		}
		// Observers come after the target; one that panicked (on a nil
		// result, say) is cut off with everything after it.
		for k := e.Target + 1; k < len(o.Result.Stmts); k++ {
			if o.Result.Stmts[k].Outcome != rt.OutNormal {
				// An address taken for the observers cut off serves
				// nothing any more (_ = &got): it goes too.
				for k > e.Target+1 && prog.Ops[e.Seq.Stmts[k-1].Op].Kind == model.Addr {
					k--
				}
				e.Seq = &seq.Seq{Stmts: e.Seq.Stmts[:k]}
				o.Result.Stmts = o.Result.Stmts[:k]
				break
			}
		}
		if opts.Sandboxed && SandboxDenied(o.Result) {
			continue
		}
		items = append(items, judged{i: i, e: e, o: o, panics: panics})
	}
	return items
}

// disagreements records the calls of e's run res where the purity facts
// and the executor disagreed, once each (disagree), and the pure-repeat
// violations among them, once per function (repeated).
func (j *Judgement) disagreements(prog *model.Program, e *corpus.Entry, res *rt.Result, disagree, repeated map[string]bool) {
	for k := range res.Stmts {
		sr := res.Stmt(k)
		if sr.Disagree() == "" || k >= e.Seq.Len() {
			continue
		}
		op := prog.Ops[e.Seq.Stmts[k].Op]
		d := op.FullName() + ": " + sr.Disagree()
		if disagree[d] {
			continue
		}
		disagree[d] = true
		j.Disagreements = append(j.Disagreements, d)
		// The contract "a pure function repeated on equal inputs
		// returns an equal result": the findings file keeps it
		// only if it reproduces.
		prefix := &seq.Seq{Stmts: e.Seq.Stmts[:k+1]}
		if sr.Disagree() == "result differs when repeated" && len(op.Results) > 0 && !repeated[op.FullName()] &&
			Illegal(prog, prefix, res, k) == "" {
			repeated[op.FullName()] = true
			j.PureRepeat = append(j.PureRepeat, &Finding{
				Case:     &Case{Seq: prefix, Target: k, Key: -3000 - len(j.PureRepeat)},
				Kind:     "pure-repeat",
				Message:  "a pure function called again with the same arguments returned a different result",
				Function: op.FullName(),
				Check:    FindingCheck{Kind: CheckDeterministic, Stmt: k, Result: 0},
			})
		}
	}
}

// Reduced returns the cases suite reduction keeps: a test is written only
// if it adds coverage or asserts behaviour no other test asserts. Of the
// cases asserting a documented panic, only the shortest of each
// operation (then the first) is offered to the reduction: its test
// stands apart from the operation's table, a second would mostly repeat
// the panic, and one taken out after the reduction would take with it
// what the reduction counted on it for (keyedtree: a panicking
// StringComparator after Puts and a Remove that rebalanced).
func (j *Judgement) Reduced() []*Case { return j.reduced(nil) }

// reduced is Reduced with each candidate offered as beyond says (nil:
// as it is): complement mode offers only what the package's own tests
// leave (ReducedBeyond).
func (j *Judgement) reduced(beyond func(minimize.Candidate) minimize.Candidate) []*Case {
	var out []*Case
	for _, i := range j.reducedIndex(beyond) {
		out = append(out, j.Cases[i])
	}
	return out
}

// reducedIndex is reduced as indices into Cases, ascending.
func (j *Judgement) reducedIndex(beyond func(minimize.Candidate) minimize.Candidate) []int {
	kept, _ := j.reducedOffered(beyond)
	return kept
}

// reducedOffered is reducedIndex, and the indices into Cases of every
// case offered to the reduction, ascending.
func (j *Judgement) reducedOffered(beyond func(minimize.Candidate) minimize.Candidate) (kept, offeredCases []int) {
	best := map[int]int{} // op ID -> index of its shortest panic case
	for i, c := range j.Cases {
		if !c.Panics {
			continue
		}
		op := c.Seq.Stmts[c.Target].Op
		if k, ok := best[op]; !ok || c.Seq.Len() < j.Cases[k].Seq.Len() {
			best[op] = i
		}
	}
	var offered []minimize.Candidate
	var index []int // offered's index into Cases
	for i, c := range j.Cases {
		if c.Panics && best[c.Seq.Stmts[c.Target].Op] != i {
			continue
		}
		c := j.Cands[i]
		if beyond != nil {
			c = beyond(c)
		}
		offered = append(offered, c)
		index = append(index, i)
	}
	var out []int
	for _, i := range minimize.Reduce(offered) {
		out = append(out, index[i])
	}
	return out, index
}

// blocksOnly returns the block items of cover (minimize.CoverageOf's
// encoding), without the branch sides.
func blocksOnly(cover []int64) []int64 {
	out := cover[:0:0]
	for _, it := range cover {
		if it&minimize.BranchBit == 0 {
			out = append(out, it)
		}
	}
	return out
}

// withoutDuplicates returns entries with each sequence and target once,
// the first. Minimization makes different sequences the same (two entries
// kept for different blocks, both shortened to New(1)); judged twice,
// their runs under mutants differ only by the budget each got, and suite
// reduction keeps both for kills the other was never run against
// (container/ring).
func withoutDuplicates(entries []*corpus.Entry) []*corpus.Entry {
	type key struct {
		h      uint64
		target int
	}
	first := map[key][]*seq.Seq{}
	out := entries[:0:0]
	for _, e := range entries {
		k := key{e.Seq.Hash(), e.Target}
		dup := false
		for _, s := range first[k] {
			if seqEqual(s, e.Seq) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		first[k] = append(first[k], e.Seq)
		out = append(out, e)
	}
	return out
}

// seqEqual reports whether a and b are the same statements (a hash
// collision is not a duplicate).
func seqEqual(a, b *seq.Seq) bool { return reflect.DeepEqual(a.Stmts, b.Stmts) }

// withPanicPrefixes returns corpus with, after it, the calls before the
// target of each entry whose target panicked as documented, as a
// candidate of its own: the arrangement ran normally and may have covered
// what no other entry does (keyedtree: Puts and a Remove that rebalanced,
// then StringComparator on the tree), and only one panic case per
// operation is written (Reduced). Suite reduction keeps the prefix only
// for such coverage.
func withPanicPrefixes(prog *model.Program, entries []*corpus.Entry) []*corpus.Entry {
	out := entries
	for _, e := range entries {
		if !panicEntry(e) || e.Target == 0 || prog.Ops[e.Seq.Stmts[e.Target].Op].DocPanics == "" {
			continue
		}
		// The prefix's target is its last call of the package's own:
		// the statement just before the panicking call may be a
		// producer of another package the search called for an
		// argument (fmt.Errorf before uuid.Must), whose test would be a
		// TestFmt_Errorf in uuid's file.
		t := e.Target - 1
		for t >= 0 && prog.Ops[e.Seq.Stmts[t].Op].Detective {
			t--
		}
		if t < 0 {
			continue
		}
		if len(out) == len(entries) { // copy before the first append
			out = append([]*corpus.Entry(nil), entries...)
		}
		prefix := &seq.Seq{Stmts: append([]seq.Stmt(nil), e.Seq.Stmts[:t+1]...)}
		out = append(out, &corpus.Entry{Seq: prefix, Target: t})
	}
	return out
}

// panicEntry reports whether the search kept e for a target that
// panicked. e.Result is the search's run, of the sequence before
// minimization, which kept the target last and its outcome.
func panicEntry(e *corpus.Entry) bool {
	r := e.Result
	return r != nil && len(r.Stmts) > 0 && r.Stmts[len(r.Stmts)-1].Outcome == rt.OutPanic
}

// docPanic reports whether e's run res is a test of a documented panic:
// every statement before the target ran normally, and the target, its
// last, panicked, and its documentation says it panics.
func docPanic(prog *model.Program, e *corpus.Entry, res *rt.Result) bool {
	last := e.Seq.Len() - 1
	if res == nil || e.Target != last || len(res.Stmts) != e.Seq.Len() || res.Stmts[last].Outcome != rt.OutPanic ||
		prog.Ops[e.Seq.Stmts[last].Op].DocPanics == "" {
		return false
	}
	for _, sr := range res.Stmts[:last] {
		if sr.Outcome != rt.OutNormal {
			return false
		}
	}
	return true
}

// SandboxDenied reports whether a result shows the sandbox refusing an
// operation (EACCES or EPERM in an error or panic).
func SandboxDenied(r *rt.Result) bool {
	denied := func(s string) bool {
		return strings.Contains(s, "permission denied") || strings.Contains(s, "operation not permitted")
	}
	var walk func(t *rt.Tree) bool
	walk = func(t *rt.Tree) bool {
		if t == nil {
			return false
		}
		if (t.Kind == rt.TError || t.Kind == rt.TString) && denied(t.S) {
			return true
		}
		for i := range t.Elems {
			if walk(&t.Elems[i]) {
				return true
			}
		}
		return false
	}
	for i := range r.Stmts {
		s := r.Stmt(i)
		if denied(s.PanicMsg()) {
			return true
		}
		for j := range s.Values() {
			if walk(s.Tree(j)) {
				return true
			}
		}
	}
	return false
}

// writesState reports whether the sequence q calls an operation that may
// change package-level state: a call whose effects say it writes a global
// or are unknown, or an assignment to a configuration variable. Literals,
// zero values and assertions write nothing.
func writesState(prog *model.Program, q *rt.Request) bool {
	for _, st := range q.Stmts {
		if st.Op < 0 || st.Op >= len(prog.Ops) {
			return true
		}
		op := prog.Ops[st.Op]
		if op.Kind == model.SetVar || op.Effects.WritesGlobal || op.Func != nil && !op.Effects.Known {
			return true
		}
	}
	return false
}

// targetUnstable reports whether a result of statement target differed
// between the repeated runs of res.
func targetUnstable(res *rt.Result, target int) bool {
	if res == nil || target >= len(res.Stmts) {
		return false
	}
	for _, v := range res.Stmt(target).Values() {
		if v.Unstable {
			return true
		}
	}
	return false
}
