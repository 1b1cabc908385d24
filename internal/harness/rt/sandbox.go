package rt

import (
	"fmt"
	"os"
)

// Environment variables for the sandbox.
const (
	EnvSandbox   = "GENTEST_SANDBOX"   // directories, separated by the list separator: confine the process to them
	EnvSandboxed = "GENTEST_SANDBOXED" // set by the executor after entering the sandbox
)

// SandboxRules says what the sandbox restricts at a Landlock ABI version.
// Each restriction is enforced by the kernel from the ABI that introduced
// it; enterSandbox builds its ruleset from this, and the parent reports it,
// so the two cannot disagree.
type SandboxRules struct {
	// ABI is the kernel's Landlock ABI version; 0 means no sandbox.
	ABI int `json:"abi"`
	// FSWrite: creating, writing and removing files, directories, links,
	// sockets, pipes and devices only under the allowed directories (ABI 1).
	FSWrite bool `json:"fs_write"`
	// Execute: running no program but the executor itself (ABI 1).
	Execute bool `json:"execute"`
	// Refer: linking or renaming a file into another directory only within
	// the allowed directories (ABI 2).
	Refer bool `json:"refer"`
	// Truncate: truncating files only under the allowed directories (ABI 3).
	Truncate bool `json:"truncate"`
	// TCP: no TCP bind or connect (ABI 4).
	TCP bool `json:"tcp"`
	// IoctlDev: no ioctl on character or block devices opened inside the
	// sandbox (ABI 5).
	IoctlDev bool `json:"ioctl_dev"`
	// ScopeSignal: no signals to processes outside the sandbox (ABI 6).
	ScopeSignal bool `json:"scope_signal"`
	// ScopeAbstractUnix: no connecting to abstract Unix sockets created
	// outside the sandbox (ABI 6).
	ScopeAbstractUnix bool `json:"scope_abstract_unix_socket"`
}

// RulesFor returns the restrictions the sandbox applies at Landlock ABI
// version abi (0: none). ABI 7 and later add only audit controls.
func RulesFor(abi int) SandboxRules {
	if abi < 1 {
		return SandboxRules{}
	}
	return SandboxRules{
		ABI:               abi,
		FSWrite:           true,
		Execute:           true,
		Refer:             abi >= 2,
		Truncate:          abi >= 3,
		TCP:               abi >= 4,
		IoctlDev:          abi >= 5,
		ScopeSignal:       abi >= 6,
		ScopeAbstractUnix: abi >= 6,
	}
}

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
