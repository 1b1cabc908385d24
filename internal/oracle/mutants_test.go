package oracle

import (
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// mutantFake is the fake executor of the mutation tests: each original run
// (Mutant 0) infects the mutants infects gives for its first operation's
// name; under mutant m, under(m, q, out) changes what the run showed.
func mutantFake(prog *model.Program, infects map[string][]int32, under func(m int32, q rt.Request, out *executor.Outcome)) *executortest.Runner {
	f := fakeRunner(prog, nil)
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		if q.Mutant == 0 {
			out.Result.Infected = slices.Clone(infects[opName(prog, q, 0)])
			return
		}
		if q.Flags != rt.FlagDetail {
			panic(fmt.Sprintf("mutant run with flags %b, want FlagDetail alone", q.Flags))
		}
		if under != nil {
			under(q.Mutant, q, out)
		}
	}
	return f
}

// mutantEntries are three candidates: a Push observed by Len and Peek, a
// Twice with a basic result, a Load whose *Stack is observed.
func mutantEntries(t *testing.T, prog *model.Program) []*corpus.Entry {
	newStack, push, twice, load := modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Stack.Push"), modeltest.Op(t, prog, "Twice"), modeltest.Op(t, prog, "Load")
	return []*corpus.Entry{
		{Seq: modeltest.Seq(modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(3))), Target: 1},
		{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), Target: 0},
		{Seq: modeltest.Seq(modeltest.Call(load, modeltest.Str("x"))), Target: 0},
	}
}

// stmtNamed returns the index of the first statement of q calling op
// name, -1 if none does.
func stmtNamed(prog *model.Program, q rt.Request, name string) int {
	for i := range q.Stmts {
		if opName(prog, q, i) == name {
			return i
		}
	}
	return -1
}

// mutantBehaviour: mutant 1 changes what Len returns after a Push (Len's
// check kills it), mutant 2 changes nothing a test sees (equivalent as
// far as these tests go), mutant 3 makes Load hang (killed by timeout),
// mutant 4 makes Twice's result another (its target check kills it).
func mutantBehaviour(prog *model.Program) func(m int32, q rt.Request, out *executor.Outcome) {
	return func(m int32, q rt.Request, out *executor.Outcome) {
		switch m {
		case 1:
			if k := stmtNamed(prog, q, "Stack.Len"); k >= 0 && opName(prog, q, 0) == "NewStack" {
				setVal(out.Result, k, 0, tv{Hash: 99, Tree: &rt.Tree{Kind: rt.TInt, I: 99}})
			}
		case 3:
			if opName(prog, q, 0) == "Load" {
				*out = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashTimeout, Stmt: 0}}
			}
		case 4:
			if opName(prog, q, 0) == "Twice" {
				setVal(out.Result, 0, 0, tv{Hash: 98, Tree: &rt.Tree{Kind: rt.TInt, I: 98}})
			}
		}
	}
}

