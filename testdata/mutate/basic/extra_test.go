package basic

import "testing"

// TestAdultBoundary kills the boundary mutant of Adult. The analysis's
// tests leave this file out, or run it, with the globs.
func TestAdultBoundary(t *testing.T) {
	if !Adult(18) {
		t.Error("Adult(18) = false")
	}
}
