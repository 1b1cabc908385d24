package generator_test

import (
	"bytes"
	"testing"
)

// Pure float and complex functions whose results are NaN, an infinity or
// -0 for some inputs (testdata/gen/floats) are as deterministic as any:
// every test checks its target's result, NaN with math.IsNaN (== never
// holds for it) and -0 with its sign (== takes it for +0), and none says
// what it returns "was not the same in two runs". Before issue 31, 85
// calls of math/cmplx were written as `_ = f(x)` with that comment: the
// oracle took NaN for unstable and the emitter could not write a complex
// value at all.
func TestFloatsAsserted(t *testing.T) {
	endToEnd(t)
	sum, src := genFixture(t, "floats", 2000)
	for _, bad := range []string{"not the same in two runs", "must not panic"} {
		if bytes.Contains(src, []byte(bad)) {
			t.Errorf("the file says %q:\n%s", bad, src)
		}
	}
	if sum.Asserted != 1 {
		t.Errorf("asserted fraction %v, want 1:\n%s", sum.Asserted, src)
	}
	for _, want := range []string{"math.IsNaN(", "math.Signbit(", "floats.Unit(", "floats.LogOf(", "complex(", "slices.EqualFunc("} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("no %s in the file:\n%s", want, src)
		}
	}
}
