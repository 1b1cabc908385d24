//go:build unix

package executor_test

import (
	"syscall"
	"time"
)

// cpuTimes returns the user and system CPU time of this process and of its
// waited-for children, so that the executor benchmark can report CPU per
// sequence: on a shared machine wall time says more about the neighbours.
func cpuTimes() (self, children time.Duration, ok bool) {
	var s, c syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &s) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &c) != nil {
		return 0, 0, false
	}
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(s.Utime) + tv(s.Stime), tv(c.Utime) + tv(c.Stime), true
}
