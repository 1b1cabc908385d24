package search

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// Values are pooled under their static type, and a value whose structural
// hash equals one already pooled for that type is not pooled again (index
// pruning, Randoop thesis §7.4); an equal hash under another type is.
func TestValuesPoolByStaticTypeWithHashPruning(t *testing.T) {
	prog := testProgram(t)
	newStack := modeltest.OpOfKind(t, prog, model.Call, "NewStack")
	push := modeltest.OpOfKind(t, prog, model.Method, "Stack.Push")
	lenOp := modeltest.OpOfKind(t, prog, model.Method, "Stack.Len")
	stackPtr := types.NewPointer(modeltest.Type(t, prog, "Stack"))
	intT := types.Typ[types.Int]

	v := newValues()
	s1 := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(3)), modeltest.Call(lenOp, seq.Ref(0, 0))}}
	v.addFrom(prog, s1, normal(prog, s1, []uint64{11}, nil, []uint64{1}), false)
	if got := len(v.byType[types.TypeString(stackPtr, nil)]); got != 1 {
		t.Fatalf("pooled %d *Stack values, want 1", got)
	}
	if got := len(v.byType["int"]); got != 1 {
		t.Fatalf("pooled %d int values, want 1 (Len's result)", got)
	}
	// The pooled value keeps the sequence that made it, with the calls
	// that changed it after it was made (Push): its hash is its state at
	// the end.
	pv := v.byType[types.TypeString(stackPtr, nil)][0]
	if pv.seq.Key() != s1.Key() || pv.stmt != 0 || pv.result != 0 || !types.Identical(pv.typ, stackPtr) {
		t.Errorf("pooled *Stack = %s @%d.%d %s, want %s @0.0", pv.seq.Key(), pv.stmt, pv.result, pv.typ, s1.Key())
	}

	// A different sequence producing a *Stack equal by hash: pruned.
	s2 := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(3))}}
	v.addFrom(prog, s2, normal(prog, s2, []uint64{11}), false)
	if got := len(v.byType[types.TypeString(stackPtr, nil)]); got != 1 {
		t.Errorf("after an equal value: %d *Stack values, want 1", got)
	}
	// A different hash: pooled.
	s3 := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(4))}}
	v.addFrom(prog, s3, normal(prog, s3, []uint64{12}), false)
	if got := len(v.byType[types.TypeString(stackPtr, nil)]); got != 2 {
		t.Errorf("after a new value: %d *Stack values, want 2", got)
	}
	// The hash 11 again, but as an int: another type, its own index.
	s4 := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack), modeltest.Call(lenOp, seq.Ref(0, 0))}}
	v.addFrom(prog, s4, normal(prog, s4, []uint64{13}, []uint64{11}), false)
	if got := len(v.byType["int"]); got != 2 {
		t.Errorf("int values = %d, want 2: hashes are pruned per type", got)
	}
	// Types in order of first appearance.
	if len(v.types) != 2 || !types.Identical(v.types[0], stackPtr) || !types.Identical(v.types[1], intT) {
		t.Errorf("pool types = %v, want [*Stack int]", v.types)
	}
}

// Nil values and the results beside a non-nil error are not pooled: Go
// leaves the latter unspecified. The non-nil error itself is, for the
// package's functions that take errors (Wrap, Append, a Format).
func TestValuesSkipNilAndErrors(t *testing.T) {
	prog := testProgram(t)
	parse := modeltest.OpOfKind(t, prog, model.Call, "Parse")
	newStack := modeltest.OpOfKind(t, prog, model.Call, "NewStack")

	v := newValues()
	// Parse fails: the int is not pooled, the error is.
	s := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(parse, modeltest.Str("x"))}}
	res := rt.NewResult([]rt.StmtSpec{{Values: []rt.Value{{Hash: 5}, {Hash: 6}}}}...)
	v.addFrom(prog, s, res, false)
	if len(v.types) != 1 || v.types[0].String() != "error" {
		t.Errorf("pooled %v after a non-nil error, want [error]", v.types)
	}
	// Parse succeeds: the int is pooled, the nil error is not.
	res = rt.NewResult([]rt.StmtSpec{{Values: []rt.Value{{Hash: 7}, {Nil: true}}}}...)
	v.addFrom(prog, s, res, false)
	if len(v.types) != 2 || v.types[1].String() != "int" || len(v.byType["error"]) != 1 {
		t.Errorf("pooled %v (%d errors), want [error int] and one error", v.types, len(v.byType["error"]))
	}
	// A nil *Stack is not pooled.
	s = &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack)}}
	v.addFrom(prog, s, rt.NewResult([]rt.StmtSpec{{Values: []rt.Value{{Nil: true}}}}...), false)
	if len(v.types) != 2 {
		t.Errorf("pooled %v, want the nil *Stack left out", v.types)
	}
}

