// Package stackerr is a fixture of errors that carry the stack of the
// call that made them, as github.com/pkg/errors' do: the stack differs
// between gentest's executor and the written test, so it is never
// checked, but the messages of New and Wrap are the same in both and are
// checked. Where's message names its call site and Stamped's holds the
// clock: neither is checked.
package stackerr

import (
	"fmt"
	"path/filepath"
	"runtime"
	"time"
)

type stackError struct {
	msg string
	pcs []uintptr
}

func (e *stackError) Error() string { return e.msg }

// New returns an error with message msg and the stack of its caller.
func New(msg string) error {
	pcs := make([]uintptr, 16)
	n := runtime.Callers(2, pcs)
	return &stackError{msg: msg, pcs: pcs[:n]}
}

// Wrap returns an error whose message is msg before err's, with the
// stack of its caller; nil for a nil err.
func Wrap(err error, msg string) error {
	if err == nil {
		return nil
	}
	pcs := make([]uintptr, 16)
	n := runtime.Callers(2, pcs)
	return &stackError{msg: msg + ": " + err.Error(), pcs: pcs[:n]}
}

// Where returns an error whose message names the file and line of its
// caller.
func Where(msg string) error {
	_, file, line, _ := runtime.Caller(1)
	return fmt.Errorf("%s:%d: %s", filepath.Base(file), line, msg)
}

// Stamped returns an error whose message holds the hour it was made in.
func Stamped(msg string) error {
	return fmt.Errorf("%s in hour %d", msg, time.Now().Unix()/3600)
}
