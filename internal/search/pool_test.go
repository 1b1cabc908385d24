package search

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Values are pooled under their static type, and a value whose structural
// hash equals one already pooled for that type is not pooled again (index
// pruning, Randoop thesis §7.4); an equal hash under another type is.
func TestValuesPoolByStaticTypeWithHashPruning(t *testing.T) {
	prog := testProgram(t)
	newStack := opNamed(t, prog, model.Call, "NewStack")
	push := opNamed(t, prog, model.Method, "Stack.Push")
	lenOp := opNamed(t, prog, model.Method, "Stack.Len")
	stackPtr := types.NewPointer(lookupType(prog, "Stack"))
	intT := types.Typ[types.Int]

	v := newValues()
	s1 := &seq.Seq{Stmts: []seq.Stmt{call(newStack), call(push, seq.Ref(0, 0), intLit(3)), call(lenOp, seq.Ref(0, 0))}}
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
	s2 := &seq.Seq{Stmts: []seq.Stmt{call(newStack), call(push, seq.Ref(0, 0), intLit(3))}}
	v.addFrom(prog, s2, normal(prog, s2, []uint64{11}), false)
	if got := len(v.byType[types.TypeString(stackPtr, nil)]); got != 1 {
		t.Errorf("after an equal value: %d *Stack values, want 1", got)
	}
	// A different hash: pooled.
	s3 := &seq.Seq{Stmts: []seq.Stmt{call(newStack), call(push, seq.Ref(0, 0), intLit(4))}}
	v.addFrom(prog, s3, normal(prog, s3, []uint64{12}), false)
	if got := len(v.byType[types.TypeString(stackPtr, nil)]); got != 2 {
		t.Errorf("after a new value: %d *Stack values, want 2", got)
	}
	// The hash 11 again, but as an int: another type, its own index.
	s4 := &seq.Seq{Stmts: []seq.Stmt{call(newStack), call(lenOp, seq.Ref(0, 0))}}
	v.addFrom(prog, s4, normal(prog, s4, []uint64{13}, []uint64{11}), false)
	if got := len(v.byType["int"]); got != 2 {
		t.Errorf("int values = %d, want 2: hashes are pruned per type", got)
	}
	// Types in order of first appearance.
	if len(v.types) != 2 || !types.Identical(v.types[0], stackPtr) || !types.Identical(v.types[1], intT) {
		t.Errorf("pool types = %v, want [*Stack int]", v.types)
	}
}

// Nil values, error results and the results beside a non-nil error are not
// pooled: Go leaves the latter unspecified.
func TestValuesSkipNilAndErrors(t *testing.T) {
	prog := testProgram(t)
	parse := opNamed(t, prog, model.Call, "Parse")
	newStack := opNamed(t, prog, model.Call, "NewStack")

	v := newValues()
	// Parse fails: neither the int nor the error is pooled.
	s := &seq.Seq{Stmts: []seq.Stmt{call(parse, strLit("x"))}}
	res := rt.NewResult([]rt.StmtSpec{{Values: []rt.Value{{Hash: 5}, {Hash: 6}}}}...)
	v.addFrom(prog, s, res, false)
	if len(v.types) != 0 {
		t.Errorf("pooled %v after a non-nil error, want nothing", v.types)
	}
	// Parse succeeds: the int is pooled, the nil error is not.
	res = rt.NewResult([]rt.StmtSpec{{Values: []rt.Value{{Hash: 5}, {Nil: true}}}}...)
	v.addFrom(prog, s, res, false)
	if len(v.types) != 1 || v.types[0].String() != "int" {
		t.Errorf("pooled %v, want [int]", v.types)
	}
	// A nil *Stack is not pooled.
	s = &seq.Seq{Stmts: []seq.Stmt{call(newStack)}}
	v.addFrom(prog, s, rt.NewResult([]rt.StmtSpec{{Values: []rt.Value{{Nil: true}}}}...), false)
	if len(v.types) != 1 {
		t.Errorf("pooled %v, want the nil *Stack left out", v.types)
	}
}

// assignable returns the values of every pooled type assignable to the
// parameter type, in a deterministic order, and sees values pooled after
// an earlier query.
func TestValuesAssignable(t *testing.T) {
	prog := testProgram(t)
	newShape := opNamed(t, prog, model.Call, "NewShape")
	zeroSq := opNamed(t, prog, model.Zero, "Sq")
	zeroCirc := opNamed(t, prog, model.Zero, "Circ")
	shape := lookupType(prog, "Shape")
	sqPtr := types.NewPointer(lookupType(prog, "Sq"))

	v := newValues()
	add := func(op *model.Op, args ...seq.Arg) {
		s := &seq.Seq{Stmts: []seq.Stmt{call(op, args...)}}
		v.addFrom(prog, s, normal(prog, s, []uint64{uint64(100 + op.ID)}), false)
	}
	add(zeroSq)
	if got := v.assignable(shape); len(got) != 1 {
		t.Fatalf("assignable(Shape) = %d values, want the *Sq", len(got))
	}
	add(newShape, intLit(2))
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
	newShape := opNamed(t, prog, model.Call, "NewShape")
	assertSq := opNamed(t, prog, model.Assert, "Sq")
	sqPtr := types.NewPointer(lookupType(prog, "Sq"))

	shapeResult := func(typ string, hash uint64) *rt.Result {
		return rt.NewResult([]rt.StmtSpec{{Values: []rt.Value{{Type: rt.InternType(typ), Hash: hash}}}}...)
	}
	run := func(r *Random, n int64, typ string, hash uint64) {
		s := &seq.Seq{Stmts: []seq.Stmt{call(newShape, intLit(n))}}
		r.process(s, okOutcome(shapeResult(typ, hash)))
	}

	r := NewRandom(prog, Config{})
	run(r, 2, "*p.Sq", 7)
	sq := r.values.assignable(sqPtr)
	if len(sq) != 1 {
		t.Fatalf("%d values pooled as *Sq, want 1 via the assertion", len(sq))
	}
	want := &seq.Seq{Stmts: []seq.Stmt{call(newShape, intLit(2)), call(assertSq, seq.Ref(0, 0))}}
	if got := sq[0]; got.seq.Key() != want.Key() || got.stmt != 1 || got.result != 0 {
		t.Errorf("pooled *Sq = %s @%d.%d, want %s @1.0", got.seq.Key(), got.stmt, got.result, want.Key())
	}
	// The same value again (another sequence, equal hash): not re-pooled.
	run(r, 4, "*p.Sq", 7)
	if n := len(r.values.assignable(sqPtr)); n != 1 {
		t.Errorf("%d *Sq values after an equal one, want 1", n)
	}
	// A new *Sq value is.
	run(r, 6, "*p.Sq", 8)
	if n := len(r.values.assignable(sqPtr)); n != 2 {
		t.Errorf("%d *Sq values after a new one, want 2", n)
	}
	// A *Circ has no assertion to *Sq: pooled as Shape only.
	run(r, 1, "*p.Circ", 9)
	if n := len(r.values.assignable(sqPtr)); n != 2 {
		t.Errorf("%d *Sq values after a *Circ, want 2", n)
	}
	if n := len(r.values.byType[types.TypeString(lookupType(prog, "Shape"), nil)]); n != 3 {
		t.Errorf("%d Shape values, want 3 (one per distinct hash)", n)
	}

	off := NewRandom(prog, Config{NoElephant: true})
	run(off, 2, "*p.Sq", 7)
	if n := len(off.values.assignable(sqPtr)); n != 0 {
		t.Errorf("NoElephant: %d values pooled as *Sq, want 0", n)
	}
}
