package model

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// Sentinels come in declaration order across the package's files, by file
// name, whichever order the files entered the file set in (go/packages
// parses them in parallel).
func TestSentinelsOrderAcrossFiles(t *testing.T) {
	files := map[string]string{
		"a.go": "package p\n\nimport \"errors\"\n\nvar ErrZ = errors.New(\"z\")\n",
		"b.go": "package p\n\nimport \"errors\"\n\nvar ErrA = errors.New(\"a\")\n",
	}
	for _, order := range [][]string{{"a.go", "b.go"}, {"b.go", "a.go"}} {
		fset := token.NewFileSet()
		var parsed []*ast.File
		for _, name := range order {
			f, err := parser.ParseFile(fset, name, files[name], 0)
			if err != nil {
				t.Fatal(err)
			}
			parsed = append(parsed, f)
		}
		pkg, err := (&types.Config{Importer: stdImporter()}).Check("example.com/p", fset, parsed, nil)
		if err != nil {
			t.Fatal(err)
		}
		prog := &Program{Pkg: pkg, Fset: fset}
		var names []string
		for _, v := range prog.Sentinels() {
			if v.Pkg() == pkg {
				names = append(names, v.Name())
			}
		}
		if len(names) != 2 || names[0] != "ErrZ" || names[1] != "ErrA" {
			t.Errorf("files entered as %v: sentinels %v, want [ErrZ ErrA] (a.go's, then b.go's)", order, names)
		}
	}
}
