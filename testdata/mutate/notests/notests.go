// Package notests has no tests.
package notests

// F returns x.
func F(x int) int { return x }
