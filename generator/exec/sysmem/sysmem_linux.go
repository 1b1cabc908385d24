package sysmem

import (
	"fmt"
	"os"
	"strconv"
	"strings"
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

// processRSS reads the resident field of /proc/<pid>/statm: one short line,
// cheaper to read and parse than /proc/<pid>/status at the watch's 10 ms
// period.
func processRSS(pid int) (int64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0, fmt.Errorf("sysmem: %w", err)
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, fmt.Errorf("sysmem: /proc/%d/statm: unexpected %q", pid, b)
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("sysmem: /proc/%d/statm: %w", pid, err)
	}
	return pages * int64(os.Getpagesize()), nil
}
