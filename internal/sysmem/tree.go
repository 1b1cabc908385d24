package sysmem

import (
	"os"
	"strings"
	"sync"
	"time"
)

// TreeWatcher samples the resident sets of the current process and all its
// descendants (executors, the go command and the compiler and linker it
// runs, test binaries) until stopped, keeping the peak of each process
// name and the peak of their sum. A child's own peak is not available
// after it exits (on Linux its ru_maxrss starts from the parent's
// high-water mark, see ExitedPeakRSS), so sampling is the honest measure;
// processes shorter than the period, and spikes between samples, are
// missed.
//
// Only Linux lists a process's children cheaply (/proc/<pid>/task/<tid>/
// children, or /proc/<pid>/stat of every process); elsewhere the watcher
// records nothing and Peaks reports ok == false.
type TreeWatcher struct {
	period time.Duration
	stop   chan struct{}
	done   chan struct{}

	mu    sync.Mutex
	peaks TreePeaks
}

// TreePeaks are the peaks a TreeWatcher saw.
type TreePeaks struct {
	// ByName maps a process's role to the largest resident set in bytes
	// that any process of that role had: "gentest" for the current
	// process, "test binary" for a *.test program, else the command
	// name (executor, go, compile, link, ...).
	ByName map[string]int64
	// Total is the largest sum of the resident sets of the tree at one
	// sample.
	Total int64
	// OK is false when no sample succeeded.
	OK bool
}

// Max is the largest resident set of any single process.
func (p TreePeaks) Max() int64 {
	var m int64
	for _, v := range p.ByName {
		m = max(m, v)
	}
	return m
}

// Note raises the peak of name to rss if it is larger: for peaks measured
// elsewhere (the current process's own high-water mark, the executor
// pool's faster watch).
func (p *TreePeaks) Note(name string, rss int64) {
	if rss <= 0 {
		return
	}
	if p.ByName == nil {
		p.ByName = map[string]int64{}
	}
	p.ByName[name] = max(p.ByName[name], rss)
}

// SelfName is the role of the current process in TreePeaks.ByName.
const SelfName = "gentest"

// WatchTree starts sampling the current process's tree every period.
func WatchTree(period time.Duration) *TreeWatcher {
	w := &TreeWatcher{period: period, stop: make(chan struct{}), done: make(chan struct{})}
	w.peaks.ByName = map[string]int64{}
	if !treeSupported {
		close(w.done)
		return w
	}
	go w.loop()
	return w
}

func (w *TreeWatcher) loop() {
	defer close(w.done)
	t := time.NewTicker(w.period)
	defer t.Stop()
	self := os.Getpid()
	s := newTreeSampler(self)
	defer s.close()
	for {
		w.sample(self, s)
		select {
		case <-w.stop:
			return
		case <-t.C:
		}
	}
}

func (w *TreeWatcher) sample(self int, s *treeSampler) {
	procs := s.sample()
	if len(procs) == 0 {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.peaks.OK = true
	selfComm := ""
	for _, p := range procs {
		if p.pid == self {
			selfComm = p.comm
		}
	}
	var total int64
	for _, p := range procs {
		name := roleName(p.comm)
		switch {
		case p.pid == self:
			name = SelfName
		case p.comm == selfComm:
			// A child between fork and exec still has gentest's name
			// (and may share its memory): not a process of its own yet.
			continue
		}
		total += p.rss
		w.peaks.Note(name, p.rss)
	}
	w.peaks.Total = max(w.peaks.Total, total)
}

// roleName groups processes by what they are: test binaries (named after
// their package) under one name, others by their command name.
func roleName(comm string) string {
	comm = strings.TrimSpace(comm)
	if strings.HasSuffix(comm, ".test") || strings.HasSuffix(comm, ".test.exe") {
		return "test binary"
	}
	if comm == "" {
		return "unknown"
	}
	return comm
}

// Peaks returns the peaks so far, in a map of its own.
func (w *TreeWatcher) Peaks() TreePeaks {
	w.mu.Lock()
	defer w.mu.Unlock()
	p := w.peaks
	p.ByName = make(map[string]int64, len(w.peaks.ByName))
	for k, v := range w.peaks.ByName {
		p.ByName[k] = v
	}
	return p
}

// Stop ends sampling and returns the peaks.
func (w *TreeWatcher) Stop() TreePeaks {
	select {
	case <-w.stop:
	default:
		close(w.stop)
	}
	<-w.done
	return w.Peaks()
}

// procRSS is one process of the tree: its id, command name and resident
// set in bytes.
type procRSS struct {
	pid  int
	comm string
	rss  int64
}
