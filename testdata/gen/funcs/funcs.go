// Package funcs takes functions as parameters.
package funcs

// Pred decides about an int.
type Pred func(int) bool

// Count counts the elements for which keep is true.
func Count(xs []int, keep Pred) int {
	if keep == nil {
		return -1
	}
	n := 0
	for _, x := range xs {
		if keep(x) {
			n++
		}
	}
	return n
}

// Map applies f to each string.
func Map(xs []string, f func(string) string) []string {
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// IsSorted reports whether xs is sorted by less.
func IsSorted(xs []int, less func(a, b int) bool) bool {
	for i := 1; i < len(xs); i++ {
		if less(xs[i], xs[i-1]) {
			return false
		}
	}
	return true
}
