package runner

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// An operation that may only choose which error it returns, in map
// iteration order (model.Effects.ErrChoiceOnly: toml.Decode validating a
// table's keys), chose nothing in a run that returned no error: its
// results keep their own hashes, and a call taking them keeps its
// coverage. A run that failed may have chosen: its results get the
// sequence's hashes and its other results are unstable; in the judge's
// runs (rt.FlagRepeat) its error is left as the executor's repeats saw
// it, so that the judge can check err != nil (issue 31: toml.Decode("[-")
// was left unchecked, "may differ between runs", though it fails in the
// parser before any map is read). So is the error of any other
// nondeterministic operation (stats' Sample failing before any draw),
// also when it took a value that is tainted only because it took it. A
// call that took a tainted value stays unstable whole, and so do all
// errors in the search's runs, which have no repeats.
func TestSteadyRunnerErrorChoice(t *testing.T) {
	tab := &instrument.Table{Blocks: []instrument.Block{{ID: 0}, {ID: 1}, {ID: 2}, {ID: 3}}}
	for i := range 4 {
		tab.Conds = append(tab.Conds, instrument.Cond{ID: i})
	}
	errT := types.Universe.Lookup("error").Type()
	str := types.Typ[types.String]
	prog := &model.Program{Ops: []*model.Op{
		{ID: 0, Results: []types.Type{str}},
		{ID: 1, Effects: model.Effects{Nondeterministic: true, ErrChoiceOnly: true}, ErrResult: true, Results: []types.Type{str, errT}},
		{ID: 2, Effects: model.Effects{Nondeterministic: true}, Results: []types.Type{str}},
		{ID: 3, Effects: model.Effects{Nondeterministic: true}, ErrResult: true, Results: []types.Type{str, errT}},
	}}
	// The fake's choice operation (op 1) fails on the literal "bad" and
	// "unsteady", and its repeat saw another error on "unsteady".
	f := fixed(prog)
	f.Stmt = func(op *model.Op, i int, req rt.Request, hash uint64, spec *rt.StmtSpec) {
		if op.ID != 1 && op.ID != 3 {
			spec.Values = []rt.Value{{Type: rt.InternType("string"), Hash: hash}}
			return
		}
		lit := ""
		if args := req.Stmts[i].Args; len(args) > 0 && args[0].Kind == rt.ArgLit {
			lit = args[0].Lit.S
		}
		spec.Values = []rt.Value{{Type: rt.InternType("string"), Hash: hash}, {Nil: true}}
		switch lit {
		case "bad":
			spec.Values[1] = rt.Value{Type: rt.InternType("*errors.errorString"), Hash: 99}
		case "unsteady":
			spec.Values[1] = rt.Value{Type: rt.InternType("*errors.errorString"), Hash: 98, Unstable: true}
		}
		if op.ID == 3 {
			spec.Values[1] = rt.Value{Type: rt.InternType("*errors.errorString"), Hash: 97}
		}
	}
	r := steady(f, tab, prog)
	lit := func(s string) rt.Arg { return rt.Arg{Kind: rt.ArgLit, Lit: rt.Lit{Kind: 4, S: s}} }
	ref := func(i int) rt.Arg { return rt.Arg{Kind: rt.ArgRef, Stmt: i} }
	call := func(op int, args ...rt.Arg) rt.Stmt { return rt.Stmt{Op: op, Args: args} }
	reqs := []rt.Request{
		// v, err := choice("ok"); op0(v)
		{Stmts: []rt.Stmt{call(1, lit("ok")), call(0, ref(0))}},
		// v, err := choice("bad"); op0(v)
		{Stmts: []rt.Stmt{call(1, lit("bad")), call(0, ref(0))}},
		// choice("unsteady")
		{Stmts: []rt.Stmt{call(1, lit("unsteady"))}},
		// x := op2(); choice("bad", x): tainted through x
		{Stmts: []rt.Stmt{call(2), call(1, lit("bad"), ref(0))}},
		// op3(), a nondeterministic operation that failed
		{Stmts: []rt.Stmt{call(3)}},
		// x := op0(); op3(x): x is tainted after op3 took it (op3 may
		// have changed it), which does not make op3's error taken from
		// the clock (stats: Sample of what SoftMax returned)
		{Stmts: []rt.Stmt{call(0), call(3, ref(0))}},
	}
	for i := range reqs {
		reqs[i].Flags = rt.FlagRepeat
	}
	search := reqs[1] // the last request
	search.Flags = 0
	reqs = append(reqs, search)
	outs := r.Run(reqs)
	for _, tc := range []struct {
		name     string
		i, stmt  int
		unstable []bool // by result of stmt
		ownHash  bool   // the first result keeps the executor's hash
		blocks   int
	}{
		{"a choice call that returned no error", 0, 0, []bool{false, false}, true, 4},
		{"a call taking what it returned", 0, 1, []bool{false}, true, 4},
		{"a choice call that failed, the same error in the repeat", 1, 0, []bool{true, false}, false, 0},
		{"a choice call whose error changed in the repeat", 2, 0, []bool{true, true}, false, 4},
		{"a choice call that took a tainted value", 3, 1, []bool{true, true}, false, 0},
		{"a nondeterministic call that failed, the same error in the repeat", 4, 0, []bool{true, false}, false, 4},
		{"a nondeterministic call that failed on a value a deterministic call made", 5, 1, []bool{true, false}, false, 4},
		{"a choice call that failed, in a run without repeats", 6, 0, []bool{true, true}, false, 0},
	} {
		res := outs[tc.i].Result
		vals := res.Stmt(tc.stmt).Values()
		for j, want := range tc.unstable {
			if vals[j].Unstable != want {
				t.Errorf("%s: result %d unstable = %v, want %v", tc.name, j, vals[j].Unstable, want)
			}
		}
		raw := f.Run([]rt.Request{reqs[tc.i]})[0].Result.Stmt(tc.stmt).Values()[0].Hash
		if own := vals[0].Hash == raw; own != tc.ownHash {
			t.Errorf("%s: first result keeps its own hash = %v, want %v", tc.name, own, tc.ownHash)
		}
		if len(res.Blocks) != tc.blocks {
			t.Errorf("%s: %d blocks left, want %d", tc.name, len(res.Blocks), tc.blocks)
		}
	}
}