// An observer check that kills a mutant is kept; one that kills none goes
// with its call; the target's result is checked whether it kills or not;
// a mutant under which the case times out is killed, by timeout. Each
// case runs once per mutant it infects, with details only.
func TestJudgeMutantAssertions(t *testing.T) {
	prog := testProgram(t)
	infects := map[string][]int32{"NewStack": {1, 2}, "Twice": {2, 4}, "Load": {2, 3}}
	f := mutantFake(prog, infects, mutantBehaviour(prog))
	j := Judge(prog, f, mutantEntries(t, prog), JudgeOptions{Mutants: 4})
	want := []struct {
		seq, asserts       string
		killed, byTimeout  []int32
		byAssert           string
		wantKills, wantRun []int32
	}{
		// Peek's check killed nothing: it goes, Len's stays.
		{"NewStack Stack.Push Stack.Len", "2:Equal", []int32{1}, nil, "2.0:[1]", []int32{1}, []int32{1, 2}},
		// Twice's result is the target's: kept; it kills mutant 4.
		{"Twice", "0:Equal", []int32{4}, nil, "0.0:[4]", []int32{4}, []int32{2, 4}},
		// Load hangs under mutant 3; its observers kill nothing.
		{"Load", "0:Equal 0:ErrNil", []int32{3}, []int32{3}, "", []int32{3}, []int32{2, 3}},
	}
	if len(j.Cases) != len(want) {
		t.Fatalf("%d cases, want %d", len(j.Cases), len(want))
	}
	for i, w := range want {
		c := j.Cases[i]
		if got := names(f, c.Seq); got != w.seq {
			t.Errorf("case %d: %s, want %s", i, got, w.seq)
		}
		if got := assertsOn(c.Asserts); got != w.asserts {
			t.Errorf("case %d: asserts %s, want %s", i, got, w.asserts)
		}
		m := c.Mutation
		if m == nil {
			t.Fatalf("case %d: no mutation data", i)
		}
		if !slices.Equal(m.Killed, w.killed) || !slices.Equal(m.ByTimeout, w.byTimeout) || !slices.Equal(m.Run, w.wantRun) {
			t.Errorf("case %d: killed %v by timeout %v run %v, want %v, %v, %v", i, m.Killed, m.ByTimeout, m.Run, w.killed, w.byTimeout, w.wantRun)
		}
		if got := byAssertString(m.ByAssert); got != w.byAssert {
			t.Errorf("case %d: by assertion %s, want %s", i, got, w.byAssert)
		}
		if cand := j.Cands[i]; !slices.Equal(cand.Kills, w.wantKills) || cand.BehaviourKey != 0 {
			t.Errorf("case %d: candidate kills %v key %d, want %v and no behaviour key", i, cand.Kills, cand.BehaviourKey, w.wantKills)
		}
	}
	mutantRuns := 0
	for _, q := range f.Requests() {
		if q.Mutant != 0 {
			mutantRuns++
		}
	}
	if mutantRuns != 6 {
		t.Errorf("%d mutant runs, want 6 (two per case)", mutantRuns)
	}
}

// byAssertString writes a ByAssert map in statement order: "2.0:[1]".
func byAssertString(m map[seq.ValueID][]int32) string {
	var ids []seq.ValueID
	for id := range m {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b seq.ValueID) int {
		if a.Stmt != b.Stmt {
			return a.Stmt - b.Stmt
		}
		return a.Result - b.Result
	})
	s := ""
	for _, id := range ids {
		if s != "" {
			s += " "
		}
		s += fmt.Sprintf("%d.%d:%v", id.Stmt, id.Result, m[id])
	}
	return s
}

// Without mutants in the executor, Judge judges as before: no mutant
// runs, every pruned observer kept, behaviour keys for reduction. With
// -no=mutation-asserts (AllAsserts) the observers stay but the kills are
// measured.
func TestJudgeWithoutMutants(t *testing.T) {
	prog := testProgram(t)
	infects := map[string][]int32{"NewStack": {1, 2}, "Twice": {2, 4}, "Load": {2, 3}}
	for _, tc := range []struct {
		name string
		opts JudgeOptions
	}{{"none", JudgeOptions{}}, {"all asserts", JudgeOptions{Mutants: 4, AllAsserts: true}}} {
		f := mutantFake(prog, infects, mutantBehaviour(prog))
		j := Judge(prog, f, mutantEntries(t, prog), tc.opts)
		wantSeqs := []string{"NewStack Stack.Push Stack.Len Stack.Peek", "Twice", "Load Stack.Len Stack.Peek"}
		for i, w := range wantSeqs {
			if got := names(f, j.Cases[i].Seq); got != w {
				t.Errorf("%s: case %d: %s, want %s", tc.name, i, got, w)
			}
		}
		runs := 0
		for _, q := range f.Requests() {
			if q.Mutant != 0 {
				runs++
			}
		}
		if tc.opts.Mutants == 0 {
			if runs != 0 || j.Cases[0].Mutation != nil || j.Cands[0].Kills != nil || j.Cands[1].BehaviourKey == 0 {
				t.Errorf("%s: %d mutant runs, mutation %v, kills %v, key %d", tc.name, runs, j.Cases[0].Mutation, j.Cands[0].Kills, j.Cands[1].BehaviourKey)
			}
			continue
		}
		if runs != 6 || !slices.Equal(j.Cases[0].Mutation.Killed, []int32{1}) || !slices.Equal(j.Cands[2].Kills, []int32{3}) {
			t.Errorf("%s: %d mutant runs, kills %v and %v", tc.name, runs, j.Cases[0].Mutation.Killed, j.Cands[2].Kills)
		}
	}
}

