package executor

import (
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"unsafe"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// passPipes hands the executor its request and result pipes. Windows has
// no descriptors at fixed numbers, so the two handles are inherited (and,
// by os/exec's handle list, only they besides stdio) and named in an
// environment variable (see rt/pipes_windows.go). os.Pipe's handles are
// created inheritable.
func passPipes(cmd *osexec.Cmd, req, res *os.File) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	in, out := req.Fd(), res.Fd()
	cmd.SysProcAttr.AdditionalInheritedHandles = append(cmd.SysProcAttr.AdditionalInheritedHandles,
		syscall.Handle(in), syscall.Handle(out))
	cmd.Env = append(cmd.Env, rt.EnvPipes+"="+strconv.FormatUint(uint64(in), 10)+","+strconv.FormatUint(uint64(out), 10))
}

// setGroup starts the executor in a new console process group, so that a
// Ctrl+C meant for gentest does not reach it directly (gentest stops its
// executors itself), as Setpgid does on Unix.
func setGroup(cmd *osexec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.CreationFlags |= syscall.CREATE_NEW_PROCESS_GROUP
}

// Job objects, called through syscall's lazy DLL loading rather than
// golang.org/x/sys/windows: four procedures and one struct do not justify
// a dependency.
var (
	kernel32                     = syscall.NewLazyDLL("kernel32.dll")
	procCreateJobObjectW         = kernel32.NewProc("CreateJobObjectW")
	procSetInformationJobObject  = kernel32.NewProc("SetInformationJobObject")
	procAssignProcessToJobObject = kernel32.NewProc("AssignProcessToJobObject")
	procTerminateJobObject       = kernel32.NewProc("TerminateJobObject")
)

const (
	jobObjectExtendedLimitInformation = 9      // JOBOBJECTINFOCLASS
	jobObjectLimitKillOnJobClose      = 0x2000 // JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	processSetQuota                   = 0x0100 // PROCESS_SET_QUOTA
	processTerminate                  = 0x0001 // PROCESS_TERMINATE
)

// jobExtendedLimitInformation is JOBOBJECT_EXTENDED_LIMIT_INFORMATION.
type jobExtendedLimitInformation struct {
	perProcessUserTimeLimit int64
	perJobUserTimeLimit     int64
	limitFlags              uint32
	minimumWorkingSetSize   uintptr
	maximumWorkingSetSize   uintptr
	activeProcessLimit      uint32
	affinity                uintptr
	priorityClass           uint32
	schedulingClass         uint32
	ioCounters              [6]uint64
	processMemoryLimit      uintptr
	jobMemoryLimit          uintptr
	peakProcessMemoryUsed   uintptr
	peakJobMemoryUsed       uintptr
}

// procGroup is a job object holding the executor, so that one kill reaches
// everything it started, and so that the executors die with gentest (the
// job kills its processes when its last handle closes). Processes the
// executor starts join the job; the executor is assigned just after it
// starts, before it reads its first request, so only the package's init
// functions could start a process outside it.
type procGroup struct {
	mu  sync.Mutex
	job syscall.Handle // 0 when the job could not be made or is closed
}

// joinGroup puts the executor in a new job object. It is best effort: where
// that fails (a job gentest itself runs in may forbid it), kill reaches the
// executor alone.
func joinGroup(p *os.Process) *procGroup {
	g := &procGroup{}
	job, _, _ := procCreateJobObjectW.Call(0, 0)
	if job == 0 {
		return g
	}
	info := jobExtendedLimitInformation{limitFlags: jobObjectLimitKillOnJobClose}
	r, _, _ := procSetInformationJobObject.Call(job, jobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), unsafe.Sizeof(info))
	if r == 0 {
		syscall.CloseHandle(syscall.Handle(job))
		return g
	}
	h, err := syscall.OpenProcess(processSetQuota|processTerminate, false, uint32(p.Pid))
	if err != nil {
		syscall.CloseHandle(syscall.Handle(job))
		return g
	}
	r, _, _ = procAssignProcessToJobObject.Call(job, uintptr(h))
	syscall.CloseHandle(h)
	if r == 0 {
		syscall.CloseHandle(syscall.Handle(job))
		return g
	}
	g.job = syscall.Handle(job)
	return g
}

// kill terminates every process in the job, and the executor itself in any
// case. The lock keeps a kill from a timer or the memory watch from using
// the job handle after close released it (the value could be reused).
func (g *procGroup) kill(p *os.Process) {
	g.mu.Lock()
	if g.job != 0 {
		procTerminateJobObject.Call(uintptr(g.job), 1)
	}
	g.mu.Unlock()
	p.Kill()
}

// close releases the job; with KILL_ON_JOB_CLOSE that also ends whatever
// the executor left running.
func (g *procGroup) close() {
	g.mu.Lock()
	if g.job != 0 {
		syscall.CloseHandle(g.job)
		g.job = 0
	}
	g.mu.Unlock()
}

// signaled reports false: Windows processes end with an exit code, never a
// signal.
func signaled(ps *os.ProcessState) (string, bool) { return "", false }

// platformEnv is the executor's profile, temporary and application data
// directories, all inside its scratch directory, and a PATH of the system
// directory only. os/exec adds SYSTEMROOT, which Windows needs.
func platformEnv(home, tmp string) []string {
	env := []string{
		"USERPROFILE=" + home,
		"HOME=" + home,
		"TMP=" + tmp,
		"TEMP=" + tmp,
		"APPDATA=" + filepath.Join(home, "AppData", "Roaming"),
		"LOCALAPPDATA=" + filepath.Join(home, "AppData", "Local"),
	}
	if root := os.Getenv("SystemRoot"); root != "" {
		env = append(env, "PATH="+filepath.Join(root, "System32"))
	}
	return env
}
