// Package complement is a fixture of complement mode: its own tests cover
// Add and Clamp, but leave Clamp's boundaries unchecked and Ratio
// untested, so a generated file adds what they miss and nothing else.
package complement

import "errors"

// Add returns a+b.
func Add(a, b int) int { return a + b }

// Clamp limits v to [lo, hi].
func Clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// ErrZero is Ratio's error for a zero denominator.
var ErrZero = errors.New("complement: zero denominator")

// Ratio returns a/b in percent, rounded down.
func Ratio(a, b int) (int, error) {
	if b == 0 {
		return 0, ErrZero
	}
	return a * 100 / b, nil
}
