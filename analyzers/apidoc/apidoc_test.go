package apidoc_test

import (
	"path/filepath"
	"testing"

	"github.com/gentest-go/gentest/internal/analyzertest"

	"github.com/gentest-go/gentest/analyzers/apidoc"
)

func TestFacts(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analyzertest.Run(t, dir, apidoc.Analyzer, "apidoc/a", "apidoc/b", "apidoc/c")
}

func TestPanicSentence(t *testing.T) {
	for doc, want := range map[string]string{
		"Grow grows the buffer. If n is negative, Grow will panic.":        "If n is negative, Grow will panic.",
		"MustCompile is like Compile but panics if the\nexpression fails.": "MustCompile is like Compile but panics if the expression fails.",
		"Len never panics.":                       "",
		"Get does not panic on a missing key.":    "",
		"Do runs f; a panic in f is re-raised.":   "Do runs f; a panic in f is re-raised.",
		"Parse parses s. It returns an error.":    "",
		"Index returns -1 without panicking.":     "",
		"Recover stops a panicking goroutine.":    "Recover stops a panicking goroutine.",
		"Reset clears it. Panics on a nil Buffer": "Panics on a nil Buffer",
	} {
		if got := apidoc.PanicSentence(doc); got != want {
			t.Errorf("PanicSentence(%q) = %q, want %q", doc, got, want)
		}
	}
}

func TestProtocolSentence(t *testing.T) {
	methods := []string{"Next", "Key", "Value", "Begin", "Add", "Len"}
	for _, tc := range []struct {
		advance string
		docs    map[string]string
		want    string
	}{
		{"Next", map[string]string{"Next": "Next moves the iterator. If Next() returns true, then the key can be retrieved by Key()."},
			"If Next() returns true, then the key can be retrieved by Key()."},
		{"Next", map[string]string{"Begin": "Begin resets the iterator. Call Next() to fetch the first element if any."},
			"Call Next() to fetch the first element if any."},
		{"Next", map[string]string{"": "Every call to Value, even the first one, must be preceded by a call to Next."},
			"Every call to Value, even the first one, must be preceded by a call to Next."},
		// A method describing only itself states no protocol.
		{"Add", map[string]string{"Add": "Add adds x and returns true if x was not in the set before."}, ""},
		// Naming another method without an order cue states none either.
		{"Next", map[string]string{"Len": "Len counts what Next yields."}, ""},
	} {
		if got := apidoc.ProtocolSentence(tc.advance, tc.docs, methods); got != tc.want {
			t.Errorf("ProtocolSentence(%q, %q) = %q, want %q", tc.advance, tc.docs, got, tc.want)
		}
	}
}
