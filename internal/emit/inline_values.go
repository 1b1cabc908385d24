package emit

import (
	"go/types"
	"strconv"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// maxInlineText bounds the text a value inlined as a literal may have: a
// longer one reads worse than the calls that built it.
const maxInlineText = 80

// inlined returns c with the values that pure calls built, and that later
// calls take as arguments, written as literals of their type: Unquote(`"a"`)
// instead of q := Quote("a"); Unquote(q). A call stays when the test is
// about it (the target's operation), when a result of it is asserted, or
// when any of its results cannot be a literal; calls before it that only
// built its arguments then go too (renderer.body drops pure calls nothing
// reads).
func (r *renderer) inlined(c *oracle.Case) *oracle.Case {
	if len(c.Values) == 0 {
		return c
	}
	// A copy of the whole case: what the judge and verification said of
	// the target (Unverified, Vouched, TargetUnstable) is what its note
	// says when nothing is checked; a case rebuilt field by field lost
	// them, and stats' tests whose checks go test failed read "what it
	// returns cannot be written".
	cp := *c
	out := &cp
	targetOp := c.Seq.Stmts[c.Target].Op
	for i := c.Target - 1; i >= 0; i-- {
		st := out.Seq.Stmts[i]
		op := r.prog.Ops[st.Op]
		if !r.changesNothingRead(out.Seq, i) || op.Restore != nil || st.Op == targetOp {
			continue
		}
		// A nil error beside the value goes with the call; a value
		// check or a non-nil error keeps it.
		asserted := false
		for _, a := range out.Asserts {
			asserted = asserted || a.Refers(i) && a.Kind != oracle.ErrNil
		}
		if asserted {
			continue
		}
		// Every use of every result must take a literal.
		lits := map[seq.ArgID]seq.Lit{}
		ok, used := true, false
		for k := i + 1; k < len(out.Seq.Stmts) && ok; k++ {
			for j, a := range out.Seq.Stmts[k].Args {
				if a.IsLit || a.Stmt != i {
					continue
				}
				used = true
				p := r.prog.Ops[out.Seq.Stmts[k].Op].Params[j]
				l, good := r.literalOf(out.Values[a.Value()], p.Type, p.Recv)
				if !good {
					ok = false
					break
				}
				lits[seq.ArgID{Stmt: k, Arg: j}] = l
			}
		}
		if !ok || !used || r.sharedBacking(out.Seq, i) {
			continue
		}
		s := out.Seq.Clone()
		for at, l := range lits {
			s.Stmts[at.Stmt].Args[at.Arg] = seq.LitArg(l)
		}
		s2, removed := s.Without(i)
		if !removed {
			continue
		}
		out = shiftCase(out, s2, i)
		out = r.withoutDead(out)
		i = min(i, out.Target)
	}
	return out
}

// sharedBacking reports whether a result of statement i of s is a slice,
// map or pointer that later statements take more than once, one of them a
// call that may write into it: one that changes that argument, or whose
// result has the argument's type, so that it may append into the spare
// capacity behind it or return it (utf8.AppendRune). The executor passed
// the one value to every use, and the writes of one showed in the others
// (AppendRune(b, 128) and AppendRune(b, 0) on b := AppendRune(nil, 0),
// whose capacity is 8: the second overwrote the first's bytes, and Valid
// of the first said false). Each literal written in its place is a value
// of its own, so the test would check what the executor's run did not
// compute, and go test failed the check (issue 31).
func (r *renderer) sharedBacking(s *seq.Seq, i int) bool {
	uses := map[int]int{} // result -> arguments taking it
	writes := map[int]bool{}
	for k := i + 1; k < len(s.Stmts); k++ {
		op := r.prog.Ops[s.Stmts[k].Op]
		for j, a := range s.Stmts[k].Args {
			if a.IsLit || a.Stmt != i || j >= len(op.Params) {
				continue
			}
			uses[a.Result]++
			if op.Mutator(j) || returnsType(op, op.Params[j].Type) {
				writes[a.Result] = true
			}
		}
	}
	ops := r.prog.Ops[s.Stmts[i].Op]
	for res, n := range uses {
		if n > 1 && writes[res] && res < len(ops.Results) && sharesMemory(ops.Results[res]) {
			return true
		}
	}
	return false
}

// returnsType reports whether op has a result of type t.
func returnsType(op *model.Op, t types.Type) bool {
	for _, res := range op.Results {
		if types.Identical(res, t) {
			return true
		}
	}
	return false
}

// sharesMemory reports whether copies of a value of type t share what
// they hold: a slice, a map or a pointer.
func sharesMemory(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map, *types.Pointer:
		return true
	}
	return false
}

