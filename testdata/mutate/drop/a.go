// Package drop is the fixture of a mutated build that does not compile:
// the test breaks a.go's mutated copy, and the analysis goes on with
// b.go's mutants.
package drop

// Add returns a + b.
func Add(a, b int) int {
	return a + b
}
