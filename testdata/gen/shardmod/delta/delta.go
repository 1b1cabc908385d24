// Package delta is in shard 1/2.
package delta

// Sign is -1, 0 or 1 as n is negative, zero or positive.
func Sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
