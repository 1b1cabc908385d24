package generator

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// The shards of a package list are disjoint and together complete, and a
// shard does not depend on the order the loader returned the packages in.
func TestShardsDisjointComplete(t *testing.T) {
	for _, npkgs := range []int{0, 1, 2, 5, 13, 40} {
		var paths []string
		for i := range npkgs {
			paths = append(paths, fmt.Sprintf("example.com/m/p%02d", (i*7)%npkgs))
		}
		for _, n := range []int{1, 2, 3, 4, 7} {
			seen := map[string]int{}
			for i := 1; i <= n; i++ {
				sh := Shard{Index: i, Count: n}
				got := sh.Select(paths)
				shuffled := slices.Clone(paths)
				rand.New(rand.NewPCG(uint64(i), uint64(n))).Shuffle(len(shuffled), func(a, b int) {
					shuffled[a], shuffled[b] = shuffled[b], shuffled[a]
				})
				if again := sh.Select(shuffled); !slices.Equal(got, again) {
					t.Errorf("%d packages, shard %d/%d: %v, but %v from another order", npkgs, i, n, got, again)
				}
				if lo, hi := npkgs/n, (npkgs+n-1)/n; len(got) < lo || len(got) > hi {
					t.Errorf("%d packages, shard %d/%d has %d, want %d to %d", npkgs, i, n, len(got), lo, hi)
				}
				for _, p := range got {
					seen[p]++
				}
			}
			for _, p := range paths {
				if seen[p] != 1 {
					t.Errorf("%d packages in %d shards: %s is in %d shards, want 1", npkgs, n, p, seen[p])
				}
			}
			if len(seen) != len(paths) {
				t.Errorf("%d packages in %d shards: the shards hold %d packages", npkgs, n, len(seen))
			}
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, ok := range []string{"", "1/1", "2/3", "3/3"} {
		if _, err := ParseShard(ok); err != nil {
			t.Errorf("ParseShard(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"0/3", "4/3", "1/0", "-1/2", "1", "a/b", "1/2x", "1/2/3"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}
