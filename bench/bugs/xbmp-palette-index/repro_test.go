// Reproducer for GO-2026-5031: the BMP decoder keeps a pixel's palette index past a short palette (colorsUsed 1, index 1); using the image (At) panics.
package repro

import (
	"bytes"
	"encoding/binary"

	"golang.org/x/image/bmp"

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
	// A 1x1, 1 bit per pixel BMP with a one-colour palette and pixel index 1.
	var b bytes.Buffer
	le := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("BM")
	le(uint32(14 + 40 + 4 + 4)) // file size
	le(uint32(0))               // reserved
	le(uint32(14 + 40 + 4))     // pixel data offset
	le(uint32(40))              // BITMAPINFOHEADER
	le(int32(1))                // width
	le(int32(1))                // height
	le(uint16(1))               // planes
	le(uint16(1))               // bits per pixel
	le(uint32(0))               // no compression
	le(uint32(4))               // image size
	le(uint32(0))               // x pixels per metre
	le(uint32(0))               // y pixels per metre
	le(uint32(1))               // colours used
	le(uint32(0))               // important colours
	b.Write([]byte{0, 0, 0, 0}) // the palette: black
	b.Write([]byte{0x80, 0, 0, 0})
	call(t, "bmp.Decode and At", func() {
		img, err := bmp.Decode(bytes.NewReader(b.Bytes()))
		if err != nil {
			return // the fixed version rejects the index
		}
		_ = img.At(0, 0)
		t.Errorf("bug: Decode accepted a palette index past the palette")
	})
}
