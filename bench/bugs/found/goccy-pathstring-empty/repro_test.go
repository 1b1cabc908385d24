// PathString("") returns a Path and no error, and the Path's String method
// panics (github.com/goccy/go-yaml v1.19.2): the builder's root is nil when
// the text has no '$'. Found by gentest (60 s, seed 1).
package repro

import (
	"testing"

	"github.com/goccy/go-yaml"
)

func TestRepro(t *testing.T) {
	p, err := yaml.PathString("")
	if err != nil {
		t.Skipf("PathString(\"\") returned an error (fixed): %v", err)
	}
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("bug: String of the Path PathString(\"\") returned with no error panicked: %v", r)
		}
	}()
	t.Logf("String() = %q", p.String())
}
