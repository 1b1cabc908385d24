// Package crash has functions that end or stall the process in each way
// gentest's executor parent tells apart (timeout, hang, stack overflow,
// deadlock, concurrent map access, out of memory, memory cap, goroutine
// panic, fatal error, exit, signal), ordinary ones to run before and after
// them, and probes of the sandbox (file writes, TCP, signals, device
// ioctls). It is the fixture of internal/executor's tests; gentest gen is never
// run on it.
package crash

import (
	mathrand "math/rand"
	"net"
	"os"
	"runtime"
	"sync"
	"time"
)

// Echo returns n.
func Echo(n int) int { return n }

// Sleep sleeps ms milliseconds and returns ms.
func Sleep(ms int) int {
	time.Sleep(time.Duration(ms) * time.Millisecond)
	return ms
}

// Spin never returns: a call the executor's watchdog must time out.
func Spin() int {
	n := 0
	for {
		n++
	}
}

// Recurse recurses without end: a stack overflow.
func Recurse(n int) int { return Recurse(n+1) + 1 }

// Deadlock locks a mutex it holds: the goroutine blocks forever.
func Deadlock() {
	var mu sync.Mutex
	mu.Lock()
	mu.Lock()
}

// ConcurrentMap writes a map from two goroutines until the runtime notices.
// With one P the writes never interleave inside the map code, so it asks
// for two.
func ConcurrentMap() {
	runtime.GOMAXPROCS(2)
	m := map[int]int{}
	for g := 0; g < 2; g++ {
		go func() {
			for i := 0; ; i++ {
				m[i%1024] = i
			}
		}()
	}
	for i := 0; ; i++ {
		m[i%1024] = i
	}
}

// size is a variable so that the compiler cannot reject the allocation:
// 128 TiB, below the largest allocation the runtime accepts on 64-bit Linux
// (2^48 bytes) but more address space than it can reserve, so it fails at
// once. (Smaller impossible sizes fail only after the runtime has mapped
// its metadata for them, seconds later.)
var size = 1 << 47

// OutOfMemory asks for 128 TiB at once: the runtime cannot map it and dies.
func OutOfMemory() int {
	b := make([]byte, size)
	return len(b)
}

var held [][]byte

// Grow makes mib MiB resident, one MiB at a time, and keeps it.
func Grow(mib int) int {
	for i := 0; i < mib; i++ {
		b := make([]byte, 1<<20)
		for j := 0; j < len(b); j += 4096 {
			b[j] = 1
		}
		held = append(held, b)
	}
	return len(held)
}

// GoroutinePanic panics on a goroutine of its own, which no recover in the
// executor can catch.
func GoroutinePanic() {
	done := make(chan bool)
	go func() {
		defer close(done)
		panic("crash: panic on another goroutine")
	}()
	<-done
	time.Sleep(time.Second)
}

// LatePanic starts a goroutine that panics ms milliseconds later and
// returns at once: the crash comes after the call answered, while later
// calls or sequences run.
func LatePanic(ms int) {
	go func() {
		time.Sleep(time.Duration(ms) * time.Millisecond)
		panic("crash: late panic on another goroutine")
	}()
}

// Fatal unlocks an unlocked mutex: a fatal error, not a panic.
func Fatal() {
	var mu sync.Mutex
	mu.Unlock()
}

// Exit exits the process with code.
func Exit(code int) { os.Exit(code) }

// write is called through a variable, so the effect analysis cannot see
// that WriteFile writes a file: the effect policy lets it through where the
// sandbox is on, and only the kernel stands in the way.
var write = os.WriteFile

// WriteFile writes data to path.
func WriteFile(path, data string) error {
	return write(path, []byte(data), 0o644)
}

// Dial opens a TCP connection to addr and closes it.
func Dial(addr string) error {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return err
	}
	return c.Close()
}

// WaitTimer waits ms milliseconds on a timer channel: blocked, not
// deadlocked, since the timer will fire.
func WaitTimer(ms int) int {
	<-time.After(time.Duration(ms) * time.Millisecond)
	return ms
}

// count is Count's: package state that outlives a sequence in the
// executor, as a cache or a lazily built table does.
var count int

// Count returns how many times it has been called in this process.
func Count() int {
	count++
	return count
}

// GlobalRand draws from math/rand's global source, as code that wants a
// random number without a generator of its own does (stats.Sample).
func GlobalRand() int { return mathrand.Int() }

// GlobalRandClockSeed seeds math/rand's global source from the clock and
// draws from it, as stats.NormBoxMullerRvs does: rand.Seed has done
// nothing since Go 1.24, so the draw is GlobalRand's.
func GlobalRandClockSeed() int {
	mathrand.Seed(time.Now().UnixNano()) //nolint:staticcheck // the class of code under test
	return mathrand.Int()
}

// GlobalRandRead reads 3 bytes from math/rand's global source (leaving 5
// of its 8-byte draw for the next Read) and returns them.
func GlobalRandRead() int {
	var b [3]byte
	mathrand.Read(b[:]) //nolint:staticcheck // the class of code under test
	return int(b[0]) | int(b[1])<<8 | int(b[2])<<16
}