// A test that kills nothing and covers nothing new is not written; one
// that covers nothing new but kills a mutant no other test kills is. The
// answer is the same on every run.
func TestReducedByKills(t *testing.T) {
	prog := testProgram(t)
	twice := modeltest.Op(t, prog, "Twice")
	entries := func() []*corpus.Entry {
		return []*corpus.Entry{
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(1))), Target: 0},
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), Target: 0},
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(3))), Target: 0},
		}
	}
	// (Three sequences, not one thrice: the judge judges a sequence
	// once, withoutDuplicates.) Each run reports the same coverage (block 7), case 2's a block
	// more; case 1's result differs under mutant 5, which only it
	// infects.
	var first []string
	for round := range 2 {
		f := fakeRunner(prog, nil)
		f.Edit = func(q rt.Request, out *executor.Outcome) {
			out.Result.Blocks = []int32{7}
			if q.ID == 2 && q.Mutant == 0 {
				out.Result.Blocks = []int32{7, 8}
			}
			switch {
			case q.Mutant == 0 && q.ID == 1:
				out.Result.Infected = []int32{5}
			case q.Mutant == 0:
				out.Result.Infected = []int32{6}
			case q.Mutant == 5:
				setVal(out.Result, 0, 0, tv{Hash: 98, Tree: &rt.Tree{Kind: rt.TInt, I: 98}})
			}
		}
		j := Judge(prog, f, entries(), JudgeOptions{Mutants: 6})
		var got []string
		for _, c := range j.Reduced() {
			got = append(got, fmt.Sprint(c.Key, c.Mutation.Killed))
		}
		// Case 1 (block 7, kill 5) and case 2 (blocks 7 and 8) both add
		// two goals: 1 comes first, then 2 adds block 8 though it kills
		// nothing; case 0 adds neither coverage nor a kill.
		if want := []string{"1 [5]", "2 []"}; !slices.Equal(got, want) {
			t.Errorf("round %d: reduced to %v, want %v", round, got, want)
		}
		if round == 0 {
			first = got
		} else if !slices.Equal(got, first) {
			t.Errorf("not deterministic: %v then %v", first, got)
		}
	}
}

// The budget: at most MutantRunsPerCase mutants per case, those fewest
// cases infect first, and MutantRunsTotal over all cases, shared a round
// at a time in case order.
func TestPlanMutantRuns(t *testing.T) {
	infected := [][]int32{{1, 2, 3, 4}, {2, 3, 4}, {3, 4, 5}}
	// Frequencies: 1:1 2:2 3:3 4:3 5:1.
	plan := planMutantRuns(infected, JudgeOptions{MutantRunsPerCase: 2, MutantRunsTotal: 5})
	want := [][]int32{{1, 2}, {2, 3}, {5}}
	for n := range want {
		if !slices.Equal(plan[n], want[n]) {
			t.Errorf("plan %v, want %v", plan, want)
			break
		}
	}
	if again := planMutantRuns(infected, JudgeOptions{MutantRunsPerCase: 2, MutantRunsTotal: 5}); fmt.Sprint(again) != fmt.Sprint(plan) {
		t.Errorf("not deterministic: %v then %v", plan, again)
	}
	if d := planMutantRuns(infected, JudgeOptions{}); len(d[0]) != 4 || len(d[1]) != 3 || len(d[2]) != 3 {
		t.Errorf("default budget cut small cases: %v", d)
	}
}

