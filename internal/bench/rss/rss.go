// Package rss measures the peak resident memory of a process tree.
//
// The rusage a parent gets from wait4 holds ru_maxrss of the single largest
// process among the child and its waited-for descendants, not their sum, so
// it understates a program such as gentest that runs several executor
// processes at once. A Watcher instead samples /proc periodically and sums
// the resident set of the root process and all its live descendants; its
// peak is the largest such sum it saw. Short-lived spikes between samples are
// missed, which is why callers should report it next to ru_maxrss.
//
// Only Linux has /proc; elsewhere TreeRSS and Stop report ok == false and
// callers fall back on ru_maxrss alone.
package rss

import (
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
