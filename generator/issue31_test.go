package generator_test

import (
	"strings"
	"testing"
)

// Sentinels that are not of type error (issue 31's review: stats pinned
// "Input must not be empty." 41 times although it exports ErrEmptyInput =
// statsError{...}): a value of a comparable error type and a pointer to
// an error type are sentinels too, so the executor names them when
// errors.Is matches and the file checks them with errors.Is, never by
// message.
func TestTypedSentinels(t *testing.T) {
	endToEnd(t)
	_, src := genFixture(t, "typedsentinels", 3000)
	text := string(src)
	for _, want := range []string{"typedsentinels.ErrEmptyInput", "typedsentinels.ErrNegative", "typedsentinels.ErrTooLarge", "errors.Is("} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in the tests:\n%s", want, text)
		}
	}
	for _, bad := range []string{"Input must not be empty.", "Must not contain negative values.", "above the limit"} {
		if strings.Contains(text, bad) {
			t.Errorf("the message %q is pinned:\n%s", bad, text)
		}
	}
}

// A function whose doc comment announces a panic gets no fuzz target
// (issue 31's review: math/bits' FuzzDiv failed on Div's documented
// overflow, a runtime error at non-zero inputs): Digit keeps its test
// (and a Panics test when the search reaches the panic), and Sum, which
// documents no panic, keeps its fuzz target.
func TestNoFuzzTargetForDocumentedPanics(t *testing.T) {
	endToEnd(t)
	_, src := genFixture(t, "docfuzz", 3000)
	text := string(src)
	if strings.Contains(text, "func FuzzDigit(") {
		t.Errorf("Digit documents its panic but has a fuzz target:\n%s", text)
	}
	for _, want := range []string{"func TestDigit(", "func FuzzSum("} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in the tests:\n%s", want, text)
		}
	}
}