// What a check sees of a mutant's value: a nil error that became non-nil,
// a message that changed, a value written in full that changed, and for a
// value that cannot be written, only its nil-ness and length.
func TestAssertionKills(t *testing.T) {
	res := func(v tv) *rt.Result {
		r := &rt.Result{}
		r.Add(stmtOf(v))
		return r
	}
	errTree := func(msg string) tv { return tv{Tree: &rt.Tree{Kind: rt.TError, S: msg}} }
	opaque := &rt.Tree{Kind: rt.TPtr, Elems: []rt.Tree{{Kind: rt.TStruct, Fields: []string{"n"}, Elems: []rt.Tree{{Kind: rt.TInt, I: 1}}}}}
	opaque2 := &rt.Tree{Kind: rt.TPtr, Elems: []rt.Tree{{Kind: rt.TStruct, Fields: []string{"n"}, Elems: []rt.Tree{{Kind: rt.TInt, I: 2}}}}}
	for _, tc := range []struct {
		name string
		a    Assertion
		got  tv
		want bool
	}{
		{"nil error stays nil", Assertion{Kind: ErrNil}, tv{Nil: true, Tree: &rt.Tree{Kind: rt.TNil}}, false},
		{"nil error becomes non-nil", Assertion{Kind: ErrNil}, errTree("gentest: mutant error"), true},
		{"error message changes", Assertion{Kind: ErrNonNil, Want: &rt.Tree{Kind: rt.TError, S: "a"}}, errTree("b"), true},
		{"error message unchecked", Assertion{Kind: ErrNonNil, Err: &rt.Tree{Kind: rt.TError, S: "a"}}, errTree("b"), false},
		{"error becomes nil", Assertion{Kind: ErrNonNil, Err: &rt.Tree{Kind: rt.TError, S: "a"}}, tv{Nil: true, Tree: &rt.Tree{Kind: rt.TNil}}, true},
		{"int changes", Assertion{Kind: Equal, Want: &rt.Tree{Kind: rt.TInt, I: 1}}, tv{Tree: &rt.Tree{Kind: rt.TInt, I: 2}}, true},
		{"int same", Assertion{Kind: Equal, Want: &rt.Tree{Kind: rt.TInt, I: 1, Varies: false}}, tv{Tree: &rt.Tree{Kind: rt.TInt, I: 1}}, false},
		{"unwritable changes inside", Assertion{Kind: Equal, Want: opaque}, tv{Tree: opaque2}, false},
		{"unwritable becomes nil", Assertion{Kind: Equal, Want: opaque}, tv{Nil: true, Tree: &rt.Tree{Kind: rt.TNil}}, true},
		{"non-nil only", Assertion{Kind: Equal, Want: nonNilOnly}, tv{Tree: opaque2}, false},
	} {
		if got := assertionKills(tc.a, res(tc.got)); got != tc.want {
			t.Errorf("%s: kills = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// On executortest's simulated mutants: a mutant that changes what Len
// shows is killed by Len's check, one under which Peek hangs is killed by
// timeout there, so Peek's call stays although its check kills nothing;
// a mutant of Push that changes nothing observed is run but not killed.
func TestJudgeSimulatedMutants(t *testing.T) {
	prog := testProgram(t)
	f := fakeRunner(prog, nil)
	lenOp, peekOp, pushOp := modeltest.Op(t, prog, "Stack.Len"), modeltest.Op(t, prog, "Stack.Peek"), modeltest.Op(t, prog, "Stack.Push")
	f.Mutants = []executortest.Mutant{
		{ID: 1, Op: lenOp.ID, Change: func(spec *rt.StmtSpec) {
			spec.Values[0].Hash++
			spec.Note.Trees[0] = &rt.Tree{Kind: rt.TInt, I: 99}
		}},
		{ID: 2, Op: peekOp.ID, Crash: executor.CrashTimeout},
		{ID: 3, Op: pushOp.ID},
	}
	j := Judge(prog, f, mutantEntries(t, prog)[:1], JudgeOptions{Mutants: 3})
	if len(j.Cases) != 1 {
		t.Fatalf("%d cases, want 1", len(j.Cases))
	}
	c := j.Cases[0]
	if got := names(f, c.Seq); got != "NewStack Stack.Push Stack.Len Stack.Peek" {
		t.Errorf("case: %s, want both observers", got)
	}
	m := c.Mutation
	if m == nil || !slices.Equal(m.Run, []int32{1, 2, 3}) || !slices.Equal(m.Killed, []int32{1, 2}) || !slices.Equal(m.ByTimeout, []int32{2}) {
		t.Fatalf("mutation %+v: want run 1 2 3, killed 1 2, 2 by timeout", m)
	}
	if got := byAssertString(m.ByAssert); got != "2.0:[1] 3.0:[2]" {
		t.Errorf("by assertion %s, want Len's check killing 1 and Peek's call 2", got)
	}
}

// When the shortened case's run shows another value than the judged run
// (state a mutant's run left behind), the case keeps its observers: what
// the test checks must be what was judged.
func TestJudgeMutantRerunDiffers(t *testing.T) {
	prog := testProgram(t)
	infects := map[string][]int32{"NewStack": {1, 2}}
	behave := mutantBehaviour(prog)
	f := mutantFake(prog, infects, behave)
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		if q.Mutant == 0 {
			out.Result.Infected = slices.Clone(infects[opName(prog, q, 0)])
			if len(q.Stmts) == 3 { // NewStack Push Len, without Peek
				setVal(out.Result, 2, 0, tv{Hash: 77, Tree: &rt.Tree{Kind: rt.TInt, I: 77}})
			}
			return
		}
		behave(q.Mutant, q, out)
	}
	j := Judge(prog, f, mutantEntries(t, prog)[:1], JudgeOptions{Mutants: 2})
	// With mutants every stable observer is tried (Top too), and all stay.
	if got := names(f, j.Cases[0].Seq); got != "NewStack Stack.Push Stack.Len Stack.Peek Stack.Top" {
		t.Errorf("case: %s, want the observers kept", got)
	}
	if got := assertsOn(j.Cases[0].Asserts); got != "2:Equal 3:Equal 4:Equal 4:ErrNil" {
		t.Errorf("asserts %s, want the observers'", got)
	}
	if got := byAssertString(j.Cases[0].Mutation.ByAssert); got != "2.0:[1]" {
		t.Errorf("by assertion %s", got)
	}
}

// A mutant that hung under one case is not run under the others: mutant
// 3 makes every call hang; the Load case runs it in the first round, and
// the Twice case, which infects mutants 2 and 3 and runs 2 first, does
// not run 3 in the second. A deadline already past runs no mutant.
func TestJudgeMutantsHungOnceAndDeadline(t *testing.T) {
	prog := testProgram(t)
	infects := map[string][]int32{"Load": {3}, "Twice": {2, 3}}
	var runs []string
	f := mutantFake(prog, infects, func(m int32, q rt.Request, out *executor.Outcome) {
		runs = append(runs, fmt.Sprintf("%s/%d", opName(prog, q, 0), m))
		if m == 3 {
			*out = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashTimeout, Stmt: 0}}
		}
	})
	load, twice := modeltest.Op(t, prog, "Load"), modeltest.Op(t, prog, "Twice")
	entries := []*corpus.Entry{
		{Seq: modeltest.Seq(modeltest.Call(load, modeltest.Str("x"))), Target: 0},
		{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), Target: 0},
	}
	j := Judge(prog, f, entries, JudgeOptions{Mutants: 3})
	if want := []string{"Load/3", "Twice/2"}; !slices.Equal(runs, want) {
		t.Errorf("runs under mutants %v, want %v: mutant 3 hung in the first round", runs, want)
	}
	if len(j.Cases) == 0 || j.Cases[0].Mutation == nil || !slices.Equal(j.Cases[0].Mutation.ByTimeout, []int32{3}) {
		t.Errorf("the Load case does not kill mutant 3 by timeout")
	}
	runs = nil
	Judge(prog, f, entries, JudgeOptions{Mutants: 3, MutantDeadline: time.Now().Add(-time.Second)})
	if len(runs) != 0 {
		t.Errorf("runs under mutants after the deadline: %v", runs)
	}
}

