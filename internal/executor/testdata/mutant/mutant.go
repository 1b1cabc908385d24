// Package mutant is the fixture of the executor's mutant tests
// (mutant_test.go): functions whose mutants are easy to tell apart by
// their results, one whose mutant hangs and one whose mutant kills the
// process.
package mutant

import (
	"errors"
	"os"
)

// Add returns a + b; its arithmetic mutant returns a - b.
func Add(a, b int) int { return a + b }

// Less reports whether a < b; its relational mutants are a <= b and a >= b
// (a condition: the instrumenter probes comparisons that decide branches).
func Less(a, b int) bool {
	if a < b {
		return true
	}
	return false
}

// Countdown counts the steps from x down to 1, 0 for x < 1. Its mutant
// x + 1 of x - 1 never reaches 1 from above: the call limit kills it.
func Countdown(x int) int {
	if x < 1 {
		return 0
	}
	n := 0
	for x != 1 {
		x = x - 1
		n++
	}
	return n
}

// Check returns an error for negative n.
func Check(n int) error {
	if n < 0 {
		return errors.New("negative")
	}
	return nil
}

// Quit exits the process with status 7 for code < 1. Its boundary mutant
// code <= 1 exits on Quit(1): a crash the pool replays to attribute.
func Quit(code int) {
	if code < 1 {
		os.Exit(7)
	}
}
