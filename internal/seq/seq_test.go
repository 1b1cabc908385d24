package seq

import (
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

func TestAppendRenumbers(t *testing.T) {
	a := &Seq{Stmts: []Stmt{{Op: 0, Args: []Arg{LitArg(Lit{Kind: LitInt, I: 3})}}}}
	b := &Seq{Stmts: []Stmt{
		{Op: 1},
		{Op: 2, Args: []Arg{Ref(0, 0)}},
	}}
	off := a.Append(b)
	if off != 1 {
		t.Fatalf("Append offset = %d, want 1", off)
	}
	if got := a.Stmts[2].Args[0]; got.IsLit || got.Stmt != 1 {
		t.Errorf("reference not renumbered: %+v", got)
	}
	if b.Stmts[1].Args[0].Stmt != 0 {
		t.Errorf("Append changed its argument")
	}
}

func TestKeyIgnoresNothingButNames(t *testing.T) {
	s1 := &Seq{Stmts: []Stmt{{Op: 1, Args: []Arg{LitArg(Lit{Kind: LitString, S: "a"})}}, {Op: 2, Args: []Arg{Ref(0, 0)}}}}
	s2 := s1.Clone()
	if s1.Key() != s2.Key() || s1.Hash() != s2.Hash() {
		t.Errorf("clones differ: %q vs %q", s1.Key(), s2.Key())
	}
	s2.Stmts[0].Args[0].Lit.S = "b"
	if s1.Key() == s2.Key() {
		t.Errorf("different literals give the same key %q", s1.Key())
	}
	f1 := &Seq{Stmts: []Stmt{{Op: 1, Args: []Arg{LitArg(Lit{Kind: LitFloat, F: 0})}}}}
	i1 := &Seq{Stmts: []Stmt{{Op: 1, Args: []Arg{LitArg(Lit{Kind: LitInt, I: 0})}}}}
	if f1.Key() == i1.Key() {
		t.Errorf("float 0 and int 0 share key %q", f1.Key())
	}
}

func TestWithout(t *testing.T) {
	s := &Seq{Stmts: []Stmt{{Op: 0}, {Op: 1}, {Op: 2, Args: []Arg{Ref(1, 0)}}}}
	if _, ok := s.Without(1); ok {
		t.Errorf("Without removed a statement whose result is used")
	}
	w, ok := s.Without(0)
	if !ok {
		t.Fatal("Without(0) failed")
	}
	if w.Len() != 2 || w.Stmts[1].Args[0].Stmt != 0 {
		t.Errorf("Without(0) = %+v, want references shifted down", w.Stmts)
	}
	if u := s.Uses(); u[0] || !u[1] || u[2] {
		t.Errorf("Uses = %v, want [false true false]", u)
	}
}

func TestRepeatInKeyHashAndWire(t *testing.T) {
	base := &Seq{Stmts: []Stmt{{Op: 0}, {Op: 1, Args: []Arg{Ref(0, 0), LitArg(Lit{Kind: LitInt, I: 5})}}}}
	loop := base.Clone()
	loop.Stmts[1].Repeat = 64
	indexed := loop.Clone()
	indexed.Stmts[1].Args[1].Index = true
	seen := map[uint64]string{}
	for _, s := range []*Seq{base, loop, indexed} {
		if k, ok := seen[s.Hash()]; ok {
			t.Errorf("%s and %s hash alike", k, s.Key())
		}
		seen[s.Hash()] = s.Key()
	}
	if c := indexed.Clone(); c.Key() != indexed.Key() {
		t.Errorf("Clone lost the loop: %s", c.Key())
	}
	if w, ok := indexed.Without(0); ok {
		t.Errorf("Without(0) dropped a used statement: %s", w.Key())
	}
	w := indexed.Wire(1, 0)
	if w.Stmts[1].Repeat != 64 || w.Stmts[1].Args[1].Kind != rt.ArgIndex {
		t.Errorf("wire statement %+v", w.Stmts[1])
	}
	if got := (Lit{Kind: LitString, S: "k"}).AtIndex(12); got.S != "k12" {
		t.Errorf("AtIndex = %q", got.S)
	}
}
