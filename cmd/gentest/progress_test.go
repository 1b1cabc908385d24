package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/generator"
)

func events() []generator.Progress {
	return []generator.Progress{
		{Package: "a", Phase: generator.PhaseModel, Coverage: -1},
		{Package: "b", Phase: generator.PhaseModel, Coverage: -1},
		{Package: "a", Phase: generator.PhaseSearch, Coverage: 0},
		{Package: "a", Phase: generator.PhaseSearch, Execs: 500, Coverage: 0.25},
		{Package: "a", Phase: generator.PhaseSearch, Execs: 900, Coverage: 0.5},
		{Package: "b", Phase: generator.PhaseSkipped, Detail: "is a main package", Coverage: -1},
		{Package: "a", Phase: generator.PhaseDone, Execs: 900, Coverage: 0.4, Detail: "a_gentest_test.go"},
	}
}

// Without a terminal, progress is plain lines: one per phase change, none
// per search tick, no escape sequences.
func TestProgressPlain(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, false)
	for _, ev := range events() {
		p.Report(ev)
	}
	fmt.Fprintf(p, "gentest: a log line\n")
	p.Done()
	want := `gentest: a: model
gentest: b: model
gentest: a: search
gentest: b: skipped: is a main package
gentest: a log line
`
	if buf.String() != want {
		t.Errorf("plain progress:\n%s\nwant:\n%s", buf.String(), want)
	}
}

// On a terminal, each package in progress has one line, rewritten in
// place; skip lines and log lines stay above the live block, a package
// that is done leaves it (the log says what was written), and Done leaves
// nothing of it.
func TestProgressLive(t *testing.T) {
	t.Setenv("COLUMNS", "200")
	var buf bytes.Buffer
	p := newProgress(&buf, true)
	p.Status("gentest: loading and analyzing ./...")
	for _, ev := range events() {
		p.Report(ev)
	}
	fmt.Fprintf(p, "gentest: a log line\n")
	p.Done()
	screen := render(buf.String())
	want := []string{
		"gentest: b: skipped: is a main package",
		"gentest: a log line",
	}
	if strings.Join(screen, "\n") != strings.Join(want, "\n") {
		t.Errorf("screen after the run:\n%s\nwant:\n%s", strings.Join(screen, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(buf.String(), "gentest: loading and analyzing ./...") {
		t.Errorf("the status line never showed:\n%q", buf.String())
	}
	if !strings.Contains(buf.String(), "gentest: a: search: 900 sequences executed, statement coverage 50.0% (search)") {
		t.Errorf("the live line never showed the search's executions and coverage:\n%q", buf.String())
	}
}

// render plays the output on a screen that understands the two escape
// sequences the live display uses (cursor up, erase line).
func render(out string) []string {
	var lines []string
	cur := ""
	for len(out) > 0 {
		switch {
		case strings.HasPrefix(out, "\x1b[1A"):
			if len(lines) > 0 {
				cur = lines[len(lines)-1]
				lines = lines[:len(lines)-1]
			}
			out = out[4:]
		case strings.HasPrefix(out, "\x1b[2K"):
			cur = ""
			out = out[4:]
		case out[0] == '\n':
			lines = append(lines, cur)
			cur = ""
			out = out[1:]
		default:
			cur += out[:1]
			out = out[1:]
		}
	}
	return lines
}

// A regular file is not a terminal.
func TestIsTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Errorf("isTerminal(regular file) = true")
	}
}

// Live lines are cut to the terminal's width, so that none wraps and the
// redraw, one row up per line, stays in step.
func TestProgressLiveWidth(t *testing.T) {
	t.Setenv("COLUMNS", "40")
	var buf bytes.Buffer
	p := newProgress(&buf, true)
	p.Report(generator.Progress{Package: "example.com/a/very/long/import/path", Phase: generator.PhaseSearch, Execs: 123456, Coverage: 0.5})
	line := strings.TrimSuffix(buf.String(), "\n")
	if n := len([]rune(line)); n != 39 || !strings.HasSuffix(line, "…") {
		t.Errorf("live line %q has %d runes, want 39 ending in …", line, n)
	}
}
