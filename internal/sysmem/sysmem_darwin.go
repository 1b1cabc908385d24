package sysmem

import (
	"encoding/binary"
	"syscall"
)

const canWatch = false

// totalMemory reads sysctl hw.memsize, a uint64. syscall.Sysctl returns
// the raw bytes as a string and drops a trailing NUL, which for a
// little-endian integer is a high zero byte, so the value is padded back
// to 8 bytes before decoding (both macOS architectures are little-endian).
func totalMemory() int64 {
	s, err := syscall.Sysctl("hw.memsize")
	if err != nil || len(s) > 8 {
		return 0
	}
	var b [8]byte
	copy(b[:], s)
	return int64(binary.LittleEndian.Uint64(b[:]))
}
