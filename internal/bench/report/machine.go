package report

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Machine describes where the benchmark ran.
type Machine struct {
	GoVersion string // output of go version
	NumCPU    int
	MemoryMB  int64 // MemTotal, 0 if unknown
	CPUModel  string
	Date      time.Time
}

// DetectMachine reads the machine description from go version, /proc/meminfo
// and /proc/cpuinfo. Unknown parts stay empty.
func DetectMachine(ctx context.Context, env []string) Machine {
	m := Machine{NumCPU: runtime.NumCPU(), Date: time.Now().UTC()}
	cmd := exec.CommandContext(ctx, "go", "version")
	cmd.Env = env
	if out, err := cmd.Output(); err == nil {
		m.GoVersion = strings.TrimSpace(string(out))
	}
	if v := procField("/proc/meminfo", "MemTotal"); v != "" {
		if kb, err := strconv.ParseInt(strings.TrimSuffix(v, " kB"), 10, 64); err == nil {
			m.MemoryMB = kb / 1024
		}
	}
	m.CPUModel = procField("/proc/cpuinfo", "model name")
	return m
}

// procField returns the value of the first "key: value" line of file.
func procField(file, key string) string {
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
