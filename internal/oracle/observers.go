package oracle

import (
	"go/types"
	"sort"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// maxObservers bounds the observer calls appended per value: each is a
// call and a check in the written test, and two basic observers
// (Coefficient, Exponent) usually pin a value down.
const maxObservers = 2

// maxTried bounds the observers tried per value before pruneObservers
// keeps at most maxObservers of them.
const maxTried = 8

// AddObservers appends observer calls (pure methods with no parameter but
// the receiver, from the purity facts) after each candidate's target, on
// its receiver and on its non-basic results, when the target itself
// returns nothing worth asserting: after s.Push(3), s.Len() and s.Peek()
// say what the call did (Randoop's observers).
//
// With mutants (withMutants), a method that is not pure gets its
// receiver's observers even when it returns a basic value: PopFront's
// result says what was at the front, not that the deque shrank, and a
// fault that keeps the count shows only in Len. The judge then keeps only
// the observers whose checks kill a mutant (dropIdleObservers), EvoSuite's
// inspector assertions filtered by mutation analysis; without mutants
// nothing would tell the useful ones from bulk.
func AddObservers(prog *model.Program, entries []*corpus.Entry, withMutants bool) {
	for _, e := range entries {
		if panicEntry(e) {
			continue // nothing after a target that panics runs
		}
		st := e.Seq.Stmts[e.Target]
		op := prog.Ops[st.Op]
		hasBasic := false
		var refs []seq.Arg
		for j, t := range op.Results {
			if op.ErrResult && j == len(op.Results)-1 {
				continue
			}
			if _, ok := t.Underlying().(*types.Basic); ok {
				hasBasic = true
			} else {
				refs = append(refs, seq.Ref(e.Target, j))
			}
		}
		// A writer's output goes into a value the test made and handed
		// it (a *bytes.Buffer given to NewWriter): its String says what
		// was written, whatever the target returns.
		sinks := sinkRefs(prog, e)
		if hasBasic {
			refs = nil
		}
		// The receiver's observers say what the call did to it; when the
		// facts say the call is pure (Decimal.Atan), they only repeat what
		// the arrangement built. A call that is not pure may change what
		// the receiver reaches even when it writes none of its fields
		// (List.MoveToFront relinks elements).
		if (!hasBasic || withMutants) && op.Kind == model.Method && !st.Args[0].IsLit && !(op.Effects.Known && op.Effects.Pure) {
			refs = append([]seq.Arg{st.Args[0]}, refs...)
		}
		if len(refs) == 0 && len(sinks) == 0 {
			continue
		}
		s := e.Seq.Clone()
		if len(sinks) > 0 {
			if fl := flusherOf(prog, op, st); fl != nil {
				s.Stmts = append(s.Stmts, seq.Stmt{Op: fl.ID, Args: []seq.Arg{st.Args[0]}})
			}
		}
		for _, sk := range sinks {
			s.Stmts = append(s.Stmts, seq.Stmt{Op: sk.ob.ID, Args: []seq.Arg{sk.ref}})
		}
		for _, ref := range refs {
			t := prog.Ops[s.Stmts[ref.Stmt].Op].Results[ref.Result]
			obs := observersOf(prog, op, t)
			if addr := addressOf(prog, t); len(obs) == 0 && addr != nil {
				// A value whose observers want its address (a Version
				// returned by value, String on *Version): called through
				// &v, which a test writes as got.String().
				if obs = observersOf(prog, op, addr.Results[0]); len(obs) > 0 {
					s.Stmts = append(s.Stmts, seq.Stmt{Op: addr.ID, Args: []seq.Arg{ref}})
					ref = seq.Ref(len(s.Stmts)-1, 0)
				}
			}
			// The observers that say most in a test come first: String,
			// which shows the whole value (a decimal's digits), then those
			// returning a basic value a test can compare; an observer
			// returning another opaque value (Decimal.Abs) says nothing
			// a test can write.
			sort.SliceStable(obs, func(a, b int) bool { return observerRank(obs[a]) < observerRank(obs[b]) })
			// All of String and the basic observers are tried (up to
			// maxTried), since which of them return the same value in
			// every run shows only when the case runs: a random UUID's
			// String differs, its Version does not. pruneObservers then
			// keeps String alone if it was stable, else the first
			// maxObservers stable ones.
			n := 0
			for n < len(obs) && n < maxTried && observerRank(obs[n]) <= 1 {
				n++
			}
			if n == 0 || observerRank(obs[0]) != 0 {
				// No String: up to maxObservers, the opaque ones too.
				n = max(n, min(len(obs), maxObservers))
			}
			if withMutants {
				// The mutants choose: every observer up to maxTried, the
				// opaque ones too (an LRU's Keys shows the order a
				// fault in MoveToFront changes; its Len does not).
				n = min(len(obs), maxTried)
			}
			for _, ob := range obs[:n] {
				s.Stmts = append(s.Stmts, seq.Stmt{Op: ob.ID, Args: []seq.Arg{ref}})
			}
		}
		e.Seq = s
	}
}

// maxObservedText bounds the text an observer's check may compare (a
// writer's output, a String): a want of kilobytes is no check a reader can
// follow, and a shorter case usually shows the same.
const maxObservedText = 256

// maxSinks bounds the sink values whose String a case reads after its
// target.
const maxSinks = 2

// sink is a value of a case to read after its target, with the observer
// that reads it.
type sink struct {
	ref seq.Arg
	ob  *model.Op
}

// sinkRefs returns the values of e made before its target by another
// package's operation (a *bytes.Buffer, a *strings.Builder) and handed to
// a call of the package under test at or before the target, which may
// have written into them: each with its String observer (the model's
// sinkObservers), at most maxSinks, first made first. A recording
// callback handed over is one too: its calls are read (model.Recorded).
func sinkRefs(prog *model.Program, e *corpus.Entry) []sink {
	var out []sink
	handed := map[seq.ValueID]bool{}
	for k := 0; k <= e.Target && k < e.Seq.Len(); k++ {
		if !prog.Ops[e.Seq.Stmts[k].Op].UnderTest {
			continue
		}
		for _, a := range e.Seq.Stmts[k].Args {
			if !a.IsLit {
				handed[a.Value()] = true
			}
		}
	}
	for i := 0; i < e.Target && len(out) < maxSinks; i++ {
		op := prog.Ops[e.Seq.Stmts[i].Op]
		if !op.Detective || len(op.Results) == 0 || !handed[seq.ValueID{Stmt: i}] {
			continue
		}
		if op.Records() {
			// A callback that records its calls: what it was called
			// with is what the call that took it did.
			if rd := recordedOf(prog, op); rd != nil {
				out = append(out, sink{seq.Ref(i, 1), rd})
			}
			continue
		}
		for _, ob := range observersOf(prog, op, op.Results[0]) {
			if ob.Detective && observerRank(ob) == 0 {
				out = append(out, sink{seq.Ref(i, 0), ob})
				break
			}
		}
	}
	return out
}

// recordedOf returns the Recorded operation that reads what the
// recording literal op appended to, nil if the model has none.
func recordedOf(prog *model.Program, op *model.Op) *model.Op {
	for _, rd := range prog.Ops {
		if rd.Kind == model.Recorded && types.Identical(rd.Params[0].Type, op.Results[1]) {
			return rd
		}
	}
	return nil
}

// flusherOf returns the Flush method of the receiver of the target st
// (op), nil if it has none or st is not a method call on a value of the
// test. A writer that buffers (csv.Writer, tabwriter.Writer, bufio.Writer)
// writes what a Write was given into the buffer the test handed it only
// when flushed: its output is read after a Flush, as its users read it.
// The judge takes the call out again when the output it shows kills no
// mutant (withoutIdle).
func flusherOf(prog *model.Program, op *model.Op, st seq.Stmt) *model.Op {
	if op.Kind != model.Method || len(st.Args) == 0 || st.Args[0].IsLit || isFlush(op) {
		return nil
	}
	for _, fl := range prog.Ops {
		if isFlush(fl) && fl.UnderTest && types.Identical(fl.Params[0].Type, op.Params[0].Type) {
			return fl
		}
	}
	return nil
}

// isFlush reports whether op is a method Flush() or Flush() error.
func isFlush(op *model.Op) bool {
	return op.Kind == model.Method && op.Func != nil && op.Func.Name() == "Flush" && len(op.Params) == 1 &&
		(len(op.Results) == 0 || op.ErrResult && len(op.Results) == 1)
}

// observerRetries bounds the re-runs of withoutPanickingObservers: each
// removes one panicking observer per case.
const observerRetries = 3

// withoutPanickingObservers removes, from the cases where an observer
// added after the target panicked (Key on an iterator not positioned)
// while others follow it (Node, which does not), the observer that
// panicked, and runs those cases again: Judge cuts a case at its first
// abnormal statement, which would lose the observers after it. Observers
// are pure, so taking one out changes nothing the others see.
func withoutPanickingObservers(prog *model.Program, runner executor.Runner, entries []*corpus.Entry, outs []executor.Outcome) []executor.Outcome {
	for range observerRetries {
		var redo []int
		for i, e := range entries {
			o := outs[i]
			if !ranToTarget(e, o) {
				continue
			}
			for k := e.Target + 1; k < e.Seq.Len()-1; k++ {
				if o.Result.Stmts[k].Outcome == rt.OutNormal {
					continue
				}
				if prog.Ops[e.Seq.Stmts[k].Op].Observer() {
					if s, ok := e.Seq.Without(k); ok {
						e.Seq = s
						redo = append(redo, i)
					}
				}
				break
			}
		}
		if len(redo) == 0 {
			break
		}
		rerun(prog, runner, entries, redo, outs)
	}
	return outs
}

// pruneObservers keeps, of the observers AddObservers tried on each value
// after a case's target, those a test should check: String alone when it
// returned the same in both runs (it shows the whole value; more checks
// only lengthen the test), else the first maxObservers that did. The
// others, and addresses no observer uses any more, are taken out, and
// the cases that lost statements run again, so that what is judged
// (coverage included) is what the test will run. Observers are pure:
// taking one out changes nothing the others see.
//
// With mutants (withMutants), every stable observer stays here: the judge
// keeps those whose checks kill a mutant no earlier check kills
// (withoutIdle), which says more than rank and order can.
func pruneObservers(prog *model.Program, runner executor.Runner, entries []*corpus.Entry, outs []executor.Outcome, withMutants bool) []executor.Outcome {
	var redo []int
	for i, e := range entries {
		o := outs[i]
		if !ranToTarget(e, o) {
			continue
		}
		stable := func(k int) bool {
			sr := o.Result.Stmt(k)
			if sr.Outcome != rt.OutNormal || len(sr.Values()) == 0 {
				return false
			}
			// A pointer that is an earlier value of the test (a list's
			// Front, a ring's Next) is checked by identity, however its
			// contents look.
			if _, _, ok := sr.Values()[0].SameAs(); ok {
				return true
			}
			tr := sr.Tree(0)
			return !sr.Values()[0].Unstable && tr != nil && Stable(tr) && len(tr.S) <= maxObservedText
		}
		var order []seq.ValueID
		groups := map[seq.ValueID][]int{}
		for k := e.Target + 1; k < e.Seq.Len(); k++ {
			st := e.Seq.Stmts[k]
			if !prog.Ops[st.Op].Observer() || st.Args[0].IsLit {
				continue
			}
			key := st.Args[0].Value()
			if groups[key] == nil {
				order = append(order, key)
			}
			groups[key] = append(groups[key], k)
		}
		drop := map[int]bool{}
		for _, key := range order {
			ks := groups[key]
			if withMutants {
				for _, k := range ks {
					if !stable(k) {
						drop[k] = true
					}
				}
				continue
			}
			if observerRank(prog.Ops[e.Seq.Stmts[ks[0]].Op]) == 0 && stable(ks[0]) {
				for _, k := range ks[1:] {
					drop[k] = true
				}
				continue
			}
			kept := 0
			for _, k := range ks {
				if kept < maxObservers && stable(k) {
					kept++
					continue
				}
				drop[k] = true
			}
		}
		if len(drop) == 0 {
			continue
		}
		s := e.Seq
		for k := s.Len() - 1; k > e.Target; k-- {
			if !drop[k] {
				continue
			}
			if t, ok := s.Without(k); ok {
				s = t
			}
		}
		// An address whose observers all went serves nothing.
		for k := s.Len() - 1; k > e.Target; k-- {
			if prog.Ops[s.Stmts[k].Op].Kind == model.Addr {
				if t, ok := s.Without(k); ok {
					s = t
				}
			}
		}
		e.Seq = s
		redo = append(redo, i)
	}
	if len(redo) == 0 {
		return outs
	}
	rerun(prog, runner, entries, redo, outs)
	return outs
}

// ranToTarget reports whether o is a run of all of e's sequence in which
// e's target returned normally.
func ranToTarget(e *corpus.Entry, o executor.Outcome) bool {
	return o.Result != nil && len(o.Result.Stmts) == e.Seq.Len() && o.Result.Stmts[e.Target].Outcome == rt.OutNormal
}

// rerun runs the entries whose indexes redo lists again, as Judge runs
// them, and puts their outcomes in outs.
func rerun(prog *model.Program, runner executor.Runner, entries []*corpus.Entry, redo []int, outs []executor.Outcome) {
	reqs := make([]rt.Request, len(redo))
	for n, i := range redo {
		reqs[n] = judgeRequest(prog, entries[i].Seq, uint64(i))
	}
	for n, o := range runner.Run(reqs) {
		outs[redo[n]] = o
	}
}

// observersOf lists the observers that take a value of type t, but op.
func observersOf(prog *model.Program, op *model.Op, t types.Type) []*model.Op {
	var obs []*model.Op
	for _, ob := range prog.Ops {
		if ob.Observer() && ob != op && types.AssignableTo(t, ob.Params[0].Type) {
			obs = append(obs, ob)
		}
	}
	return obs
}

// addressOf is the model's &v operation for values of type t, nil if it
// has none.
func addressOf(prog *model.Program, t types.Type) *model.Op {
	for _, op := range prog.Ops {
		if op.Kind == model.Addr && types.Identical(op.Params[0].Type, t) {
			return op
		}
	}
	return nil
}

// observerRank orders observers by what their result can tell a test: 0
// for String() string, 1 for a basic first result, 2 for the others.
func observerRank(ob *model.Op) int {
	basic := false
	if b, ok := ob.Results[0].Underlying().(*types.Basic); ok {
		basic = b.Info()&types.IsUntyped == 0 && b.Kind() != types.UnsafePointer
	}
	switch {
	case ob.Func != nil && ob.Func.Name() == "String" && basic && len(ob.Results) == 1:
		return 0
	case basic:
		return 1
	}
	return 2
}
