package oracle

import (
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// sameAs0 is rt.Value.Same for the first result of statement 0.
const sameAs0 = int32(0<<8|0) + 1

// identityOnly returns the identity assertions of as.
func identityOnly(as []Assertion) []Assertion {
	var out []Assertion
	for _, a := range as {
		if a.Identity() {
			out = append(out, a)
		}
	}
	return out
}

// A pointer the target returns is checked by identity against the earlier
// value it is (v.Clone() returning v itself: got == v), or, when it is
// none, offered as different from the target's arguments of its type
// (got != v); a pointer whose identity differed between runs gets neither.
func TestIdentityAssertions(t *testing.T) {
	prog := testProgram(t)
	newV, clone := modeltest.Op(t, prog, "NewV"), modeltest.Op(t, prog, "V.Clone")
	s := modeltest.Seq(modeltest.Call(newV, modeltest.Int(1)), modeltest.Call(clone, seq.Ref(0, 0)))
	other := seq.ValueID{Stmt: 0, Result: 0}
	for _, tc := range []struct {
		name string
		same int32
		want []Kind
	}{
		{"same pointer", sameAs0, []Kind{Same}},
		{"new pointer", 0, []Kind{NotSame}},
		{"varies", rt.SameVaries, nil},
	} {
		res := normalResult(prog, s)
		res.Stmt(1).Values()[0].Same = tc.same
		got := identityOnly(Assertions(prog, s, res, 1))
		if len(got) != len(tc.want) {
			t.Errorf("%s: identity assertions %+v, want kinds %v", tc.name, got, tc.want)
			continue
		}
		for k, a := range got {
			if a.Kind != tc.want[k] || a.Other != other || a.Value() != (seq.ValueID{Stmt: 1}) {
				t.Errorf("%s: assertion %+v, want %v of 1.0 against 0.0", tc.name, a, tc.want[k])
			}
		}
	}
}

// An identity check kills a mutant under which the pointer is (NotSame)
// or is not (Same) the other value, or is nil; and without mutants only
// got == x is kept, since got != x holds for any call returning a new
// pointer.
func TestIdentityKillsAndKeep(t *testing.T) {
	prog := testProgram(t)
	newV, clone := modeltest.Op(t, prog, "NewV"), modeltest.Op(t, prog, "V.Clone")
	s := modeltest.Seq(modeltest.Call(newV, modeltest.Int(1)), modeltest.Call(clone, seq.Ref(0, 0)))
	same := Assertion{Stmt: 1, Kind: Same, Other: seq.ValueID{}}
	notSame := Assertion{Stmt: 1, Kind: NotSame, Other: seq.ValueID{}}
	run := func(sameField int32, isNil bool) *rt.Result {
		res := normalResult(prog, s)
		v := &res.Stmt(1).Values()[0]
		v.Same, v.Nil = sameField, isNil
		return res
	}
	for _, tc := range []struct {
		name      string
		a         Assertion
		res       *rt.Result
		wantKills bool
	}{
		{"same, still same", same, run(sameAs0, false), false},
		{"same, now new", same, run(0, false), true},
		{"same, now nil", same, run(0, true), true},
		{"not same, still new", notSame, run(0, false), false},
		{"not same, now same", notSame, run(sameAs0, false), true},
	} {
		if got := assertionKills(tc.a, tc.res); got != tc.wantKills {
			t.Errorf("%s: kills = %v, want %v", tc.name, got, tc.wantKills)
		}
	}

	as := []Assertion{same, notSame, {Stmt: 1, Kind: Equal}}
	if got := keepIdentity(as, nil, false); len(got) != 2 || got[0].Kind != Same || got[1].Kind != Equal {
		t.Errorf("without mutants kept %+v, want the Same and the Equal", got)
	}
	v := &CaseMutation{identity: map[identityKey][]int32{keyOf(notSame): {4}}}
	if got := keepIdentity(as, v, false); len(got) != 2 || got[0].Kind != NotSame || got[1].Kind != Equal {
		t.Errorf("judged against mutants kept %+v, want the NotSame that killed and the Equal", got)
	}
	if got := keepIdentity(as, v, true); len(got) != 3 {
		t.Errorf("with all asserts kept %+v, want all three", got)
	}
}
