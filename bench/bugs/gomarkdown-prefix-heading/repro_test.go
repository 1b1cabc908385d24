// Reproducer for GO-2023-2074: citation reads citation[1] of a one-byte citation "[@]" (mmark extensions; the fix also guards Parser.isPrefixHeading).
package repro

import (
	"github.com/gomarkdown/markdown/parser"

	"testing"
	"time"
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
	for _, in := range []string{"[@]"} {
		call(t, "Parse("+in+")", func() {
			p := parser.NewWithExtensions(parser.CommonExtensions | parser.Mmark)
			p.Parse([]byte(in))
		})
	}
}
