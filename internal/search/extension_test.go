package search

import (
	"context"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// A func parameter of a type the program makes (a func literal) never
// gets nil: APIs that run callbacks in goroutines (errgroup's Go,
// lo.Async) crash the process on a nil func. A func type no operation
// makes (variadic: no literal variant) still gets nil, the only value
// there is.
func TestFuncParamsNotNilWhenALiteralExists(t *testing.T) {
	const src = `package p

func Go(f func() error) {}

func Hook(f func(xs ...int)) {}
`
	prog := modeltest.Program(t, src, model.Options{})
	goOp, hook := modeltest.OpOfKind(t, prog, model.Call, "Go"), modeltest.OpOfKind(t, prog, model.Call, "Hook")

	// Extension alone, with an empty pool: Go gets a func literal the
	// detective makes, or waits; Hook gets nil.
	x := newKit(prog, 3, nil).extension(Config{})
	for i := 0; i < 50; i++ {
		if s, ok := x.extend(goOp); ok && s.Stmts[s.Len()-1].Args[0].IsLit {
			t.Fatalf("Go called with a literal: %s", s.Key())
		}
		s, ok := x.extend(hook)
		if !ok || s.Len() != 1 || s.Stmts[0].Args[0].Lit.Kind != seq.LitNil {
			t.Fatalf("Hook not called with nil: %v", s)
		}
	}

	// In a search, Go is called once the pool has a func literal, never
	// with nil.
	code := map[int]OpCode{}
	for _, op := range prog.Ops {
		code[op.ID] = OpCode{Blocks: []int32{int32(op.ID * 8)}}
	}
	r := New(prog, Config{Seed: 3, MaxExecs: 400, Batch: 16, Code: code})
	fake := newFake(prog)
	r.Run(context.Background(), fake)
	var goCalls, hookNil int
	reqs := fake.Requests()
	for _, q := range reqs {
		for _, st := range q.Stmts {
			nilArg := len(st.Args) == 1 && st.Args[0].Kind == rt.ArgLit && st.Args[0].Lit.Kind == rt.LitNil
			switch st.Op {
			case goOp.ID:
				goCalls++
				if nilArg {
					t.Fatalf("Go called with a nil func: %v", st)
				}
			case hook.ID:
				if nilArg {
					hookNil++
				}
			}
		}
	}
	if goCalls == 0 {
		t.Errorf("Go never called in %d sequences", len(reqs))
	}
	if hookNil == 0 {
		t.Errorf("Hook, whose func type nothing makes, never called (with nil)")
	}
}

// Extension alone builds a call from the pool: Push's receiver is a pooled
// *Stack, its sequence included, and its int a literal; two arguments of
// one type may share one value (aliasing), and with the detective off and
// nothing pooled a pointer parameter gets nil or nothing.
func TestExtensionBuildsFromPool(t *testing.T) {
	prog := testProgram(t)
	k := newKit(prog, 5, nil)
	newStack := modeltest.OpOfKind(t, prog, model.Call, "NewStack")
	push := modeltest.OpOfKind(t, prog, model.Method, "Stack.Push")
	grow := modeltest.OpOfKind(t, prog, model.Call, "Grow")
	x := k.extension(Config{NoDetective: true})
	if _, ok := x.extend(push); ok {
		t.Fatalf("Push built with no *Stack pooled")
	}
	k.pool(modeltest.Seq(modeltest.Call(newStack)))
	for i := 0; i < 50; i++ {
		s, ok := x.extend(push)
		if !ok {
			t.Fatalf("Push not built with a *Stack pooled")
		}
		last := s.Stmts[s.Len()-1]
		if last.Op != push.ID || last.Args[0].IsLit || s.Stmts[last.Args[0].Stmt].Op != newStack.ID || !last.Args[1].IsLit {
			t.Fatalf("Push does not take the pooled *Stack and a literal: %s", s.Key())
		}
	}
	// Grow's *Sq: nothing pools one and the detective is off; a pointer
	// parameter may take nil.
	for i := 0; i < 20; i++ {
		if s, ok := x.extend(grow); ok && !s.Stmts[s.Len()-1].Args[0].IsLit {
			t.Fatalf("Grow got a value from nowhere: %s", s.Key())
		}
	}
}
