package executor

import (
	"bytes"
	"errors"
	"fmt"
	osexec "os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// How an executor died: the crash kinds, and their classification from
// the exit status and the Go runtime's report.

// CrashKind classifies how an executor died.
type CrashKind string

// Crash kinds.
const (
	CrashTimeout        CrashKind = "timeout"         // a call ran past the per-call limit (CPU time, or wall time blocked)
	CrashHang           CrashKind = "hang"            // the executor stopped answering
	CrashStackOverflow  CrashKind = "stack-overflow"  // fatal error: stack overflow
	CrashDeadlock       CrashKind = "deadlock"        // all goroutines asleep
	CrashConcurrentMap  CrashKind = "concurrent-map"  // fatal error: concurrent map access
	CrashOOM            CrashKind = "out-of-memory"   // the runtime ran out of memory
	CrashMemLimit       CrashKind = "memory-limit"    // killed by the parent for exceeding MemLimit
	CrashGoroutinePanic CrashKind = "goroutine-panic" // a panic on a goroutine the code under test started
	CrashFatal          CrashKind = "fatal-error"     // another fatal runtime error
	CrashExit           CrashKind = "exit"            // the code under test exited the process (os.Exit, log.Fatal)
	CrashSignal         CrashKind = "signal"          // killed by a signal
)

// Crash describes an executor that died running a sequence.
type Crash struct {
	Kind CrashKind
	// Stmt is the statement that was running, or -1 if unknown.
	Stmt int
	// ExitCode is the exit status, for CrashExit.
	ExitCode int
	// Message is the first line of the runtime's report, if any.
	Message string
	// Stderr is the tail of the executor's standard error.
	Stderr string
}

// String is the crash's kind, its exit code for CrashExit, and its message.
func (c *Crash) String() string {
	s := string(c.Kind)
	if c.Kind == CrashExit {
		s += " " + strconv.Itoa(c.ExitCode)
	}
	if c.Message != "" {
		s += ": " + c.Message
	}
	return s
}

// timeoutMessage says which of the executor's limits a call passed.
func timeoutMessage(r rt.TimeoutReason, limit time.Duration) string {
	switch r {
	case rt.TimeoutBlocked:
		return fmt.Sprintf("call exceeded %v blocked", limit)
	case rt.TimeoutWall:
		return fmt.Sprintf("call exceeded %v wall-clock cap (%v limit)", limit*rt.HardCapFactor, limit)
	}
	return fmt.Sprintf("call exceeded %v of CPU time", limit)
}

// exitStatus is how a process ended, as far as classify needs it.
type exitStatus struct {
	known  bool   // the process was waited for and its status is known
	code   int    // exit code, when it exited
	signal string // the signal that killed it, "" if none
}

func exitOf(waitErr error) exitStatus {
	var ee *osexec.ExitError
	if !errors.As(waitErr, &ee) {
		return exitStatus{known: waitErr == nil}
	}
	if sig, ok := signaled(ee.ProcessState); ok {
		return exitStatus{known: true, code: -1, signal: sig}
	}
	return exitStatus{known: true, code: ee.ExitCode()}
}

// runtimeExitCode is the status the Go runtime exits with after an
// unrecovered panic or a fatal error.
const runtimeExitCode = 2

// classify tells how an executor died from its exit status and the
// runtime's report on stderr. The report is the first line that starts
// with "fatal error: ", "panic: " or "runtime: goroutine stack exceeds",
// and counts only if the process exited with the runtime's status 2: code
// under test may print such text itself, and a panic message may contain
// "fatal error:" or "out of memory", so the words are looked for in that
// line alone.
func classify(st exitStatus, stderr string, memKilled bool) *Crash {
	c := &Crash{Stmt: -1, Stderr: stderr}
	if memKilled || hasLinePrefix(stderr, rt.MemCapMarker) {
		c.Kind = CrashMemLimit
		c.Message = "executor exceeded its memory cap"
		return c
	}
	report := ""
	if !st.known || (st.signal == "" && st.code == runtimeExitCode) {
		report = runtimeReport(stderr)
	}
	switch {
	case strings.HasPrefix(report, "runtime: goroutine stack exceeds") || report == "fatal error: stack overflow":
		c.Kind, c.Message = CrashStackOverflow, "stack overflow"
	case strings.HasPrefix(report, "fatal error: all goroutines are asleep"):
		c.Kind, c.Message = CrashDeadlock, report
	case strings.HasPrefix(report, "fatal error: concurrent map"):
		c.Kind, c.Message = CrashConcurrentMap, report
	case strings.HasPrefix(report, "fatal error:") && strings.Contains(report, "out of memory"):
		c.Kind, c.Message = CrashOOM, report
	case strings.HasPrefix(report, "fatal error:"):
		c.Kind, c.Message = CrashFatal, report
	case strings.HasPrefix(report, "panic: "):
		// The executor recovers panics of the calls it makes, so a panic
		// that ends the process was on another goroutine.
		c.Kind, c.Message = CrashGoroutinePanic, report
	case st.signal != "":
		c.Kind, c.Message = CrashSignal, st.signal
	default:
		c.Kind, c.ExitCode = CrashExit, st.code
		c.Message = "process exited with status " + strconv.Itoa(c.ExitCode)
		if l := lastLine(stderr); l != "" {
			c.Message += ": " + l
		}
	}
	return c
}

// runtimeReport returns the first line of stderr that starts a Go runtime
// crash report, trimmed, or "".
func runtimeReport(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "panic: ") ||
			strings.HasPrefix(l, "runtime: goroutine stack exceeds") {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

func hasLinePrefix(s, prefix string) bool {
	return strings.HasPrefix(s, prefix) || strings.Contains(s, "\n"+prefix)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if t.buf.Len() > t.max {
		b := t.buf.Bytes()
		keep := append([]byte(nil), b[len(b)-t.max:]...)
		t.buf.Reset()
		t.buf.Write(keep)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
