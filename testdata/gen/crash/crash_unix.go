//go:build unix

package crash

import "syscall"

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
