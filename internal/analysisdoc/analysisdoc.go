// Package analysisdoc extracts an analyzer's Doc string from the package
// documentation in its doc.go, so that the documentation on pkg.go.dev and
// the help printed by gentest vet, go vet -vettool and golangci-lint come
// from one source and cannot drift apart.
//
// It does what golang.org/x/tools/internal/analysis/analyzerutil.ExtractDoc
// does for the x/tools passes (nilness and the rest), which analyzers
// outside x/tools cannot import. An analyzer package embeds its doc.go:
//
//	//go:embed doc.go
//	var doc string
//
//	var Analyzer = &analysis.Analyzer{
//		Name: "purity",
//		Doc:  analysisdoc.MustExtract(doc, "purity"),
//		...
//	}
//
// and its package comment holds a section of this form:
//
//	// # Analyzer purity
//	//
//	// purity: compute effect facts and check purity conventions
//	//
//	// The full description, up to the next heading or the comment's end.
package analysisdoc

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// Extract returns the section of the package doc comment of the Go source
// src headed "# Analyzer name", in the form analysis.Analyzer.Doc expects:
// the summary after "name:" on the section's first line, then the rest of
// the section up to the next heading. The first line of the result is what
// drivers print in their lists of analyzers, the whole of it what they
// print as one analyzer's help.
func Extract(src, name string) (string, error) {
	if src == "" {
		return "", errors.New("analysisdoc: empty Go source file")
	}
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("analysisdoc: not a Go source file: %w", err)
	}
	if f.Doc == nil {
		return "", errors.New("analysisdoc: Go source file has no package doc comment")
	}
	heading := "Analyzer " + name
	// Text renders headings as "# Heading" lines after a blank line, so a
	// section starts after "\n# " (or at the very start of the comment).
	for section := range strings.SplitSeq("\n"+f.Doc.Text(), "\n# ") {
		body, ok := strings.CutPrefix(section, heading)
		if !ok || (body != "" && body[0] != '\n' && body[0] != '\r') {
			continue // another heading, or one that only starts with this name
		}
		body = strings.TrimSpace(body)
		summary, ok := strings.CutPrefix(body, name+":")
		if !ok {
			return "", fmt.Errorf("analysisdoc: %q heading not followed by a %q line", "# "+heading, name+": summary...")
		}
		return strings.TrimSpace(summary), nil
	}
	return "", fmt.Errorf("analysisdoc: package doc comment has no %q heading", "# "+heading)
}

// MustExtract is [Extract] for a package-level Analyzer declaration: a doc.go
// without the section is a mistake of the analyzer's author, found by any
// test that loads the package.
func MustExtract(src, name string) string {
	doc, err := Extract(src, name)
	if err != nil {
		panic(err)
	}
	return doc
}
