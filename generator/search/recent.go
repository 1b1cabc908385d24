package search

// recentHashes is a set of hashes that forgets its oldest once it holds
// many: two generations of at most max hashes each; when the newer is
// full it becomes the older, and the older is dropped.
//
// The search keeps hashes to skip what it has seen: the sequences it
// generated (not run twice) and the values it pooled, per type (not pooled
// twice). A fast package runs millions of sequences (cespare/xxhash: 1.9
// million in 60 s), nearly every one with a new digest, and sets of all
// of them made gentest's memory grow with the budget: 103 MB at 10 s, 231
// MB at 60 s. A hash forgotten costs one redundant execution or one value
// pooled again (the pool is bounded per type anyway); a search that stays
// under max behaves exactly as with unbounded sets.
type recentHashes struct {
	cur, old map[uint64]struct{}
	max      int
}

func newRecentHashes(max int) *recentHashes {
	return &recentHashes{cur: map[uint64]struct{}{}, max: max}
}

// has reports whether k was added and not yet forgotten.
func (s *recentHashes) has(k uint64) bool {
	if _, ok := s.cur[k]; ok {
		return true
	}
	_, ok := s.old[k]
	return ok
}

// add records k.
func (s *recentHashes) add(k uint64) {
	if len(s.cur) >= s.max {
		s.old, s.cur = s.cur, map[uint64]struct{}{}
	}
	s.cur[k] = struct{}{}
}

// Generation sizes: 2^19 generated sequences (about 10 MB per generation
// in a Go map), 2^16 pooled values per type.
const (
	seenGeneration   = 1 << 19
	pooledGeneration = 1 << 16
)
