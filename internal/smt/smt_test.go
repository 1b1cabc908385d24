package smt

import (
	"testing"
	"time"
)

func TestParseValues(t *testing.T) {
	got, err := parseValues("((a #x00ff)\n ((select s #x0000000000000001) #x41) (b true))\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"#x00ff", "#x41", "true"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
	if n, ok := BV("#x04d2"); !ok || n != 1234 {
		t.Errorf("BV(#x04d2) = %d, %v", n, ok)
	}
	if n, ok := BV("#b101"); !ok || n != 5 {
		t.Errorf("BV(#b101) = %d, %v", n, ok)
	}
}

// TestZ3 solves a linear relation with overflow and a checksum over an
// array, and checks an unsat answer; it needs z3 on PATH.
func TestZ3(t *testing.T) {
	path, err := Find()
	if err != nil {
		t.Skip("z3 is not on PATH: ", err)
	}
	s, err := Start(path, 5_000_000, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	decls := []string{"(declare-const a (_ BitVec 64))", "(declare-const b (_ BitVec 64))"}
	res, vals, err := s.Check(decls, []string{"(= (bvadd (bvmul #x0000000000000003 a) b) #x00000000000004d2)", "(bvsgt a b)", "(bvsgt b #x0000000000000000)"}, []string{"a", "b"})
	if err != nil || res != Sat {
		t.Fatalf("linear: %v %v", res, err)
	}
	a, _ := BV(vals[0])
	b, _ := BV(vals[1])
	if 3*int64(a)+int64(b) != 1234 || int64(a) <= int64(b) || int64(b) <= 0 {
		t.Errorf("model a=%d b=%d does not satisfy the relation", int64(a), int64(b))
	}
	res, _, err = s.Check(decls, []string{"(bvsgt a b)", "(bvsgt b a)"}, nil)
	if err != nil || res != Unsat {
		t.Fatalf("contradiction: %v %v", res, err)
	}
	// The scope was popped: a is free again.
	res, vals, _, err = s.CheckThen([]string{"(declare-const s (Array (_ BitVec 64) (_ BitVec 8)))"},
		[]string{"(= (bvadd (select s #x0000000000000000) (select s #x0000000000000001)) #x11)", "(bvugt (select s #x0000000000000000) #x08)"},
		[]string{"(select s #x0000000000000000)"}, func(v []string) []string { return []string{"(select s #x0000000000000001)"} })
	if err != nil || res != Sat || len(vals) != 1 {
		t.Fatalf("array: %v %v %v", res, vals, err)
	}
	if s.Version == "" {
		t.Error("no version")
	}
}
