package oracle

import (
	"fmt"
	"math"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Values from nondeterministic operations, and everything computed from
// them, are never asserted, even when two runs agreed.
func TestAssertionsNondeterministic(t *testing.T) {
	prog := testProgram(t)
	now, twice := opNamed(t, prog, "Now"), opNamed(t, prog, "Twice")
	tests := []struct {
		name   string
		s      *seq.Seq
		target int
		want   string
	}{
		{"deterministic", mkSeq(call(twice, intLit(3))), 0, "0:Equal"},
		{"nondeterministic target", mkSeq(call(now)), 0, ""},
		{"derived", mkSeq(call(now), call(twice, seq.Ref(0, 0))), 1, ""},
		{"derived twice", mkSeq(call(now), call(twice, seq.Ref(0, 0)), call(twice, seq.Ref(1, 0))), 2, ""},
		{"beside, not derived", mkSeq(call(now), call(twice, intLit(2))), 1, "1:Equal"},
	}
	for _, tc := range tests {
		res := normalResult(prog, opsOf(tc.s))
		if got := assertsOn(Assertions(prog, tc.s, res, tc.target)); got != tc.want {
			t.Errorf("%s: asserts %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A nondeterministic call's value is never asserted, but its nil error
// is (it does not depend on what the clock or the random source gave);
// an error that was not the same in two runs is not.
func TestAssertionsNondeterministicNilError(t *testing.T) {
	prog := testProgram(t)
	seed := opNamed(t, prog, "Seed")
	s := mkSeq(call(seed))
	res := normalResult(prog, opsOf(s))
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "0:ErrNil" {
		t.Errorf("asserts %q, want 0:ErrNil", got)
	}
	res.Stmt(0).Values()[1].Unstable = true
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "" {
		t.Errorf("unstable error: asserts %q, want nothing", got)
	}
	res = normalResult(prog, opsOf(s))
	setVal(res, 0, 1, tv{Tree: &rt.Tree{Kind: rt.TError, S: "no entropy"}})
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "" {
		t.Errorf("non-nil error: asserts %q, want nothing", got)
	}
	// A sentinel both runs returned (io.EOF from a reader that ran dry)
	// is checked, by the sentinel only.
	setVal(res, 0, 1, tv{Tree: &rt.Tree{Kind: rt.TError, S: "EOF", Is: []string{"io.EOF"}}})
	got := Assertions(prog, s, res, 0)
	if len(got) != 1 || got[0].Kind != ErrNonNil || got[0].Err == nil || got[0].Want != nil {
		t.Errorf("sentinel error: asserts %+v, want one ErrNonNil with the error's tree and no message", got)
	}
	res.Stmt(0).Values()[1].Unstable = true
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "" {
		t.Errorf("unstable sentinel error: asserts %q, want nothing", got)
	}
}

// The target's result that cannot be written (an opaque or cyclic value)
// but was not nil is still asserted, for the emitter's non-nil check; the
// same value from an observer after the target is not.
func TestAssertionsUnwritableTargetNonNil(t *testing.T) {
	prog := testProgram(t)
	newStack, load := opNamed(t, prog, "NewStack"), opNamed(t, prog, "Load")
	opaque := rt.Tree{Kind: rt.TPtr, Elems: []rt.Tree{{Kind: rt.TOpaque}}}
	s := mkSeq(call(newStack))
	res := normalResult(prog, opsOf(s))
	res.Stmt(0).SetTree(0, &opaque)
	got := Assertions(prog, s, res, 0)
	if len(got) != 1 || got[0].Kind != Equal || got[0].Want.Kind != rt.TPtr {
		t.Errorf("opaque target result: asserts %+v, want one Equal with the tree", got)
	}
	s = mkSeq(call(load, strLit("a")), call(newStack))
	res = normalResult(prog, opsOf(s))
	res.Stmt(1).SetTree(0, &opaque)
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "0:Equal 0:ErrNil" {
		t.Errorf("opaque result after the target: asserts %q, want 0:Equal 0:ErrNil", got)
	}
}

// Text with an address is never asserted, nor NaN, truncated trees,
// functions, channels or opaque values, anywhere in a value.
func TestAssertionsUnstableValues(t *testing.T) {
	prog := testProgram(t)
	name, ratio, load := opNamed(t, prog, "Name"), opNamed(t, prog, "Ratio"), opNamed(t, prog, "Load")
	newStack := opNamed(t, prog, "NewStack")
	s := mkSeq(call(newStack), call(name, seq.Ref(0, 0)))
	tests := []struct {
		name string
		tree rt.Tree
		want bool
	}{
		{"plain text", rt.Tree{Kind: rt.TString, S: "stack of 3"}, true},
		{"an address", rt.Tree{Kind: rt.TString, S: "stack at 0xc000012345"}, false},
		{"a short hex number", rt.Tree{Kind: rt.TString, S: "0xff"}, true},
		{"truncated", rt.Tree{Kind: rt.TString, S: "long", Truncated: true}, false},
		{"a func inside", rt.Tree{Kind: rt.TStruct, Elems: []rt.Tree{{Kind: rt.TInt, I: 1}, {Kind: rt.TFunc}}}, false},
		{"a chan inside", rt.Tree{Kind: rt.TSlice, Elems: []rt.Tree{{Kind: rt.TChan}}}, false},
		{"opaque deep inside", rt.Tree{Kind: rt.TPtr, Elems: []rt.Tree{{Kind: rt.TStruct, Elems: []rt.Tree{{Kind: rt.TOpaque}}}}}, false},
		{"address in bytes", rt.Tree{Kind: rt.TBytes, S: "p=0xc000abcdef"}, false},
	}
	for _, tc := range tests {
		res := normalResult(prog, opsOf(s))
		tree := tc.tree
		res.Stmt(1).SetTree(0, &tree)
		got := Assertions(prog, s, res, 1)
		if (len(got) == 1) != tc.want {
			t.Errorf("%s: asserts %s, want asserted=%v", tc.name, assertsOn(got), tc.want)
		}
	}
	// NaN is never equal to itself; other floats are fine.
	for _, f := range []float64{math.NaN(), 0.5} {
		s := mkSeq(call(ratio, intLit(1)))
		res := normalResult(prog, opsOf(s))
		res.Stmt(0).SetTree(0, &rt.Tree{Kind: rt.TFloat, F: f})
		if got := Assertions(prog, s, res, 0); (len(got) == 1) == math.IsNaN(f) {
			t.Errorf("float %v: asserts %s", f, assertsOn(got))
		}
	}
	// A non-nil error is asserted non-nil, with its message unless the
	// message holds an address; the results beside it are not asserted.
	for _, tc := range []struct {
		msg      string
		withWant bool
	}{{"no such stack", true}, {"stack 0xc00001a2b0 closed", false}} {
		s := mkSeq(call(load, strLit("x")))
		res := normalResult(prog, opsOf(s))
		setVal(res, 0, 1, tv{Tree: &rt.Tree{Kind: rt.TError, S: tc.msg}})
		got := Assertions(prog, s, res, 0)
		if len(got) != 1 || got[0].Kind != ErrNonNil || got[0].Result != 1 || (got[0].Want != nil) != tc.withWant {
			t.Errorf("error %q: asserts %+v, want one ErrNonNil (with the message: %v)", tc.msg, got, tc.withWant)
		}
	}
}

// Before the target, only basic results nothing else uses are asserted;
// nothing is asserted from the first statement that did not run normally
// on, nor a value marked unstable or without a tree.
func TestAssertionsWhichStatements(t *testing.T) {
	prog := testProgram(t)
	twice, newStack, push := opNamed(t, prog, "Twice"), opNamed(t, prog, "NewStack"), opNamed(t, prog, "Stack.Push")
	lenOp := opNamed(t, prog, "Stack.Len")
	s := mkSeq(call(twice, intLit(2)), call(newStack), call(twice, intLit(3)), call(twice, seq.Ref(2, 0)),
		call(push, seq.Ref(1, 0), intLit(5)), call(lenOp, seq.Ref(1, 0)))
	res := normalResult(prog, opsOf(s))
	// 0: basic, unused: asserted. 1: a pointer before the target: not.
	// 2: used by 3: not. 3: basic, unused: asserted. 4: the target
	// (no results). 5: an observer after it: asserted.
	if got := assertsOn(Assertions(prog, s, res, 4)); got != "0:Equal 3:Equal 5:Equal" {
		t.Errorf("asserts %s, want 0:Equal 3:Equal 5:Equal", got)
	}
	res.Stmt(3).Values()[0].Unstable = true
	res.Stmt(5).SetTree(0, nil)
	if got := assertsOn(Assertions(prog, s, res, 4)); got != "0:Equal" {
		t.Errorf("unstable 3, no tree for 5: asserts %s, want 0:Equal", got)
	}
	res = normalResult(prog, opsOf(s))
	res.Set(3, rt.StmtSpec{Outcome: rt.OutPanic})
	if got := assertsOn(Assertions(prog, s, res, 4)); got != "0:Equal" {
		t.Errorf("statement 3 panicked: asserts %s, want 0:Equal", got)
	}
}

// EquateEmpty is set on every Equal assertion of a result for which one
// case saw nil and another an empty slice, and on no other.
func TestMarkEquateEmpty(t *testing.T) {
	fields := `package p
func Fields(s string) []string { return nil }
func Keys(s string) []string   { return nil }
`
	pkg := checkPkg(t, "example.com/p", fields)
	prog := model.Build(pkg, model.Options{})
	f, k := opNamed(t, prog, "Fields"), opNamed(t, prog, "Keys")
	sl := func(n int) *rt.Tree {
		tr := &rt.Tree{Kind: rt.TSlice}
		for i := 0; i < n; i++ {
			tr.Elems = append(tr.Elems, rt.Tree{Kind: rt.TString, S: "x"})
		}
		return tr
	}
	mk := func(op *model.Op, want *rt.Tree) *Case {
		return &Case{Seq: mkSeq(call(op, strLit("x"))), Asserts: []Assertion{{Kind: Equal, Type: op.Results[0], Want: want}}}
	}
	cases := []*Case{mk(f, &rt.Tree{Kind: rt.TNil}), mk(f, sl(0)), mk(f, sl(2)), mk(k, &rt.Tree{Kind: rt.TNil}), mk(k, sl(1))}
	MarkEquateEmpty(prog, cases)
	var got []bool
	for _, c := range cases {
		got = append(got, c.Asserts[0].EquateEmpty)
	}
	if fmt.Sprint(got) != "[true true true false false]" {
		t.Errorf("EquateEmpty = %v, want [true true true false false]", got)
	}
}

// A target's pointer result that differed between the two runs (a ring
// pointing to itself, a writer holding buffers) but was not nil is still
// checked to be non-nil; a basic result that differed is not asserted, and
// neither is a result beside a non-nil error.
func TestAssertionsUnstableTargetNonNil(t *testing.T) {
	prog := testProgram(t)
	newStack, name := opNamed(t, prog, "NewStack"), opNamed(t, prog, "Name")
	s := mkSeq(call(newStack))
	res := normalResult(prog, opsOf(s))
	res.Stmt(0).Values()[0].Unstable = true
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "0:Equal" {
		t.Errorf("unstable pointer target result: asserts %q, want 0:Equal (non-nil)", got)
	}
	res.Stmt(0).Values()[0].Nil = true
	res.Stmt(0).SetTree(0, &rt.Tree{Kind: rt.TNil})
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "" {
		t.Errorf("unstable nil target result: asserts %q, want none", got)
	}
	s = mkSeq(call(newStack), call(name, seq.Ref(0, 0)))
	res = normalResult(prog, opsOf(s))
	res.Stmt(1).Values()[0].Unstable = true
	if got := assertsOn(Assertions(prog, s, res, 1)); got != "" {
		t.Errorf("unstable string target result: asserts %q, want none", got)
	}
}
