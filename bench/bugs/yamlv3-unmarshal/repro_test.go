// Reproducer for GO-2022-0603 (yaml.v3 issue 666): the parser ignores an error
// state after a successful-looking parse step and later panics.
package repro

import (
	"testing"

	"gopkg.in/yaml.v3"
)

func TestRepro(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("bug: Unmarshal panicked: %v", r)
		}
	}()
	var v any
	_ = yaml.Unmarshal([]byte("0: [:!00 \xef"), &v)
}
