package gentestrt

import (
	"testing"
	"testing/cryptotest"
)

// cryptoOff is set once SetGlobalRandom is found unsupported (a build
// against the Go Cryptographic Module v1.0.0 panics): crypto/rand then
// stays the system's.
var cryptoOff bool

// seedCrypto makes crypto/rand's output during one run of a sequence a
// function of the sequence's ID and of the run, with
// testing/cryptotest.SetGlobalRandom (the executor is a test binary): which
// executor process runs a sequence, and what ran there before, then no
// longer change the random values (uuid.New's), nor the coverage and the
// values they lead to, which steer the search. The repeated run of
// FlagRepeat (runs 1 and on) get other streams, so that random results still
// show as unstable and are never asserted; the written tests, which run
// without this, never depend on it. The T is a throwaway: its cleanup,
// which would restore the system source, never runs, and the next
// sequence sets a new stream anyway.
func seedCrypto(id, run uint64) {
	if cryptoOff {
		return
	}
	defer func() {
		if recover() != nil {
			cryptoOff = true
		}
	}()
	cryptotest.SetGlobalRandom(&testing.T{}, id<<5|run&31)
}
