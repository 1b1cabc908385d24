// Package proc runs the benchmark's child commands (go, gentest, gremlins) so
// that a timeout stops the whole process tree: go test and gentest start
// grandchildren (test binaries, executors) that killing the direct child
// alone would leave running.
package proc

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/sysmem"
)

// Command returns a command running name in dir with env, in its own process
// group, whose group is killed when ctx is done.
func Command(ctx context.Context, dir string, env []string, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	setGroup(cmd)
	// Give pipes a bounded time to drain after the kill, since orphaned
	// grandchildren might otherwise hold them open forever.
	cmd.WaitDelay = 10 * time.Second
	return cmd
}

// Result is the outcome of a finished command.
type Result struct {
	Stdout, Stderr []byte
	// Err is the error from Wait (nil on exit status 0).
	Err error
	// Elapsed is the wall time from start to exit.
	Elapsed time.Duration
	// TimedOut reports that ctx ended before the command did.
	TimedOut bool
}

// Run runs the command to completion and collects its output.
func Run(ctx context.Context, dir string, env []string, name string, args ...string) Result {
	cmd := Command(ctx, dir, env, name, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	return Result{Stdout: out.Bytes(), Stderr: errb.Bytes(), Err: err, Elapsed: time.Since(start), TimedOut: ctx.Err() != nil}
}

// Failure describes a failed command for an error message: the command line,
// its exit error, and the last lines of its stderr (or stdout).
func (r Result) Failure(name string, args ...string) error {
	msg := strings.TrimSpace(string(r.Stderr))
	if msg == "" {
		msg = strings.TrimSpace(string(r.Stdout))
	}
	msg = Excerpt(msg, 2, 6)
	what := r.Err
	if r.TimedOut {
		what = fmt.Errorf("timed out after %s: %w", r.Elapsed.Round(time.Second), r.Err)
	}
	line := strings.Join(append([]string{name}, args...), " ")
	if msg == "" {
		return fmt.Errorf("%s: %w", line, what)
	}
	return fmt.Errorf("%s: %w: %s", line, what, msg)
}

// Excerpt keeps the first head and last tail lines of s: a command's first
// line of error output often says what went wrong (a usage error before the
// flag list), and the last lines say where it ended.
func Excerpt(s string, head, tail int) string {
	lines := strings.Split(s, "\n")
	if len(lines) <= head+tail {
		return s
	}
	return strings.Join(lines[:head], "\n") + "\n...\n" + strings.Join(lines[len(lines)-tail:], "\n")
}

// Tail returns the last n lines of s.
func Tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// MaxRSS returns ru_maxrss of a finished command in bytes: the largest single
// process among it and the descendants it waited for. It is not available on
// Windows. On Linux a child started from a Go program starts with the
// parent's high-water mark, so this is at least the caller's own peak.
func MaxRSS(cmd *exec.Cmd) (int64, bool) { return sysmem.ExitedPeakRSS(cmd.ProcessState) }