// assignable returns the values of every pooled type assignable to the
// parameter type, in a deterministic order, and sees values pooled after
// an earlier query.
func TestValuesAssignable(t *testing.T) {
	prog := testProgram(t)
	newShape := modeltest.OpOfKind(t, prog, model.Call, "NewShape")
	zeroSq := modeltest.OpOfKind(t, prog, model.Zero, "Sq")
	zeroCirc := modeltest.OpOfKind(t, prog, model.Zero, "Circ")
	shape := modeltest.Type(t, prog, "Shape")
	sqPtr := types.NewPointer(modeltest.Type(t, prog, "Sq"))

	v := newValues()
	add := func(op *model.Op, args ...seq.Arg) {
		s := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(op, args...)}}
		v.addFrom(prog, s, normal(prog, s, []uint64{uint64(100 + op.ID)}), false)
	}
	add(zeroSq)
	if got := v.assignable(shape); len(got) != 1 {
		t.Fatalf("assignable(Shape) = %d values, want the *Sq", len(got))
	}
	add(newShape, modeltest.Int(2))
	add(zeroCirc)
	got := v.assignable(shape)
	if len(got) != 3 {
		t.Fatalf("assignable(Shape) = %d values, want 3 (*Circ, *Sq and Shape values): the cache must see new values", len(got))
	}
	// Sorted by type name: *example.com/p.Circ, *example.com/p.Sq,
	// example.com/p.Shape.
	want := []string{"*example.com/p.Circ", "*example.com/p.Sq", "example.com/p.Shape"}
	for i, p := range got {
		if s := types.TypeString(p.typ, nil); s != want[i] {
			t.Errorf("assignable(Shape)[%d] is a %s, want %s", i, s, want[i])
		}
	}
	if got := v.assignable(sqPtr); len(got) != 1 || !types.Identical(got[0].typ, sqPtr) {
		t.Errorf("assignable(*Sq) = %d values, want only the *Sq (a Shape is not assignable to *Sq)", len(got))
	}
}

// The elephant brain (GRT §III-C) pools a value returned as an interface
// again under its run-time type, through an assertion operation, once per
// distinct value; run-time types without an assertion, and everything
// when it is switched off, stay pooled under the static type only.
func TestElephantRepoolsByRunTimeType(t *testing.T) {
	prog := testProgram(t)
	newShape := modeltest.OpOfKind(t, prog, model.Call, "NewShape")
	assertSq := modeltest.OpOfKind(t, prog, model.Assert, "Sq")
	sqPtr := types.NewPointer(modeltest.Type(t, prog, "Sq"))

	shapeResult := func(typ string, hash uint64) *rt.Result {
		return rt.NewResult([]rt.StmtSpec{{Values: []rt.Value{{Type: rt.InternType(typ), Hash: hash}}}}...)
	}
	// The elephant brain alone hears normal runs after the engine has
	// pooled their values under their static types.
	values := newValues()
	brain := newRunTypePooler(prog, values)
	run := func(n int64, typ string, hash uint64) {
		s := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newShape, modeltest.Int(n))}}
		res := shapeResult(typ, hash)
		values.addFrom(prog, s, res, false)
		brain.learn(&outcome{s: s, res: res, clean: true, normal: true})
	}

	run(2, "*p.Sq", 7)
	sq := values.assignable(sqPtr)
	if len(sq) != 1 {
		t.Fatalf("%d values pooled as *Sq, want 1 via the assertion", len(sq))
	}
	want := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newShape, modeltest.Int(2)), modeltest.Call(assertSq, seq.Ref(0, 0))}}
	if got := sq[0]; got.seq.Key() != want.Key() || got.stmt != 1 || got.result != 0 {
		t.Errorf("pooled *Sq = %s @%d.%d, want %s @1.0", got.seq.Key(), got.stmt, got.result, want.Key())
	}
	// The same value again (another sequence, equal hash): not re-pooled.
	run(4, "*p.Sq", 7)
	if n := len(values.assignable(sqPtr)); n != 1 {
		t.Errorf("%d *Sq values after an equal one, want 1", n)
	}
	// A new *Sq value is.
	run(6, "*p.Sq", 8)
	if n := len(values.assignable(sqPtr)); n != 2 {
		t.Errorf("%d *Sq values after a new one, want 2", n)
	}
	// A *Circ has no assertion to *Sq: pooled as Shape only.
	run(1, "*p.Circ", 9)
	if n := len(values.assignable(sqPtr)); n != 2 {
		t.Errorf("%d *Sq values after a *Circ, want 2", n)
	}
	if n := len(values.byType[types.TypeString(modeltest.Type(t, prog, "Shape"), nil)]); n != 3 {
		t.Errorf("%d Shape values, want 3 (one per distinct hash)", n)
	}

	// In a search without it, nothing is pooled by run-time type.
	off := New(prog, Config{NoElephant: true})
	s := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newShape, modeltest.Int(2))}}
	off.process(s, okOutcome(shapeResult("*p.Sq", 7)))
	if n := len(off.values.assignable(sqPtr)); n != 0 {
		t.Errorf("NoElephant: %d values pooled as *Sq, want 0", n)
	}
}

