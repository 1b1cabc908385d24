// Package failing has a test that fails without any mutant.
package failing

// F returns x + 1.
func F(x int) int { return x + 1 }
