package search

import "math/bits"

// recentHashes is a set of hashes that forgets its oldest once it holds
// many: two generations of at most max hashes each; when the newer is
// full it becomes the older, and the older is emptied to become the newer.
//
// The search keeps hashes to skip what it has seen: the sequences it
// generated (not run twice) and the values it pooled, per type (not pooled
// twice). A fast package runs millions of sequences (cespare/xxhash: 3.8
// million in 60 s on an idle machine), nearly every one with a new digest,
// and sets of all of them made gentest's memory grow with the budget: 103
// MB at 10 s, 231 MB at 60 s. A hash forgotten costs one redundant
// execution or one value pooled again (the pool is bounded per type
// anyway); a search that stays under max behaves exactly as with unbounded
// sets.
//
// The memory the sets hold is what is left to grow after the first
// seconds, so it is kept small: each generation is an open-addressing
// table of bare hashes (8 bytes a slot, at most half full), allocated once
// at the size it reaches and reused, where Go maps of 2^19 hashes held 33
// MB for two generations and left a table behind at every doubling.
type recentHashes struct {
	cur, old hashTable
	max      int
}

func newRecentHashes(max int) *recentHashes {
	return &recentHashes{max: max}
}

// has reports whether k was added and not yet forgotten.
func (s *recentHashes) has(k uint64) bool {
	return s.cur.has(k) || s.old.has(k)
}

// add records k.
func (s *recentHashes) add(k uint64) {
	if s.cur.n >= s.max {
		s.old, s.cur = s.cur, s.old
		s.cur.reset()
	}
	s.cur.add(k)
}

// len is the number of hashes held, in both generations.
func (s *recentHashes) len() int { return s.cur.n + s.old.n }

// hashTable is a set of uint64 by open addressing with linear probing.
// Slot value 0 means empty, so the hash 0 is kept apart in zero.
type hashTable struct {
	slots []uint64 // a power of two long, at most half full
	shift uint     // 64 - log2(len(slots)), for the slot of a hash
	n     int      // hashes held, zero included
	zero  bool     // whether 0 is held
}

// slot is where probing for k starts: the high bits of k times a constant
// of 2^64 divided by the golden ratio, so that hashes whose low bits
// agree still spread.
func (t *hashTable) slot(k uint64) uint64 { return (k * 0x9E3779B97F4A7C15) >> t.shift }

func (t *hashTable) has(k uint64) bool {
	if k == 0 {
		return t.zero
	}
	if len(t.slots) == 0 {
		return false
	}
	mask := uint64(len(t.slots) - 1)
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.slots[i] {
		case k:
			return true
		case 0:
			return false
		}
	}
}

func (t *hashTable) add(k uint64) {
	if k == 0 {
		if !t.zero {
			t.zero = true
			t.n++
		}
		return
	}
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.slots[i] {
		case k:
			return
		case 0:
			t.slots[i] = k
			t.n++
			return
		}
	}
}

// minSlots is a table's first size: most types pool a few values.
const minSlots = 16

// grow doubles the table and inserts its hashes again.
func (t *hashTable) grow() {
	old := t.slots
	size := 2 * len(old)
	if size < minSlots {
		size = minSlots
	}
	t.slots = make([]uint64, size)
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
	mask := uint64(size - 1)
	for _, k := range old {
		if k == 0 {
			continue
		}
		i := t.slot(k)
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = k
	}
}

// reset empties the table and keeps its slots.
func (t *hashTable) reset() {
	clear(t.slots)
	t.n, t.zero = 0, false
}

// Generation sizes: 2^17 generated sequences (2 MB of slots per
// generation), 2^14 pooled values per type (256 KB). A fast package fills
// both generations in its first seconds, so gentest's memory after that
// does not grow with the budget; a hash is forgotten only after 2^17
// newer sequences were generated.
const (
	seenGeneration   = 1 << 17
	pooledGeneration = 1 << 14
)
