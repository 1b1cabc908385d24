package generator_test

import (
	"bytes"
	"regexp"
	"testing"
)

// A configuration parser whose purity facts say nondeterministic (it
// reads the environment while checking references in map order) returns
// for a good text what every run agrees on, and its getters read from it
// what every run will (testdata/gen/confget): their results are asserted,
// and no test of them says they depend on the clock (issue 31: a config
// parser's getters got 44 such notes), nor does a note on Parse, whose
// facts blame map order. Expires reads the clock itself: it is never
// asserted, and its test says so.
func TestConfigGettersAsserted(t *testing.T) {
	endToEnd(t)
	_, src := genFixture(t, "confget", 2000)
	clock := regexp.MustCompile(`// (.*) must not panic; what it returns depends on the clock or on randomness\.`)
	for _, m := range clock.FindAllSubmatch(src, -1) {
		if !bytes.Contains(m[1], []byte("Expires(")) {
			t.Errorf("a getter's test says the clock: %s", m[0])
		}
	}
	if !clock.Match(src) {
		t.Errorf("no test says Expires depends on the clock:\n%s", src)
	}
	for _, want := range [][]byte{[]byte(".Len()"), []byte(".Get(")} {
		if !bytes.Contains(src, want) {
			t.Errorf("no %s in the file:\n%s", want, src)
		}
	}
	// Each getter's result is checked: a call of it compared with a want.
	checked := regexp.MustCompile(`if (got|n|s) := \w+\.(Len|Get)\(|got := \w+\.(Len|Get)\([^\n]*\n\s+if got != `)
	if !checked.Match(src) {
		t.Errorf("no getter's result is checked:\n%s", src)
	}
}
