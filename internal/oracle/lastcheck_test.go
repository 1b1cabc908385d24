package oracle

import (
	"testing"

	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// A target that returns nothing keeps its first read when every read
// after it killed no mutant (a call that did nothing, as documented): its
// test then checks the receiver instead of saying that no call reads what
// it changes. A target that returns something, or one with a killing
// read, loses its idle reads as before.
func TestWithoutIdleKeepsLastCheck(t *testing.T) {
	prog := testProgram(t)
	newStack, push, length, peek := modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Stack.Push"),
		modeltest.Op(t, prog, "Stack.Len"), modeltest.Op(t, prog, "Stack.Peek")
	s := modeltest.Seq(modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(3)),
		modeltest.Call(length, seq.Ref(0, 0)), modeltest.Call(peek, seq.Ref(0, 0)))

	out, kept := withoutIdle(prog, s, 1, &CaseMutation{})
	if out == nil || out.Len() != 3 || out.Stmts[2].Op != length.ID || len(kept) != 3 || kept[2] != 2 {
		t.Errorf("Push with idle reads: %v (kept %v), want NewStack Push Len", out, kept)
	}

	// Peek killed a mutant: it stays, and Len, idle, goes.
	v := &CaseMutation{ByAssert: map[seq.ValueID][]int32{{Stmt: 3}: {7}}}
	out, _ = withoutIdle(prog, s, 1, v)
	if out == nil || out.Len() != 3 || out.Stmts[2].Op != peek.ID {
		t.Errorf("Push with a killing Peek: %v, want NewStack Push Peek", out)
	}

	// Len as the target returns an int, which its test checks: the idle
	// reads after it go.
	s2 := modeltest.Seq(modeltest.Call(newStack), modeltest.Call(length, seq.Ref(0, 0)), modeltest.Call(peek, seq.Ref(0, 0)))
	out, _ = withoutIdle(prog, s2, 1, &CaseMutation{})
	if out == nil || out.Len() != 2 {
		t.Errorf("Len with an idle Peek: %v, want NewStack Len", out)
	}
}
