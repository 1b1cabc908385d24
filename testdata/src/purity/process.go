package purity

import (
	"os"
	"runtime"
	"testing"
)

// The process's own settings differ between the executor and the binary
// of the emitted test: reading them is no pure computation.

func ProgName() string { return os.Args[0] } // want ProgName:"^io io:env$"

func UnderTest() bool { return testing.Testing() } // want UnderTest:"^callsite$"

func Pin() { runtime.LockOSThread() } // want Pin:"^writes-global$"

func Toolchain() string { return runtime.Version() } // want Toolchain:"^nondeterministic$"
