package crash

import (
	"os"
	"syscall"
	"unsafe"
)

// IoctlTTY opens path and asks it for terminal attributes (TCGETS): an
// ioctl on a device when path is one.
func IoctlTTY(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	if errno != 0 {
		return errno
	}
	return nil
}
