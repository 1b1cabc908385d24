package sysmem

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
)

const canWatch = true

func totalMemory() int64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return int64(si.Totalram) * int64(si.Unit)
}

// processHandle is the open statm file of a process: the resident field
// of /proc/<pid>/statm is one short line, cheaper to read and parse than
// /proc/<pid>/status at the watch's 10 ms period. The kernel makes the
// file's text anew at each read from offset 0, so one open serves every
// sample.
type processHandle struct {
	f   *os.File
	buf [256]byte // statm's seven numbers fit in 160 bytes
}

func openProcess(pid int) (processHandle, error) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return processHandle{}, fmt.Errorf("sysmem: %w", err)
	}
	return processHandle{f: f}, nil
}

func (h *processHandle) rss() (int64, error) {
	n, err := h.f.ReadAt(h.buf[:], 0)
	if n == 0 && err != nil {
		return 0, fmt.Errorf("sysmem: %s: %w", h.f.Name(), err)
	}
	pages, ok := statmResident(h.buf[:n])
	if !ok {
		return 0, fmt.Errorf("sysmem: %s: unexpected %q", h.f.Name(), h.buf[:n])
	}
	return pages * int64(os.Getpagesize()), nil
}

func (h *processHandle) close() error { return h.f.Close() }

// statmResident parses the second field of a statm line, the resident
// set in pages, without allocating.
func statmResident(b []byte) (int64, bool) {
	i := 0
	for i < len(b) && b[i] != ' ' { // the first field: total size
		i++
	}
	for i < len(b) && b[i] == ' ' {
		i++
	}
	var v int64
	digits := 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		v = v*10 + int64(b[i]-'0')
		if digits++; digits > 18 {
			return 0, false
		}
	}
	return v, digits > 0 && (i == len(b) || b[i] == ' ' || b[i] == '\n')
}
