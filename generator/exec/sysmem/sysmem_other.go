//go:build !linux && !darwin && !windows

package sysmem

const canWatch = false

func totalMemory() int64 { return 0 }

func processRSS(pid int) (int64, error) { return 0, ErrUnsupported }

type processHandle struct{}

func openProcess(pid int) (processHandle, error) { return processHandle{}, ErrUnsupported }
func (h *processHandle) rss() (int64, error)     { return 0, ErrUnsupported }
func (h *processHandle) close() error            { return nil }
