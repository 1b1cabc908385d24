package rt

import (
	"fmt"
	"os"
	"runtime/metrics"
	"strconv"
	"time"
)

// The executor's own memory watch. The parent also samples an executor's
// resident set where the platform lets it do so cheaply (Linux, Windows),
// but on macOS there is no cgo-free way to read another process's RSS, so
// the executor checks itself on every platform: when the memory the Go
// runtime has mapped and not returned to the OS passes the cap, it writes
// MemCapMarker to stderr and exits. That is the quantity the Go soft limit
// (EnvMemLimit) governs, and, in a program without cgo, all but a few
// megabytes of its RSS (the rest is the binary and thread stacks); it can
// also exceed the RSS, by heap the runtime mapped but nobody touched yet.
//
// getrusage's ru_maxrss would be the obvious measure but is wrong here: on
// Linux a process started by a Go program (vfork and exec) inherits the
// parent's high-water mark, so every executor of a large gentest process
// would start above its cap.
//
// A goroutine cannot be killed, but the runtime preempts the code under
// test, so this goroutine runs even while a call allocates in a loop, as the
// call-timeout watchdog does.

// EnvMemCap is the executor's hard memory cap in bytes.
const EnvMemCap = "GENTEST_MEMCAP"

// MemCapMarker starts the line an executor writes to stderr when it stops
// itself for exceeding its memory cap; the parent classifies the crash by it.
const MemCapMarker = "gentestrt: memory cap exceeded"

// exitMemCap is the executor's exit status after MemCapMarker.
const exitMemCap = 4

// memCapPeriod is how often the executor checks its memory: the period of
// the parent's watch on Linux; reading two runtime metrics costs about a
// microsecond and stops nothing.
const memCapPeriod = 10 * time.Millisecond

func init() {
	if os.Getenv(EnvExecutor) != "1" {
		return
	}
	limit, err := strconv.ParseInt(os.Getenv(EnvMemCap), 10, 64)
	if err != nil || limit <= 0 {
		return
	}
	go watchMemCap(limit)
}

func watchMemCap(limit int64) {
	samples := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	for {
		time.Sleep(memCapPeriod)
		if parked.Load() {
			parkForever() // see deadlock.go
		}
		metrics.Read(samples)
		if samples[0].Value.Kind() != metrics.KindUint64 || samples[1].Value.Kind() != metrics.KindUint64 {
			return // not supported by this Go release
		}
		used := int64(samples[0].Value.Uint64() - samples[1].Value.Uint64())
		if used > limit {
			fmt.Fprintf(os.Stderr, "%s: Go runtime holds %d bytes, cap %d bytes\n", MemCapMarker, used, limit)
			os.Exit(exitMemCap)
		}
	}
}
