// Reproducer for GO-2020-0015: a UTF-16 decoder configured with UseBOM loops
// forever on a single input byte.
package repro

import (
	"testing"
	"time"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

func TestRepro(t *testing.T) {
	dec := unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewDecoder()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _, _ = transform.String(dec, "\x00")
	}()
	select {
	case <-done:
	// 2 s, not 10: the loop doubles its buffer each round, and under load
	// 10 s were enough to run the machine out of memory before the deadline.
	case <-time.After(2 * time.Second):
		t.Fatal("bug: transform.String with a UseBOM UTF-16 decoder did not return in 2s")
	}
}
