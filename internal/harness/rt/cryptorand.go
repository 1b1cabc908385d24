package rt

import (
	cryptorand "crypto/rand"
	"encoding/binary"
	mathrand "math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"testing/cryptotest"
	"unsafe"
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
	seed := id<<5 | run&31
	if cryptoStream.c == nil {
		seedCryptoSlow(seed)
		return
	}
	seedStream(seed)
}

// seedCryptoSlow is seedCrypto's first call, which installs the reader,
// and every call when the reader is not of the expected shape. Only these
// call SetGlobalRandom, which can panic: the steady path has no deferred
// recover (only the executor's goroutine seeds, so cryptoStream needs no
// lock of its own).
func seedCryptoSlow(seed uint64) {
	defer func() {
		if recover() != nil {
			cryptoOff = true
		}
	}()
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
	seedStream(seed)
}

// seedStream re-seeds the installed reader's generator, under the
// reader's lock (a goroutine of an earlier call may be reading).
func seedStream(seed uint64) {
	var s [32]byte // SetGlobalRandom's seed bytes
	binary.LittleEndian.PutUint64(s[:8], seed)
	cryptoStream.mu.Lock()
	if chachaLazy.ok {
		chachaLazy.seed(cryptoStream.c, s)
	} else {
		cryptoStream.c.Seed(s) // "behaves the same way as NewChaCha8(seed)"
	}
	cryptoStream.mu.Unlock()
}

// chachaLazy seeds a ChaCha8 without computing its first block: Seed
// computes it at once, a tenth of the executor's time on cheap sequences,
// most of which never read crypto/rand. It sets the generator's state to
// the seed with an empty buffer and the block counter one step before the
// first block, so that the first read computes the block Seed would have,
// and the stream is the same. It writes unexported fields, found by name
// and type through reflect, and is used only when they are all there and
// a trial stream matches Seed's (lazySeedWorks); otherwise Seed is.
var chachaLazy = findLazySeed()

type lazySeed struct {
	ok bool
	// Offsets in mathrand.ChaCha8 of its state's buffer position i, end n,
	// counter c and seed words, and of its Read leftover count.
	i, n, c, seedWords, readLen uintptr
}

// ctrInc is how far chacha8rand's block counter advances per block.
const ctrInc = 4

func (l *lazySeed) seed(c *mathrand.ChaCha8, seed [32]byte) {
	p := unsafe.Pointer(c)
	w := (*[4]uint64)(unsafe.Add(p, l.seedWords))
	for k := range w {
		w[k] = binary.LittleEndian.Uint64(seed[8*k:])
	}
	*(*uint32)(unsafe.Add(p, l.i)) = 0
	*(*uint32)(unsafe.Add(p, l.n)) = 0              // empty: the next read refills
	*(*uint32)(unsafe.Add(p, l.c)) = 1<<32 - ctrInc // wraps to 0 at the first block
	*(*int)(unsafe.Add(p, l.readLen)) = 0
}

func findLazySeed() lazySeed {
	var l lazySeed
	t := reflect.TypeOf(mathrand.ChaCha8{})
	state, ok1 := t.FieldByName("state")
	readLen, ok2 := t.FieldByName("readLen")
	if !ok1 || !ok2 || state.Type.Kind() != reflect.Struct || readLen.Type.Kind() != reflect.Int {
		return l
	}
	field := func(name string, kind reflect.Kind, size uintptr) (uintptr, bool) {
		f, ok := state.Type.FieldByName(name)
		if !ok || f.Type.Kind() != kind || f.Type.Size() != size {
			return 0, false
		}
		return state.Offset + f.Offset, true
	}
	var ok [4]bool
	l.i, ok[0] = field("i", reflect.Uint32, 4)
	l.n, ok[1] = field("n", reflect.Uint32, 4)
	l.c, ok[2] = field("c", reflect.Uint32, 4)
	l.seedWords, ok[3] = field("seed", reflect.Array, 32)
	l.readLen = readLen.Offset
	if !ok[0] || !ok[1] || !ok[2] || !ok[3] {
		return l
	}
	l.ok = lazySeedWorks(&l)
	return l
}

// lazySeedWorks checks that a lazily seeded generator gives the stream
// Seed gives, across reseeds, from one that had been read before.
func lazySeedWorks(l *lazySeed) bool {
	for _, k := range []uint64{0, 1, 1 << 40} {
		var s [32]byte
		binary.LittleEndian.PutUint64(s[:8], k)
		a, b := mathrand.NewChaCha8([32]byte{9}), mathrand.NewChaCha8([32]byte{})
		a.Read(make([]byte, 333)) // mid-block, with leftover bytes
		a.Uint64()
		l.seed(a, s)
		b.Seed(s)
		x, y := make([]byte, 3000), make([]byte, 3000)
		a.Read(x[:5])
		a.Read(x[5:])
		b.Read(y)
		if string(x) != string(y) {
			return false
		}
	}
	return true
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
