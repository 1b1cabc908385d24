package executor

import (
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// Stderr texts as Go executors print them (stack frames shortened).
const (
	stackOverflowText = `runtime: goroutine stack exceeds 67108864-byte limit
runtime: sp=0xc0200e0390 stack=[0xc0200e0000, 0xc0400e0000]
fatal error: stack overflow

runtime stack:
runtime.throw({0x5f6b1e?, 0x0?})
	/usr/local/go/src/runtime/panic.go:1229 +0x48
`
	deadlockText = `fatal error: all goroutines are asleep - deadlock!

goroutine 1 [sync.Mutex.Lock]:
internal/sync.runtime_SemacquireMutex(0x0?, 0x0?, 0x0?)
	/usr/local/go/src/runtime/sema.go:95 +0x25
github.com/gentest-go/gentest/testdata/gen/crash.Deadlock()
	/work/testdata/gen/crash/crash.go:43 +0x4d
`
	mapWritesText = `fatal error: concurrent map writes

goroutine 10 [running]:
internal/runtime/maps.fatal({0x60fd85?, 0x0?})
	/usr/local/go/src/runtime/panic.go:1181 +0x18
`
	mapReadWriteText = `fatal error: concurrent map read and map write

goroutine 7 [running]:
`
	oomMapText = `fatal error: runtime: out of memory

runtime stack:
runtime.throw({0x610137?, 0x27b8?})
	/usr/local/go/src/runtime/panic.go:1229 +0x48 fp=0x7ffe60e7e510 sp=0x7ffe60e7e4e0 pc=0x487b28
runtime.sysMapOS(0x1ee200400000, 0x200000000000, {0x60a92c, 0x4})
`
	oomReserveText = `runtime: out of memory: cannot allocate 140737488355328-byte block (3833856 in use)
fatal error: out of memory

goroutine 1 gp=0xc000002380 m=0 mp=0x7a5d40 [running]:
`
	goroutinePanicText = `panic: crash: panic on another goroutine

goroutine 10 [running]:
github.com/gentest-go/gentest/testdata/gen/crash.GoroutinePanic.func1()
	/work/testdata/gen/crash/crash.go:91 +0x66
created by github.com/gentest-go/gentest/testdata/gen/crash.GoroutinePanic in goroutine 1
`
	panicSaysFatalText = `panic: fatal error: the disk is on fire

goroutine 12 [running]:
`
	panicSaysOOMText = `panic: cache: out of memory budget

goroutine 9 [running]:
`
	unlockText = `fatal error: sync: unlock of unlocked mutex

goroutine 1 [running]:
internal/sync.fatal({0x613152?, 0x5e05e0?})
`
	goexitText = `fatal error: no goroutines (main called runtime.Goexit) - deadlock!
`
	userPanicLineText = `panic: not really, just a log line
`
	logFatalText = `2026/01/02 15:04:05 config: cannot open settings.json
`
)

func TestClassify(t *testing.T) {
	runtimeDeath := exitStatus{known: true, code: 2}
	cases := []struct {
		name      string
		st        exitStatus
		stderr    string
		memKilled bool
		kind      CrashKind
		message   string
		code      int
	}{
		{"stack overflow", runtimeDeath, stackOverflowText, false, CrashStackOverflow, "stack overflow", 0},
		{"deadlock", runtimeDeath, deadlockText, false, CrashDeadlock, "fatal error: all goroutines are asleep - deadlock!", 0},
		{"concurrent map writes", runtimeDeath, mapWritesText, false, CrashConcurrentMap, "fatal error: concurrent map writes", 0},
		{"concurrent map read and write", runtimeDeath, mapReadWriteText, false, CrashConcurrentMap, "fatal error: concurrent map read and map write", 0},
		{"out of memory mapping", runtimeDeath, oomMapText, false, CrashOOM, "fatal error: runtime: out of memory", 0},
		{"out of memory reserving", runtimeDeath, oomReserveText, false, CrashOOM, "fatal error: out of memory", 0},
		{"goroutine panic", runtimeDeath, goroutinePanicText, false, CrashGoroutinePanic, "panic: crash: panic on another goroutine", 0},
		{"panic message says fatal error", runtimeDeath, panicSaysFatalText, false, CrashGoroutinePanic, "panic: fatal error: the disk is on fire", 0},
		{"panic message says out of memory", runtimeDeath, panicSaysOOMText, false, CrashGoroutinePanic, "panic: cache: out of memory budget", 0},
		{"fatal error", runtimeDeath, unlockText, false, CrashFatal, "fatal error: sync: unlock of unlocked mutex", 0},
		{"Goexit is no deadlock", runtimeDeath, goexitText, false, CrashFatal, "fatal error: no goroutines (main called runtime.Goexit) - deadlock!", 0},
		{"report text with a non-runtime status", exitStatus{known: true, code: 1}, userPanicLineText, false, CrashExit,
			"process exited with status 1: panic: not really, just a log line", 1},
		{"log.Fatal", exitStatus{known: true, code: 1}, logFatalText, false, CrashExit,
			"process exited with status 1: 2026/01/02 15:04:05 config: cannot open settings.json", 1},
		{"os.Exit", exitStatus{known: true, code: 7}, "", false, CrashExit, "process exited with status 7", 7},
		{"signal", exitStatus{known: true, code: -1, signal: "killed"}, "", false, CrashSignal, "killed", 0},
		{"memory cap by the parent", exitStatus{known: true, code: -1, signal: "killed"}, "", true, CrashMemLimit, "executor exceeded its memory cap", 0},
		{"memory cap by the executor", exitStatus{known: true, code: 4},
			rt.MemCapMarker + ": Go runtime holds 70000000 bytes, cap 67108864 bytes\n", false, CrashMemLimit, "executor exceeded its memory cap", 0},
		{"status unknown", exitStatus{}, deadlockText, false, CrashDeadlock, "fatal error: all goroutines are asleep - deadlock!", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := classify(c.st, c.stderr, c.memKilled)
			if got.Kind != c.kind || got.Message != c.message || got.ExitCode != c.code || got.Stmt != -1 || got.Stderr != c.stderr {
				t.Errorf("classify = %s (message %q, exit code %d, stmt %d), want %s (message %q, exit code %d)",
					got.Kind, got.Message, got.ExitCode, got.Stmt, c.kind, c.message, c.code)
			}
		})
	}
}
