package oracle

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
)

// Values a differently built copy of the executor sees differently depend
// on the binary (detrand's space in "proto: ..."): they are not asserted.
// An error told apart only by its message is still checked to be an
// error; a statement that panics in a copy makes the case no test; what
// the copies agree on is asserted as before. The copies run without the
// in-process repeat.
func TestJudgeBinaryVariants(t *testing.T) {
	prog := testProgram(t)
	twice, load := modeltest.Op(t, prog, "Twice"), modeltest.Op(t, prog, "Load")
	corpus := func() []*corpus.Entry {
		return []*corpus.Entry{
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(1))), Target: 0},  // 0: another result in a copy
			{Seq: modeltest.Seq(modeltest.Call(load, modeltest.Str("x"))), Target: 0}, // 1: another error message in a copy
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(5))), Target: 0},  // 2: the same everywhere
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(7))), Target: 0},  // 3: panics in a copy
			{Seq: modeltest.Seq(modeltest.Call(load, modeltest.Str("y"))), Target: 0}, // 4: the same error everywhere
		}
	}
	loadErr := func(res *rt.Result, msg string) {
		setVal(res, 0, 0, tv{Nil: true, Tree: &rt.Tree{Kind: rt.TNil}})
		setVal(res, 0, 1, tv{Type: "*errors.errorString", Hash: 9, Tree: &rt.Tree{Kind: rt.TError, Type: "*errors.errorString", S: msg}})
	}
	primaryEdit := func(s rt.Request, res *rt.Result) {
		switch s.ID {
		case 1:
			loadErr(res, "p: bad name")
		case 4:
			loadErr(res, "p: no such name")
		}
	}
	primary := fakeRunner(prog, primaryEdit)
	variant := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		switch s.ID {
		case 0:
			res.Stmt(0).Values()[0].Hash++
			res.Stmt(0).Tree(0).I++
		case 1:
			loadErr(res, "p:\u00a0bad name")
		case 3:
			res.Set(0, rt.StmtSpec{Outcome: rt.OutPanic, Note: &rt.StmtNote{PanicMsg: "boom"}})
		case 4:
			loadErr(res, "p: no such name")
		}
	})
	same := fakeRunner(prog, primaryEdit)
	j := Judge(prog, primary, corpus(), JudgeOptions{Variants: []executor.Runner{same, variant}})
	cases := map[int]*Case{}
	for _, c := range j.Cases {
		cases[c.Key] = c
	}
	if len(cases) != 4 || cases[3] != nil {
		t.Fatalf("cases %v, want 0, 1, 2 and 4 (3 panicked in a copy)", keys(cases))
	}
	if len(cases[0].Asserts) != 0 {
		t.Errorf("a result that differs in a copy is asserted: %s", assertsOn(cases[0].Asserts))
	}
	// Load's cases also get observers on its (nil) *Stack; its error is
	// the first assertion.
	if a := cases[1].Asserts; len(a) == 0 || a[0].Stmt != 0 || a[0].Kind != ErrNonNil || a[0].Want != nil {
		t.Errorf("an error whose message differs in a copy: asserts %+v, want only that there is one", a[:min(1, len(a))])
	}
	if got := assertsOn(cases[2].Asserts); got != "0:Equal" {
		t.Errorf("a result every copy agrees on: asserts %s, want 0:Equal", got)
	}
	if a := cases[4].Asserts; len(a) == 0 || a[0].Stmt != 0 || a[0].Kind != ErrNonNil || a[0].Want == nil || a[0].Want.S != "p: no such name" {
		t.Errorf("an error every copy agrees on: asserts %+v, want its message", a[:min(1, len(a))])
	}
	for _, q := range variant.Requests() {
		if q.Flags&(rt.FlagRepeat|rt.FlagCheckPurity) != 0 || q.Flags&rt.FlagDetail == 0 {
			t.Errorf("a copy ran sequence %d with flags %b, want value trees only", q.ID, q.Flags)
		}
	}
	if len(variant.Requests()) != len(primary.Requests()) {
		t.Errorf("the copy ran %d sequences, the executor %d: want the same", len(variant.Requests()), len(primary.Requests()))
	}
}