// An observer stays only for mutants nothing before it kills: the
// target's checks, outcome changes, and the observers kept before it.
func TestKillingObservers(t *testing.T) {
	s := &seq.Seq{Stmts: make([]seq.Stmt, 6)} // 0 make, 1 target, 2..5 observers
	v := &CaseMutation{
		Killed: []int32{1, 2, 3, 4, 5},
		ByAssert: map[seq.ValueID][]int32{
			{Stmt: 1}: {1},    // the target's check
			{Stmt: 2}: {1},    // kills only what the target's check kills
			{Stmt: 3}: {2, 3}, // new kills
			{Stmt: 4}: {3},    // only what 3 kills
			{Stmt: 5}: {4},    // new
		},
	}
	// Mutant 5 is killed by an outcome change: no check is needed for it.
	got := killingObservers(s, 1, v)
	want := map[int]bool{3: true, 5: true}
	if !maps.Equal(got, want) {
		t.Errorf("killing observers %v, want %v", got, want)
	}
}

// With mutants, a test is written only for a block or a kill no other
// test has: two cases that cover the same block and differ only in a
// condition's side, killing nothing, make one test (without mutants,
// both: a branch side is a goal then). A sequence kept twice (two entries
// minimization made equal) is judged once.
func TestReducedByBlocksAndKills(t *testing.T) {
	prog := testProgram(t)
	twice := modeltest.Op(t, prog, "Twice")
	entries := func() []*corpus.Entry {
		return []*corpus.Entry{
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(1))), Target: 0},
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), Target: 0},
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), Target: 0},
		}
	}
	f := fakeRunner(prog, nil)
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		out.Result.Blocks = []int32{7}
		out.Result.Conds = []rt.CondObs{{ID: 0, NTrue: 1}}
		if q.ID == 1 {
			out.Result.Conds = []rt.CondObs{{ID: 0, NFalse: 1}}
		}
	}
	j := Judge(prog, f, entries(), JudgeOptions{Mutants: 6})
	if len(j.Cases) != 2 {
		t.Fatalf("%d cases, want 2: the duplicate of Twice(2) judged once", len(j.Cases))
	}
	if got := len(j.Reduced()); got != 1 {
		t.Errorf("with mutants: %d tests, want 1 (one block, no kill)", got)
	}
	if got := len(Judge(prog, f, entries(), JudgeOptions{}).Reduced()); got != 2 {
		t.Errorf("without mutants: %d tests, want 2 (two branch sides)", got)
	}
}

