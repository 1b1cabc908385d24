package oracle

import (
	"fmt"
	"math"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// Values from nondeterministic operations, and everything computed from
// them, are never asserted, even when two runs agreed.
func TestAssertionsNondeterministic(t *testing.T) {
	prog := testProgram(t)
	now, twice := modeltest.Op(t, prog, "Now"), modeltest.Op(t, prog, "Twice")
	tests := []struct {
		name   string
		s      *seq.Seq
		target int
		want   string
	}{
		{"deterministic", modeltest.Seq(modeltest.Call(twice, modeltest.Int(3))), 0, "0:Equal"},
		{"nondeterministic target", modeltest.Seq(modeltest.Call(now)), 0, ""},
		{"derived", modeltest.Seq(modeltest.Call(now), modeltest.Call(twice, seq.Ref(0, 0))), 1, ""},
		{"derived twice", modeltest.Seq(modeltest.Call(now), modeltest.Call(twice, seq.Ref(0, 0)), modeltest.Call(twice, seq.Ref(1, 0))), 2, ""},
		{"beside, not derived", modeltest.Seq(modeltest.Call(now), modeltest.Call(twice, modeltest.Int(2))), 1, "1:Equal"},
	}
	for _, tc := range tests {
		res := normalResult(prog, tc.s)
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
	seed := modeltest.Op(t, prog, "Seed")
	s := modeltest.Seq(modeltest.Call(seed))
	res := normalResult(prog, s)
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "0:ErrNil" {
		t.Errorf("asserts %q, want 0:ErrNil", got)
	}
	res.Stmt(0).Values()[1].Unstable = true
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "" {
		t.Errorf("unstable error: asserts %q, want nothing", got)
	}
	res = normalResult(prog, s)
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
	newStack, load := modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Load")
	opaque := rt.Tree{Kind: rt.TPtr, Elems: []rt.Tree{{Kind: rt.TOpaque}}}
	s := modeltest.Seq(modeltest.Call(newStack))
	res := normalResult(prog, s)
	res.Stmt(0).SetTree(0, &opaque)
	got := Assertions(prog, s, res, 0)
	if len(got) != 1 || got[0].Kind != Equal || got[0].Want.Kind != rt.TPtr {
		t.Errorf("opaque target result: asserts %+v, want one Equal with the tree", got)
	}
	s = modeltest.Seq(modeltest.Call(load, modeltest.Str("a")), modeltest.Call(newStack))
	res = normalResult(prog, s)
	res.Stmt(1).SetTree(0, &opaque)
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "0:Equal 0:ErrNil" {
		t.Errorf("opaque result after the target: asserts %q, want 0:Equal 0:ErrNil", got)
	}
}

// Text with an address is never asserted, nor truncated trees,
// functions, channels or opaque values, anywhere in a value.
func TestAssertionsUnstableValues(t *testing.T) {
	prog := testProgram(t)
	name, ratio, load := modeltest.Op(t, prog, "Name"), modeltest.Op(t, prog, "Ratio"), modeltest.Op(t, prog, "Load")
	newStack := modeltest.Op(t, prog, "NewStack")
	s := modeltest.Seq(modeltest.Call(newStack), modeltest.Call(name, seq.Ref(0, 0)))
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
		res := normalResult(prog, s)
		tree := tc.tree
		res.Stmt(1).SetTree(0, &tree)
		got := Assertions(prog, s, res, 1)
		if (len(got) == 1) != tc.want {
			t.Errorf("%s: asserts %s, want asserted=%v", tc.name, assertsOn(got), tc.want)
		}
	}
	// A NaN, a negative zero and an infinity are results like 0.5: the
	// emitter checks them with math.IsNaN and math.Signbit (issue 31).
	for _, f := range []float64{math.NaN(), math.Copysign(0, -1), math.Inf(1), 0.5} {
		s := modeltest.Seq(modeltest.Call(ratio, modeltest.Int(1)))
		res := normalResult(prog, s)
		res.Stmt(0).SetTree(0, &rt.Tree{Kind: rt.TFloat, F: f})
		if got := Assertions(prog, s, res, 0); len(got) != 1 {
			t.Errorf("float %v: asserts %s, want 0:Equal", f, assertsOn(got))
		}
	}
	// A non-nil error is asserted non-nil, with its message unless the
	// message holds an address; the results beside it are not asserted.
	for _, tc := range []struct {
		msg      string
		withWant bool
	}{{"no such stack", true}, {"stack 0xc00001a2b0 closed", false}} {
		s := modeltest.Seq(modeltest.Call(load, modeltest.Str("x")))
		res := normalResult(prog, s)
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
	twice, newStack, push := modeltest.Op(t, prog, "Twice"), modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Stack.Push")
	lenOp := modeltest.Op(t, prog, "Stack.Len")
	s := modeltest.Seq(modeltest.Call(twice, modeltest.Int(2)), modeltest.Call(newStack), modeltest.Call(twice, modeltest.Int(3)), modeltest.Call(twice, seq.Ref(2, 0)),
		modeltest.Call(push, seq.Ref(1, 0), modeltest.Int(5)), modeltest.Call(lenOp, seq.Ref(1, 0)))
	res := normalResult(prog, s)
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
	res = normalResult(prog, s)
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
	pkg := modeltest.Check(t, "example.com/p", fields)
	prog := model.Build(pkg, model.Options{})
	f, k := modeltest.Op(t, prog, "Fields"), modeltest.Op(t, prog, "Keys")
	sl := func(n int) *rt.Tree {
		tr := &rt.Tree{Kind: rt.TSlice}
		for i := 0; i < n; i++ {
			tr.Elems = append(tr.Elems, rt.Tree{Kind: rt.TString, S: "x"})
		}
		return tr
	}
	mk := func(op *model.Op, want *rt.Tree) *Case {
		return &Case{Seq: modeltest.Seq(modeltest.Call(op, modeltest.Str("x"))), Asserts: []Assertion{{Kind: Equal, Type: op.Results[0], Want: want}}}
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
	newStack, name := modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Name")
	s := modeltest.Seq(modeltest.Call(newStack))
	res := normalResult(prog, s)
	res.Stmt(0).Values()[0].Unstable = true
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "0:Equal" {
		t.Errorf("unstable pointer target result: asserts %q, want 0:Equal (non-nil)", got)
	}
	res.Stmt(0).Values()[0].Nil = true
	res.Stmt(0).SetTree(0, &rt.Tree{Kind: rt.TNil})
	if got := assertsOn(Assertions(prog, s, res, 0)); got != "" {
		t.Errorf("unstable nil target result: asserts %q, want none", got)
	}
	s = modeltest.Seq(modeltest.Call(newStack), modeltest.Call(name, seq.Ref(0, 0)))
	res = normalResult(prog, s)
	res.Stmt(1).Values()[0].Unstable = true
	if got := assertsOn(Assertions(prog, s, res, 1)); got != "" {
		t.Errorf("unstable string target result: asserts %q, want none", got)
	}
}
