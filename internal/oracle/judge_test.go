package oracle

import (
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/minimize"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// names lists the operations of a sequence.
func names(f *executortest.Runner, s *seq.Seq) string {
	var out []string
	for _, st := range s.Stmts {
		out = append(out, f.Prog.Ops[st.Op].Name)
	}
	return strings.Join(out, " ")
}

// assertsOn lists the statements and kinds asserted, "1:Equal 2:ErrNil".
func assertsOn(as []Assertion) string {
	kinds := map[Kind]string{ErrNil: "ErrNil", ErrNonNil: "ErrNonNil", Equal: "Equal"}
	var out []string
	for _, a := range as {
		out = append(out, string(rune('0'+a.Stmt))+":"+kinds[a.Kind])
	}
	return strings.Join(out, " ")
}

// A target that returns nothing worth asserting gets observers (pure,
// receiver-only methods, at most two per value) on its receiver or its
// non-basic results; one returning a basic value gets none. Each candidate
// runs once, with details, repetition and purity checks.
func TestJudgeObservers(t *testing.T) {
	prog := testProgram(t)
	f := fakeRunner(prog, nil)
	newStack, push, twice, load := modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Stack.Push"), modeltest.Op(t, prog, "Twice"), modeltest.Op(t, prog, "Load")
	entries := []*corpus.Entry{
		{Seq: modeltest.Seq(modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(3))), Target: 1},
		{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), Target: 0},
		{Seq: modeltest.Seq(modeltest.Call(load, modeltest.Str("x"))), Target: 0},
	}
	j := Judge(prog, f, entries, JudgeOptions{})
	// The stack's three observers (Len, Peek, Top) were tried; two are
	// kept, and the two cases that lost one run again.
	if f.Calls() != 2 || len(f.Requests()) != 5 {
		t.Fatalf("runner called %d times with %d sequences, want twice with 3 then 2", f.Calls(), len(f.Requests()))
	}
	for i, r := range f.Requests() {
		id := uint64(i)
		if i >= 3 {
			id = uint64(2 * (i - 3)) // cases 0 and 2 again
		}
		if r.ID != id || r.Flags != rt.FlagDetail|rt.FlagRepeat|rt.FlagCheckPurity {
			t.Errorf("request %d: id %d flags %b", i, r.ID, r.Flags)
		}
	}
	if len(j.Cases) != 3 || len(j.Cands) != 3 {
		t.Fatalf("%d cases, %d candidates; want 3 and 3", len(j.Cases), len(j.Cands))
	}
	want := []struct{ seq, asserts string }{
		// Push returns nothing: Len and Peek on the stack (two at most);
		// Pop is not pure, Clear returns nothing.
		{"NewStack Stack.Push Stack.Len Stack.Peek", "2:Equal 3:Equal"},
		{"Twice", "0:Equal"},
		// Load's *Stack is asserted and observed, its error asserted.
		{"Load Stack.Len Stack.Peek", "0:Equal 0:ErrNil 1:Equal 2:Equal"},
	}
	for i, w := range want {
		c := j.Cases[i]
		if got := names(f, c.Seq); got != w.seq {
			t.Errorf("case %d: %s, want %s", i, got, w.seq)
		}
		if got := assertsOn(c.Asserts); got != w.asserts {
			t.Errorf("case %d: asserts %s, want %s", i, got, w.asserts)
		}
		if c.Key != i || c.Target != entries[i].Target || j.Cands[i].Len != c.Seq.Len() || j.Cands[i].BehaviourKey == 0 {
			t.Errorf("case %d: key %d target %d, candidate %+v", i, c.Key, c.Target, j.Cands[i])
		}
	}
	// An observer that panics (Peek on an empty stack) is taken out, and
	// the one tried after it (Top) checks the stack instead.
	f = fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		for i := range s.Stmts {
			if opName(prog, s, i) == "Stack.Peek" {
				res.Set(i, rt.StmtSpec{Outcome: rt.OutPanic, PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: "index out of range"}})
				for k := i + 1; k < len(res.Stmts); k++ {
					res.Set(k, rt.StmtSpec{Outcome: rt.OutSkipped})
				}
			}
		}
	})
	j = Judge(prog, f, []*corpus.Entry{{Seq: modeltest.Seq(modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(3))), Target: 1}}, JudgeOptions{})
	if len(j.Cases) != 1 || names(f, j.Cases[0].Seq) != "NewStack Stack.Push Stack.Len Stack.Top" || assertsOn(j.Cases[0].Asserts) != "2:Equal 3:Equal 3:ErrNil" {
		t.Errorf("panicking observer: %d cases, %s, asserts %s", len(j.Cases), names(f, j.Cases[0].Seq), assertsOn(j.Cases[0].Asserts))
	}
}

