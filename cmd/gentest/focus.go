package main

// -run and -at: the selection of gentest gen (generator/focus.go).

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/generator"
	"github.com/gentest-go/gentest/internal/write"
)

// focus returns -run's regexp, from -run or from -at, and the patterns:
// -at without patterns generates for the file's package.
func (f *genFlags) focus(patterns []string) (string, []string, error) {
	switch {
	case f.runRE != "" && f.at != "":
		return "", nil, fmt.Errorf("-run and -at both select; give one")
	case f.runRE != "":
		if _, err := generator.ParseRun(f.runRE); err != nil {
			return "", nil, err
		}
		return f.runRE, patterns, nil
	case f.at == "":
		return "", patterns, nil
	}
	file, line, err := parseAt(f.at)
	if err != nil {
		return "", nil, err
	}
	run, err := enclosing(file, line)
	if err != nil {
		return "", nil, err
	}
	if len(patterns) == 0 {
		dir := filepath.Dir(file)
		if !filepath.IsAbs(dir) {
			dir = "." + string(filepath.Separator) + dir
		}
		patterns = []string{dir}
	}
	return run, patterns, nil
}

// parseAt splits -at's file:line.
func parseAt(at string) (string, int, error) {
	i := strings.LastIndexByte(at, ':')
	if i <= 0 {
		return "", 0, fmt.Errorf("-at must be file:line, got %q", at)
	}
	line, err := strconv.Atoi(at[i+1:])
	if err != nil || line < 1 {
		return "", 0, fmt.Errorf("-at must be file:line with a positive line, got %q", at)
	}
	return at[:i], line, nil
}

// enclosing returns the -run regexp selecting the declaration around line
// of file: a function or method exactly ("^F$", "^T\.M$"), or a type, which
// selects its methods and constructors ("^T$").
func enclosing(file string, line int) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return "", fmt.Errorf("-at: %w", err)
	}
	within := func(n ast.Node) bool {
		return fset.Position(n.Pos()).Line <= line && line <= fset.Position(n.End()).Line
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if within(d) || d.Doc != nil && within(d.Doc) {
				return "^" + regexp.QuoteMeta(write.FuncKey(d)) + "$", nil
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok && (within(ts) || len(d.Specs) == 1 && within(d)) {
					return "^" + regexp.QuoteMeta(ts.Name.Name) + "$", nil
				}
			}
		}
	}
	return "", fmt.Errorf("-at %s:%d: no function, method or type declared there", file, line)
}
