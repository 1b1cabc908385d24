package oracle

import (
	"go/token"
	"math"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
)

// violated inspects the check's run.
func (c *contractCheck) violated(out executor.Outcome) (string, bool) {
	r := out.Result
	if r == nil || len(r.Stmts) != c.base.Len() {
		return "", false
	}
	for i := 0; i < c.nbase; i++ {
		if r.Stmts[i].Outcome != rt.OutNormal {
			return "", false // the base itself did not run: nothing shown
		}
	}
	if v := r.Stmt(c.x.Stmt).Values()[c.x.Result]; v.Nil {
		return "", false
	}
	first := r.Stmt(c.nbase)
	tree := func(i, j int) *rt.Tree {
		if i >= len(r.Stmts) || j >= len(r.Stmt(i).Values()) {
			return nil
		}
		return r.Stmt(i).Tree(j)
	}
	name := c.method.Name
	switch c.kind {
	case "string-panics":
		if first.Outcome == rt.OutPanic {
			return name + " panicked: " + first.PanicMsg(), true
		}
		return "", false
	}
	for i := c.nbase; i < len(r.Stmts); i++ {
		if c.zeroEnc > 0 && i >= c.zeroEnc-1 {
			break // the zero value's encoding: read by zerosFailure only
		}
		if r.Stmts[i].Outcome != rt.OutNormal {
			if c.kind == "marshal-roundtrip" && i == c.unmarshal && r.Stmts[i].Outcome == rt.OutPanic {
				return c.inverse + " panicked on what " + name + " produced: " + r.Stmt(i).PanicMsg(), true
			}
			return "", false
		}
	}
	switch c.kind {
	case "equal-reflexive":
		if t := tree(c.nbase, 0); t != nil && t.Kind == rt.TBool && !t.B {
			return name + "(x, x) = false: Equal must be reflexive", true
		}
	case "equal-symmetric":
		a, b := tree(c.nbase, 0), tree(c.nbase+1, 0)
		if a != nil && b != nil && a.Kind == rt.TBool && b.Kind == rt.TBool && a.B != b.B {
			return "x.Equal(y) != y.Equal(x): Equal must be symmetric", true
		}
	case "compare-antisymmetric":
		a, b := intOf(tree(c.nbase, 0)), intOf(tree(c.nbase+1, 0))
		if sign(a) != -sign(b) {
			return "x.Compare(y) and y.Compare(x) do not have opposite signs", true
		}
	case "compare-equal":
		cmpv, eq := intOf(tree(c.nbase, 0)), tree(c.nbase+1, 0)
		if eq != nil && eq.Kind == rt.TBool && (cmpv == 0) != eq.B {
			return "x.Compare(y) == 0 disagrees with x.Equal(y)", true
		}
	case "clone-equal":
		if c.viaEqual {
			if differs, known := equalVerdict(r, c.eqAt); known && differs {
				return name + "() returned a value the original's Equal rejects", true
			}
			return "", false
		}
		if eq, known := exportedEqual(deref1(tree(c.x.Stmt, c.x.Result)), deref1(tree(c.nbase, 0))); known && !eq {
			return name + "() returned a value whose exported state differs from the original", true
		}
	case "marshal-roundtrip":
		m := r.Stmt(c.nbase)
		if len(m.Values()) == 2 && !m.Values()[1].Nil {
			return "", false // Marshal refused: nothing to round-trip
		}
		u := r.Stmt(c.unmarshal)
		if len(u.Values()) == 1 && !u.Values()[0].Nil {
			msg := ""
			if u.Tree(0) != nil {
				msg = u.Tree(0).S
			}
			return c.inverse + " rejected what " + name + " produced: " + msg, true
		}
		if c.viaEqual {
			if differs, known := equalVerdict(r, c.eqAt); known && differs {
				return c.inverse + "(" + name + "(x)) is not Equal to x", true
			}
			return "", false
		}
		if eq, known := exportedEqual(deref1(tree(c.x.Stmt, c.x.Result)), deref1(tree(c.nbase+1, 0))); known && !eq {
			return c.inverse + "(" + name + "(x)) differs from x in exported state", true
		}
	}
	return "", false
}