// The judge's kill data is partial (a case runs against MutantRunsPerCase
// of the mutants it infects), so a case can look like the only one to
// kill a mutant that another kept case kills too: confirmKills runs the
// other kept case against it, and the first case, left with nothing of
// its own, is not written. Where the other case does not kill it, both
// stay. Here case 0 (block 7) infects mutant 6 and runs it; case 1
// (blocks 7 and 8) infects 5 and 6 and, at one run per case, runs only 5,
// the rarer.
func TestReducedConfirmsUniqueKills(t *testing.T) {
	prog := testProgram(t)
	twice := modeltest.Op(t, prog, "Twice")
	entries := func() []*corpus.Entry {
		return []*corpus.Entry{
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(1))), Target: 0},
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), Target: 0},
		}
	}
	for _, tc := range []struct {
		name       string
		otherKills bool
		want       []string
	}{
		{"case 1 kills 6 too", true, []string{"1 [5 6] [5 6]"}},
		{"only case 0 kills 6", false, []string{"0 [6] [6]", "1 [5 6] [5]"}},
	} {
		var runs []string
		f := fakeRunner(prog, nil)
		f.Edit = func(q rt.Request, out *executor.Outcome) {
			if q.Mutant != 0 {
				runs = append(runs, fmt.Sprint(q.Stmts[0].Args[0].Lit.I, "@", q.Mutant))
			}
			// Which case: its argument (the judge renumbers requests).
			arg := q.Stmts[0].Args[0].Lit.I
			out.Result.Blocks = []int32{7}
			if arg == 2 {
				out.Result.Blocks = []int32{7, 8}
			}
			switch {
			case q.Mutant == 0 && arg == 1:
				out.Result.Infected = []int32{6}
			case q.Mutant == 0:
				out.Result.Infected = []int32{5, 6}
			case q.Mutant == 5 || arg == 1 || tc.otherKills:
				setVal(out.Result, 0, 0, tv{Hash: 98, Tree: &rt.Tree{Kind: rt.TInt, I: 98}})
			}
		}
		j := Judge(prog, f, entries(), JudgeOptions{Mutants: 6, MutantRunsPerCase: 1})
		var got []string
		for _, c := range j.Reduced() {
			got = append(got, fmt.Sprint(c.Key, c.Mutation.Run, c.Mutation.Killed))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: reduced to %v, want %v (mutant runs %v)", tc.name, got, tc.want, runs)
		}
	}
}

