package emit

import (
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// The error of an arrangement call is checked, so that a failing
// arrangement stops the test, unless the call is another package's
// producer whose only result is the error (fmt.Errorf, errors.New): that
// error is the value made, and checking it tests the standard library.
func TestArrangementErrorValues(t *testing.T) {
	prog := modeltest.Program(t, `package p

func Mk(s string) error    { return nil }
func Wrap(err error) error { return err }
`, model.Options{})
	mk, wrap := modeltest.Op(t, prog, "Mk"), modeltest.Op(t, prog, "Wrap")
	for _, detective := range []bool{false, true} {
		mk.Detective = detective
		c := &oracle.Case{Seq: modeltest.Seq(modeltest.Call(mk, modeltest.Str("x")), modeltest.Call(wrap, seq.Ref(0, 0))), Target: 1,
			Asserts: []oracle.Assertion{{Stmt: 0, Kind: oracle.ErrNonNil, Type: mk.Results[0]}, {Stmt: 1, Kind: oracle.ErrNonNil, Type: wrap.Results[0]}}}
		got := arrangementUnchecked(prog, c)
		checked := false
		for _, a := range got.Asserts {
			checked = checked || a.Stmt == 0
		}
		if checked == detective {
			t.Errorf("Mk detective %v: its error checked %v, want %v", detective, checked, !detective)
		}
		if n := len(got.Asserts); n == 0 || got.Asserts[n-1].Stmt != 1 {
			t.Errorf("Mk detective %v: the target's check is gone: %+v", detective, got.Asserts)
		}
	}
	mk.Detective = false
}
