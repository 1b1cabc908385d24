// Package rss measures the peak resident memory of a process tree.
//
// The rusage a parent gets from wait4 holds ru_maxrss of the single largest
// process among the child and its waited-for descendants, not their sum, so
// it understates a program such as gentest that runs several executor
// processes at once. A Watcher instead samples /proc periodically and sums
// the resident set of the root process and all its live descendants; its
// peak is the largest such sum it saw. Short-lived spikes between samples are
// missed, which is why callers should report it next to ru_maxrss.
package rss

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Watcher samples the summed RSS of a process tree until stopped.
type Watcher struct {
	root     int
	interval time.Duration
	stop     chan struct{}
	done     chan struct{}

	mu   sync.Mutex
	peak int64
	ok   bool
}

// Watch starts sampling the tree rooted at pid every interval.
func Watch(pid int, interval time.Duration) *Watcher {
	w := &Watcher{root: pid, interval: interval, stop: make(chan struct{}), done: make(chan struct{})}
	go w.loop()
	return w
}

func (w *Watcher) loop() {
	defer close(w.done)
	t := time.NewTicker(w.interval)
	defer t.Stop()
	for {
		w.sample()
		select {
		case <-w.stop:
			return
		case <-t.C:
		}
	}
}

func (w *Watcher) sample() {
	total, ok := TreeRSS(w.root)
	if !ok {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.ok = true
	if total > w.peak {
		w.peak = total
	}
}

// Stop ends sampling and returns the peak summed RSS in bytes. ok is false
// if no sample succeeded (no /proc, or the process ended before the first).
func (w *Watcher) Stop() (peak int64, ok bool) {
	close(w.stop)
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.peak, w.ok
}

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
