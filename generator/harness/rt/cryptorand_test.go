package gentestrt

import (
	cryptorand "crypto/rand"
	"testing"
	"testing/cryptotest"
)

// Within one run of a sequence crypto/rand's bytes depend only on the
// sequence's ID and the run, so every executor process sees the same.
func TestSeedCrypto(t *testing.T) {
	// Its cleanup puts the system's source back when the test ends.
	cryptotest.SetGlobalRandom(t, 0)
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
