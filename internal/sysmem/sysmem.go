// Package sysmem reports memory facts of the machine and of processes,
// portably and without cgo: the total physical memory (for gentest's default
// executor memory cap), the peak resident set of the current process (for
// the -json summary), and the resident set of another process (for the
// executor memory watch, where the platform offers it cheaply).
//
// Per platform:
//
//   - Linux: sysinfo(2) for the total; getrusage(2) and wait4(2) for peaks
//     (ru_maxrss, kilobytes); /proc/<pid>/statm for another process.
//   - macOS: sysctl hw.memsize for the total; getrusage(2) and wait4(2) for
//     peaks (ru_maxrss, bytes). There is no cheap cgo-free way to read another
//     process's current RSS (proc_pidinfo needs libproc; running ps every
//     few milliseconds costs more than it watches), so ProcessRSS reports
//     ErrUnsupported and executors check their own memory instead (see
//     internal/harness/rt/memcap.go).
//   - Other Unix systems: getrusage(2) and wait4(2) for peaks; no total, no
//     ProcessRSS.
//   - Windows: GlobalMemoryStatusEx for the total; GetProcessMemoryInfo for
//     the peak (PeakWorkingSetSize) and for another process (WorkingSetSize);
//     no peak of an exited process.
package sysmem

import (
	"errors"
	"os"
)

// ErrUnsupported is returned by ProcessRSS where the platform has no cheap
// way to read another process's resident set.
var ErrUnsupported = errors.ErrUnsupported

// TotalMemory returns the machine's physical memory in bytes, or 0 when it
// cannot be determined; callers pick their own default then.
func TotalMemory() int64 { return totalMemory() }

// SelfPeakRSS returns the largest resident set of the current process so
// far, in bytes, or 0 when it cannot be determined.
func SelfPeakRSS() int64 { return selfPeakRSS() }

// ProcessRSS returns the current resident set of process pid in bytes. It
// fails with ErrUnsupported where the platform has no cheap way to read it
// (see the package documentation), and with another error when the process
// is gone.
func ProcessRSS(pid int) (int64, error) {
	h, err := openProcess(pid)
	if err != nil {
		return 0, err
	}
	defer h.close()
	return h.rss()
}

// Process samples another process's resident set again and again, for a
// watch: it keeps open what each sample would otherwise open and close
// (on Linux the process's statm file, read again from its start; on
// Windows the process handle). At the pool's 10 ms period, opening
// /proc/<pid>/statm for each sample was most of the watch's cost: 3% of a
// core of the parent per executor.
type Process struct{ h processHandle }

// OpenProcess prepares to sample process pid. It fails with ErrUnsupported
// where ProcessRSS does.
func OpenProcess(pid int) (*Process, error) {
	h, err := openProcess(pid)
	if err != nil {
		return nil, err
	}
	return &Process{h: h}, nil
}

// RSS returns the process's current resident set in bytes; an error once
// the process is gone.
func (p *Process) RSS() (int64, error) { return p.h.rss() }

// Close releases what OpenProcess opened.
func (p *Process) Close() error { return p.h.close() }

// ExitedPeakRSS returns the peak resident set of a process that has been
// waited for, from the rusage wait4(2) returned (ru_maxrss: the largest
// single process among it and the descendants it waited for). ok is false
// where the platform reports no memory at exit (Windows, Plan 9).
//
// On Linux a process started by a Go program (os/exec uses vfork and
// exec) inherits the parent's high-water mark, so the value is at least the
// parent's peak RSS at the time of the start: it measures a child's
// footprint only when the parent is small.
func ExitedPeakRSS(ps *os.ProcessState) (peak int64, ok bool) { return exitedPeakRSS(ps) }

// CanWatch reports whether ProcessRSS works on this platform.
func CanWatch() bool { return canWatch }
