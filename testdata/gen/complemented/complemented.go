// Package complemented is a fixture of complement mode with nothing to
// add: its own tests cover every statement and kill every mutant, so
// gentest writes no file and says why in the summary.
package complemented

// Add returns a+b.
func Add(a, b int) int { return a + b }
