package search

import (
	"go/types"
	"math/rand/v2"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

func splitTreeProgram(t *testing.T) *model.Program {
	pkg := modeltest.CheckFile(t, "example.com/splittree", "../../testdata/gen/splittree/splittree.go")
	return model.Build(pkg, model.Options{Effects: func(fn *types.Func) model.Effects {
		if fn.Name() == "Len" || fn.Name() == "Get" {
			return model.Effects{Known: true, Pure: true}
		}
		return model.Effects{Known: true, MutatesRecv: true}
	}})
}

// Mutation starts loops only on calls that change a reference and take a
// literal that can differ per call, marks those literals as the index's,
// and keeps counts within seq.MaxRepeat.
func TestChangeRepeat(t *testing.T) {
	prog := splitTreeProgram(t)
	insert := modeltest.Op(t, prog, "Tree.Insert")
	get := modeltest.Op(t, prog, "Tree.Get")
	s := modeltest.Seq(modeltest.Call(modeltest.Op(t, prog, "New")),
		modeltest.Call(get, seq.Ref(0, 0), modeltest.Int(3)),
		modeltest.Call(insert, seq.Ref(0, 0), modeltest.Int(5), modeltest.Str("v")))
	if repeatable(get, &s.Stmts[1]) || !repeatable(insert, &s.Stmts[2]) {
		t.Fatalf("repeatable: Get %v, Insert %v; want false, true", repeatable(get, &s.Stmts[1]), repeatable(insert, &s.Stmts[2]))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	looped := 0
	for range 2000 {
		c := s.Clone()
		if !changeRepeat(rng, prog, nil, c) {
			continue
		}
		for i, st := range c.Stmts {
			if i != 2 && st.Repeat > 1 {
				t.Fatalf("statement %d repeats: %s", i, c.Key())
			}
		}
		st := c.Stmts[2]
		if st.Repeat > 1 {
			looped++
			if !st.Args[1].Index || !st.Args[2].Index || st.Args[0].Index {
				t.Fatalf("loop's index arguments: %s", c.Key())
			}
		}
		if s.Stmts[2].Repeat != 0 || s.Stmts[2].Args[1].Index {
			t.Fatalf("changeRepeat changed the original: %s", s.Key())
		}
	}
	if looped == 0 {
		t.Error("no loop in 2000 mutations")
	}
	for _, n := range []int{2000, 0} {
		c := s.Clone()
		makeRepeat(c, 2, n)
		if got := c.Stmts[2].Repeat; got < 1 || got > seq.MaxRepeat {
			t.Errorf("makeRepeat(%d): count %d", n, got)
		}
	}
}

// A loop's count is a variable of local search's climbs, set within 1 and
// seq.MaxRepeat.
func TestClimbRepeatCount(t *testing.T) {
	prog := splitTreeProgram(t)
	s := modeltest.Seq(modeltest.Call(modeltest.Op(t, prog, "New")),
		modeltest.Call(modeltest.Op(t, prog, "Tree.Insert"), seq.Ref(0, 0), modeltest.Int(5), modeltest.Str("v")))
	makeRepeat(s, 1, 25)
	var rv *litVar
	for _, v := range climbVars(s) {
		if v.arg == repeatArg {
			rv = &v
		}
	}
	if rv == nil || rv.stmt != 1 {
		t.Fatalf("climbVars %+v: no repeat count of statement 1", climbVars(s))
	}
	if l := litAt(s, *rv); l.Kind != seq.LitInt || l.I != 25 {
		t.Errorf("litAt = %+v, want 25", l)
	}
	for _, tc := range []struct{ set, want int64 }{{64, 64}, {-3, 1}, {5000, seq.MaxRepeat}} {
		c := withLit(s, *rv, seq.Lit{Kind: seq.LitInt, I: tc.set})
		if c.Stmts[1].Repeat != int(tc.want) || s.Stmts[1].Repeat != 25 {
			t.Errorf("withLit(%d): count %d (original %d), want %d", tc.set, c.Stmts[1].Repeat, s.Stmts[1].Repeat, tc.want)
		}
	}
}

// New loops start one past the counts the package compares against, from
// minThreshold up; without such constants, rarely, at a guess.
func TestRepeatThresholds(t *testing.T) {
	c := &Constants{global: map[model.LitClass]*weighted{
		model.LitInt: {vals: []cval{
			{lit: seq.Lit{Kind: seq.LitInt, I: 64}, compared: true},
			{lit: seq.Lit{Kind: seq.LitInt, I: 3}, compared: true},
			{lit: seq.Lit{Kind: seq.LitInt, I: 100}},
			{lit: seq.Lit{Kind: seq.LitInt, I: 16}, compared: true},
			{lit: seq.Lit{Kind: seq.LitInt, I: 64}, compared: true},
		}},
	}}
	if got := c.repeatThresholds(); len(got) != 2 || got[0] != 17 || got[1] != 65 {
		t.Errorf("repeatThresholds = %v, want [17 65]", got)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	guesses := 0
	for range 800 {
		if n, ok := newRepeatCount(rng, c); !ok || n != 17 && n != 65 {
			t.Fatalf("newRepeatCount = %d, %v with thresholds", n, ok)
		}
		if _, ok := newRepeatCount(rng, nil); ok {
			guesses++
		}
	}
	if guesses == 0 || guesses > 200 {
		t.Errorf("%d guesses in 800 draws without thresholds, want about 100", guesses)
	}
}
