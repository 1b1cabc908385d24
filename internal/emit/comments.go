package emit

import (
	"fmt"
	"go/ast"
	"strings"
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
