package complemented_test

import (
	"testing"

	"example.com/complemented/pkg"
)

// TestAdd checks Add well: its mutants die.
func TestAdd(t *testing.T) {
	for _, c := range []struct{ a, b, want int }{{1, 2, 3}, {-4, 2, -2}, {0, 0, 0}, {5, -5, 0}, {3, 3, 6}} {
		if got := complemented.Add(c.a, c.b); got != c.want {
			t.Errorf("Add(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
