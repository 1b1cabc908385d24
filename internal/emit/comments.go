package emit

import (
	"fmt"
	"go/ast"
	"strings"
	"unicode/utf8"
)

// docWidth is where doc comments wrap.
const docWidth = 76

// wrap breaks text into lines of at most width bytes at spaces (a longer
// word stays whole). A NUL joins words that must stay on one line.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		w = strings.ReplaceAll(w, "\x00", " ")
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// comment is a statement that prints as a comment line: a placeholder
// identifier replaced after printing (see renderer.blocks).
func (r *renderer) comment(text string) ast.Stmt {
	ph := fmt.Sprintf("gentestNote%d_", len(r.blocks))
	r.blocks[ph] = "// " + text
	return &ast.ExprStmt{X: ident(ph)}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}

// unverifiedWhat is the failure verification recorded for a case
// (oracle.Case.Unverified, "x_test.go:12: F(1) = 2, want 3") as a note
// says it: without the file position, which the rewritten file no longer
// has, and cut at 100 bytes on a rune boundary.
func unverifiedWhat(s string) string {
	if _, rest, ok := strings.Cut(s, ".go:"); ok {
		if _, msg, ok := strings.Cut(rest, ": "); ok {
			s = msg
		}
	}
	s = strings.TrimSpace(s)
	if len(s) > 100 {
		cut := 100
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}