// changesNothingRead reports whether statement i of s has no effect the
// rest of s can see: its operation is pure, or its facts say it writes no
// package state and the only values it may change are ones nothing else
// in s refers to (writer2.Write on a writer made only for that call), so
// that the value it returns can stand in for it.
func (r *renderer) changesNothingRead(s *seq.Seq, i int) bool {
	st := s.Stmts[i]
	op := r.prog.Ops[st.Op]
	if changesNothing(op) {
		return true
	}
	e := op.Effects
	if !e.Known || e.WritesGlobal || e.Nondeterministic || op.Restore != nil {
		return false
	}
	for k, a := range st.Args {
		if a.IsLit || !op.Mutator(k) {
			continue
		}
		for j, other := range s.Stmts {
			if j == i {
				continue
			}
			for _, b := range other.Args {
				if !b.IsLit && b.Stmt == a.Stmt {
					return false // the changed value is seen elsewhere
				}
			}
		}
	}
	return true
}

// withoutDead removes the statements before the target that nothing uses
// any more and that only made a value (&T{}, T(x), a function literal, a
// pure call), with the nil-error checks on them: what is left after a
// value they built was inlined.
func (r *renderer) withoutDead(c *oracle.Case) *oracle.Case {
	for changed := true; changed; {
		changed = false
		used := c.Seq.Uses()
		for i := c.Target - 1; i >= 0; i-- {
			op := r.prog.Ops[c.Seq.Stmts[i].Op]
			if used[i] || op.Restore != nil {
				continue
			}
			switch op.Kind {
			case model.Zero, model.Addr, model.Convert, model.FuncLit:
			default:
				if !changesNothing(op) {
					continue
				}
			}
			checked := false
			for _, a := range c.Asserts {
				checked = checked || a.Refers(i) && a.Kind != oracle.ErrNil
			}
			if checked {
				continue
			}
			s2, ok := c.Seq.Without(i)
			if !ok {
				continue
			}
			c = shiftCase(c, s2, i)
			changed = true
			break
		}
	}
	return c
}

// shiftCase is c with sequence s, which is c's without statement k.
func shiftCase(c *oracle.Case, s *seq.Seq, k int) *oracle.Case {
	cp := *c // the flags on the target stay (see inlined)
	out := &cp
	out.Seq, out.Values, out.Asserts = s, map[seq.ValueID]*rt.Tree{}, nil
	if out.Target > k {
		out.Target--
	}
	for _, a := range c.Asserts {
		switch {
		case a.Refers(k):
			continue // checks of the removed statement go with it
		case a.Stmt > k:
			a.Stmt--
		}
		if a.Identity() && a.Other.Stmt > k {
			a.Other.Stmt--
		}
		out.Asserts = append(out.Asserts, a)
	}
	for at, v := range c.Values {
		switch {
		case at.Stmt > k:
			out.Values[seq.ValueID{Stmt: at.Stmt - 1, Result: at.Result}] = v
		case at.Stmt < k:
			out.Values[at] = v
		}
	}
	return out
}

// literalOf returns the literal that writes value v for a parameter of
// type t: a basic value of a basic type (a receiver only of a non-pointer
// type), bytes for a []byte. Short, single-line text only.
func (r *renderer) literalOf(v *rt.Tree, t types.Type, recv bool) (seq.Lit, bool) {
	if v == nil || v.Truncated || !r.nameable(t) {
		return seq.Lit{}, false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&(types.IsComplex|types.IsUntyped) != 0 || u.Kind() == types.UnsafePointer {
			return seq.Lit{}, false
		}
		switch {
		case v.Kind == rt.TBool && u.Info()&types.IsBoolean != 0:
			return seq.Lit{Kind: seq.LitBool, B: v.B}, true
		case v.Kind == rt.TInt && u.Info()&types.IsInteger != 0:
			return seq.Lit{Kind: seq.LitInt, I: v.I}, true
		case v.Kind == rt.TUint && u.Info()&types.IsInteger != 0:
			return seq.Lit{Kind: seq.LitUint, U: v.U}, true
		case v.Kind == rt.TFloat && u.Info()&types.IsFloat != 0 && v.F == v.F:
			return seq.Lit{Kind: seq.LitFloat, F: v.F}, true
		case v.Kind == rt.TString && u.Info()&types.IsString != 0 && shortText(v.S):
			return seq.Lit{Kind: seq.LitString, S: v.S}, true
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte && !recv &&
			v.Kind == rt.TBytes && shortText(v.S) {
			return seq.Lit{Kind: seq.LitBytes, S: v.S}, true
		}
	}
	return seq.Lit{}, false
}

// shortText reports whether s reads at a glance as a literal.
func shortText(s string) bool {
	return len(strconv.Quote(s)) <= maxInlineText
}
