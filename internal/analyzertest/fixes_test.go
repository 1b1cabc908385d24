package analyzertest

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestEditsByFile checks that two fixes adding the same import apply it
// once, in offset order, and that overlapping edits are refused.
func TestEditsByFile(t *testing.T) {
	src := "package p\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n"
	fset := token.NewFileSet()
	f := fset.AddFile("p.go", -1, len(src))
	f.SetLinesForContent([]byte(src))
	imp := analysis.TextEdit{Pos: f.Pos(11), End: f.Pos(11), NewText: []byte("import \"sort\"\n")}
	tail := analysis.TextEdit{Pos: f.Pos(len(src)), End: f.Pos(len(src)), NewText: []byte("var _ = sort.Ints\n")}
	diags := []analysis.Diagnostic{
		{SuggestedFixes: []analysis.SuggestedFix{{TextEdits: []analysis.TextEdit{tail, imp}}}},
		{SuggestedFixes: []analysis.SuggestedFix{{TextEdits: []analysis.TextEdit{imp}}}},
	}
	edits := editsByFile(fset, diags)["p.go"]
	if len(edits) != 2 {
		t.Fatalf("edits = %v, want the import once and the tail", edits)
	}
	got, err := applyEdits([]byte(src), edits)
	if err != nil {
		t.Fatal(err)
	}
	want := "package p\n\nimport \"sort\"\nimport \"fmt\"\n\nvar _ = fmt.Sprint\nvar _ = sort.Ints\n"
	if string(got) != want {
		t.Errorf("applied:\n%s\nwant:\n%s", got, want)
	}
	overlap := []fileEdit{{start: 0, end: 5, text: "x"}, {start: 3, end: 4, text: "y"}}
	if _, err := applyEdits([]byte(src), overlap); err == nil {
		t.Error("overlapping edits applied without an error")
	}
}

// TestCheckGolden checks that a fixed file is compared, formatted, with
// its golden file, and that a difference is an error.
func TestCheckGolden(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.go")
	src := "package p\nvar x = 1\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	edits := []fileEdit{{start: len(src), end: len(src), text: "var  y = 2\n"}}
	if err := os.WriteFile(file+".golden", []byte("package p\n\nvar x = 1\nvar y = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkGolden(file, edits); err != nil {
		t.Errorf("matching golden file: %v", err)
	}
	if err := os.WriteFile(file+".golden", []byte("package p\n\nvar x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkGolden(file, edits); err == nil || !strings.Contains(err.Error(), "differs") {
		t.Errorf("differing golden file: err = %v, want a difference", err)
	}
}
