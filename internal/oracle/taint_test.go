package oracle

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// A getter over what a nondeterministic constructor returned (a config
// loader whose facts say nondeterministic because some path fetches a
// URL or validates keys in map order) is asserted when every run agreed
// on the object it read, and its test says nothing of the clock (issue
// 31: 44 such notes on a config parser's getters). The constructor's own
// result stays unasserted (but its nil error), and so does a getter over an object the runs
// disagreed on, one cut short, one holding a time.Time, and a value
// computed from plain data of a nondeterministic call (Twice(Now())).
func TestTaintVouchedObjects(t *testing.T) {
	prog := modeltest.Program(t, oracleSrc, model.Options{Effects: func(fn *types.Func) model.Effects {
		switch fn.Name() {
		case "Load", "Now":
			return model.Effects{Known: true, Nondeterministic: true}
		case "Len", "Name", "Twice":
			return model.Effects{Known: true, Pure: true}
		}
		return model.Effects{Known: true}
	}})
	load, length := modeltest.Op(t, prog, "Load"), modeltest.Op(t, prog, "Stack.Len")
	s := modeltest.Seq(modeltest.Call(load, modeltest.Str("a")), modeltest.Call(length, seq.Ref(0, 0)))
	for _, tc := range []struct {
		name string
		edit func(res *rt.Result)
		want string
	}{
		{"the same in every run", func(*rt.Result) {}, "0:ErrNil 1:Equal"},
		{"unstable", func(res *rt.Result) { res.Stmt(0).Values()[0].Unstable = true }, "0:ErrNil"},
		{"cut short", func(res *rt.Result) { res.Stmt(0).Tree(0).Truncated = true }, "0:ErrNil"},
		{"holding a time", func(res *rt.Result) { res.Stmt(0).Tree(0).Elems[0].Elems[0].Type = "time.Time" }, "0:ErrNil"},
	} {
		res := normalResult(prog, s)
		tc.edit(res)
		if got := assertsOn(Assertions(prog, s, res, 1)); got != tc.want {
			t.Errorf("%s: asserts %q, want %q", tc.name, got, tc.want)
		}
		tainted, _ := TaintIn(prog, s, res)
		if !tainted[0] {
			t.Errorf("%s: Load's own result is not tainted", tc.name)
		}
	}
	// Plain data from a nondeterministic call stays tainted, however
	// alike the runs.
	now, twice := modeltest.Op(t, prog, "Now"), modeltest.Op(t, prog, "Twice")
	plain := modeltest.Seq(modeltest.Call(now), modeltest.Call(twice, seq.Ref(0, 0)))
	if tainted, clock := TaintIn(prog, plain, normalResult(prog, plain)); !tainted[1] || !clock[1] {
		t.Errorf("Twice(Now()): tainted %v, clock %v; want both", tainted[1], clock[1])
	}
}

// The judge asks the executor to repeat a sequence that calls a
// nondeterministic operation as often as one holding maps
// (rt.FlagNondet): what every run agreed on is asserted, and three runs
// agree on a random choice of two errors one time in four.
func TestJudgeRequestRepeatsNondet(t *testing.T) {
	prog := modeltest.Program(t, oracleSrc, model.Options{Effects: func(fn *types.Func) model.Effects {
		if fn.Name() == "Load" {
			return model.Effects{Known: true, Nondeterministic: true}
		}
		return model.Effects{Known: true, Pure: true}
	}})
	load, length := modeltest.Op(t, prog, "Load"), modeltest.Op(t, prog, "Stack.Len")
	withLoad := modeltest.Seq(modeltest.Call(load, modeltest.Str("a")), modeltest.Call(length, seq.Ref(0, 0)))
	if q := judgeRequest(prog, withLoad, 1); q.Flags&rt.FlagNondet == 0 || q.Flags&judgeFlags != judgeFlags {
		t.Errorf("a sequence calling Load: flags %b, want judgeFlags and FlagNondet", q.Flags)
	}
	newStack := modeltest.Op(t, prog, "NewStack")
	plain := modeltest.Seq(modeltest.Call(newStack), modeltest.Call(length, seq.Ref(0, 0)))
	if q := judgeRequest(prog, plain, 2); q.Flags != judgeFlags {
		t.Errorf("a sequence of deterministic calls: flags %b, want %b", q.Flags, judgeFlags)
	}
}

// A call whose only cause of nondeterminism is a random source
// (model.Effects.RandomOnly: testdata/gen/randfixed's Shuffle, Sample)
// is checked, with what computes from it, when every one of the judge's
// repeats agreed on its result: the input fixed it (Shuffle of one rune;
// issue 31's false "depends on the clock or on randomness"). It stays
// unchecked when a repeat disagreed, when a binary variant saw another
// value, and whenever the clock may be a cause, however alike the runs.
func TestTaintRandomFixedByInput(t *testing.T) {
	effects := func(random bool) model.Options {
		return model.Options{Effects: func(fn *types.Func) model.Effects {
			switch fn.Name() {
			case "Now":
				return model.Effects{Known: true, Nondeterministic: true, RandomOnly: random}
			case "Twice":
				return model.Effects{Known: true, Pure: true}
			}
			return model.Effects{Known: true}
		}}
	}
	for _, tc := range []struct {
		name   string
		random bool
		edit   func(res *rt.Result)
		want   string
	}{
		{"random, alike in every run", true, func(*rt.Result) {}, "1:Equal"},
		{"random, a repeat disagreed", true, func(res *rt.Result) { res.Stmt(0).Values()[0].Unstable = true }, ""},
		{"random, a variant disagreed", true, func(res *rt.Result) { res.Stmt(0).Tree(0).Varies = true }, ""},
		{"the clock, alike in every run", false, func(*rt.Result) {}, ""},
	} {
		prog := modeltest.Program(t, oracleSrc, effects(tc.random))
		now, twice := modeltest.Op(t, prog, "Now"), modeltest.Op(t, prog, "Twice")
		s := modeltest.Seq(modeltest.Call(now), modeltest.Call(twice, seq.Ref(0, 0)))
		res := normalResult(prog, s)
		tc.edit(res)
		if got := assertsOn(Assertions(prog, s, res, 1)); got != tc.want {
			t.Errorf("%s: asserts %q, want %q", tc.name, got, tc.want)
		}
		tainted, clock := TaintIn(prog, s, res)
		if free := tc.want != ""; tainted[1] == free || clock[1] == free {
			t.Errorf("%s: Twice(Now()) tainted %v, clock %v", tc.name, tainted[1], clock[1])
		}
	}
}
