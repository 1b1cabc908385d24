// Reproducer for GO-2021-0059: squash reads past the end of an unterminated
// string inside a modifier argument.
package repro

import (
	"testing"

	"github.com/tidwall/gjson"
)

func TestRepro(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("bug: Get panicked: %v", r)
		}
	}()
	in := `0.#[[{}]].@valid:"000`
	gjson.Get(in, in)
}
