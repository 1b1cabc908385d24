package gentestrt

import (
	cryptorand "crypto/rand"
	"encoding/binary"
	mathrand "math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"testing/cryptotest"
)

// cryptoOff is set once SetGlobalRandom is found unsupported (a build
// against the Go Cryptographic Module v1.0.0 panics): crypto/rand then
// stays the system's.
var cryptoOff bool

// cryptoStream is the generator behind the reader SetGlobalRandom
// installed, and the reader's lock, once found (see findStream); nil until
// then, or when the reader does not look as expected.
var cryptoStream struct {
	once sync.Once
	mu   *sync.Mutex
	c    *mathrand.ChaCha8
}

// seedCrypto makes crypto/rand's output during one run of a sequence a
// function of the sequence's ID and of the run, with
// testing/cryptotest.SetGlobalRandom (the executor is a test binary): which
// executor process runs a sequence, and what ran there before, then no
// longer change the random values (uuid.New's), nor the coverage and the
// values they lead to, which steer the search. The repeated runs of
// FlagRepeat (runs 1 and on) get other streams, so that random results still
// show as unstable and are never asserted; the written tests, which run
// without this, never depend on it.
//
// SetGlobalRandom runs once; each run then re-seeds the generator of the
// reader it installed, in place, to the state SetGlobalRandom would give it
// for the run's seed. Calling SetGlobalRandom for every run registered a
// cleanup on a throwaway testing.T (a stack walk) and allocated a new
// generator: over a third of the executor's time on cheap sequences. Where
// the reader is not the mutex and ChaCha8 it is in the Go versions this
// was written against, every run calls SetGlobalRandom as before.
func seedCrypto(id, run uint64) {
	if cryptoOff {
		return
	}
	defer func() {
		if recover() != nil {
			cryptoOff = true
		}
	}()
	seed := id<<5 | run&31
	cryptoStream.once.Do(func() {
		// Its cleanup, which would restore the system's source, never
		// runs: the executor never gives it back.
		cryptotest.SetGlobalRandom(&testing.T{}, 0)
		cryptoStream.mu, cryptoStream.c = findStream(cryptorand.Reader)
	})
	if cryptoStream.c == nil {
		cryptotest.SetGlobalRandom(&testing.T{}, seed)
		return
	}
	var s [32]byte // SetGlobalRandom's seed bytes
	binary.LittleEndian.PutUint64(s[:8], seed)
	cryptoStream.mu.Lock()
	cryptoStream.c.Seed(s) // "behaves the same way as NewChaCha8(seed)"
	cryptoStream.mu.Unlock()
}

// findStream returns the lock and the generator of the reader
// SetGlobalRandom installs, a pointer to struct { sync.Mutex; r
// *rand.ChaCha8 } (Go 1.26), or nils for a reader of any other shape.
func findStream(r any) (*sync.Mutex, *mathrand.ChaCha8) {
	v := reflect.ValueOf(r)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return nil, nil
	}
	s := v.Elem()
	if s.NumField() != 2 || s.Field(0).Type() != reflect.TypeOf(sync.Mutex{}) ||
		s.Field(1).Type() != reflect.TypeOf((*mathrand.ChaCha8)(nil)) || s.Field(1).IsNil() {
		return nil, nil
	}
	// The fields are unexported: their addresses are taken without
	// going through Interface, which reflect refuses for them.
	mu := (*sync.Mutex)(s.Field(0).Addr().UnsafePointer())
	c := (*mathrand.ChaCha8)(s.Field(1).UnsafePointer())
	return mu, c
}
