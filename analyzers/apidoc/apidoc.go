package apidoc

import (
	_ "embed"
	"go/ast"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/gentest-go/gentest/internal/analysisdoc"
)

// doc is the package documentation, the one source of Analyzer.Doc.
//
//go:embed doc.go
var doc string

// Analyzer records documented panics and call protocols; see the package
// documentation.
var Analyzer = &analysis.Analyzer{
	Name:      "apidoc",
	Doc:       analysisdoc.MustExtract(doc, "apidoc"),
	URL:       "https://pkg.go.dev/github.com/gentest-go/gentest/analyzers/apidoc",
	Run:       run,
	FactTypes: []analysis.Fact{new(Panics), new(Advance)},
}

// Panics marks a function or method whose doc comment says it panics.
type Panics struct {
	// Sentence is the doc comment's sentence that says so.
	Sentence string
}

// AFact marks Panics as an analysis fact.
func (*Panics) AFact() {}

func (f *Panics) String() string { return "panics: " + f.Sentence }

// FuncJSON shows the fact in gentest facts.
func (f *Panics) FuncJSON() map[string]any { return map[string]any{"doc_panics": f.Sentence} }

var (
	panicWord = regexp.MustCompile(`(?i)\bpanic(s|ked|king)?\b`)
	denial    = regexp.MustCompile(`(?i)\b(never|not|n't|no)\b[^.]*\bpanic|\bwithout\s+panick?ing\b`)
)

// PanicSentence returns the sentence of doc that announces a panic, or "".
func PanicSentence(doc string) string {
	for _, s := range sentences(doc) {
		if panicWord.MatchString(s) && !denial.MatchString(s) {
			return s
		}
	}
	return ""
}

// sentences splits a doc comment into sentences, one line each.
func sentences(doc string) []string {
	text := strings.Join(strings.Fields(doc), " ")
	var out []string
	for len(text) > 0 {
		i := strings.Index(text, ". ")
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+2:]
	}
	return out
}

func run(pass *analysis.Pass) (any, error) {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if s := PanicSentence(fd.Doc.Text()); s != "" {
				pass.ExportObjectFact(fn, &Panics{Sentence: s})
			}
		}
	}
	protocols(pass)
	return nil, nil
}
