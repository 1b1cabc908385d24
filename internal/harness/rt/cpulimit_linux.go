package rt

import "syscall"

// limitCPU lets the process use at most sec more seconds of CPU time: Linux
// sends SIGKILL at the hard RLIMIT_CPU. (Elsewhere the limit may only send
// SIGXCPU, which the Go runtime ignores, so it is not set there.) Best
// effort.
func limitCPU(sec int64) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return
	}
	used := int64(ru.Utime.Sec) + int64(ru.Stime.Sec) + 1
	lim := uint64(used + sec)
	syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: lim, Max: lim})
}
