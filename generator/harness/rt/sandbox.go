package gentestrt

import (
	"fmt"
	"os"
)

// Environment variables for the sandbox.
const (
	EnvSandbox   = "GENTEST_SANDBOX"   // directories, separated by the list separator: confine the process to them
	EnvSandboxed = "GENTEST_SANDBOXED" // set by the executor after entering the sandbox
)

// sandboxed is true when this process runs inside the sandbox.
var sandboxed bool

// init confines the process when asked to: executors, and the test
// binaries gentest verifies generated tests with, both import this package.
func init() {
	dir := os.Getenv(EnvSandbox)
	if dir == "" {
		return
	}
	if os.Getenv(EnvSandboxed) == "1" {
		sandboxed = true
		return
	}
	err := enterSandbox(dir)
	// enterSandbox returns only on failure. The parent asked for a sandbox
	// and relies on it: stop rather than run unconfined.
	fmt.Fprintf(os.Stderr, "gentestrt: cannot enter the sandbox: %v\n", err)
	os.Exit(5)
}
