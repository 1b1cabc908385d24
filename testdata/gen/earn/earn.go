// Package earn is the code an earlier generated file (earlier.txt, made
// gentest's own by the test that uses it) was written for, for updates
// that must drop the kept tests that no longer earn their place
// (issue 35): TestUpdateEarns edits Twice to call Double, after which
// TestTwice covers all that TestDouble covers and kills Double's mutants
// first, then deletes Half, whose test then no longer compiles.
package earn

// Twice returns n added to itself.
func Twice(n int) int {
	return n + n
}

// Double returns n times two.
func Double(n int) int {
	return n * 2
}

// Half returns n halved, rounded toward zero.
func Half(n int) int {
	return n / 2
}
