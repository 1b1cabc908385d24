// A yaml.v2 Decoder used again after Decode returned a syntax error panics
// with "attempted to parse unknown event: none" (gopkg.in/yaml.v2 v2.4.0,
// the last release): the parser is left mid-document and the next Decode
// reads an event of type none. yaml.v3 fixed the same state in
// 8f96da9 (GO-2022-0603). Found by gentest (60 s, seed 1).
package repro

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v2"
)

func TestRepro(t *testing.T) {
	d := yaml.NewDecoder(strings.NewReader("{10z"))
	var v interface{}
	err := d.Decode(&v)
	t.Logf("first Decode: %v", err) // yaml: line 1: did not find expected ',' or '}'
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("bug: Decode after a syntax error panicked: %v", r)
		}
	}()
	t.Logf("second Decode: %v", d.Decode(&v))
}
