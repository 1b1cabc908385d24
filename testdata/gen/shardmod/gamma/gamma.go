// Package gamma is in shard 2/2 and imports alpha (shard 1/2).
package gamma

import "example.com/shardmod/alpha"

// Percent is n out of total as a percentage in [0, 100].
func Percent(n, total int) int {
	if total <= 0 {
		return 0
	}
	return alpha.Clamp(n*100/total, 0, 100)
}
