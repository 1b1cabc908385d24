package oracle

import (
	"testing"

	rt "github.com/gentest-go/gentest/generator/harness/rt"
	"github.com/gentest-go/gentest/generator/search"
)

// Values a differently built copy of the executor sees differently depend
// on the binary (detrand's space in "proto: ..."): they are not asserted.
// An error told apart only by its message is still checked to be an
// error; a statement that panics in a copy makes the case no test; what
// the copies agree on is asserted as before. The copies run without the
// in-process repeat.
func TestJudgeBinaryVariants(t *testing.T) {
	prog := testProgram(t)
	twice, load := opNamed(t, prog, "Twice"), opNamed(t, prog, "Load")
	corpus := func() []*search.Entry {
		return []*search.Entry{
			{Seq: mkSeq(call(twice, intLit(1))), Target: 0},  // 0: another result in a copy
			{Seq: mkSeq(call(load, strLit("x"))), Target: 0}, // 1: another error message in a copy
			{Seq: mkSeq(call(twice, intLit(5))), Target: 0},  // 2: the same everywhere
			{Seq: mkSeq(call(twice, intLit(7))), Target: 0},  // 3: panics in a copy
			{Seq: mkSeq(call(load, strLit("y"))), Target: 0}, // 4: the same error everywhere
		}
	}
	loadErr := func(res *rt.Result, msg string) {
		setVal(res, 0, 0, tv{Nil: true, Tree: &rt.Tree{Kind: rt.TNil}})
		setVal(res, 0, 1, tv{Type: "*errors.errorString", Hash: 9, Tree: &rt.Tree{Kind: rt.TError, Type: "*errors.errorString", S: msg}})
	}
	primary := &fakeRunner{prog: prog, edit: func(s rt.Seq, res *rt.Result) {
		switch s.ID {
		case 1:
			loadErr(res, "p: bad name")
		case 4:
			loadErr(res, "p: no such name")
		}
	}}
	variant := &fakeRunner{prog: prog, edit: func(s rt.Seq, res *rt.Result) {
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
	}}
	same := &fakeRunner{prog: prog, edit: primary.edit}
	j := Judge(prog, primary, corpus(), JudgeOptions{Variants: []search.Runner{same, variant}})
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
	for _, q := range variant.reqs {
		if q.Flags&(rt.FlagRepeat|rt.FlagCheckPurity) != 0 || q.Flags&rt.FlagDetail == 0 {
			t.Errorf("a copy ran sequence %d with flags %b, want value trees only", q.ID, q.Flags)
		}
	}
	if len(variant.reqs) != len(primary.reqs) {
		t.Errorf("the copy ran %d sequences, the executor %d: want the same", len(variant.reqs), len(primary.reqs))
	}
}
