// Reproducer for GO-2021-0089: Delete on JSON with an opening bracket and no closing one loops (findKeyStart adds blockEnd's -1).
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
	for _, in := range []string{`{"a":[`, `{"a":{`} {
		call(t, "Delete("+in+")", func() { _ = jsonparser.Delete([]byte(in), "b") })
	}
}
