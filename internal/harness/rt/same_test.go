package rt

import (
	"reflect"
	"testing"
	"time"
)

// ringNode is a ring's element: every ringNode looks alike by value, and which
// one a call returns shows only by identity.
type ringNode struct{ next *ringNode }

// nodeParam is the parameters of an operation taking one node.
var nodeParam = []reflect.Type{reflect.TypeOf((*ringNode)(nil))}

func sameOps(flip *int) []Op {
	return []Op{
		{Name: "New", Fn: func(_, out []any) []any { n := &ringNode{}; n.next = n; return append(out, n) }},
		{Name: "Next", Params: nodeParam, Fn: func(args, out []any) []any { return append(out, args[0].(*ringNode).next) }},
		{Name: "Fresh", Fn: func(_, out []any) []any { return append(out, &ringNode{}) }},
		// Flaky returns its argument in one run and a new ringNode in the next.
		{Name: "Flaky", Params: nodeParam, Fn: func(args, out []any) []any {
			*flip++
			if *flip%2 == 1 {
				return append(out, args[0])
			}
			return append(out, &ringNode{})
		}},
		{Name: "Pair", Params: nodeParam, Fn: func(args, out []any) []any { return append(out, args[0], args[0]) }},
	}
}

func ref(stmt, result int) Arg { return Arg{Kind: ArgRef, Stmt: stmt, Result: result} }

func TestSamePointers(t *testing.T) {
	flip := 0
	e := &executor{ops: sameOps(&flip), timeout: time.Second}
	req := &Request{ID: 1, Flags: FlagDetail, Stmts: []Stmt{
		{Op: 0},                         // 0: a := New()
		{Op: 1, Args: []Arg{ref(0, 0)}}, // 1: Next(a) is a
		{Op: 2},                         // 2: Fresh() is new
		{Op: 4, Args: []Arg{ref(2, 0)}}, // 3: Pair(f): both are f
	}}
	r := e.run(req)
	type pos struct {
		stmt, result int
		ok           bool
	}
	check := func(i, j int, want pos) {
		t.Helper()
		s, k, ok := r.Stmt(i).Values()[j].SameAs()
		if (pos{s, k, ok}) != want {
			t.Errorf("statement %d result %d: SameAs = %v, want %v", i, j, pos{s, k, ok}, want)
		}
	}
	check(0, 0, pos{})
	check(1, 0, pos{0, 0, true})
	check(2, 0, pos{})
	check(3, 0, pos{2, 0, true})
	check(3, 1, pos{2, 0, true})

	// Without FlagDetail nothing is computed.
	req.Flags = 0
	r = e.run(req)
	if v := r.Stmt(1).Values()[0]; v.Same != 0 {
		t.Errorf("without FlagDetail Same = %d, want 0", v.Same)
	}

	// A pointer that is the argument in one run and new in the repeat
	// varies, and the wire carries that.
	flip = 0
	r = e.run(&Request{ID: 2, Flags: FlagDetail | FlagRepeat, Stmts: []Stmt{{Op: 0}, {Op: 3, Args: []Arg{ref(0, 0)}}}})
	if v := r.Stmt(1).Values()[0]; v.Same != SameVaries {
		t.Errorf("flaky identity: Same = %d, want SameVaries", v.Same)
	}
	got := resultRoundTrip(t, r)
	if v := got.Stmt(1).Values()[0]; v.Same != SameVaries {
		t.Errorf("after the wire: Same = %d, want SameVaries", v.Same)
	}
}

func TestSameRoundTrip(t *testing.T) {
	r := &Result{ID: 3}
	r.AddStmt(OutNormal, Value{Type: InternType("*rt.ringNode"), Hash: 5})
	r.AddStmt(OutNormal, Value{Type: InternType("*rt.ringNode"), Hash: 5, Same: sameID(0, 0)}, Value{Type: InternType("*rt.ringNode"), Hash: 5, Same: sameID(1, 0)})
	got := resultRoundTrip(t, r)
	for i, want := range []int32{0, sameID(0, 0), sameID(1, 0)} {
		if g := got.Vals[i].Same; g != want {
			t.Errorf("value %d: Same = %d, want %d", i, g, want)
		}
	}
}
