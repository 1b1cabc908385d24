// Package wordsize is a fixture of functions over uint, whose values need
// 64 bits on a 64-bit platform (as math/bits' Add and Reverse): a test
// that writes such a value as a constant does not compile for GOARCH=386
// or arm, where uint has 32 bits.
package wordsize

// Not returns the bits of x inverted: Not(0) is the largest uint.
func Not(x uint) uint { return ^x }

// Twice returns x doubled and whether that overflowed.
func Twice(x uint) (uint, bool) {
	y := x << 1
	return y, y>>1 != x
}

// Half returns x / 2, an int of the same width.
func Half(x int) int { return x / 2 }
