package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/gentest-go/gentest/generator"
)

// isTerminal reports whether f is a terminal (a character device), which
// is enough to choose between a live display and plain lines without a
// terminal library.
func isTerminal(f *os.File) bool {
	if os.Getenv("TERM") == "dumb" {
		return false // a terminal that does not move the cursor
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// liveWidth is the width live lines are cut to: a line that wrapped would
// take two rows and break the redraw, which moves up one row per line.
// $COLUMNS when the shell exports it, else the narrowest usual terminal.
func liveWidth() int {
	var n int
	if _, err := fmt.Sscan(os.Getenv("COLUMNS"), &n); err == nil && n > 20 {
		return n - 1
	}
	return 79
}

// cut shortens s to at most width runes.
func cut(s string, width int) string {
	r := []rune(s)
	if len(r) <= width {
		return s
	}
	return string(r[:width-1]) + "…"
}

// progress shows each package's progress. On a terminal (live) it keeps
// one line per package in progress at the bottom, rewritten in place, with
// log lines printed above it; elsewhere it prints a plain line when a
// package changes phase, and passes log lines through.
type progress struct {
	mu     sync.Mutex
	w      io.Writer
	live   bool
	order  []string                      // packages in progress, in the order they started
	state  map[string]generator.Progress // their last report
	drawn  int                           // lines of the live block on screen
	buf    []byte                        // an unfinished log line
	status string                        // a line shown before any package starts (loading)
	width  int                           // live lines are cut to this many runes
}

func newProgress(w io.Writer, live bool) *progress {
	return &progress{w: w, live: live, state: map[string]generator.Progress{}, width: liveWidth()}
}

// Report is the generator's Config.Progress.
func (p *progress) Report(ev generator.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	prev, known := p.state[ev.Package]
	final := ev.Phase == generator.PhaseDone || ev.Phase == generator.PhaseSkipped || ev.Phase == generator.PhaseFailed
	if !p.live {
		// Plain lines: one per phase change, none per tick; the log's
		// "wrote" line already says a package is done.
		if (!known || prev.Phase != ev.Phase) && ev.Phase != generator.PhaseDone {
			fmt.Fprintln(p.w, progressLine(ev))
		}
		if final {
			delete(p.state, ev.Package)
		} else {
			p.state[ev.Package] = ev
		}
		return
	}
	p.clear()
	p.status = "" // packages are under way
	if final {
		delete(p.state, ev.Package)
		p.remove(ev.Package)
		if ev.Phase != generator.PhaseDone {
			// The log's "wrote" line already says a package is done.
			fmt.Fprintln(p.w, progressLine(ev))
		}
	} else {
		if !known {
			p.order = append(p.order, ev.Package)
		}
		p.state[ev.Package] = ev
	}
	p.draw()
}

// Status shows a line on a terminal until the first log line: what
// gentest does before any package starts (loading and analysing takes
// seconds to minutes on a module).
func (p *progress) Status(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	p.status = s
	p.draw()
}

// Write takes log lines; on a terminal they go above the live block.
func (p *progress) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	i := bytes.LastIndexByte(p.buf, '\n')
	if i < 0 {
		return len(b), nil
	}
	lines := p.buf[:i+1]
	p.clear()
	p.status = ""
	_, err := p.w.Write(lines)
	p.buf = append(p.buf[:0], p.buf[i+1:]...)
	p.draw()
	return len(b), err
}

// Done removes the live block, leaving the screen to what follows.
func (p *progress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	if len(p.buf) > 0 {
		p.w.Write(append(p.buf, '\n'))
		p.buf = nil
	}
}

func (p *progress) remove(pkg string) {
	for i, q := range p.order {
		if q == pkg {
			p.order = append(p.order[:i], p.order[i+1:]...)
			return
		}
	}
}

// clear erases the live block: up one line and erase it, per line drawn.
func (p *progress) clear() {
	if !p.live || p.drawn == 0 {
		return
	}
	p.w.Write([]byte(strings.Repeat("\x1b[1A\x1b[2K", p.drawn)))
	p.drawn = 0
}

func (p *progress) draw() {
	if !p.live {
		return
	}
	var b strings.Builder
	if p.status != "" {
		b.WriteString(cut(p.status, p.width))
		b.WriteByte('\n')
	}
	for _, pkg := range p.order {
		b.WriteString(cut(progressLine(p.state[pkg]), p.width))
		b.WriteByte('\n')
	}
	p.w.Write([]byte(b.String()))
	p.drawn = strings.Count(b.String(), "\n")
}

// progressLine says where a package is: its phase, and during the search
// the sequences executed and the statement coverage the probes measured.
func progressLine(ev generator.Progress) string {
	s := "gentest: " + ev.Package + ": " + ev.Phase
	switch ev.Phase {
	case generator.PhaseSkipped:
		return s + ": " + ev.Detail
	case generator.PhaseFailed:
		return s + ": " + ev.Detail
	case generator.PhaseDone:
		return fmt.Sprintf("%s: %d sequences executed, statement coverage %.1f%% (go test), wrote %s", s, ev.Execs, 100*ev.Coverage, ev.Detail)
	}
	if ev.Execs > 0 {
		s += fmt.Sprintf(": %d sequences executed", ev.Execs)
	}
	if ev.Coverage >= 0 && ev.Execs > 0 {
		s += fmt.Sprintf(", statement coverage %.1f%% (search)", 100*ev.Coverage)
	}
	return s
}
