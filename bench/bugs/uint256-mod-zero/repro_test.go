// Reproducer for GO-2021-0103: AddMod and MulMod with a zero modulus index out of range in udivrem (the fix defines the result as 0).
package repro

import (
	"github.com/holiman/uint256"

	"testing"
	"time"
)

// call runs f and fails the test if it panics or does not return within 10s.
func call(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	select {
	case r := <-done:
		if r != nil {
			t.Fatalf("bug: %s panicked: %v", what, r)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("bug: %s did not return in 10s", what)
	}
}

func TestRepro(t *testing.T) {
	// x+y overflows 256 bits, which sends AddMod to udivrem.
	x := &uint256.Int{^uint64(2), ^uint64(0), ^uint64(0), ^uint64(0)} // 2^256-3
	y := &uint256.Int{^uint64(1), ^uint64(0), ^uint64(0), ^uint64(0)} // 2^256-2
	m := new(uint256.Int)
	call(t, "AddMod(x, y, 0)", func() { new(uint256.Int).AddMod(x, y, m) })
	call(t, "MulMod(x, y, 0)", func() { new(uint256.Int).MulMod(x, y, m) })
}
