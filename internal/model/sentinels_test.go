package model

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
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

// A sentinel is any exported package variable whose value is an error
// errors.Is can match by ==: declared error, a value of a comparable
// named error type (stats.ErrEmptyInput = statsError{...}), a pointer to
// an error type, or an interface embedding error. Not one whose type is
// not comparable (errors.Is never matches it by ==), one whose type is
// not an error (the method has a pointer receiver), or an unexported one.
func TestSentinelsOfErrorTypes(t *testing.T) {
	const src = `package p

import "errors"

type valueErr struct{ msg string }

func (e valueErr) Error() string { return e.msg }

type ptrErr struct{ code int }

func (e *ptrErr) Error() string { return "code" }

type listErr struct{ items []string }

func (e listErr) Error() string { return "list" }

// Coded is an error with a code.
type Coded interface {
	error
	Code() int
}

type codedErr int

func (e codedErr) Error() string { return "coded" }
func (e codedErr) Code() int     { return int(e) }

var (
	ErrPlain   = errors.New("plain")
	ErrValue   = valueErr{"value"}
	ErrPtr     = &ptrErr{1}
	ErrCoded   Coded = codedErr(2)
	ErrList    = listErr{[]string{"a"}}
	ErrByValue = ptrErr{3}
	Count      = 4
	errHidden  = valueErr{"hidden"}
)

var _ = errHidden
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: stdImporter()}).Check("example.com/p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, v := range (&Program{Pkg: pkg, Fset: fset}).Sentinels() {
		if v.Pkg() == pkg {
			names = append(names, v.Name())
		}
	}
	if got, want := strings.Join(names, " "), "ErrPlain ErrValue ErrPtr ErrCoded"; got != want {
		t.Errorf("sentinels %s, want %s", got, want)
	}
}
