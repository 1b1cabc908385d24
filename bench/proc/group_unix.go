//go:build unix

package proc

import (
	"os/exec"
	"syscall"
)

func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// The group id is the child's pid because of Setpgid.
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// MaxRSS returns ru_maxrss of a finished command in bytes: the largest single
// process among it and the descendants it waited for.
func MaxRSS(cmd *exec.Cmd) (int64, bool) {
	if cmd.ProcessState == nil {
		return 0, false
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok || ru == nil {
		return 0, false
	}
	// Linux reports kilobytes.
	return ru.Maxrss * 1024, true
}
