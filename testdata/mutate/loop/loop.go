// Package loop is the mutation fixture whose mutants include one that
// never ends: Sum without its i++.
package loop

// Sum returns 1 + 2 + ... + n.
func Sum(n int) int {
	s, i := 0, 1
	for i <= n {
		s += i
		i++
	}
	return s
}
