// Reproducer for GO-2021-0057: Get with a malformed array-index key ("[")
// slices keys[level][1:len-1] without checking the key's length.
package repro

import (
	"testing"

	"github.com/buger/jsonparser"
)

func TestRepro(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("bug: Get panicked: %v", r)
		}
	}()
	_, _, _, _ = jsonparser.Get([]byte(`[""]`), "[")
}
