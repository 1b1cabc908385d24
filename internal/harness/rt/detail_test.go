package rt

import (
	"testing"
	"time"
)

// countingErr's Error method changes the counter it points to, as an
// error that caches or counts its formatting does.
type countingErr struct{ n *int }

func (e countingErr) Error() string { *e.n++; return "counted" }

// With FlagDetail each value's tree is made right after its hash, so that
// a tree's Error or String call changes what the next value hashes to
// just as it did when the tree was part of the value: the hashes of a
// FlagDetail run are those of the run before trees moved out of Value.
func TestDetailTreeAfterEachHash(t *testing.T) {
	e := &executor{ops: []Op{{
		Name: "errThenCounter",
		Fn: func(_, out []any) []any {
			n := new(int)
			return append(out, error(countingErr{n}), n)
		},
	}}, timeout: time.Second}
	r := e.run(&Request{ID: 1, Flags: FlagDetail, Stmts: []Stmt{{Op: 0}}})
	vs := r.Stmt(0).Values()
	if len(vs) != 2 || r.Stmt(0).Tree(0) == nil || r.Stmt(0).Tree(1) == nil {
		t.Fatalf("values %+v, trees %v %v", vs, r.Stmt(0).Tree(0), r.Stmt(0).Tree(1))
	}
	one := 1
	if want := Hash(&one); vs[1].Hash != want {
		t.Errorf("the counter hashed as %x, want %x (1: counted once, by the error's tree before it)", vs[1].Hash, want)
	}
}
