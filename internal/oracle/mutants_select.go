package oracle

import (
	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// dropIdleObservers takes out of each case that ran against mutants
// (verdicts[n] non-nil) the observer calls after its target none of whose
// assertions killed a mutant, with the addresses only they used: their
// checks pin values no fault the mutants stand for would change, and
// lengthen the test. What the target returns, and the arrangement's error
// checks, stay. The cases that lost calls run again on full, as Judge
// runs them, so that what is judged (coverage included) is what the test
// runs; one whose run then ends otherwise keeps its observers.
func dropIdleObservers(prog *model.Program, full executor.Runner, items []judged, verdicts []*CaseMutation) {
	type change struct {
		n    int
		s    *seq.Seq
		kept []int // kept[k] is the index in the old sequence of statement k
	}
	var changes []change
	for n, v := range verdicts {
		if v == nil {
			continue
		}
		s, kept := withoutIdle(prog, items[n].e.Seq, items[n].e.Target, v)
		if s != nil {
			changes = append(changes, change{n, s, kept})
		}
	}
	if len(changes) == 0 {
		return
	}
	reqs := make([]rt.Request, len(changes))
	for k, c := range changes {
		reqs[k] = judgeRequest(prog, c.s, uint64(items[c.n].i))
	}
	outs := full.Run(reqs)
	for k, c := range changes {
		it := &items[c.n]
		o := outs[k]
		if !ranToTarget(&corpus.Entry{Seq: c.s, Target: it.e.Target}, o) || !allNormal(o.Result, it.e.Target) ||
			!sameValues(it.o.Result, o.Result, c.kept) {
			continue
		}
		it.e.Seq, it.o = c.s, o
		renumber := make(map[int]int, len(c.kept)) // old statement -> new
		for nk, ok := range c.kept {
			renumber[ok] = nk
		}
		by := map[seq.ValueID][]int32{}
		for id, ms := range verdicts[c.n].ByAssert {
			if nk, ok := renumber[id.Stmt]; ok {
				by[seq.ValueID{Stmt: nk, Result: id.Result}] = ms
			}
		}
		verdicts[c.n].ByAssert = by
		// Identity checks compare with a value at or before the target,
		// which keeps its number; the value checked may be an observer's.
		ident := map[identityKey][]int32{}
		for k, ms := range verdicts[c.n].identity {
			if nk, ok := renumber[k.value.Stmt]; ok {
				k.value.Stmt = nk
				ident[k] = ms
			}
		}
		verdicts[c.n].identity = ident
	}
}

// withoutIdle returns s without the observer calls (and reads of a
// recording callback) after target whose assertions killed no mutant
// (v.ByAssert) and the addresses left unused,
// with the old index of each statement kept; nil if nothing goes.
//
// An observer counts as killing only for mutants nothing before it kills:
// the target's checks, the outcome changes any version of the test sees,
// and the observers kept before it, in order (String first). Of Len and
// Keys after an LRU's Add, both killing the mutant that drops the count,
// Keys stays when it also kills the one that skips MoveToFront, and Len
// goes.
func withoutIdle(prog *model.Program, s *seq.Seq, target int, v *CaseMutation) (*seq.Seq, []int) {
	killing := killingObservers(s, target, v)
	if k := lastCheck(prog, s, target, killing); k > 0 {
		killing[k] = true
	}
	if k := sinkCheck(prog, s, target, killing); k > 0 {
		killing[k] = true
	}
	kept := make([]int, s.Len())
	for k := range kept {
		kept[k] = k
	}
	out := s
	for k := s.Len() - 1; k > target; k-- {
		st := s.Stmts[k]
		// A recording callback's read goes the same way: an LRU's
		// eviction callback called with nothing, checked as nil after
		// every Add, kills nothing the Add's checks do not.
		if op := prog.Ops[st.Op]; !op.Observer() && op.Kind != model.Recorded || killing[k] {
			continue
		}
		if t, ok := out.Without(k); ok {
			out = t
			kept = append(kept[:k], kept[k+1:]...)
		}
	}
	// A Flush the observers added (flusherOf) serves only the reads after
	// it: with none left, it goes too.
	if k := target + 1; k < out.Len() && isFlush(prog.Ops[out.Stmts[k].Op]) && !readsSink(prog, out, k+1) {
		if t, ok := out.Without(k); ok {
			out = t
			kept = append(kept[:k], kept[k+1:]...)
		}
	}
	if out == s {
		return nil, nil
	}
	// An address whose observers all went serves nothing (_ = &got).
	for k := out.Len() - 1; k > target; k-- {
		if prog.Ops[out.Stmts[k].Op].Kind == model.Addr {
			if t, ok := out.Without(k); ok {
				out = t
				kept = append(kept[:k], kept[k+1:]...)
			}
		}
	}
	return out, kept
}

// lastCheck returns the observer (or recorded read) after target that
// withoutIdle keeps although it killed no mutant, because it is the only
// check the test could make of its target: a target that returns nothing
// and whose reads killed nothing would otherwise be written as "must not
// panic; it returns nothing, and no call here reads what it changes"
// (issue 31: container/list's MoveToBack of another list's element, a
// PushBackList of an empty list; the calls do nothing, as documented, so
// no mutant shows in what they leave behind). Such a case is kept for the
// branch it covers, and reading the receiver says what that branch does:
// nothing changed. The first read is kept, which is the one AddObservers
// ranked first (a sink's String, then the receiver's String, then basic
// observers). Only a target the facts say may change its receiver or an
// argument qualifies: there, that nothing changed is the point; after a
// read-only visitor (radix's Walk with a callback that records nothing) a
// check that the tree is as it was says nothing about the call. It returns
// -1 when the target returns something or may change nothing, when a read
// already stays, or when no read follows the target.
func lastCheck(prog *model.Program, s *seq.Seq, target int, killing map[int]bool) int {
	op := prog.Ops[s.Stmts[target].Op]
	if len(op.Results) > 0 || !op.Effects.Known || !op.Effects.MutatesRecv && len(op.Effects.MutatesParams) == 0 {
		return -1
	}
	return firstRead(prog, s, target, killing, func(op *model.Op) bool {
		return op.Observer() || op.Kind == model.Recorded
	})
}

// firstRead returns the first statement after target whose operation is
// a read (isRead), or -1 when none follows or a read already kills.
func firstRead(prog *model.Program, s *seq.Seq, target int, killing map[int]bool, isRead func(*model.Op) bool) int {
	first := -1
	for k := target + 1; k < s.Len(); k++ {
		if !isRead(prog.Ops[s.Stmts[k].Op]) {
			continue
		}
		if killing[k] {
			return -1
		}
		if first < 0 {
			first = k
		}
	}
	return first
}

// sinkCheck returns the sink read (a readable sink's String, sinkRefs)
// after target that withoutIdle keeps although it killed no mutant: a
// test that hands the package a buffer it made is a test of what the
// package writes there, and one that never reads it checks only that the
// calls did not fail (issue 30, TestReadableSinks: an Add and a Flush
// into an inline bytes.NewBuffer(nil), its error checked, kept by suite
// reduction for kills the tests reading their buffer were not run
// against). The judge runs a case against a share of the mutants it
// infects, so "killed nothing" is partial too: the read that pins the
// output is the check a formatting mutant among the others would fail.
// It returns -1 when a sink read already stays or none follows target.
func sinkCheck(prog *model.Program, s *seq.Seq, target int, killing map[int]bool) int {
	return firstRead(prog, s, target, killing, func(op *model.Op) bool {
		return op.Observer() && op.Detective && op.Kind != model.Recorded
	})
}

// sameValues reports whether each statement k of the run res of a
// shortened sequence returned what statement kept[k] of the original run
// orig did (hashes, nil-ness, stability): a value that changed (state an
// earlier run under a mutant left in the executor, say) would make the
// rerun's checks other than those judged, so the case keeps its observers.
func sameValues(orig, res *rt.Result, kept []int) bool {
	for k, ok := range kept {
		a, b := orig.Stmt(ok).Values(), res.Stmt(k).Values()
		if len(a) != len(b) {
			return false
		}
		for j := range a {
			if a[j].Nil != b[j].Nil || a[j].Unstable != b[j].Unstable || !a[j].Unstable && a[j].Hash != b[j].Hash {
				return false
			}
		}
	}
	return true
}

// allNormal reports whether every statement of r after target returned
// normally.
func allNormal(r *rt.Result, target int) bool {
	for k := target + 1; k < len(r.Stmts); k++ {
		if r.Stmts[k].Outcome != rt.OutNormal {
			return false
		}
	}
	return true
}

// readsSink reports whether a statement of s from k on is a sink's
// observer (a bytes.Buffer's String, see sinkRefs).
func readsSink(prog *model.Program, s *seq.Seq, k int) bool {
	for ; k < s.Len(); k++ {
		if prog.Ops[s.Stmts[k].Op].Detective {
			return true
		}
	}
	return false
}

// killingObservers returns the statements after target whose checks kill
// a mutant that neither the checks up to target, nor a change of outcome,
// nor an earlier such statement kills.
func killingObservers(s *seq.Seq, target int, v *CaseMutation) map[int]bool {
	// ByAssert holds every check's kills, identity checks' included
	// (recordKill), under the value checked.
	covered := map[int32]bool{}
	byStmt := map[int][]int32{}
	asserted := map[int32]bool{}
	for id, ms := range v.ByAssert {
		for _, m := range ms {
			asserted[m] = true
		}
		if id.Stmt <= target {
			for _, m := range ms {
				covered[m] = true
			}
		} else {
			byStmt[id.Stmt] = append(byStmt[id.Stmt], ms...)
		}
	}
	for _, m := range v.Killed {
		if !asserted[m] {
			covered[m] = true // an outcome change: every version of the test fails
		}
	}
	killing := map[int]bool{}
	for k := target + 1; k < s.Len(); k++ {
		for _, m := range byStmt[k] {
			if !covered[m] {
				killing[k] = true
			}
		}
		if killing[k] {
			for _, m := range byStmt[k] {
				covered[m] = true
			}
		}
	}
	return killing
}
