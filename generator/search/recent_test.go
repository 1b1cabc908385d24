package search

import "testing"

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
	if n := len(s.cur) + len(s.old); n > 2*s.max {
		t.Errorf("%d hashes held, want at most %d", n, 2*s.max)
	}
}
