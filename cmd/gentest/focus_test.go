package main

import (
	"strings"
	"testing"
)

// TestAt: -at resolves a line to the declaration around it: a function,
// a method (body or doc comment), a type; a line between declarations is
// an error.
func TestAt(t *testing.T) {
	const file = "../../testdata/gen/focus/focus.go"
	for line, want := range map[int]string{
		9:  `^Abs$`,
		49: `^Stack\.Pop$`, // the doc comment
		54: `^Stack\.Pop$`, // the body
		38: `^Stack$`,
	} {
		got, err := enclosing(file, line)
		if err != nil || got != want {
			t.Errorf("line %d: %q, %v; want %q", line, got, err, want)
		}
	}
	if got, err := enclosing(file, 5); err == nil {
		t.Errorf("line 5 (an import) resolved to %q", got)
	}
	f := &genFlags{at: file + ":9"}
	run, pats, err := f.focus(nil)
	if err != nil || run != `^Abs$` || len(pats) != 1 || !strings.HasSuffix(pats[0], "testdata/gen/focus") {
		t.Errorf("-at %s: run %q, patterns %v, %v", f.at, run, pats, err)
	}
	for _, bad := range []string{"focus.go", "focus.go:0", "focus.go:x"} {
		if _, _, err := (&genFlags{at: bad}).focus(nil); err == nil {
			t.Errorf("-at %s: no error", bad)
		}
	}
	if _, _, err := (&genFlags{at: file + ":9", runRE: "X"}).focus(nil); err == nil {
		t.Errorf("-at and -run together: no error")
	}
}
