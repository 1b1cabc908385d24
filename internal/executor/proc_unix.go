//go:build unix

package executor

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"syscall"
)

// passPipes hands the executor its request and result pipes as fds 3 and 4
// (the runtime moves them away at once, see rt/pipes_unix.go).
func passPipes(cmd *osexec.Cmd, req, res *os.File) {
	cmd.ExtraFiles = []*os.File{req, res}
}

// setGroup starts the executor as the leader of a new process group, so
// that one kill reaches everything it started.
func setGroup(cmd *osexec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// procGroup is the executor's process group; its id is the executor's pid.
type procGroup struct{ pgid int }

func joinGroup(p *os.Process) *procGroup { return &procGroup{pgid: p.Pid} }

// kill sends SIGKILL to the whole group. After the executor has exited the
// group lives on while any process the executor started does, so the id
// cannot have been reused; a group with no members left fails with ESRCH.
func (g *procGroup) kill(p *os.Process) {
	syscall.Kill(-g.pgid, syscall.SIGKILL)
	p.Kill()
}

func (g *procGroup) close() {}

// signaled reports the signal that killed a process, if one did.
func signaled(ps *os.ProcessState) (string, bool) {
	if ps == nil {
		return "", false
	}
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return "", false
	}
	return ws.Signal().String(), true
}

// platformEnv is the executor's home, temporary and per-user directories,
// all inside its scratch directory, and a fixed PATH.
func platformEnv(home, tmp string) []string {
	return []string{
		"PATH=/usr/local/bin:/usr/bin:/bin",
		"HOME=" + home,
		"TMPDIR=" + tmp,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"XDG_RUNTIME_DIR=" + filepath.Join(tmp, "run"),
	}
}
