//go:build unix

package sysmem

import (
	"os"
	"runtime"
	"syscall"
)

func selfPeakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return maxRSSBytes(int64(ru.Maxrss))
}

func exitedPeakRSS(ps *os.ProcessState) (int64, bool) {
	if ps == nil {
		return 0, false
	}
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok || ru == nil {
		return 0, false
	}
	return maxRSSBytes(int64(ru.Maxrss)), true
}

// maxRSSBytes converts an rusage ru_maxrss value to bytes: Darwin (and iOS)
// report bytes, the other Unix systems kilobytes.
func maxRSSBytes(maxrss int64) int64 {
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return maxrss
	}
	return maxrss << 10
}