// A value that depends on what ran before it in the process (a getter of
// package state that another call sets lazily, as uuid.NodeInterface
// reports the interface the first NodeID picked) is not asserted: the
// second copy runs the sequences that write package state after the
// others, so a sequence that writes none sees the state no sequence left.
// The copy that runs them in order, after the writer, sees what the
// executor saw, and would let the value through.
func TestJudgeOrderDependentValues(t *testing.T) {
	pkg := modeltest.Check(t, "example.com/p", oracleSrc)
	prog := model.Build(pkg, model.Options{Effects: func(fn *types.Func) model.Effects {
		if fn.Name() == "Load" { // sets the package's state
			return model.Effects{Known: true, WritesGlobal: true, GlobalWhy: "p.loaded"}
		}
		return model.Effects{Known: true, Pure: true}
	}})
	twice, load := modeltest.Op(t, prog, "Twice"), modeltest.Op(t, prog, "Load")
	corpus := func() []*corpus.Entry {
		return []*corpus.Entry{
			{Seq: modeltest.Seq(modeltest.Call(load, modeltest.Str("x"))), Target: 0}, // 0: writes the state
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(1))), Target: 0},  // 1: reads it
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), Target: 0},  // 2: does not depend on it
		}
	}
	// A fresh process: Twice(1)'s result tells whether Load ran before.
	fresh := func() *executortest.Runner {
		loaded := false
		f := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
			switch opName(prog, s, 0) {
			case "Load":
				loaded = true
			case "Twice":
				if s.Stmts[0].Args[0].Lit.I == 1 && !loaded {
					res.Stmt(0).Values()[0].Hash++
					res.Stmt(0).Tree(0).I++
				}
			}
		})
		return f
	}
	primary := fakeRunner(prog, nil) // ran the search: Load ran long ago
	asserted := func(j *Judgement, key int) bool {
		for _, c := range j.Cases {
			if c.Key == key {
				return len(c.Asserts) > 0
			}
		}
		return false
	}
	j := Judge(prog, primary, corpus(), JudgeOptions{Variants: []executor.Runner{fresh(), fresh()}})
	if asserted(j, 1) {
		t.Errorf("Twice(1), whose result depends on whether Load ran before, is asserted")
	}
	if !asserted(j, 2) {
		t.Errorf("Twice(2), which depends on nothing, is not asserted")
	}
	// Both copies in the given order: Load runs first in each, and the
	// dependence goes unseen. This is what the order check adds.
	j = Judge(prog, primary, corpus(), JudgeOptions{Variants: []executor.Runner{fresh()}})
	if !asserted(j, 1) {
		t.Errorf("with one copy, in order, Twice(1) is not asserted: the test no longer shows what the reordered copy adds")
	}
}

// An error already set aside as unstable (its hash holds the program
// counters of a stack trace) is still compared by message with the copy:
// a message the copy saw otherwise marks its tree as varying, so that
// Assertions does not check it; the same message leaves it alone.
func TestMarkBinaryDependentUnstableError(t *testing.T) {
	for _, tc := range []struct {
		other      string
		wantVaries bool
	}{{"bad name", false}, {"bad name at 0x4f00", true}} {
		result := func(msg string, hash uint64) *rt.Result {
			r := &rt.Result{}
			s := r.AddStmt(rt.OutNormal, rt.Value{Type: rt.InternType("*p.stackError"), Hash: hash, Unstable: true})
			s.SetTree(0, &rt.Tree{Kind: rt.TError, Type: "*p.stackError", S: msg})
			return r
		}
		r, other := result("bad name", 1), result(tc.other, 2)
		markBinaryDependent(r, other)
		if got := r.Stmt(0).Tree(0).Varies; got != tc.wantVaries {
			t.Errorf("copy's message %q: Varies = %v, want %v", tc.other, got, tc.wantVaries)
		}
		if !r.Stmt(0).Values()[0].Unstable {
			t.Errorf("copy's message %q: the value is no longer unstable", tc.other)
		}
	}
}
