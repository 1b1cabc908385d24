//go:build linux

package rt

import (
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"unsafe"
)

// Landlock confines an executor to its scratch directory. The kernel, not
// gentest's analysis, then guarantees that code under test cannot create,
// write, truncate or remove files elsewhere, execute programs, open TCP
// connections or listeners, ioctl devices, or signal processes outside the
// sandbox; each restriction from the Landlock ABI that introduced it (see
// RulesFor).
//
// landlock_restrict_self only restricts the calling thread, and the Go
// runtime already runs several threads, so the executor restricts its main
// thread and then re-executes itself: the new process starts inside the
// domain and every thread it makes inherits it. This runs in the runtime's
// init, which comes before the package under test's own init functions.
// Verification's test binaries, which are built without this runtime,
// enter the same domain through ExecConfined in the process that executes
// them.

const (
	sysLandlockCreateRuleset = 444
	sysLandlockAddRule       = 445
	sysLandlockRestrictSelf  = 446

	landlockCreateRulesetVersion = 1
	landlockRulePathBeneath      = 1

	accessExecute    = 1 << 0
	accessWriteFile  = 1 << 1
	accessRemoveDir  = 1 << 4
	accessRemoveFile = 1 << 5
	accessMakeChar   = 1 << 6
	accessMakeDir    = 1 << 7
	accessMakeReg    = 1 << 8
	accessMakeSock   = 1 << 9
	accessMakeFifo   = 1 << 10
	accessMakeBlock  = 1 << 11
	accessMakeSym    = 1 << 12
	accessRefer      = 1 << 13 // ABI 2
	accessTruncate   = 1 << 14 // ABI 3
	accessIoctlDev   = 1 << 15 // ABI 5

	netBindTCP    = 1 << 0 // ABI 4
	netConnectTCP = 1 << 1

	scopeAbstractUnixSocket = 1 << 0 // ABI 6
	scopeSignal             = 1 << 1

	prSetNoNewPrivs = 38

	oPath = 0x200000 // O_PATH: a handle for Landlock rules, not for reading
)

type rulesetAttr struct {
	handledFS  uint64
	handledNet uint64
	scoped     uint64
}

// pathBeneathAttr is packed in the kernel ABI: 12 bytes.
type pathBeneathAttr [12]byte

func newPathBeneath(access uint64, fd int) *pathBeneathAttr {
	var a pathBeneathAttr
	*(*uint64)(unsafe.Pointer(&a[0])) = access
	*(*int32)(unsafe.Pointer(&a[8])) = int32(fd)
	return &a
}

// LandlockABI returns the kernel's Landlock ABI version, or 0 when Landlock
// is not available.
func LandlockABI() int {
	v, _, errno := syscall.Syscall(sysLandlockCreateRuleset, 0, 0, landlockCreateRulesetVersion)
	if errno != 0 {
		return 0
	}
	return int(v)
}

// landlockRuleset turns the rules for an ABI into the kernel's handled
// access masks. fsWrite is the set of filesystem rights granted under the
// allowed directories.
func landlockRuleset(r SandboxRules) (attr rulesetAttr, size uintptr, fsWrite uint64) {
	fsWrite = accessWriteFile | accessRemoveDir | accessRemoveFile | accessMakeChar | accessMakeDir |
		accessMakeReg | accessMakeSock | accessMakeFifo | accessMakeBlock | accessMakeSym
	if r.Refer {
		fsWrite |= accessRefer
	}
	if r.Truncate {
		fsWrite |= accessTruncate
	}
	attr.handledFS = fsWrite | accessExecute
	if r.IoctlDev {
		// Handled but granted nowhere: no device opened inside the
		// sandbox can be ioctl'ed (a terminal's TIOCSTI, a disk's
		// BLKDISCARD). Descriptors inherited from before the sandbox,
		// such as stdio, keep their rights.
		attr.handledFS |= accessIoctlDev
	}
	// The struct grows with the ABI; an older kernel rejects a larger size
	// with E2BIG, so pass only the fields it knows.
	size = unsafe.Sizeof(attr.handledFS)
	if r.TCP {
		attr.handledNet = netBindTCP | netConnectTCP
		size += unsafe.Sizeof(attr.handledNet)
	}
	if r.ScopeSignal || r.ScopeAbstractUnix {
		if r.ScopeAbstractUnix {
			attr.scoped |= scopeAbstractUnixSocket
		}
		if r.ScopeSignal {
			attr.scoped |= scopeSignal
		}
		size = unsafe.Sizeof(attr)
	}
	return attr, size, fsWrite
}

