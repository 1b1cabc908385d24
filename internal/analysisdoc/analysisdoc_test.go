package analysisdoc_test

import (
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/analysisdoc"
)

const multi = `// Copyright

//go:build ignore

// Package foo has the docs of several analyzers.
//
// # Irrelevant heading
//
// This is irrelevant doc.
//
// # Analyzer nocolon
//
// This one has the wrong form for this line.
//
// # Analyzer food
//
// food: reports dining opportunities
//
// This is the doc for analyzer 'food'.
//
// # Analyzer foo
//
// foo: reports diagnostics
//
// This is the doc for analyzer 'foo'.
//
//   - with a list
//
// # Analyzer bar
//
// bar: reports drinking opportunities
//
// This is the doc for analyzer 'bar'.
//
// # Analyzer empty
package blah

var x = syntax error
`

const first = `// # Analyzer top
//
// top: the section is the comment's first line
package top
`

func TestExtract(t *testing.T) {
	for _, test := range []struct {
		src, name string
		want      string // the doc, or "error: " and a part of the error
	}{
		{"", "foo", "error: empty Go source file"},
		{"//foo", "foo", "error: not a Go source file"},
		{"//foo\npackage foo", "foo", "error: no \"# Analyzer foo\" heading"},
		{"package foo", "foo", "error: no package doc comment"},
		{multi, "foo", "reports diagnostics\n\nThis is the doc for analyzer 'foo'.\n\n  - with a list"},
		{multi, "bar", "reports drinking opportunities\n\nThis is the doc for analyzer 'bar'."},
		{multi, "food", "reports dining opportunities\n\nThis is the doc for analyzer 'food'."},
		{multi, "fo", "error: no \"# Analyzer fo\" heading"},
		{multi, "nope", "error: no \"# Analyzer nope\" heading"},
		{multi, "nocolon", "error: \"# Analyzer nocolon\" heading not followed by a \"nocolon: summary...\" line"},
		{multi, "empty", "error: \"# Analyzer empty\" heading not followed"},
		{first, "top", "the section is the comment's first line"},
	} {
		got, err := analysisdoc.Extract(test.src, test.name)
		if want, ok := strings.CutPrefix(test.want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Extract(%q) = %q, %v; want an error containing %q", test.name, got, err, want)
			}
			continue
		}
		if err != nil || got != test.want {
			t.Errorf("Extract(%q) = %q, %v; want %q", test.name, got, err, test.want)
		}
	}
}

func TestMustExtractPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustExtract of a missing section did not panic")
		}
	}()
	analysisdoc.MustExtract(multi, "nope")
}
