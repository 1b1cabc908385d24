// Package docfuzz is a fixture of a function whose documented panic is a
// runtime error at inputs that are not zero (as math/bits' Div overflows
// for y <= hi): a fuzz target, whose check is that no runtime error
// escapes, would fail on documented behaviour, so the function gets
// none; Sum, which documents no panic, keeps its target.
package docfuzz

const digits = "0123456789"

// Digit returns the character of decimal digit n. It panics if n is not
// in [0, 9].
func Digit(n int) byte {
	return digits[n]
}

// Sum returns the sum of the decimal digits of n, which is not negative.
func Sum(n int) int {
	s := 0
	for n > 0 {
		s += n % 10
		n /= 10
	}
	return s
}
