// Reproducer for GO-2021-0238: ParseFragment loops forever on templates inside foreign content.
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
	for _, src := range []string{"<math><html><template><mn><template></template></template>", "<math><math><head><mi><template>"} {
		call(t, "html.ParseFragment("+src+")", func() { _, _ = html.ParseFragment(strings.NewReader(src), nil) })
	}
}
