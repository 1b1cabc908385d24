//go:build windows

package rt

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and kernel) all threads of the
// executor have used since it started, from GetProcessTimes. Windows
// accounts it at the clock interrupt (about 15.6 ms), which is coarse
// beside a one-second limit but, like getrusage on Unix (cputime_unix.go),
// does not advance while the process waits for a CPU.
func processCPU() (time.Duration, bool) {
	h, err := syscall.GetCurrentProcess()
	if err != nil {
		return 0, false
	}
	var creation, exit, kernel, user syscall.Filetime
	if syscall.GetProcessTimes(h, &creation, &exit, &kernel, &user) != nil {
		return 0, false
	}
	// A FILETIME duration counts 100 ns intervals (Filetime.Nanoseconds
	// would convert it as a date since 1601).
	ticks := func(f syscall.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration((ticks(kernel) + ticks(user)) * 100), true
}
