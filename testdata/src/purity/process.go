package purity

import (
	"os"
	"runtime"
	"testing"
	"time"
	"weak"
)

// The process's own settings differ between the executor and the binary
// of the emitted test: reading them is no pure computation.

func ProgName() string { return os.Args[0] } // want ProgName:"^io io:env$"

func UnderTest() bool { return testing.Testing() } // want UnderTest:"^callsite$"

func Pin() { runtime.LockOSThread() } // want Pin:"^writes-global$"

func Toolchain() string { return runtime.Version() } // want Toolchain:"^nondeterministic$"

// A weak pointer's value depends on when the collector ran.
func Alive(p weak.Pointer[int]) bool { return p.Value() != nil } // want Alive:"^nondeterministic$"

// Whether Stop stopped the timer depends on whether it had fired.
func Cancel(t *time.Timer) bool { return t.Stop() } // want Cancel:"^mutates-param:0 nondeterministic panics$"
