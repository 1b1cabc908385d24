package sysmem

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

const treeSupported = true

// treeRSS lists root and its live descendants with their resident sets.
// Children are found through /proc/<pid>/task/<tid>/children (a few small
// reads per process) where the kernel has it, else by reading the parent
// of every process in /proc.
func treeRSS(root int) []procRSS {
	childrenOf := taskChildren
	if _, err := os.Stat("/proc/self/task/" + strconv.Itoa(os.Getpid()) + "/children"); err != nil {
		m := parentMap()
		childrenOf = func(pid int) []int { return m[pid] }
	}
	var out []procRSS
	seen := map[int]bool{}
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		if seen[pid] {
			continue
		}
		seen[pid] = true
		rss, err := processRSS(pid)
		if err != nil {
			continue // exited
		}
		comm, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/comm")
		out = append(out, procRSS{pid: pid, comm: string(comm), rss: rss})
		queue = append(queue, childrenOf(pid)...)
	}
	return out
}

// taskChildren reads the children of every thread of pid: a child belongs
// to the thread that started it.
func taskChildren(pid int) []int {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile(filepath.Join(dir, t.Name(), "children"))
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if c, err := strconv.Atoi(f); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// parentMap maps each live process to its children, from /proc/*/stat.
func parentMap() map[int][]int {
	m := map[int][]int{}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return m
	}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The command name (field 2) may hold spaces and parentheses:
		// count fields after the last ')'.
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 2 {
			continue
		}
		if ppid, err := strconv.Atoi(f[1]); err == nil {
			m[ppid] = append(m[ppid], pid)
		}
	}
	return m
}
