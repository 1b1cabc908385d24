// Reproducer for GO-2024-2937: the TIFF decoder stores a colour index past the palette's end; the image's later use (At) panics. testdata/invalid-palette-ref.tiff is the upstream test file (x/image v0.18.0 testdata).
package repro

import (
	"bytes"
	"os"

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
	data, err := os.ReadFile("testdata/invalid-palette-ref.tiff")
	if err != nil {
		t.Fatal(err)
	}
	call(t, "tiff.Decode and At", func() {
		img, err := tiff.Decode(bytes.NewReader(data))
		if err != nil {
			return // the fixed version rejects the file
		}
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				_ = img.At(x, y)
			}
		}
		t.Errorf("bug: Decode accepted an image with a colour index outside its palette")
	})
}
