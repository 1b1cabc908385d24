package emit

import (
	"go/types"
	"sort"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// bodyPlan is what body decides before it writes a statement: which
// results need variables, which assertions go where, which calls are
// left out.
type bodyPlan struct {
	// uses counts, per statement, the later arguments reading its results.
	uses []int
	// checkedStmt marks the statements an assertion is about.
	checkedStmt map[int]bool
	// need marks the results that must be held in a variable.
	need map[seq.ValueID]bool
	// asserts holds the assertions written right after their statement;
	// deferred, those written at the end (values a later call may change).
	asserts  map[int][]oracle.Assertion
	deferred []oracle.Assertion
	// checked says whether the test checks something about its target:
	// one of its results or its error, or an observer called after it.
	checked bool
	// weak marks assertions on the target whose value cannot be written
	// in full: they check what can be (non-nil, the length).
	weak map[oracle.Assertion]bool
	// dropped marks calls left out of the test.
	dropped map[int]bool
}

// planBody decides, for case c, what body writes.
func (r *renderer) planBody(c *oracle.Case, bo *bodyOpts) *bodyPlan {
	s := c.Seq
	checkedStmt := map[int]bool{}
	for _, a := range c.Asserts {
		checkedStmt[a.Stmt] = true
		if a.Identity() {
			checkedStmt[a.Other.Stmt] = true // named, not written inline
		}
	}
	uses := make([]int, len(s.Stmts))
	for _, st := range s.Stmts {
		for _, a := range st.Args {
			if !a.IsLit {
				uses[a.Stmt]++
			}
		}
	}
	// Which results need a variable: used by a later statement or asserted.
	need := map[seq.ValueID]bool{}
	for _, n := range bo.need {
		need[n] = true
	}
	asserts := map[int][]oracle.Assertion{}
	var deferred []oracle.Assertion
	// checked says whether the test checks something about its target:
	// one of its results or its error, or an observer called after it.
	checked := false
	// weak marks assertions on the target whose value cannot be written
	// in full: they check what can be (non-nil, the length).
	weak := map[oracle.Assertion]bool{}
	// A value checked to be the same pointer as another needs no check
	// that it is not nil.
	same := map[seq.ValueID]bool{}
	for _, a := range c.Asserts {
		if a.Kind == oracle.Same {
			same[a.Value()] = true
		}
	}
	for _, a := range c.Asserts {
		if bo.noTargetAsserts && a.Stmt == c.Target || bo.skip[a.Value()] {
			continue
		}
		if a.Identity() {
			checked = checked || a.Stmt >= c.Target
			need[a.Value()], need[a.Other] = true, true
			asserts[a.Stmt] = append(asserts[a.Stmt], a)
			continue
		}
		if a.Kind == oracle.Equal && !r.spellable(a.Type, a.Want) {
			if a.Stmt != c.Target || !r.weakable(a) || same[a.Value()] {
				continue
			}
			weak[a] = true
		}
		if a.Stmt >= c.Target {
			checked = true
		}
		need[a.Value()] = true
		if a.Kind == oracle.Equal && !stableCheck(a, weak[a]) {
			deferred = append(deferred, a)
		} else {
			asserts[a.Stmt] = append(asserts[a.Stmt], a)
		}
	}
	// A call nobody reads a result of and that changes nothing (pure by
	// the purity facts, or changing no argument the sequence holds and no
	// package state) is noise in a test: it is left out. The target
	// stays, and so do calls that restore package state.
	// Last to first, so that a call only a dropped call read from is
	// dropped too.
	dropped := map[int]bool{}
	for i := len(s.Stmts) - 1; i >= 0; i-- {
		st := s.Stmts[i]
		op := r.prog.Ops[st.Op]
		if !bo.keepAll && i != c.Target && changesNothingHere(op, st) {
			used := false
			for j := range op.Results {
				used = used || need[seq.ValueID{Stmt: i, Result: j}]
			}
			if !used {
				dropped[i] = true
				continue
			}
		}
		for _, a := range st.Args {
			if !a.IsLit {
				need[a.Value()] = true
			}
		}
	}
	for _, as := range asserts {
		// The error first: a value beside a non-nil error means nothing.
		sort.SliceStable(as, func(i, j int) bool { return as[i].Kind != oracle.Equal && as[j].Kind == oracle.Equal })
	}
	return &bodyPlan{uses: uses, checkedStmt: checkedStmt, need: need, asserts: asserts,
		deferred: deferred, checked: checked, weak: weak, dropped: dropped}
}

// deferredOn reports whether one of the assertions written at the end
// is about statement i.
func deferredOn(deferred []oracle.Assertion, i int) bool {
	for _, a := range deferred {
		if a.Stmt == i {
			return true
		}
	}
	return false
}

// stableCheck reports whether what assertion a checks cannot change after
// the call returned, so that the check is written right after it, where a
// reader looks for it: a basic value, or whether a pointer, interface,
// function or channel is nil (the variable holding it is never assigned
// again; what it points to may change, but the check does not read that).
// A slice's or map's contents, compared in full or by length, may change
// through a later call, so those checks go at the end.
func stableCheck(a oracle.Assertion, weak bool) bool {
	if immutable(a.Type) {
		return true
	}
	switch a.Type.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Signature, *types.Chan:
	default:
		return false
	}
	return weak || a.Want != nil && a.Want.Kind == rt.TNil && !a.EquateEmpty
}

// immutable reports whether a value of type t cannot change after it was
// returned, so it can be asserted right after the call.
func immutable(t types.Type) bool {
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

// changesNothing reports whether a call of op has no effect a later
// statement could see: the purity facts call it pure (exactly).
func changesNothing(op *model.Op) bool {
	return op.Effects.Known && op.Effects.Pure
}

// changesNothingHere reports whether statement st, a call of op, has no
// effect a later statement of its sequence could see: op is pure, or its
// facts say it writes no package state and changes none of the arguments
// the sequence holds (literal arguments nobody else sees).
func changesNothingHere(op *model.Op, st seq.Stmt) bool {
	e := op.Effects
	if !e.Known || op.Restore != nil {
		return false
	}
	if e.Pure {
		return true
	}
	if e.WritesGlobal {
		return false
	}
	for i, a := range st.Args {
		if !a.IsLit && op.Mutator(i) {
			return false
		}
	}
	return true
}
