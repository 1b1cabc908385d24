package rss

import (
	"os"
	"strconv"
	"strings"
)

// TreeRSS is the summed resident memory in bytes of pid and its descendants
// now. ok is false if pid's memory could not be read.
func TreeRSS(pid int) (total int64, ok bool) {
	children := childrenMap()
	page := int64(os.Getpagesize())
	queue := []int{pid}
	seen := map[int]bool{}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		if pages, err := residentPages(p); err == nil {
			total += pages * page
			if p == pid {
				ok = true
			}
		}
		queue = append(queue, children[p]...)
	}
	return total, ok
}

// childrenMap maps each live process to its children, from /proc/*/stat.
func childrenMap() map[int][]int {
	m := make(map[int][]int)
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return m
	}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		ppid, err := parentOf(pid)
		if err != nil {
			continue
		}
		m[ppid] = append(m[ppid], pid)
	}
	return m
}

// parentOf reads the ppid field of /proc/pid/stat. The command name (field 2)
// may contain spaces and parentheses, so fields are counted after the last ')'.
func parentOf(pid int) (int, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, strconv.ErrSyntax
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return 0, strconv.ErrSyntax
	}
	return strconv.Atoi(f[1])
}

// residentPages reads the resident field of /proc/pid/statm.
func residentPages(pid int) (int64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0, err
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, strconv.ErrSyntax
	}
	return strconv.ParseInt(f[1], 10, 64)
}
