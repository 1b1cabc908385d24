package search

import (
	"strings"

	"github.com/gentest-go/gentest/internal/executor"
)

// cpuBusyTimeout reports whether a crash is a call that used its whole
// CPU-time limit: the executor's watchdog ends a call that waited with all
// its goroutines blocked as "blocked" and one past the wall-clock cap as
// "wall-clock", and only a busy one as "of CPU time" (executor
// timeoutMessage, rt.TimeoutCPU). A blocked call stays out of the hang
// findings: blocking forever is as often what the API says as a bug.
func cpuBusyTimeout(c *executor.Crash) bool {
	return c.Kind == executor.CrashTimeout && strings.HasSuffix(c.Message, "of CPU time")
}
