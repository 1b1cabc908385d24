package search

import (
	"context"
	"go/types"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// testMutants are mutants for the weak-mutation tests: a relational
// boundary mutant of condition 0 in block 0, an arithmetic one in block
// 1, a negation in block 0 (infected by reaching it: not targeted), and
// one reached by no block.
func testMutants() []mutantGoal {
	return []mutantGoal{
		{id: 1, block: 0, cond: 0, op: "rel-boundary"},
		{id: 2, block: 1, cond: -1, op: "arith"},
		{id: 3, block: 0, cond: 0, op: "rel-negate"},
		{id: 4, block: -1, cond: -1, op: "logical"},
	}
}

// Weak mutation in DynaMOSA: a targeted mutant becomes a goal once its
// block is covered and stops being one once infected; a mutant infected
// by reaching it never is one; the fitness is 0 when infected, 2 when the
// block was not reached, the distance to equality for a relational
// boundary mutant, and front 0 holds the individual closest to it.
func TestMutantGoals(t *testing.T) {
	k := newKit(testProgram(t), 1, nil)
	d := k.dynamosa(&instrument.Table{})
	ms := testMutants()
	for i := range ms {
		ms[i].target = targetedOps[ms[i].op]
	}
	d.wm = newWeakMutation(ms, nil)
	d.start()
	goals := func() []int32 { d.releaseGoals(); return slices.Clone(d.mgoals) }
	if g := goals(); len(g) != 0 {
		t.Fatalf("goals %v before any block is covered, want none", g)
	}
	k.cov.blocks[0] = true
	if g := goals(); !slices.Equal(g, []int32{1}) {
		t.Fatalf("goals %v with block 0 covered, want [1] (3 is infected by reaching it)", g)
	}
	k.cov.blocks[1] = true
	if g := goals(); !slices.Equal(g, []int32{1, 2}) {
		t.Fatalf("goals %v with blocks 0 and 1 covered, want [1 2]", g)
	}

	mk := func(n int, blocks []int32, infected []int32, conds ...rt.CondObs) *individual {
		s := &seq.Seq{}
		for i := 0; i < n; i++ {
			s.Stmts = append(s.Stmts, seq.Stmt{Op: 0})
		}
		return &individual{s: s, conds: conds, blocks: blocks, infected: infected}
	}
	unreached := mk(1, []int32{1}, nil)
	far := mk(1, []int32{0}, nil, rt.CondObs{ID: 0, NTrue: 3, DistFalse: 40})
	near := mk(2, []int32{0}, nil, rt.CondObs{ID: 0, NFalse: 2, DistTrue: 1})
	crossed := mk(1, []int32{0}, nil, rt.CondObs{ID: 0, NTrue: 1, NFalse: 1})
	infected := mk(3, []int32{0, 1}, []int32{1, 2})
	for _, c := range []struct {
		ind  *individual
		id   int32
		want float64
	}{
		{unreached, 1, 2}, {far, 1, rt.NormDist(40)}, {near, 1, rt.NormDist(1)}, {crossed, 1, rt.NormDist(1)},
		{infected, 1, 0}, {infected, 2, 0}, {far, 2, 2}, {unreached, 2, 1},
	} {
		if got := d.wm.fitness(c.ind, c.id); got != c.want {
			t.Errorf("fitness of mutant %d: %v, want %v", c.id, got, c.want)
		}
	}

	// Preference sorting over the mutant goals alone (no conditions in the
	// table): near is closest to mutant 1, unreached (reaching block 1) to
	// mutant 2; both are in front 1, the mutant goals', far is not.
	d.offspring = []*individual{far, near, unreached}
	d.selectPop()
	if d.pop[0].rank != 1 || d.pop[1].rank != 1 || d.pop[2] != far || far.rank != 2 {
		t.Errorf("front 1 is not {near, unreached}: ranks %d %d %d", d.pop[0].rank, d.pop[1].rank, d.pop[2].rank)
	}
	// An individual closest to a branch goal stays in front 0 and comes
	// first, though another is closer to a mutant.
	d.table = &instrument.Table{Conds: []instrument.Cond{{ID: 5, Deps: instrument.Deps{Root: true}}}}
	d.start()
	branchy := mk(4, nil, nil, rt.CondObs{ID: 5, NFalse: 1, DistTrue: 30})
	d.offspring = []*individual{near, branchy}
	d.pop = nil
	d.selectPop()
	if d.pop[0] != branchy || branchy.rank != 0 || near.rank != 1 {
		t.Errorf("the branch goal's individual is not first in front 0: ranks %d %d", branchy.rank, near.rank)
	}
	k.cov.mutants[1] = true
	if g := goals(); !slices.Equal(g, []int32{2}) {
		t.Fatalf("goals %v with mutant 1 infected, want [2]", g)
	}
}

// infectingFake is the search tests' fake executor whose runs infect
// mutant 1 + len(sequence)%6: which mutants a run infects does not follow
// the blocks it covers, so a run may infect a new mutant and cover nothing
// new.
func infectingFake(t *testing.T) (*Engine, func(Config, bool) *Engine) {
	t.Helper()
	run := func(cfg Config, mutants bool) *Engine {
		prog := testProgram(t)
		cfg.Seed, cfg.MaxExecs, cfg.Batch = 5, 1500, 64
		e := New(prog, cfg)
		if mutants {
			var ms []mutantGoal
			for id := int32(1); id <= 6; id++ {
				ms = append(ms, mutantGoal{id: id, block: -1, cond: -1, op: "remove"})
			}
			e.setMutants(ms)
		}
		f := newFake(prog)
		f.Edit = func(q rt.Request, out *executor.Outcome) {
			if out.Result != nil {
				out.Result.Infected = []int32{int32(1 + len(q.Stmts)%6)}
			}
		}
		e.Run(context.Background(), f)
		return e
	}
	return run(Config{}, true), run
}

// Weak mutation in the engine: every mutant a normal run infects has a
// corpus entry that infects it, some kept for that alone (no new
// coverage); switched off, or without mutants, the corpus is the branch
// search's, run for run.
func TestWeakMutationArchive(t *testing.T) {
	on, run := infectingFake(t)
	archived := map[int32]bool{}
	forMutant := 0
	for _, c := range on.Corpus {
		for _, m := range c.Result.Infected {
			archived[m] = true
		}
		if c.NewCov == 0 && len(c.Result.Infected) > 0 {
			forMutant++
		}
	}
	if len(archived) != 6 || on.Stats.Infected != 6 {
		t.Errorf("%d mutants archived, %d infected, want 6 and 6", len(archived), on.Stats.Infected)
	}
	if forMutant == 0 {
		t.Errorf("no corpus entry kept for a mutant alone")
	}
	none := run(Config{}, false)
	off := run(Config{NoWeakMutation: true, NoOutput: true, NoException: true, NoMethod: true}, true)
	if corpusKeys(off) != corpusKeys(none) || off.Stats.Infected != 6 || none.Stats.Infected != 0 {
		t.Errorf("criteria off: the corpus differs from the search without mutants (%d vs %d entries), or %d, %d mutants counted (want 6, 0)",
			len(off.Corpus), len(none.Corpus), off.Stats.Infected, none.Stats.Infected)
	}
	if corpusKeys(on) == corpusKeys(none) {
		t.Errorf("weak mutation on: the corpus is the search's without mutants")
	}
}

// Output classes from hashes: booleans, zero numbers, empty strings,
// slices and maps, nil pointers and errors; a struct has none.
func TestClassOf(t *testing.T) {
	named := types.NewNamed(types.NewTypeName(0, nil, "Celsius", nil), types.Typ[types.Float64], nil)
	errType := types.Universe.Lookup("error").Type()
	intSlice := types.NewSlice(types.Typ[types.Int])
	byteSlice := types.NewSlice(types.Typ[types.Byte])
	strMap := types.NewMap(types.Typ[types.String], types.Typ[types.Int])
	v := func(name string, h uint64) rt.Value { return rt.Value{Hash: h, Type: rt.InternType(name)} }
	for _, c := range []struct {
		t    types.Type
		v    rt.Value
		want outClass
		ok   bool
	}{
		{types.Typ[types.Bool], v("bool", rt.Hash(true)), classTrue, true},
		{types.Typ[types.Bool], v("bool", rt.Hash(false)), classFalse, true},
		{types.Typ[types.Int], v("int", rt.Hash(0)), classZero, true},
		{types.Typ[types.Int], v("int", rt.Hash(-4)), classNonZero, true},
		{named, v("p.Celsius", rt.HashOfScalar("p.Celsius", 0)), classZero, true},
		{named, v("p.Celsius", rt.HashOfScalar("p.Celsius", 7)), classNonZero, true},
		{types.Typ[types.String], v("string", rt.Hash("")), classEmpty, true},
		{types.Typ[types.String], v("string", rt.Hash("x")), classNonEmpty, true},
		{intSlice, rt.Value{Nil: true, Type: rt.InternType("[]int")}, classNil, true},
		{intSlice, v("[]int", rt.Hash([]int{})), classEmpty, true},
		{intSlice, v("[]int", rt.Hash([]int{1})), classNonEmpty, true},
		{byteSlice, v("[]uint8", rt.Hash([]byte{})), classEmpty, true},
		{strMap, v("map[string]int", rt.Hash(map[string]int{})), classEmpty, true},
		{strMap, v("map[string]int", rt.Hash(map[string]int{"a": 1})), classNonEmpty, true},
		{types.NewPointer(types.Typ[types.Int]), rt.Value{Nil: true}, classNil, true},
		{types.NewPointer(types.Typ[types.Int]), v("*int", 9), classNonNil, true},
		{errType, rt.Value{Nil: true}, classNil, true},
		{errType, v("*errors.errorString", 9), classNonNil, true},
		{types.NewStruct(nil, nil), v("struct {}", 9), 0, false},
		{types.Typ[types.Int], rt.Value{Hash: rt.Hash(0), Type: rt.InternType("int"), Unstable: true}, 0, false},
	} {
		got, ok := classOf(c.t, c.v)
		if got != c.want || ok != c.ok {
			t.Errorf("%s %v: class %d, %v; want %d, %v", c.t, c.v.Type, got, ok, c.want, c.ok)
		}
	}
}

// The output, method and exception goals: the archive keeps the first run
// of each (an operation returning normally, each class of each result, an
// error type, a panic site, counted but no test when the panic is not
// documented), nothing for a goal covered before; each switch turns its
// criterion off, and without mutants all are off.
func TestCriteriaGoals(t *testing.T) {
	prog := testProgram(t)
	other, parse, deref := modeltest.Op(t, prog, "Other"), modeltest.Op(t, prog, "Parse"), modeltest.Op(t, prog, "Deref")
	intVal := func(x int) rt.Value { return rt.Value{Hash: rt.Hash(x), Type: rt.InternType("int")} }
	errVal := rt.Value{Hash: 77, Type: rt.InternType("*errors.errorString")}
	panicked := rt.StmtSpec{Outcome: rt.OutPanic, Note: &rt.StmtNote{PanicMsg: "boom", PanicSite: "p.Deref"}}
	steps := []struct {
		s    *seq.Seq
		spec rt.StmtSpec
	}{
		{modeltest.Seq(modeltest.Call(other, modeltest.Int(1))), rt.StmtSpec{Values: []rt.Value{intVal(0)}}},
		{modeltest.Seq(modeltest.Call(other, modeltest.Int(2))), rt.StmtSpec{Values: []rt.Value{intVal(0)}}},
		{modeltest.Seq(modeltest.Call(other, modeltest.Int(3))), rt.StmtSpec{Values: []rt.Value{intVal(5)}}},
		{modeltest.Seq(modeltest.Call(parse, modeltest.Str("a"))), rt.StmtSpec{Values: []rt.Value{intVal(1), errVal}}},
		{modeltest.Seq(modeltest.Call(parse, modeltest.Str("b"))), rt.StmtSpec{Values: []rt.Value{intVal(2), errVal}}},
		{modeltest.Seq(modeltest.Call(deref, modeltest.Nil())), panicked},
	}
	for _, c := range []struct {
		name     string
		cfg      Config
		mutants  bool
		growth   []int // corpus entries added by each step
		out, exc int   // output classes and exceptions covered
		methods  int
	}{
		{"all", Config{}, true, []int{1, 0, 1, 1, 0, 0}, 4, 2, 2},
		{"no-output", Config{NoOutput: true}, true, []int{1, 0, 0, 1, 0, 0}, 0, 2, 2},
		{"no-method", Config{NoMethod: true}, true, []int{1, 0, 1, 1, 0, 0}, 4, 2, 0},
		{"exception only", Config{NoOutput: true, NoMethod: true}, true, []int{1, 0, 0, 1, 0, 0}, 0, 2, 0},
		{"none", Config{NoOutput: true, NoMethod: true, NoException: true}, true, []int{1, 0, 0, 0, 0, 0}, 0, 0, 0},
		{"no mutants", Config{}, false, []int{1, 0, 0, 0, 0, 0}, 0, 0, 0},
	} {
		e := New(prog, c.cfg)
		if c.mutants {
			e.setMutants([]mutantGoal{{id: 1, block: -1, cond: -1, op: "remove"}})
		}
		var growth []int
		for _, st := range steps {
			// The same block every time: after the first, no run covers
			// anything new but the criteria's goals.
			res := rt.NewResult(st.spec)
			res.Blocks = []int32{1}
			n := len(e.Corpus)
			e.process(st.s.Clone(), okOutcome(res))
			growth = append(growth, len(e.Corpus)-n)
		}
		if !slices.Equal(growth, c.growth) || e.Stats.Outputs != c.out || e.Stats.Exceptions != c.exc || e.Stats.Methods != c.methods {
			t.Errorf("%s: corpus growth %v, %d outputs, %d exceptions, %d methods; want %v, %d, %d, %d",
				c.name, growth, e.Stats.Outputs, e.Stats.Exceptions, e.Stats.Methods, c.growth, c.out, c.exc, c.methods)
		}
	}
}

// The probe table's mutants become the search's, by id; a table whose ids
// are not dense gives none, and the engine's criteria are then all off.
func TestMutantsOf(t *testing.T) {
	tab := &instrument.Table{Mutants: []instrument.Mutant{
		{ID: 1, Op: instrument.OpRelBoundary, Block: 4, Cond: 2},
		{ID: 2, Op: instrument.OpRemove, Block: 5, Cond: -1},
	}}
	got := mutantsOf(tab)
	want := []mutantGoal{{id: 1, block: 4, cond: 2, op: "rel-boundary"}, {id: 2, block: 5, cond: -1, op: "remove"}}
	if !slices.Equal(got, want) {
		t.Errorf("mutantsOf = %v, want %v", got, want)
	}
	e := New(testProgram(t), Config{Table: tab})
	if e.wm == nil || !e.wm.mutants[0].target || e.wm.mutants[1].target || !e.crit.output {
		t.Errorf("a table with mutants: weak mutation %v, output %v; want both on, mutant 1 targeted and 2 not", e.wm, e.crit.output)
	}
	// A mutant other tests kill (complement mode) is not targeted.
	e = New(testProgram(t), Config{Table: tab, Killed: map[int32]bool{1: true}})
	if e.wm == nil || e.wm.mutants[0].target {
		t.Errorf("mutant 1, killed by the own tests, is targeted")
	}
	tab.Mutants[1].ID = 3
	if got := mutantsOf(tab); got != nil {
		t.Errorf("ids 1, 3: mutantsOf = %v, want none", got)
	}
	e = New(testProgram(t), Config{Table: tab})
	if e.wm != nil || e.crit.output || e.crit.exception || e.crit.method {
		t.Errorf("no mutants: a criterion is on")
	}
}
