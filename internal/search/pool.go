package search

import (
	"math"
	"sort"
)

// PoolCap bounds the values pooled per static type. Without a bound the
// pool, and the sequences its values keep alive, grows with the budget
// (several MB per second of search); with it, gentest's memory stops
// growing once the pools are full. A value whose sequence added coverage
// is never evicted: those are bounded by the coverage items, and they are
// the inputs the search has learned the most from.
const PoolCap = 1024

// bound evicts values of the pool of type key when it holds more than its
// cap: never those that earned coverage; among the others, first those
// orienteering would choose least (the most selected, the latest in their
// sequence), then those of the longest sequences, the oldest first among
// equals. The rest keep their order, so the pool
// stays deterministic.
func (v *Values) bound(key string) {
	limit := v.limit
	if limit <= 0 {
		limit = PoolCap
	}
	vals := v.byType[key]
	if len(vals) <= limit {
		return
	}
	// Trim to three quarters of the cap at once, so that eviction (a sort
	// of the pool) runs once per cap/4 new values rather than for every
	// one.
	target := limit - limit/4
	var victims []int
	for i, p := range vals {
		if !p.earned {
			victims = append(victims, i)
		}
	}
	sort.SliceStable(victims, func(a, b int) bool {
		pa, pb := vals[victims[a]], vals[victims[b]]
		if wa, wb := poolWeight(pa), poolWeight(pb); wa != wb {
			return wa < wb
		}
		// Equal weights: the longer sequence first, it holds more memory.
		return pa.seq.Len() > pb.seq.Len()
	})
	n := len(vals) - target
	if n > len(victims) {
		n = len(victims)
	}
	evict := make(map[int]bool, n)
	for _, i := range victims[:n] {
		evict[i] = true
	}
	// A fresh slice, so that the evicted values' sequences are not kept
	// alive by the old backing array.
	kept := make([]*pooled, 0, len(vals)-n)
	for i, p := range vals {
		if !evict[i] {
			kept = append(kept, p)
		}
	}
	v.byType[key] = kept
	v.evicted += n
	v.dirty = true
}

// poolWeight is the orienteering weight of a pooled value (see
// choosePooled): 1 / ((k+1) · len · √len).
func poolWeight(p *pooled) float64 {
	l := float64(p.stmt + 1)
	return 1 / (float64(p.selected+1) * l * math.Sqrt(l))
}
