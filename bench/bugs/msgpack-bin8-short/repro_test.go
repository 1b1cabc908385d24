// Reproducer for GO-2022-0972: Unmarshal reads a bin8 length byte past the end
// of a truncated input.
package repro

import (
	"testing"

	"github.com/shamaton/msgpack/v2"
)

func TestRepro(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("bug: Unmarshal panicked: %v", r)
		}
	}()
	var b []byte
	_ = msgpack.Unmarshal([]byte{0xc4}, &b)
}
