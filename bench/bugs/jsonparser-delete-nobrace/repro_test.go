// Reproducer for GO-2026-4514: Delete on malformed JSON without enclosing braces computes a negative slice index.
package repro

import (
	"testing"
	"time"

	"github.com/buger/jsonparser"
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
	for _, c := range []struct {
		in   string
		path []string
	}{{`"0":"0":`, []string{"0"}}, {`{"a":  `, []string{"a"}}, {`{"a":{"b":  `, []string{"a", "b"}}} {
		call(t, "Delete("+c.in+")", func() { _ = jsonparser.Delete([]byte(c.in), c.path...) })
	}
}
