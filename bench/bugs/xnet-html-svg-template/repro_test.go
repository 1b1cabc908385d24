// Reproducer for GO-2022-0197: Parse matches a foreign-namespace <template> as an HTML one and pops past the stack.
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
	call(t, "html.Parse", func() { _, _ = html.Parse(strings.NewReader("<svg><template><desc><t><svg></template>")) })
}
