// Package basic is the mutation fixture: its tests kill some mutants and
// leave known ones alive.
package basic

import "errors"

// Adult reports whether age is at least 18. The own tests never try 18, so
// the boundary mutant (age > 18) is never infected; the negation (age < 18)
// is killed. extra_test.go kills the boundary mutant.
func Adult(age int) bool {
	if age >= 18 {
		return true
	}
	return false
}

// Add returns a + b; the tests check it, so a - b is killed.
func Add(a, b int) int {
	return a + b
}

// ErrNegative is Check's error.
var ErrNegative = errors.New("negative")

// Check returns ErrNegative for a negative n. The tests only call it with
// a positive n, so the mutant that always returns nil survives.
func Check(n int) error {
	if n < 0 {
		return ErrNegative
	}
	return nil
}

// Untested is called by no test: its mutants are not covered.
func Untested(x int) int {
	if x > 3 {
		return x * 2
	}
	return x - 1
}
