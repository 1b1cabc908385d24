// Reproducer for GO-2026-5066: the TIFF decoder allocates an image of the header's dimensions (0x7f000000 square) before reading any pixel data (the header is the fix's own test).
package repro

import (
	"bytes"

	"golang.org/x/image/tiff"

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
	header := []byte{
		'I', 'I', 42, 0, 8, 0, 0, 0, // header, first IFD at 8
		4, 0, // 4 IFD entries
		0, 1, 4, 0, 1, 0, 0, 0, 0x00, 0x00, 0x00, 0x7f, // ImageWidth 0x7f000000
		1, 1, 4, 0, 1, 0, 0, 0, 0x00, 0x00, 0x00, 0x7f, // ImageLength 0x7f000000
		0x11, 0x01, 4, 0, 1, 0, 0, 0, 0, 0, 0, 0, // StripOffsets 0
		0x17, 0x01, 4, 0, 1, 0, 0, 0, 0, 0, 0, 0, // StripByteCounts 0
		0, 0, 0, 0, // no next IFD
	}
	call(t, "tiff.Decode", func() {
		if _, err := tiff.Decode(bytes.NewReader(header)); err == nil {
			t.Errorf("bug: Decode accepted a 0x7f000000-square image with no pixel data")
		}
	})
}