// equalVerdict reads the x.Equal(x), x.Equal(y) pair at statements at
// and at+1 of a check: whether y differs from x, and whether Equal could
// tell.
func equalVerdict(r *rt.Result, at int) (differs, known bool) {
	if at < 1 || at+1 >= len(r.Stmts) {
		return false, false
	}
	self, other := r.Stmt(at), r.Stmt(at+1)
	if len(self.Values()) == 0 || len(other.Values()) == 0 || self.Tree(0) == nil || other.Tree(0) == nil {
		return false, false
	}
	if !self.Tree(0).B {
		return false, false
	}
	return !other.Tree(0).B, true
}

// zerosFailure reports whether a round trip that failed on x is the zero
// value's failure: x's encoding is the zero value's, byte for byte, so
// Unmarshal cannot tell x from the zero value, and whatever it does with
// that encoding (reject it, give back the zero value) it does to the zero
// value too. The type's encoding declares the rest of x meaningless (a
// NullUUID whose Valid is false is null whatever its UUID): a design, not
// a bug a maintainer would agree to. Any part that cannot be read (no zero
// value in the program, its Marshal failed, a tree cut short) is no
// excuse for a value whose encoding is not shown to be the zero value's.
func (c *contractCheck) zerosFailure(r *rt.Result) bool {
	if c.zeroEnc == 0 || r == nil || c.zeroEnc >= len(r.Stmts) {
		return false
	}
	m, m0 := r.Stmt(c.nbase), r.Stmt(c.zeroEnc)
	if m0.Outcome != rt.OutNormal || len(m0.Values()) == 0 || len(m.Values()) == 0 {
		return false
	}
	if len(m0.Values()) == 2 && !m0.Values()[1].Nil {
		return false // the zero value has no encoding
	}
	return sameEncoding(m.Tree(0), m0.Tree(0))
}

// sameEncoding reports whether two Marshal results are the same bytes: a
// nil and an empty slice are both no bytes; a tree cut short decides
// nothing, so it is never the same.
func sameEncoding(a, b *rt.Tree) bool {
	if a == nil || b == nil || a.Truncated || b.Truncated {
		return false
	}
	empty := func(t *rt.Tree) bool {
		return t.Kind == rt.TNil || (t.Kind == rt.TBytes || t.Kind == rt.TString) && t.S == ""
	}
	if empty(a) || empty(b) {
		return empty(a) && empty(b)
	}
	return (a.Kind == rt.TBytes || a.Kind == rt.TString) && a.Kind == b.Kind && a.S == b.S
}

// exportedEqual compares two value trees as a caller of the package can
// see them: exported struct fields only, go-cmp's notion of equality for
// the rest. known is false when the trees cannot decide — one was cut
// short by the executor's bounds, or holds functions, channels or opaque
// values — and then there is no verdict.
func exportedEqual(a, b *rt.Tree) (equal, known bool) {
	if a == nil || b == nil {
		return false, false
	}
	if a.Truncated || b.Truncated {
		return false, false
	}
	switch a.Kind {
	case rt.TOpaque, rt.TFunc, rt.TChan:
		return false, false
	}
	if a.Kind != b.Kind {
		return false, true
	}
	if a.B != b.B || a.I != b.I || a.U != b.U || a.S != b.S {
		return false, true
	}
	if a.Kind == rt.TFloat || a.Kind == rt.TComplex {
		if !(a.F == b.F || (a.F != a.F && b.F != b.F)) || !(a.Imag == b.Imag || (a.Imag != a.Imag && b.Imag != b.Imag)) {
			return false, true
		}
	}
	if len(a.Elems) != len(b.Elems) {
		return false, true
	}
	for i := range a.Elems {
		if a.Kind == rt.TStruct && i < len(a.Fields) && !token.IsExported(a.Fields[i]) {
			continue // unexported state: only observers may show it
		}
		eq, known := exportedEqual(&a.Elems[i], &b.Elems[i])
		if !known || !eq {
			return eq, known
		}
	}
	return true, true
}

func deref1(t *rt.Tree) *rt.Tree {
	if t != nil && t.Kind == rt.TPtr && len(t.Elems) == 1 {
		return &t.Elems[0]
	}
	return t
}

func intOf(t *rt.Tree) int64 {
	if t == nil {
		return math.MinInt64
	}
	if t.Kind == rt.TUint {
		return int64(t.U)
	}
	return t.I
}

func sign(x int64) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
