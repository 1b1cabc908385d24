// Reproducer for GO-2021-0054: unwrap's guard `len(json) >= 2 && json[0] == '[' || json[0] == '{'`
// reads json[0] of an empty string (operator precedence).
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
	in := `[#.@pretty.@join:{""[]""preserve"3,"][{]]]`
	gjson.Get(in, in)
}
