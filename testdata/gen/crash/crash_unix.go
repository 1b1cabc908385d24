//go:build unix

package crash

import (
	"syscall"
	"time"
)

// Stop stops the process with SIGSTOP: it neither answers nor exits, a
// hang no watchdog inside the process can report. It stops itself again
// whenever it is continued: on some machines a stopped process receives a
// SIGCONT it did not ask for (seen in CI), and the hang must last until
// the parent kills it.
func Stop() {
	for {
		syscall.Kill(syscall.Getpid(), syscall.SIGSTOP)
	}
}

// KillSelf kills the process with SIGKILL.
func KillSelf() { syscall.Kill(syscall.Getpid(), syscall.SIGKILL) }

// Signal sends signal 0 to pid: it checks whether the process may be
// signalled at all.
func Signal(pid int) error { return syscall.Kill(pid, 0) }

// BurnCPU computes until the process has used ms more milliseconds of CPU
// time, however long that takes on the wall clock, and returns ms: a call
// whose cost is a fixed amount of work, like a big-number operation at a
// large precision, under the executor's CPU-time limit.
func BurnCPU(ms int) int {
	start := cpuTime()
	x := uint64(1)
	for cpuTime()-start < time.Duration(ms)*time.Millisecond {
		for i := 0; i < 10000; i++ {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
		}
	}
	if x == 0 { // never: keeps the loop from being optimized away
		return -1
	}
	return ms
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BurnCPUAsync burns ms milliseconds of CPU time on a goroutine it starts
// and waits for: the calling goroutine is blocked, the call is not.
func BurnCPUAsync(ms int) int {
	done := make(chan int)
	go func() { done <- BurnCPU(ms) }()
	return <-done
}
