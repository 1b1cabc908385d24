package model

import (
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/seq"
)

// A mutator reached through a getter of a package singleton, directly or
// through a value derived from it, writes package state; the same mutator
// on a fresh object, and a pure observer of the singleton, do not.
func TestSharedWrite(t *testing.T) {
	fn := func(name string) *types.Func {
		return types.NewFunc(token.NoPos, nil, name, types.NewSignatureType(nil, nil, nil, nil, nil, false))
	}
	recv := Param{Recv: true}
	ops := []*Op{
		{Kind: Call, Func: fn("Standard"), Effects: Effects{Known: true, Pure: true, ResultShared: true}},                           // 0
		{Kind: Call, Func: fn("New"), Effects: Effects{Known: true, Pure: true}},                                                    // 1
		{Kind: Method, Func: fn("SetLevel"), Params: []Param{recv, {}}, Effects: Effects{Known: true, MutatesRecv: true}},           // 2
		{Kind: Method, Func: fn("Level"), Params: []Param{recv}, Effects: Effects{Known: true, Pure: true}},                         // 3
		{Kind: Method, Func: fn("With"), Params: []Param{recv}, Effects: Effects{Known: true, Pure: true, ResultAliases: []int{0}}}, // 4
		{Kind: Addr, Params: []Param{{}}},                          // 5
		{Kind: Method, Func: fn("Unknown"), Params: []Param{recv}}, // 6
	}
	p := &Program{Ops: ops}
	lit := seq.LitArg(seq.Lit{Kind: seq.LitInt, I: 1})
	tests := []struct {
		name  string
		stmts []seq.Stmt
		want  int
	}{
		{"mutator on the singleton", []seq.Stmt{{Op: 0}, {Op: 2, Args: []seq.Arg{seq.Ref(0, 0), lit}}}, 1},
		{"mutator on a fresh object", []seq.Stmt{{Op: 1}, {Op: 2, Args: []seq.Arg{seq.Ref(0, 0), lit}}}, -1},
		{"observer of the singleton", []seq.Stmt{{Op: 0}, {Op: 3, Args: []seq.Arg{seq.Ref(0, 0)}}}, -1},
		{"mutator on a derived value", []seq.Stmt{{Op: 0}, {Op: 4, Args: []seq.Arg{seq.Ref(0, 0)}}, {Op: 2, Args: []seq.Arg{seq.Ref(1, 0), lit}}}, 2},
		{"mutator on the address of the singleton", []seq.Stmt{{Op: 0}, {Op: 5, Args: []seq.Arg{seq.Ref(0, 0)}}, {Op: 2, Args: []seq.Arg{seq.Ref(1, 0), lit}}}, 2},
		{"mutator on what a fresh object derives", []seq.Stmt{{Op: 1}, {Op: 4, Args: []seq.Arg{seq.Ref(0, 0)}}, {Op: 2, Args: []seq.Arg{seq.Ref(1, 0), lit}}}, -1},
		{"method without facts on the singleton", []seq.Stmt{{Op: 0}, {Op: 6, Args: []seq.Arg{seq.Ref(0, 0)}}}, 1},
	}
	for _, tc := range tests {
		if got := p.SharedWrite(&seq.Seq{Stmts: tc.stmts}); got != tc.want {
			t.Errorf("%s: SharedWrite = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// SharedResults marks the statements whose results may be shared, the
// singleton and what derives from it, and goes on past a write through it
// (SharedWrite stops there).
func TestSharedResults(t *testing.T) {
	fn := func(name string) *types.Func {
		return types.NewFunc(token.NoPos, nil, name, types.NewSignatureType(nil, nil, nil, nil, nil, false))
	}
	recv := Param{Recv: true}
	p := &Program{Ops: []*Op{
		{Kind: Call, Func: fn("Standard"), Effects: Effects{Known: true, Pure: true, ResultShared: true}},                           // 0
		{Kind: Call, Func: fn("New"), Effects: Effects{Known: true, Pure: true}},                                                    // 1
		{Kind: Method, Func: fn("SetLevel"), Params: []Param{recv, {}}, Effects: Effects{Known: true, MutatesRecv: true}},           // 2
		{Kind: Method, Func: fn("With"), Params: []Param{recv}, Effects: Effects{Known: true, Pure: true, ResultAliases: []int{0}}}, // 3
	}}
	lit := seq.LitArg(seq.Lit{Kind: seq.LitInt, I: 1})
	s := &seq.Seq{Stmts: []seq.Stmt{
		{Op: 1}, {Op: 0},
		{Op: 2, Args: []seq.Arg{seq.Ref(1, 0), lit}},
		{Op: 3, Args: []seq.Arg{seq.Ref(1, 0)}},
		{Op: 3, Args: []seq.Arg{seq.Ref(0, 0)}},
	}}
	got := p.SharedResults(s)
	want := []bool{false, true, false, true, false}
	if !slices.Equal(got, want) {
		t.Errorf("SharedResults = %v, want %v", got, want)
	}
	if k := p.SharedWrite(s); k != 2 {
		t.Errorf("SharedWrite = %d, want 2", k)
	}
}
