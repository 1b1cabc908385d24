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
// overflow, a runtime error at non-zero inputs): DecodeDigit keeps its
// test (and a Panics test when the search reaches the panic), and
// ParseSum, a parser that documents no panic, keeps its fuzz target.
func TestNoFuzzTargetForDocumentedPanics(t *testing.T) {
	endToEnd(t)
	_, src := genFixture(t, "docfuzz", 3000)
	text := string(src)
	if strings.Contains(text, "func FuzzDecodeDigit(") {
		t.Errorf("DecodeDigit documents its panic but has a fuzz target:\n%s", text)
	}
	for _, want := range []string{"func TestDecodeDigit", "func FuzzParseSum("} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in the tests:\n%s", want, text)
		}
	}
}

// Fuzz targets, whose only check is that no input panics, are written for
// parsers and decoders of text or bytes only, and at most three a file
// (issue 31's review: 153 panic-only targets in 17 files, 42 of them over
// math/bits' arithmetic): the fixture has five parsers, and arithmetic
// and a text transformation that get none.
func TestFuzzTargetsOnlyForParsers(t *testing.T) {
	endToEnd(t)
	_, src := genFixture(t, "fuzzparsers", 3000)
	text := string(src)
	n := strings.Count(text, "\nfunc Fuzz")
	if n == 0 || n > 3 {
		t.Errorf("%d fuzz targets, want 1 to 3:\n%s", n, text)
	}
	for _, bad := range []string{"func FuzzAdd(", "func FuzzReverse("} {
		if strings.Contains(text, bad) {
			t.Errorf("%s: a fuzz target for an operation that parses nothing:\n%s", bad, text)
		}
	}
}
