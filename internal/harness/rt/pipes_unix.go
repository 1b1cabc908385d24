//go:build unix

package rt

import (
	"os"
	"syscall"
)

// protocolPipes takes the request and result pipes the parent passed as
// fds 3 and 4 and moves them to high descriptors, closing 3 and 4: code
// under test that opens files, or wraps small descriptors with os.NewFile,
// must not read or write gentest's protocol.
func protocolPipes() (in, out *os.File, err error) {
	const inFD, outFD = 3, 4
	const high = 900
	nin, err := syscall.Dup(inFD)
	if err == nil {
		err = dup2(nin, high)
		syscall.Close(nin)
	}
	if err != nil {
		return nil, nil, err
	}
	nout, err := syscall.Dup(outFD)
	if err == nil {
		err = dup2(nout, high+1)
		syscall.Close(nout)
	}
	if err != nil {
		return nil, nil, err
	}
	syscall.CloseOnExec(high)
	syscall.CloseOnExec(high + 1)
	// Replace 3 and 4 by /dev/null in one step each (dup2 closes the old
	// descriptor atomically), so that they are neither the pipes nor free
	// for the next file opened, which code under test might guess. Opened
	// with syscall.Open: an os.File could register with the runtime's
	// poller and take one of these numbers first.
	if null, err := syscall.Open(os.DevNull, syscall.O_RDWR|syscall.O_CLOEXEC, 0); err == nil {
		dup2(null, inFD)
		dup2(null, outFD)
		syscall.Close(null)
	}
	return pollable(high, "gentest-requests"), pollable(high+1, "gentest-results"), nil
}

// pollable wraps fd, made non-blocking, as a file the runtime's poller
// waits on; the executor's pipes are used this way. Against blocking
// reads and writes it cost the executor 8-9% less CPU per sequence in
// BenchmarkExecutor (two alternated A/Bs, bench/results/2026-11-27-lean14i).
// The reason is not established: it was tried because a blocking read of
// the next batch is a system call with the only P (GOMAXPROCS=1), which
// sysmon retakes, but sysmon's share of the executor's CPU stayed the same.
// Reads and writes return the same data and errors as on a blocking file.
func pollable(fd int, name string) *os.File {
	syscall.SetNonblock(fd, true) // on failure: a blocking file, as before
	return os.NewFile(uintptr(fd), name)
}
