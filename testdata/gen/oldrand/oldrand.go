// Package oldrand is a module whose go.mod declares go 1.13, and which
// seeds math/rand's global source from the clock before it draws, as
// github.com/montanaflynn/stats v0.7.1 does: under a go line older than
// 1.24, rand.Seed is not the no-op it is since, and the draws follow the
// clock. It is the fixture of internal/executor's TestClockSeedOldModule.
package oldrand

import (
	"math/rand"
	"time"
)

// Draws seeds the global source from the clock and draws n numbers below
// 100 (stats.NormPpfRvs).
func Draws(n int) []int {
	rand.Seed(time.Now().UnixNano())
	out := make([]int, n)
	for i := range out {
		out[i] = rand.Intn(100)
	}
	return out
}