// A type's pool is trimmed when it passes its cap: the values whose
// sequences earned coverage all stay, the others go least-chosen first
// (most selected, then longest), and the survivors keep their order.
func TestPoolCapKeepsEarnedValues(t *testing.T) {
	prog := testProgram(t)
	newStack := modeltest.OpOfKind(t, prog, model.Call, "NewStack")
	push := modeltest.OpOfKind(t, prog, model.Method, "Stack.Push")
	key := types.TypeString(types.NewPointer(modeltest.Type(t, prog, "Stack")), nil)

	v := newValues()
	v.limit = 8
	// Value i: a *Stack made by NewStack and i%3 pushes; every fourth
	// earned coverage.
	for i := 0; i < 9; i++ {
		s := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack)}}
		for j := 0; j < i%3; j++ {
			s.Stmts = append(s.Stmts, modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(int64(j))))
		}
		hashes := [][]uint64{{uint64(100 + i)}}
		v.addFrom(prog, s, normal(prog, s, hashes...), i%4 == 0)
		switch i {
		case 0:
			// Chosen most often, but it earned coverage.
			v.byType[key][0].selected = 9
		case 1:
			// Chosen often: orienteering weighs it least of the others.
			v.byType[key][1].selected = 5
		}
	}
	got := v.byType[key]
	if len(got) != 6 || v.evicted != 3 {
		t.Fatalf("after 9 values with a cap of 8: %d pooled, %d evicted; want 6 pooled (trimmed to 3/4 of the cap), 3 evicted", len(got), v.evicted)
	}
	// Values 0, 4 and 8 earned coverage; among the others, 1 (selected
	// five times) weighs least, then all weigh the same and 2 and 5 have
	// the longest sequences.
	want := map[int]bool{0: true, 3: true, 4: true, 6: true, 7: true, 8: true}
	i := 0
	for idx := 0; idx < 9; idx++ {
		if !want[idx] {
			continue
		}
		if got[i].stmt != 0 || !got[i].earned != (idx%4 != 0) {
			t.Errorf("pooled[%d]: earned=%v, want value %d (earned=%v)", i, got[i].earned, idx, idx%4 == 0)
		}
		if l := got[i].seq.Len(); l != 1+idx%3 {
			t.Errorf("pooled[%d] has %d statements, want value %d's %d", i, l, idx, 1+idx%3)
		}
		i++
	}
	// A pruned hash stays pruned: an evicted value is not pooled again.
	s := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack)}}
	v.addFrom(prog, s, normal(prog, s, []uint64{101}), false)
	if len(v.byType[key]) != 6 {
		t.Errorf("an evicted value's hash was pooled again")
	}
}

// With the cap, a long search keeps at most PoolCap values per type, and
// the same seed still gives the same run.
func TestPoolCapBoundsLongSearch(t *testing.T) {
	r1, f1 := runSearch(t, 3, 6000)
	for _, typ := range r1.values.types {
		if n := len(r1.values.byType[types.TypeString(typ, nil)]); n > PoolCap {
			t.Errorf("pool of %s holds %d values, cap %d", typ, n, PoolCap)
		}
	}
	if r1.values.evicted == 0 {
		t.Fatalf("no value evicted in 6000 executions: the test does not reach the cap")
	}
	r2, f2 := runSearch(t, 3, 6000)
	l1, l2 := f1.Log(), f2.Log()
	if len(l1) != len(l2) || corpusKeys(r1) != corpusKeys(r2) {
		t.Fatalf("same seed with evictions: runs differ")
	}
	for i := range l1 {
		if l1[i] != l2[i] {
			t.Fatalf("same seed with evictions: sequence %d differs", i)
		}
	}
}