// enterSandbox restricts the process to the directories in dirs (a
// filepath.ListSeparator-separated list) and re-executes it; it returns only
// on error.
func enterSandbox(dirs string) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	return confinedExec(dirs, exe, os.Args, append(os.Environ(), EnvSandboxed+"=1"))
}

// ExecConfined replaces the process with the program at the path argv[0],
// run with argv and env, inside the sandbox an executor gets: writes only
// under the directories in dirs (a filepath.ListSeparator-separated list),
// no program executed but that one, and the rest of RulesFor. The kernel
// keeps the domain across the exec, so a program that knows nothing of the
// sandbox (a test binary built without this runtime) runs confined. It
// returns only on error.
func ExecConfined(dirs string, argv, env []string) error {
	if len(argv) == 0 || !filepath.IsAbs(argv[0]) {
		return fmt.Errorf("sandbox: %q is not an absolute program path", argv)
	}
	return confinedExec(dirs, argv[0], argv, env)
}

// confinedExec builds the Landlock domain on this thread, allowing writes
// under dirs and the execution of exe alone, and executes exe in it.
func confinedExec(dirs, exe string, argv, env []string) error {
	abi := LandlockABI()
	if abi < 1 {
		return errors.New("landlock is not available")
	}
	runtime.LockOSThread()
	attr, size, fsWrite := landlockRuleset(RulesFor(abi))
	fd, _, errno := syscall.Syscall(sysLandlockCreateRuleset, uintptr(unsafe.Pointer(&attr)), size, 0)
	if errno != 0 {
		return fmt.Errorf("landlock_create_ruleset: %w", errno)
	}
	type rule struct {
		path   string
		access uint64
	}
	rules := []rule{
		{exe, accessExecute}, // only the program the sandbox is for
		{os.DevNull, accessWriteFile | (fsWrite & accessTruncate)},
	}
	// A dynamically linked binary (cgo, -race) also needs its ELF
	// interpreter to be executable for the exec.
	if interp := elfInterp(exe); interp != "" {
		rules = append(rules, rule{interp, accessExecute})
	}
	for _, d := range filepath.SplitList(dirs) {
		if d != "" {
			rules = append(rules, rule{d, fsWrite})
		}
	}
	for _, r := range rules {
		pfd, err := syscall.Open(r.path, oPath|syscall.O_CLOEXEC, 0)
		if err != nil {
			return fmt.Errorf("opening %s: %w", r.path, err)
		}
		attr := newPathBeneath(r.access, pfd)
		_, _, errno := syscall.Syscall6(sysLandlockAddRule, fd, landlockRulePathBeneath, uintptr(unsafe.Pointer(attr)), 0, 0, 0)
		syscall.Close(pfd)
		if errno != 0 {
			return fmt.Errorf("landlock_add_rule %s: %w", r.path, errno)
		}
	}
	if _, _, errno := syscall.Syscall6(syscall.SYS_PRCTL, prSetNoNewPrivs, 1, 0, 0, 0, 0); errno != 0 {
		return fmt.Errorf("prctl(PR_SET_NO_NEW_PRIVS): %w", errno)
	}
	if _, _, errno := syscall.Syscall(sysLandlockRestrictSelf, fd, 0, 0); errno != 0 {
		return fmt.Errorf("landlock_restrict_self: %w", errno)
	}
	return syscall.Exec(exe, argv, env)
}

// elfInterp returns the ELF interpreter (dynamic loader) of a binary, or ""
// for a static one.
func elfInterp(path string) string {
	f, err := elf.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			b := make([]byte, p.Filesz)
			if _, err := p.ReadAt(b, 0); err != nil {
				return ""
			}
			return strings.TrimRight(string(b), "\x00")
		}
	}
	return ""
}
