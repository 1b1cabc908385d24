package mutant

import "testing"

// The fixture's own tests, which the executor's mutant tests run as a test
// binary with mutants compiled in: Add's arithmetic mutant fails TestAdd,
// Less's boundary mutant a <= b passes TestLess.

func TestAdd(t *testing.T) {
	if got := Add(2, 3); got != 5 {
		t.Fatalf("Add(2, 3) = %d, want 5", got)
	}
}

func TestLess(t *testing.T) {
	if !Less(1, 2) {
		t.Fatal("Less(1, 2) is false")
	}
}
