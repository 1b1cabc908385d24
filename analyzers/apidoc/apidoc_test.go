package apidoc_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gentest-go/gentest/analyzers/apidoc"
)

func TestFacts(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, apidoc.Analyzer, "apidoc/a", "apidoc/b")
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