// Values that differed between the two runs are not asserted; a case
// whose target does not reproduce (panics now, no result, a short one) is
// not written; under the sandbox, a case showing a refusal is dropped.
func TestJudgeStabilityAndSandbox(t *testing.T) {
	prog := testProgram(t)
	twice, load, newStack, push := modeltest.Op(t, prog, "Twice"), modeltest.Op(t, prog, "Load"), modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Stack.Push")
	entries := func() []*corpus.Entry {
		return []*corpus.Entry{
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(1))), Target: 0},                                         // 0: unstable
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), Target: 0},                                         // 1: panics on the re-run
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(3))), Target: 0},                                         // 2: no result
			{Seq: modeltest.Seq(modeltest.Call(load, modeltest.Str("/root/x"))), Target: 0},                                  // 3: permission denied
			{Seq: modeltest.Seq(modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(4))), Target: 1}, // 4: short result
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(5))), Target: 0},                                         // 5: fine
		}
	}
	f := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		switch s.ID {
		case 0:
			res.Stmt(0).Values()[0].Unstable = true
		case 1:
			res.Set(0, rt.StmtSpec{Outcome: rt.OutPanic, Note: &rt.StmtNote{PanicMsg: "boom"}})
		case 2:
			res.Stmts = nil
		case 3:
			setVal(res, 0, 0, tv{Nil: true, Tree: &rt.Tree{Kind: rt.TNil}})
			setVal(res, 0, 1, tv{Tree: &rt.Tree{Kind: rt.TError, S: "open /root/x: permission denied"}})
			// The observers on the nil *Stack panic.
			for i := 1; i < len(res.Stmts); i++ {
				res.Set(i, rt.StmtSpec{Outcome: rt.OutPanic, PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: "nil pointer dereference"}})
			}
		case 4:
			res.Stmts = res.Stmts[:1]
		}
	})
	// ID 2's result is dropped entirely by the fake: no Result at all.
	run := func(opts JudgeOptions) map[int]*Case {
		j := Judge(prog, nilResult{f, 2}, entries(), opts)
		out := map[int]*Case{}
		for _, c := range j.Cases {
			out[c.Key] = c
		}
		return out
	}
	cases := run(JudgeOptions{})
	if len(cases) != 3 || cases[0] == nil || cases[3] == nil || cases[5] == nil {
		t.Fatalf("cases %v, want 0, 3 and 5", keys(cases))
	}
	if len(cases[0].Asserts) != 0 {
		t.Errorf("unstable value asserted: %s", assertsOn(cases[0].Asserts))
	}
	if got := assertsOn(cases[5].Asserts); got != "0:Equal" {
		t.Errorf("stable value: asserts %s, want 0:Equal", got)
	}
	if a := cases[3].Asserts; len(a) != 1 || a[0].Kind != ErrNonNil || a[0].Want == nil {
		t.Errorf("the refused Load outside the sandbox: asserts %+v, want its error", a)
	}
	cases = run(JudgeOptions{Sandboxed: true})
	if len(cases) != 2 || cases[3] != nil {
		t.Errorf("sandboxed: cases %v, want 0 and 5 (the refusal dropped)", keys(cases))
	}
}

