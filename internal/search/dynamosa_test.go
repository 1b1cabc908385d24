package search

import (
	"context"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// TestGoalRelease: DynaMOSA's goals are the uncovered branches whose
// condition runs on every call or has a covered control-dependence parent;
// covering a branch releases its children, and released goals stay
// released.
func TestGoalRelease(t *testing.T) {
	tab := &instrument.Table{Conds: []instrument.Cond{
		{ID: 0, Deps: instrument.Deps{Root: true}},
		{ID: 1, Deps: instrument.Deps{Parents: []int{0}}}, // under cond 0's true branch
		{ID: 2, Deps: instrument.Deps{Parents: []int{3}}}, // under cond 1's false branch
		{ID: 3, Deps: instrument.Deps{Parents: []int{1, 5}}},
	}}
	k := newKit(testProgram(t), 1, nil)
	d := k.dynamosa(tab)
	d.start()
	goals := func() []int32 { d.releaseGoals(); return append([]int32(nil), d.goals...) }
	if g := goals(); !slices.Equal(g, []int32{0, 1}) {
		t.Fatalf("initial goals %v, want [0 1]", g)
	}
	k.cov.branches[0] = true
	if g := goals(); !slices.Equal(g, []int32{1, 2, 3}) {
		t.Fatalf("after covering 0: goals %v, want [1 2 3]", g)
	}
	k.cov.branches[3] = true
	if g := goals(); !slices.Equal(g, []int32{1, 2, 4, 5}) {
		t.Fatalf("after covering 3: goals %v, want [1 2 4 5]", g)
	}
	k.cov.branches[5] = true
	if g := goals(); !slices.Equal(g, []int32{1, 2, 4, 6, 7}) {
		t.Fatalf("after covering 5: goals %v, want [1 2 4 6 7]", g)
	}
}

// TestPreferenceSorting: the individual closest to each goal is in front
// 0, a tie going to the shorter one; individuals that reach no goal come
// last and the population is cut to PopSize.
func TestPreferenceSorting(t *testing.T) {
	tab := &instrument.Table{Conds: []instrument.Cond{{ID: 0, Deps: instrument.Deps{Root: true}}, {ID: 1, Deps: instrument.Deps{Root: true}}}}
	k := newKit(testProgram(t), 1, nil)
	d := k.dynamosa(tab)
	d.start()
	mk := func(n int, conds ...rt.CondObs) *individual {
		s := &seq.Seq{}
		for i := 0; i < n; i++ {
			s.Stmts = append(s.Stmts, seq.Stmt{Op: 0})
		}
		return &individual{s: s, conds: conds}
	}
	far := mk(1, rt.CondObs{ID: 0, NFalse: 1, DistTrue: 50})
	closeLong := mk(3, rt.CondObs{ID: 0, NFalse: 1, DistTrue: 2})
	closeShort := mk(2, rt.CondObs{ID: 0, NFalse: 1, DistTrue: 2})
	other := mk(4, rt.CondObs{ID: 1, NTrue: 1, DistFalse: 9})
	k.cov.branches[1] = true // cond 0's false side is covered
	d.offspring = []*individual{far, closeLong, closeShort, other}
	for i := 0; i < PopSize; i++ {
		d.offspring = append(d.offspring, mk(1))
	}
	d.selectPop()
	pop := d.pop
	if len(pop) != PopSize {
		t.Fatalf("population of %d, want %d", len(pop), PopSize)
	}
	// other takes goal 2 (distance 0, the better score), closeShort goal 0.
	if pop[0] != other || pop[0].rank != 0 || pop[1] != closeShort || pop[1].rank != 0 {
		t.Errorf("front 0 is not {other, closeShort}: ranks %d %d", pop[0].rank, pop[1].rank)
	}
	if pop[2] != closeLong || pop[3] != far {
		t.Errorf("the rest is not ordered by distance")
	}
}

// The DynaMOSA and hybrid engines are as reproducible as the random one,
// and crossover keeps sequences valid.
func TestEnginesDeterministic(t *testing.T) {
	for _, eng := range []string{EngineSBST, EngineHybrid} {
		run := func() []string {
			prog := testProgram(t)
			r := New(prog, Config{Seed: 3, MaxExecs: 900, Batch: 64, Engine: eng})
			f := newFake(prog)
			r.Run(context.Background(), f)
			if !r.dyna.started || len(r.dyna.pop) == 0 {
				t.Fatalf("%s: no population", eng)
			}
			for _, ind := range r.dyna.pop {
				for i, st := range ind.s.Stmts {
					for _, a := range st.Args {
						if !a.IsLit && a.Stmt >= i {
							t.Fatalf("%s: invalid reference in %s", eng, ind.s.Key())
						}
					}
				}
			}
			return f.Log()
		}
		a, b := run(), run()
		if !slices.Equal(a, b) {
			t.Errorf("%s: same seed, different runs", eng)
		}
	}
}

// DynaMOSA alone: it tags each offspring with itself, to hear its
// outcome; a clean run joins the offspring of the next selection, one
// that failed does not.
func TestDynamosaHearsOutcomes(t *testing.T) {
	prog := testProgram(t)
	k := newKit(prog, 3, nil)
	d := k.dynamosa(nil)
	props := d.propose(nil, 8)
	if len(props) != 8 || k.stats.Generated != 8 {
		t.Fatalf("%d proposals (%d generated), want 8", len(props), k.stats.Generated)
	}
	for i, p := range props {
		if p.by != d {
			t.Fatalf("offspring %d is not tagged with DynaMOSA", i)
		}
		d.ran(p.s, normal(prog, p.s), i%2 == 0)
	}
	if len(d.offspring) != 4 {
		t.Errorf("%d offspring kept, want the 4 clean ones", len(d.offspring))
	}
}
