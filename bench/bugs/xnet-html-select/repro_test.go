// Reproducer for GO-2020-0014: Parse loops forever on a <select> nested in MathML inside a table (inSelectIM / inSelectInTableIM).
package repro

import (
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
)

// call runs f and fails the test if it panics or does not return within 10s.
func call(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	select {
	case r := <-done:
		if r != nil {
			t.Fatalf("bug: %s panicked: %v", what, r)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("bug: %s did not return in 10s", what)
	}
}

func TestRepro(t *testing.T) {
	for _, src := range []string{"<table><math><select><mi><select></table>", "<math><select><mi><select></select>"} {
		call(t, "html.Parse("+src+")", func() { _, _ = html.Parse(strings.NewReader(src)) })
	}
}
