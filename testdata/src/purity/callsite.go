package purity

import (
	"runtime"
	"runtime/debug"
	"strconv"
)

// Call-site dependence: results that record the caller's stack or look
// program counters up in the binary differ between call sites (and between
// the executor and the emitted test), so the functions are not pure; they
// change nothing, though, which is why the effect is not a side effect.

type trace struct {
	msg string
	pcs []uintptr
}

func (t *trace) Error() string { return t.msg } // want Error:"^pure$"

// NewTrace records its caller's stack, as github.com/pkg/errors' New does.
func NewTrace(msg string) error { // want NewTrace:"^callsite$"
	var pcs [32]uintptr
	n := runtime.Callers(2, pcs[:])
	return &trace{msg: msg, pcs: pcs[:n]}
}

func Where() string { // want Where:"^callsite panics$"
	_, file, line, _ := runtime.Caller(1)
	return file + ":" + strconv.Itoa(line)
}

func FuncName(pc uintptr) string { // want FuncName:"^callsite$"
	if fn := runtime.FuncForPC(pc); fn != nil {
		return fn.Name()
	}
	return ""
}

func FirstFrame(pcs []uintptr) string { // want FirstFrame:"^callsite$"
	frame, _ := runtime.CallersFrames(pcs).Next()
	return frame.Function
}

func StackTrace() []byte { return debug.Stack() } // want StackTrace:"^nondeterministic callsite$"

func NewTraceTwice() error { // want NewTraceTwice:"^callsite$"
	NewTrace("a") // want "result of purity.NewTrace is discarded; the call has no effect"
	return NewTrace("b")
}
