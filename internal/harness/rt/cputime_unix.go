//go:build unix

package rt

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) all threads of the
// executor have used since it started. getrusage(RUSAGE_SELF) is precise to
// the microsecond on Linux and macOS (Linux sums the scheduler's
// nanosecond runtime of each thread), and it does not advance while the
// process waits for a CPU: a call timed by it stops at the same point of its
// work however loaded the machine is. (runtime/metrics' /cpu/classes are
// GOMAXPROCS integrated over wall time, minus idle time, so they advance
// while the process is starved: no use here.) RUSAGE_THREAD would leave out
// the goroutines a call starts and the garbage collection it causes, and a
// goroutine moves between threads anyway.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