// nilResult wraps a runner and gives sequence id no result at all.
type nilResult struct {
	*executortest.Runner
	id uint64
}

func (n nilResult) Run(seqs []rt.Request) []executor.Outcome {
	outs := n.Runner.Run(seqs)
	for i, s := range seqs {
		if s.ID == n.id {
			outs[i].Result = nil
		}
	}
	return outs
}

func keys(m map[int]*Case) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	return out
}

// The executor's purity disagreements are listed once each; "result
// differs when repeated" of a function with results is also a pure-repeat
// finding, one per function, on the sequence up to the call.
func TestJudgeDisagreements(t *testing.T) {
	prog := testProgram(t)
	newStack, push, twice, name := modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Stack.Push"), modeltest.Op(t, prog, "Twice"), modeltest.Op(t, prog, "Name")
	entries := []*corpus.Entry{
		{Seq: modeltest.Seq(modeltest.Call(newStack), modeltest.Call(twice, modeltest.Int(1)), modeltest.Call(name, seq.Ref(0, 0))), Target: 2},
		{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2)), modeltest.Call(newStack), modeltest.Call(name, seq.Ref(1, 0))), Target: 2},
		{Seq: modeltest.Seq(modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(1))), Target: 1},
	}
	f := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		for i := range s.Stmts {
			switch opName(prog, s, i) {
			case "Twice":
				res.Stmt(i).SetNote(rt.StmtNote{Disagree: "result differs when repeated"})
			case "Name":
				res.Stmt(i).SetNote(rt.StmtNote{Disagree: "mutated argument 0"})
			case "Stack.Push":
				res.Stmt(i).SetNote(rt.StmtNote{Disagree: "result differs when repeated"}) // no results: not a pure-repeat finding
			}
		}
	})
	j := Judge(prog, f, entries, JudgeOptions{})
	want := []string{
		"example.com/p.Twice: result differs when repeated",
		"example.com/p.Name: mutated argument 0",
		"(*example.com/p.Stack).Push: result differs when repeated",
	}
	if strings.Join(j.Disagreements, "\n") != strings.Join(want, "\n") {
		t.Errorf("disagreements:\n%s\nwant:\n%s", strings.Join(j.Disagreements, "\n"), strings.Join(want, "\n"))
	}
	if len(j.PureRepeat) != 1 {
		t.Fatalf("%d pure-repeat findings, want 1 (Twice)", len(j.PureRepeat))
	}
	pr := j.PureRepeat[0]
	if pr.Kind != "pure-repeat" || pr.Function != "example.com/p.Twice" || pr.Check.Kind != CheckDeterministic ||
		pr.Check.Stmt != 1 || pr.Case.Target != 1 || names(f, pr.Case.Seq) != "NewStack Twice" || pr.Case.Key != -3000 {
		t.Errorf("pure-repeat finding %+v (case %s, target %d, key %d)", pr, names(f, pr.Case.Seq), pr.Case.Target, pr.Case.Key)
	}
	// No disagreements: an empty, non-nil list.
	j = Judge(prog, fakeRunner(prog, nil), []*corpus.Entry{{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), Target: 0}}, JudgeOptions{})
	if j.Disagreements == nil || len(j.Disagreements) != 0 || len(j.PureRepeat) != 0 {
		t.Errorf("no disagreements: %v, %v", j.Disagreements, j.PureRepeat)
	}
}