// The other side of partial kill data: a case the reduction leaves out may
// kill a mutant no kept case kills, one its budgeted runs did not reach.
// confirmKills runs it against such a mutant, and the case is written for
// the kill. Here case 1 (blocks 7 and 8) kills 5; case 0 (block 7)
// infects 4 and 6 and, at one run per case, runs only 4, which it does
// not kill; under 6 its result differs.
func TestReducedCompletesAliveKills(t *testing.T) {
	prog := testProgram(t)
	twice := modeltest.Op(t, prog, "Twice")
	entries := []*corpus.Entry{
		{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(1))), Target: 0},
		{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), Target: 0},
	}
	f := fakeRunner(prog, nil)
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		arg := q.Stmts[0].Args[0].Lit.I
		out.Result.Blocks = []int32{7}
		if arg == 2 {
			out.Result.Blocks = []int32{7, 8}
		}
		switch {
		case q.Mutant == 0 && arg == 1:
			out.Result.Infected = []int32{4, 6}
		case q.Mutant == 0:
			out.Result.Infected = []int32{5}
		case q.Mutant == 5 || q.Mutant == 6:
			setVal(out.Result, 0, 0, tv{Hash: 98, Tree: &rt.Tree{Kind: rt.TInt, I: 98}})
		}
	}
	j := Judge(prog, f, entries, JudgeOptions{Mutants: 6, MutantRunsPerCase: 1})
	var got []string
	for _, c := range j.Reduced() {
		got = append(got, fmt.Sprint(c.Key, c.Mutation.Run, c.Mutation.Killed))
	}
	if want := []string{"0 [4 6] [6]", "1 [5] [5]"}; !slices.Equal(got, want) {
		t.Errorf("reduced to %v, want %v", got, want)
	}
}

// Confirming is bounded: the runs confirmKills adds share one budget, a
// share of the judge's own runs under mutants but at least confirmFloor
// per case. Here ten cases infect six mutants that nothing kills; each
// runs one in the judge, and the left-out cases could be run against the
// rest round after round.
func TestConfirmKillsBudget(t *testing.T) {
	prog := testProgram(t)
	twice := modeltest.Op(t, prog, "Twice")
	var entries []*corpus.Entry
	for i := range 10 {
		entries = append(entries, &corpus.Entry{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(int64(i)))), Target: 0})
	}
	f := fakeRunner(prog, nil)
	f.Edit = func(q rt.Request, out *executor.Outcome) {
		out.Result.Blocks = []int32{7}
		if q.Mutant == 0 {
			out.Result.Infected = []int32{1, 2, 3, 4, 5, 6}
		}
	}
	j := Judge(prog, f, entries, JudgeOptions{Mutants: 6, MutantRunsPerCase: 1})
	if want := confirmFloor * len(entries); j.Confirm.Runs != want {
		t.Errorf("confirmKills made %d runs in %d rounds, want the budget's %d", j.Confirm.Runs, j.Confirm.Rounds, want)
	}
}
