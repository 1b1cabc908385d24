//go:build !unix

package proc

import "os/exec"

// setGroup does nothing where there are no process groups: only the direct
// child is killed on timeout.
func setGroup(cmd *exec.Cmd) {}
