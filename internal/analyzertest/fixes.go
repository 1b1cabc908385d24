package analyzertest

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"go/token"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// RunWithSuggestedFixes is Run, and then, as analysistest's function of
// the same name, applies every suggested fix of the diagnostics to the
// files of each package and compares each file that changed, formatted,
// with the file of its name plus ".golden" beside it. A file with fixes
// but no golden file, a golden file that differs, and edits that overlap
// are errors; with ANALYZERTEST_UPDATE set in the environment the golden
// files are written first. Identical edits of several fixes (each adding the same
// import) are applied once.
func RunWithSuggestedFixes(t Testing, dir string, a *analysis.Analyzer, patterns ...string) []*Result {
	if tb, ok := t.(testing.TB); ok {
		tb.Helper()
	}
	results := Run(t, dir, a, patterns...)
	for _, r := range results {
		if r.Pass == nil {
			continue
		}
		for file, edits := range editsByFile(r.Pass.Fset, r.Diagnostics) {
			if err := checkGolden(file, edits); err != nil {
				t.Errorf("%v", err)
			}
		}
	}
	return results
}

// fileEdit is a text edit as byte offsets in its file.
type fileEdit struct {
	start, end int
	text       string
}

// editsByFile returns the edits of every suggested fix of diags, by file
// name, without repeats, in the order of their offsets (insertions at one
// offset in the order the fixes give them).
func editsByFile(fset *token.FileSet, diags []analysis.Diagnostic) map[string][]fileEdit {
	byFile := make(map[string][]fileEdit)
	for _, d := range diags {
		for _, fix := range d.SuggestedFixes {
			for _, e := range fix.TextEdits {
				f := fset.File(e.Pos)
				if f == nil {
					continue
				}
				end := e.End
				if !end.IsValid() {
					end = e.Pos
				}
				fe := fileEdit{start: f.Offset(e.Pos), end: f.Offset(end), text: string(e.NewText)}
				if !slices.Contains(byFile[f.Name()], fe) {
					byFile[f.Name()] = append(byFile[f.Name()], fe)
				}
			}
		}
	}
	for _, edits := range byFile {
		slices.SortStableFunc(edits, func(a, b fileEdit) int { return cmp.Compare(a.start, b.start) })
	}
	return byFile
}

// applyEdits returns src with edits (sorted by offset) applied.
func applyEdits(src []byte, edits []fileEdit) ([]byte, error) {
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.start < last || e.end < e.start || e.end > len(src) {
			return nil, fmt.Errorf("analyzertest: edit [%d,%d) overlaps another or leaves the file", e.start, e.end)
		}
		out.Write(src[last:e.start])
		out.WriteString(e.text)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// checkGolden applies edits to file and compares the formatted result
// with file.golden.
func checkGolden(file string, edits []fileEdit) error {
	src, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("analyzertest: %w", err)
	}
	fixed, err := applyEdits(src, edits)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	formatted, err := format.Source(fixed)
	if err != nil {
		return fmt.Errorf("analyzertest: %s with its fixes does not parse: %w\n%s", file, err, fixed)
	}
	if os.Getenv("ANALYZERTEST_UPDATE") != "" {
		// Writing the golden files is for a person to read them after.
		if err := os.WriteFile(file+".golden", formatted, 0o644); err != nil {
			return fmt.Errorf("analyzertest: %w", err)
		}
	}
	golden, err := os.ReadFile(file + ".golden")
	if err != nil {
		return fmt.Errorf("analyzertest: %s has suggested fixes: %w", file, err)
	}
	if !bytes.Equal(formatted, golden) {
		return fmt.Errorf("analyzertest: %s with its fixes differs from %s.golden:\n%s", file, file, formatted)
	}
	return nil
}
