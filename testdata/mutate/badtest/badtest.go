// Package badtest compiles; its test file does not.
package badtest

// F returns x.
func F(x int) int { return x }
