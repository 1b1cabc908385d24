package search

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// A package singleton handed out by a getter and a fresh value from a
// constructor can be equal (settings.Default() and NewFormatter() before
// any change): index pruning must keep both, or, when the singleton ran
// first, every mutator of the type took only the singleton and the
// shared-write filter vetoed all of its calls for the whole run (the
// settings fixture at seed 3: SetPrefix, AddHook, ReplaceHooks never
// called). Two fresh equal values are still pruned as one.
func TestValuesKeepFreshBesideEqualSingleton(t *testing.T) {
	prog := testProgram(t)
	newStack := modeltest.OpOfKind(t, prog, model.Call, "NewStack")
	// A getter of a singleton *Stack: NewStack's op with the fact that its
	// result is shared, as the model gives it to func Default() *Stack
	// { return std }.
	getter := *newStack
	getter.ID, getter.Name = len(prog.Ops), "Default"
	getter.Effects = model.Effects{Known: true, Pure: true, ResultShared: true}
	p := &model.Program{Ops: append(append([]*model.Op(nil), prog.Ops...), &getter)}
	key := types.TypeString(types.NewPointer(modeltest.Type(t, prog, "Stack")), nil)

	v := newValues()
	single := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(&getter)}}
	v.addFrom(p, single, normal(p, single, []uint64{7}), false)
	fresh := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack)}}
	v.addFrom(p, fresh, normal(p, fresh, []uint64{7}), false)
	if got := len(v.byType[key]); got != 2 {
		t.Fatalf("pooled %d *Stack values after the singleton and an equal fresh one, want 2", got)
	}
	if got := v.byType[key][1].seq.Stmts[0].Op; got != newStack.ID {
		t.Errorf("second pooled value made by op %d, want NewStack (%d)", got, newStack.ID)
	}
	again := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack)}}
	v.addFrom(p, again, normal(p, again, []uint64{7}), false)
	if got := len(v.byType[key]); got != 2 {
		t.Errorf("pooled %d *Stack values after a second equal fresh one, want 2 (pruned)", got)
	}
}

// A value first pooled from a sequence that added no coverage, made again
// by one that did, counts as earned: the contracts check earned values
// first, and eviction keeps them (planted's Money{100, "JPY"}, whose
// Equal is not reflexive, was pooled unearned and never checked).
func TestValuesEarnedWhenMadeAgainByEarningSequence(t *testing.T) {
	prog := testProgram(t)
	newStack := modeltest.OpOfKind(t, prog, model.Call, "NewStack")
	key := types.TypeString(types.NewPointer(modeltest.Type(t, prog, "Stack")), nil)
	v := newValues()
	first := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack)}}
	v.addFrom(prog, first, normal(prog, first, []uint64{7}), false)
	other := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack)}}
	v.addFrom(prog, other, normal(prog, other, []uint64{8}), false)
	again := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newStack), modeltest.Call(newStack)}}
	v.addFrom(prog, again, normal(prog, again, []uint64{7}, []uint64{9}), true)
	vals := v.byType[key]
	if len(vals) != 3 {
		t.Fatalf("pooled %d *Stack values, want 3 (7, 8, 9)", len(vals))
	}
	if !vals[0].earned || vals[1].earned || !vals[2].earned {
		t.Errorf("earned = %v %v %v, want true false true: the value made again by the earning sequence, and its new one",
			vals[0].earned, vals[1].earned, vals[2].earned)
	}
	if vals[0].seq.Key() != first.Key() {
		t.Errorf("the re-made value's sequence changed to %s", vals[0].seq.Key())
	}
}