// The observers a test gets are those whose result it can write: String
// alone when the type has one (it shows the whole value), basic results
// before opaque ones (V.Clone returns another *V). A call the facts say
// leaves its receiver alone gets no observers on the receiver: they would
// only repeat what the arrangement built.
func TestJudgeObserverChoice(t *testing.T) {
	prog := testProgram(t)
	f := fakeRunner(prog, nil)
	newV, clone := modeltest.Op(t, prog, "NewV"), modeltest.Op(t, prog, "V.Clone")
	entries := []*corpus.Entry{
		{Seq: modeltest.Seq(modeltest.Call(newV, modeltest.Int(1))), Target: 0},
		{Seq: modeltest.Seq(modeltest.Call(newV, modeltest.Int(1)), modeltest.Call(clone, seq.Ref(0, 0))), Target: 1},
	}
	AddObservers(prog, entries, false)
	for i, want := range []string{"NewV V.String", "NewV V.Clone V.String"} {
		if got := names(f, entries[i].Seq); got != want {
			t.Errorf("case %d: %s, want %s", i, got, want)
		}
	}
	if r0, r1, r2 := observerRank(modeltest.Op(t, prog, "V.String")), observerRank(modeltest.Op(t, prog, "Stack.Len")), observerRank(clone); !(r0 < r1 && r1 < r2) {
		t.Errorf("ranks String %d, Len %d, Clone %d; want increasing", r0, r1, r2)
	}
}

// Of the cases asserting a documented panic, the reduction sees only the
// shortest per operation: the longer one's arrangement covered what a
// clean case covers too, and had the reduction taken it for that and
// the longer one gone afterwards, the file would have lost it.
func TestReducedOnePanicCasePerOp(t *testing.T) {
	mk := func(op, n int, panics bool) *Case {
		s := &seq.Seq{}
		for range n {
			s.Stmts = append(s.Stmts, seq.Stmt{Op: op})
		}
		return &Case{Seq: s, Target: n - 1, Panics: panics}
	}
	j := &Judgement{
		Cases: []*Case{mk(1, 3, true), mk(2, 2, false), mk(1, 1, true)},
		Cands: []minimize.Candidate{
			{Len: 3, Cover: []int64{1, 2, 3, 9}},
			{Len: 2, Cover: []int64{1, 2, 3}},
			{Len: 1, Cover: []int64{9}},
		},
	}
	got := j.Reduced()
	if len(got) != 2 || got[0] != j.Cases[1] || got[1] != j.Cases[2] {
		t.Errorf("Reduced kept %d cases, want the clean one and the short panic", len(got))
	}
}

// A documented panic's prefix is tested for what it reaches on its own,
// with its last call of the package as the target: a producer of another
// package just before the panicking call (fmt.Errorf before uuid.Must)
// is cut off, or the file would get a test of fmt.Errorf.
func TestPanicPrefixTargetsThePackage(t *testing.T) {
	prog := testProgram(t)
	newStack, twice, boom := modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Twice"), modeltest.Op(t, prog, "Boom")
	twice.Detective = true // stands for a producer of another package
	defer func() { twice.Detective = false }()
	boom.DocPanics = "Boom panics on an empty stack."
	defer func() { boom.DocPanics = "" }()
	normal := rt.StmtSpec{Outcome: rt.OutNormal}
	panicked := rt.StmtSpec{Outcome: rt.OutPanic, Note: &rt.StmtNote{PanicMsg: "empty"}}
	entry := &corpus.Entry{Seq: modeltest.Seq(modeltest.Call(newStack), modeltest.Call(twice, modeltest.Int(1)), modeltest.Call(boom, seq.Ref(0, 0))), Target: 2,
		Result: rt.NewResult(normal, normal, panicked)}
	out := withPanicPrefixes(prog, []*corpus.Entry{entry})
	if len(out) != 2 {
		t.Fatalf("%d entries, want the entry and its prefix", len(out))
	}
	if p := out[1]; p.Seq.Len() != 1 || p.Target != 0 || p.Seq.Stmts[0].Op != newStack.ID {
		t.Errorf("prefix %v with target %d, want NewStack() alone as its target", p.Seq.Stmts, p.Target)
	}
	only := &corpus.Entry{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(1)), modeltest.Call(boom, seq.Ref(0, 0))), Target: 1,
		Result: rt.NewResult(normal, panicked)}
	if out := withPanicPrefixes(prog, []*corpus.Entry{only}); len(out) != 1 {
		t.Errorf("a prefix of foreign producers only became an entry: %v", out[1].Seq.Stmts)
	}
}
