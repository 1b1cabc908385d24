// Package alpha is in shard 1/2 and a dependency of gamma (shard 2/2).
package alpha

// Clamp limits n to [lo, hi].
func Clamp(n, lo, hi int) int {
	if n < lo {
		return lo
	}
	if n > hi {
		return hi
	}
	return n
}
