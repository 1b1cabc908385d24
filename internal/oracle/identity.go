package oracle

// Identity assertions (EvoSuite's assertSame/assertNotSame): the nodes of
// a linked structure (a ring, a list's elements, a tree's iterators) look
// alike by value, so which node a call returned, or that a fluent method
// returned its receiver, shows only by comparing pointers. The executor
// says, for each pointer it returns, which earlier value of the sequence
// is the same pointer (rt.Value.Same); candidates are offered for the
// target's and the observers' results, and like observers they are kept
// only where they tell a mutant from the original (keepIdentity).

import (
	"go/types"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// identityAssertions returns the identity checks of the run res of s: for
// each non-nil pointer the target or an observer after it returned, got ==
// x where x is the earlier value it is (a named one where there is a
// choice: the target's receiver or arguments first), and for the target's
// results that are no earlier value, got != x for each of its arguments of
// the same type. Values from nondeterministic operations are left out.
func identityAssertions(prog *model.Program, s *seq.Seq, res *rt.Result, target int, tainted []bool) []Assertion {
	var out []Assertion
	for i := target; i < len(s.Stmts) && i < len(res.Stmts); i++ {
		if res.Stmts[i].Outcome != rt.OutNormal || tainted[i] {
			break
		}
		op := prog.Ops[s.Stmts[i].Op]
		sr := res.Stmt(i)
		if op.ErrResult && !sr.Values()[len(sr.Values())-1].Nil {
			continue // results beside a non-nil error are unspecified
		}
		for j, v := range sr.Values() {
			if j >= len(op.Results) || v.Nil || v.Same == rt.SameVaries || !isPointer(op.Results[j]) {
				continue
			}
			t := op.Results[j]
			id := seq.ValueID{Stmt: i, Result: j}
			if _, _, ok := v.SameAs(); ok {
				if other, ok := sameNamed(s, res, target, id); ok {
					out = append(out, Assertion{Stmt: i, Result: j, Kind: Same, Type: t, Other: other})
				}
				continue
			}
			if i != target {
				continue
			}
			seen := map[seq.ValueID]bool{}
			for _, a := range s.Stmts[i].Args {
				if a.IsLit || a.Stmt >= len(res.Stmts) {
					continue
				}
				at := prog.Ops[s.Stmts[a.Stmt].Op].Results
				c := canon(res, a.Value())
				if a.Result >= len(at) || !types.Identical(at[a.Result], t) || seen[c] {
					continue
				}
				seen[c] = true
				out = append(out, Assertion{Stmt: i, Result: j, Kind: NotSame, Type: t, Other: a.Value()})
			}
		}
	}
	return out
}

// sameNamed returns the value, at or before the target, that value id is
// the same pointer as: an argument of the target (the receiver first),
// which the test names anyway, else the earliest.
func sameNamed(s *seq.Seq, res *rt.Result, target int, id seq.ValueID) (seq.ValueID, bool) {
	c := canon(res, id)
	for _, a := range s.Stmts[target].Args {
		if !a.IsLit && a.Value() != id && a.Stmt < len(res.Stmts) && canon(res, a.Value()) == c {
			return a.Value(), true
		}
	}
	if c.Stmt > target || c == id {
		return seq.ValueID{}, false // the same as another observer's result only
	}
	return c, true
}

// canon returns the earliest value of res that is the same pointer as
// value id, id itself when none is.
func canon(res *rt.Result, id seq.ValueID) seq.ValueID {
	if id.Stmt >= len(res.Stmts) || res.Stmts[id.Stmt].Outcome != rt.OutNormal {
		return id
	}
	vs := res.Stmt(id.Stmt).Values()
	if id.Result >= len(vs) {
		return id
	}
	if st, r, ok := vs[id.Result].SameAs(); ok {
		return seq.ValueID{Stmt: st, Result: r}
	}
	return id
}

// identityKills reports whether identity assertion a fails on the
// mutant's run res: the value is nil there, or is (Same: is not) the
// pointer a.Other is.
func identityKills(a Assertion, res *rt.Result) bool {
	if a.Other.Stmt >= len(res.Stmts) || res.Stmts[a.Other.Stmt].Outcome != rt.OutNormal {
		return false
	}
	v := res.Stmt(a.Stmt).Values()[a.Result]
	if v.Nil {
		return true
	}
	same := canon(res, a.Value()) == canon(res, a.Other)
	return same != (a.Kind == Same)
}

// identityKey names an identity assertion among a case's: its value, the
// value it is compared with, and the kind.
type identityKey struct {
	value, other seq.ValueID
	kind         Kind
}

func keyOf(a Assertion) identityKey { return identityKey{a.Value(), a.Other, a.Kind} }

// keepIdentity returns as without the identity assertions that say
// nothing worth a line: with a case judged against mutants (v), those that
// killed none (unless all), as the observers' checks; without, the
// NotSame checks, which a call returning a new pointer passes in any
// version of the code.
func keepIdentity(as []Assertion, v *CaseMutation, all bool) []Assertion {
	out := as[:0:0]
	for _, a := range as {
		switch {
		case !a.Identity() || all:
		case v != nil:
			if len(v.identity[keyOf(a)]) == 0 {
				continue
			}
		case a.Kind == NotSame:
			continue
		}
		out = append(out, a)
	}
	return out
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
