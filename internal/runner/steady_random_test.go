package runner

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// An operation whose only cause of nondeterminism is a random source
// (model.Effects.RandomOnly: testdata/gen/randfixed's Shuffle) taints
// nothing in the judge's runs (rt.FlagRepeat) when every repeat agreed on
// its results: the input fixed them (Shuffle of one rune; issue 31), and
// they and what a later call computes from them keep their stability.
// Results a repeat saw otherwise stay tainted, as does every result in
// the search's runs (no repeats) and a clock operation's however alike.
func TestSteadyRunnerRandomFixed(t *testing.T) {
	tab := &instrument.Table{Blocks: []instrument.Block{{ID: 0}}}
	str := types.Typ[types.String]
	prog := &model.Program{Ops: []*model.Op{
		{ID: 0, Results: []types.Type{str}},
		{ID: 1, Effects: model.Effects{Nondeterministic: true, RandomOnly: true}, Results: []types.Type{str}},
		{ID: 2, Effects: model.Effects{Nondeterministic: true}, Results: []types.Type{str}},
	}}
	f := fixed(prog)
	f.Stmt = func(op *model.Op, i int, req rt.Request, hash uint64, spec *rt.StmtSpec) {
		drawn := false
		if args := req.Stmts[i].Args; len(args) > 0 && args[0].Kind == rt.ArgLit {
			drawn = args[0].Lit.S == "drawn"
		}
		spec.Values = []rt.Value{{Type: rt.InternType("string"), Hash: hash, Unstable: drawn && op.ID == 1}}
	}
	r := steady(f, tab, prog)
	lit := func(s string) rt.Arg { return rt.Arg{Kind: rt.ArgLit, Lit: rt.Lit{Kind: 4, S: s}} }
	ref := func(i int) rt.Arg { return rt.Arg{Kind: rt.ArgRef, Stmt: i} }
	call := func(op int, args ...rt.Arg) rt.Stmt { return rt.Stmt{Op: op, Args: args} }
	reqs := []rt.Request{
		{Stmts: []rt.Stmt{call(1, lit("fixed")), call(0, ref(0))}, Flags: rt.FlagRepeat},
		{Stmts: []rt.Stmt{call(1, lit("drawn")), call(0, ref(0))}, Flags: rt.FlagRepeat},
		{Stmts: []rt.Stmt{call(1, lit("fixed")), call(0, ref(0))}},
		{Stmts: []rt.Stmt{call(2), call(0, ref(0))}, Flags: rt.FlagRepeat},
	}
	outs := r.Run(reqs)
	for _, tc := range []struct {
		name     string
		i        int
		unstable bool
	}{
		{"a random call every repeat agreed on", 0, false},
		{"a random call a repeat saw otherwise", 1, true},
		{"a random call in a run without repeats", 2, true},
		{"a clock call every repeat agreed on", 3, true},
	} {
		for k := range 2 {
			if got := outs[tc.i].Result.Stmt(k).Values()[0].Unstable; got != tc.unstable {
				t.Errorf("%s: statement %d unstable = %v, want %v", tc.name, k, got, tc.unstable)
			}
		}
	}
}

// A value of a basic type that a nondeterministic call took is not
// tainted after it: the call got a copy and cannot change it, so a later
// call taking it is as steady as before (issue 31: stats' Less(n, 0) on an
// n that StableSample(nil, n) had also taken was "not the same in two
// runs" though no run differed; testdata/gen/copiedarg). A slice it took
// may have been changed.
func TestSteadyRunnerCopiedArgs(t *testing.T) {
	tab := &instrument.Table{Blocks: []instrument.Block{{ID: 0}}}
	intT, floats := types.Typ[types.Int], types.NewSlice(types.Typ[types.Float64])
	prog := &model.Program{Ops: []*model.Op{
		{ID: 0, Results: []types.Type{intT}},
		{ID: 1, Results: []types.Type{floats}},
		{ID: 2, Effects: model.Effects{Nondeterministic: true}, Results: []types.Type{intT}},
		{ID: 3, Results: []types.Type{intT}},
	}}
	f := fixed(prog)
	f.Stmt = func(op *model.Op, i int, req rt.Request, hash uint64, spec *rt.StmtSpec) {
		spec.Values = []rt.Value{{Type: rt.InternType("int"), Hash: hash}}
	}
	r := steady(f, tab, prog)
	ref := func(i int) rt.Arg { return rt.Arg{Kind: rt.ArgRef, Stmt: i} }
	call := func(op int, args ...rt.Arg) rt.Stmt { return rt.Stmt{Op: op, Args: args} }
	outs := r.Run([]rt.Request{
		// n := op0(); op2(n); op3(n)
		{Stmts: []rt.Stmt{call(0), call(2, ref(0)), call(3, ref(0))}, Flags: rt.FlagRepeat},
		// xs := op1(); op2(xs); op3(xs)
		{Stmts: []rt.Stmt{call(1), call(2, ref(0)), call(3, ref(0))}, Flags: rt.FlagRepeat},
	})
	if outs[0].Result.Stmt(2).Values()[0].Unstable || outs[0].Result.Stmt(0).Values()[0].Unstable {
		t.Error("an int a nondeterministic call took, and a call taking it after, are unstable")
	}
	if !outs[1].Result.Stmt(2).Values()[0].Unstable {
		t.Error("a slice a nondeterministic call took, and a call taking it after, are stable")
	}
}
