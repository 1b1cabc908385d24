package sysmem

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

const canWatch = true

// Two kernel32 functions, called through syscall's lazy DLL loading rather
// than golang.org/x/sys/windows: two structs and two procedures do not
// justify a dependency. K32GetProcessMemoryInfo is the kernel32 export of
// psapi's GetProcessMemoryInfo (Windows 7 and later).
var (
	kernel32                 = syscall.NewLazyDLL("kernel32.dll")
	procGlobalMemoryStatusEx = kernel32.NewProc("GlobalMemoryStatusEx")
	procGetProcessMemoryInfo = kernel32.NewProc("K32GetProcessMemoryInfo")
)

// memoryStatusEx is MEMORYSTATUSEX.
type memoryStatusEx struct {
	length               uint32
	memoryLoad           uint32
	totalPhys            uint64
	availPhys            uint64
	totalPageFile        uint64
	availPageFile        uint64
	totalVirtual         uint64
	availVirtual         uint64
	availExtendedVirtual uint64
}

// processMemoryCounters is PROCESS_MEMORY_COUNTERS.
type processMemoryCounters struct {
	cb                         uint32
	pageFaultCount             uint32
	peakWorkingSetSize         uintptr
	workingSetSize             uintptr
	quotaPeakPagedPoolUsage    uintptr
	quotaPagedPoolUsage        uintptr
	quotaPeakNonPagedPoolUsage uintptr
	quotaNonPagedPoolUsage     uintptr
	pagefileUsage              uintptr
	peakPagefileUsage          uintptr
}

func totalMemory() int64 {
	ms := memoryStatusEx{length: uint32(unsafe.Sizeof(memoryStatusEx{}))}
	if r, _, _ := procGlobalMemoryStatusEx.Call(uintptr(unsafe.Pointer(&ms))); r == 0 {
		return 0
	}
	return int64(ms.totalPhys)
}

func memoryInfo(h syscall.Handle) (processMemoryCounters, error) {
	pmc := processMemoryCounters{cb: uint32(unsafe.Sizeof(processMemoryCounters{}))}
	r, _, err := procGetProcessMemoryInfo.Call(uintptr(h), uintptr(unsafe.Pointer(&pmc)), uintptr(pmc.cb))
	if r == 0 {
		return pmc, fmt.Errorf("sysmem: GetProcessMemoryInfo: %w", err)
	}
	return pmc, nil
}

func selfPeakRSS() int64 {
	h, err := syscall.GetCurrentProcess()
	if err != nil {
		return 0
	}
	pmc, err := memoryInfo(h)
	if err != nil {
		return 0
	}
	return int64(pmc.peakWorkingSetSize)
}

// processQueryLimitedInformation is PROCESS_QUERY_LIMITED_INFORMATION, the
// access GetProcessMemoryInfo needs (syscall does not define it).
const processQueryLimitedInformation = 0x1000

// processHandle is an open handle of a process with the access
// GetProcessMemoryInfo needs.
type processHandle struct{ h syscall.Handle }

func openProcess(pid int) (processHandle, error) {
	h, err := syscall.OpenProcess(processQueryLimitedInformation, false, uint32(pid))
	if err != nil {
		return processHandle{}, fmt.Errorf("sysmem: OpenProcess %d: %w", pid, err)
	}
	return processHandle{h: h}, nil
}

func (h *processHandle) rss() (int64, error) {
	pmc, err := memoryInfo(h.h)
	if err != nil {
		return 0, err
	}
	return int64(pmc.workingSetSize), nil
}

func (h *processHandle) close() error { return syscall.CloseHandle(h.h) }

func exitedPeakRSS(ps *os.ProcessState) (int64, bool) { return 0, false }
