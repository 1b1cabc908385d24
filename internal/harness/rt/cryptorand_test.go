package rt

import (
	cryptorand "crypto/rand"
	"sync"
	"testing"
	"testing/cryptotest"
)

// Within one run of a sequence crypto/rand's bytes depend only on the
// sequence's ID and the run, so every executor process sees the same.
func TestSeedCrypto(t *testing.T) {
	// Its cleanup puts the system's source back when the test ends.
	cryptotest.SetGlobalRandom(t, 0)
	cryptoStream.once, cryptoStream.mu, cryptoStream.c = sync.Once{}, nil, nil // a reader installed by an earlier test is gone
	read := func(id, run uint64) string {
		seedCrypto(id, run)
		b := make([]byte, 16)
		if _, err := cryptorand.Read(b); err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	a, b := read(7, 0), read(7, 0)
	if a != b {
		t.Errorf("the same ID and run gave different bytes")
	}
	if read(7, 1) == a || read(8, 0) == a {
		t.Errorf("another run or ID gave the same bytes")
	}
	if cryptoOff {
		t.Errorf("SetGlobalRandom unsupported")
	}
}

// The executor re-seeds the reader SetGlobalRandom installed in place; its
// bytes for a run are those a fresh SetGlobalRandom with the run's seed
// gives, so the tests it wrote before keep their values.
func TestSeedCryptoMatchesSetGlobalRandom(t *testing.T) {
	cryptotest.SetGlobalRandom(t, 0) // the cleanup puts the system's source back
	cryptoStream.once, cryptoStream.mu, cryptoStream.c = sync.Once{}, nil, nil
	for _, seed := range [][2]uint64{{7, 0}, {7, 1}, {1 << 40, 3}} {
		seedCrypto(seed[0], seed[1])
		if cryptoStream.c == nil {
			t.Fatalf("the reader SetGlobalRandom installs was not recognised: every run calls SetGlobalRandom")
		}
		got := make([]byte, 100)
		cryptorand.Read(got[:3]) // reads of any size continue one stream
		cryptorand.Read(got[3:])
		cryptotest.SetGlobalRandom(t, seed[0]<<5|seed[1])
		want := make([]byte, 100)
		cryptorand.Read(want)
		if string(got) != string(want) {
			t.Errorf("seed %v: the executor's stream differs from SetGlobalRandom's", seed)
		}
		// SetGlobalRandom replaced the executor's reader: find the new one.
		cryptoStream.once, cryptoStream.mu, cryptoStream.c = sync.Once{}, nil, nil
	}
}

// A reader of another shape is left alone (every run then calls
// SetGlobalRandom).
func TestFindStreamOtherShape(t *testing.T) {
	for _, r := range []any{nil, 3, &struct{ a, b int }{}, &struct {
		sync.Mutex
		r *int
	}{}} {
		if mu, c := findStream(r); mu != nil || c != nil {
			t.Errorf("findStream(%T) found a stream", r)
		}
	}
}

// The executor seeds crypto/rand's generator without computing its first
// block (chachaLazy): the Go version's ChaCha8 must have the fields it
// writes, and give Seed's stream.
func TestLazySeed(t *testing.T) {
	if !chachaLazy.ok {
		t.Fatalf("lazy seeding unavailable: every run computes a block it may not need")
	}
	var bad lazySeed = chachaLazy
	bad.c = bad.i // a wrong layout fails the trial
	if lazySeedWorks(&bad) {
		t.Errorf("a wrong field offset passed the trial")
	}
}
