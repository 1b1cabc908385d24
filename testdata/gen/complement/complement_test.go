package complement_test

import (
	"testing"

	"example.com/complement/pkg"
)

// TestAdd checks Add well: its mutants die.
func TestAdd(t *testing.T) {
	for _, c := range []struct{ a, b, want int }{{1, 2, 3}, {-4, 2, -2}, {0, 0, 0}, {5, -5, 0}} {
		if got := complement.Add(c.a, c.b); got != c.want {
			t.Errorf("Add(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestClamp runs Clamp inside its range only: the boundaries' mutants
// live.
func TestClamp(t *testing.T) {
	if got := complement.Clamp(5, 0, 10); got != 5 {
		t.Errorf("Clamp(5, 0, 10) = %d", got)
	}
}
