package search

import (
	"math/rand/v2"
	"testing"
)

// recentHashes is a set while it holds at most max hashes, and then
// forgets the oldest generation, never a hash of the newer one.
func TestRecentHashes(t *testing.T) {
	s := newRecentHashes(4)
	for k := uint64(1); k <= 4; k++ {
		s.add(k)
	}
	for k := uint64(1); k <= 4; k++ {
		if !s.has(k) {
			t.Fatalf("%d forgotten while the set held at most max", k)
		}
	}
	if s.has(5) {
		t.Fatalf("5 found before it was added")
	}
	for k := uint64(5); k <= 8; k++ { // a second generation: 1-4 are the older
		s.add(k)
	}
	for k := uint64(1); k <= 8; k++ {
		if !s.has(k) {
			t.Errorf("%d forgotten with two generations held", k)
		}
	}
	s.add(9) // a third: 1-4 go
	for k := uint64(1); k <= 4; k++ {
		if s.has(k) {
			t.Errorf("%d still held after two newer generations began", k)
		}
	}
	for k := uint64(5); k <= 9; k++ {
		if !s.has(k) {
			t.Errorf("%d of the two newest generations forgotten", k)
		}
	}
	if n := s.len(); n > 2*s.max {
		t.Errorf("%d hashes held, want at most %d", n, 2*s.max)
	}
}

// hashTable is a set: every hash added is found, hashes not added are
// not, through its growth and reset, hash 0 and hashes that differ only
// in their high or low bits included.
func TestHashTable(t *testing.T) {
	var tab hashTable
	want := map[uint64]bool{}
	rng := rand.New(rand.NewPCG(1, 2))
	keys := []uint64{0, 1, 1 << 63, 1<<63 | 1}
	for i := 0; i < 5000; i++ {
		keys = append(keys, rng.Uint64(), uint64(i)<<40, uint64(i))
	}
	for i, k := range keys {
		tab.add(k)
		want[k] = true
		if i%7 == 0 {
			tab.add(k) // again: no second entry
		}
	}
	if tab.n != len(want) {
		t.Fatalf("n = %d, want %d", tab.n, len(want))
	}
	if 2*tab.n > len(tab.slots) {
		t.Errorf("%d hashes in %d slots: more than half full", tab.n, len(tab.slots))
	}
	for k := range want {
		if !tab.has(k) {
			t.Fatalf("%#x added, not found", k)
		}
	}
	for i := 0; i < 5000; i++ {
		if k := rng.Uint64(); !want[k] && tab.has(k) {
			t.Fatalf("%#x found, never added", k)
		}
	}
	slots := len(tab.slots)
	tab.reset()
	if tab.n != 0 || tab.has(0) || tab.has(keys[5]) || len(tab.slots) != slots {
		t.Fatalf("after reset: n = %d, 0 held %v, %d slots (had %d)", tab.n, tab.has(0), len(tab.slots), slots)
	}
}
