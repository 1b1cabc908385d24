package search

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// keyedSrc is a keyed container with empty-interface keys, as trees and
// ordered maps with comparators have them.
const keyedSrc = `package k

type Tree struct{ m map[any]any }

func New() *Tree                 { return &Tree{m: map[any]any{}} }
func (t *Tree) Put(k, v any)     { t.m[k] = v }
func (t *Tree) Remove(k any) bool { _, ok := t.m[k]; delete(t.m, k); return ok }
`

func keyedProgram(t *testing.T) *model.Program {
	t.Helper()
	prog := model.Build(modeltest.Check(t, "example.com/k", keyedSrc), model.Options{})
	// Effects come from the purity facts in a real run; here Put is
	// declared a mutator of its receiver by hand.
	put := modeltest.OpOfKind(t, prog, model.Method, "Tree.Put")
	put.Effects.Known, put.Effects.MutatesRecv = true, true
	return prog
}

// A removal on a tree that earlier calls filled with int keys gets int keys
// only (the kind the receiver accepted), sometimes one that is present and
// sometimes a fresh one; on another tree of the same sequence, none.
func TestSiblingLiterals(t *testing.T) {
	prog := keyedProgram(t)
	newOp := modeltest.OpOfKind(t, prog, model.Call, "New")
	put := modeltest.OpOfKind(t, prog, model.Method, "Tree.Put")
	remove := modeltest.OpOfKind(t, prog, model.Method, "Tree.Remove")
	s := &seq.Seq{Stmts: []seq.Stmt{
		modeltest.Call(newOp),
		modeltest.Call(put, seq.Ref(0, 0), modeltest.Int(7), modeltest.Nil()),
		modeltest.Call(put, seq.Ref(0, 0), modeltest.Int(9), modeltest.Str("v")),
		modeltest.Call(newOp),
	}}
	x := newKit(prog, 3, nil).extension(Config{})
	present, fresh, none := 0, 0, 0
	for k := 0; k < 400; k++ {
		l, ok := x.siblingLit(s, remove, []seq.Arg{seq.Ref(0, 0), {}}, 1, false)
		if !ok {
			none++
			continue
		}
		if l.Kind != seq.LitInt {
			t.Fatalf("sibling literal %s: want an int, the kind the tree accepted", l.Key())
		}
		if l.I == 7 || l.I == 9 {
			present++
		} else {
			fresh++
		}
		if _, ok := x.siblingLit(s, remove, []seq.Arg{seq.Ref(3, 0), {}}, 1, true); ok {
			t.Fatal("a tree with no insertions has no siblings")
		}
	}
	if present == 0 || fresh == 0 || none == 0 {
		t.Errorf("present %d, fresh %d, ordinary draws %d: want each", present, fresh, none)
	}
	// The value parameter's siblings are the string "v" only (nil says
	// nothing of a kind).
	for k := 0; k < 100; k++ {
		if l, ok := x.siblingLit(s, put, []seq.Arg{seq.Ref(0, 0), modeltest.Int(1), {}}, 2, true); ok && l.Kind != seq.LitString {
			t.Fatalf("value sibling %s: want a string", l.Key())
		}
	}
}

// Impurity sometimes calls its mutator several times in a row on one
// receiver, at most MaxRun times, and the keys after the first keep its
// kind.
func TestMutatorRuns(t *testing.T) {
	prog := keyedProgram(t)
	newOp := modeltest.OpOfKind(t, prog, model.Call, "New")
	put := modeltest.OpOfKind(t, prog, model.Method, "Tree.Put")
	remove := modeltest.OpOfKind(t, prog, model.Method, "Tree.Remove")
	x := newKit(prog, 5, nil).extension(Config{})
	longest := 0
	for k := 0; k < 300; k++ {
		s := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(newOp)}}
		if !x.mutate(s, seq.Ref(0, 0), remove) {
			t.Fatal("no mutation of the tree")
		}
		n := s.Len() - 1
		if n > MaxRun {
			t.Fatalf("%d calls in one run, want at most %d", n, MaxRun)
		}
		longest = max(longest, n)
		var kind seq.LitKind
		for i, st := range s.Stmts[1:] {
			if st.Op != put.ID {
				t.Fatalf("statement %d calls op %d, want Put", i+1, st.Op)
			}
			key := st.Args[1].Lit
			if key.Kind == seq.LitNil || kindClass(key.Kind) == model.LitNone {
				continue
			}
			if kind == 0 {
				kind = key.Kind
			}
			if key.Kind != kind {
				t.Fatalf("run %v mixes key kinds", s.Stmts)
			}
		}
	}
	if longest < 3 {
		t.Errorf("longest run %d calls, want several", longest)
	}
}

// A sibling that is a key and a value in one line gives its key: a
// settings or header container filled by Add("port=80") is looked up by
// Int("port"). Other literals give none.
func TestKeyPart(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"port=80", "port", true},
		{" Host : example.com", "Host", true},
		{"=80", "", false},
		{"plain", "", false},
	} {
		got, ok := keyPart(seq.Lit{Kind: seq.LitString, S: tc.in})
		if ok != tc.ok || ok && got.S != tc.want {
			t.Errorf("keyPart(%q) = %q, %v; want %q, %v", tc.in, got.S, ok, tc.want, tc.ok)
		}
	}
	if _, ok := keyPart(seq.Lit{Kind: seq.LitInt, I: 3}); ok {
		t.Error("keyPart of an int gave a key")
	}
	if got := fuzzString(rand.New(rand.NewPCG(1, 2)), "=", []string{"strings.Cut"}); !strings.HasPrefix(got, "k=") || len(got) < 3 {
		t.Errorf(`fuzzString("=") for strings.Cut = %q, want text on both sides of the separator`, got)
	}
}
