package generator

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"testing"
)

// TestFocusSelects: -run selects a function by its name, a method by T.M
// or M, and a type's methods and constructors by the type's name, on the
// fixture's declarations (testdata/gen/focus).
func TestFocusSelects(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "../testdata/gen/focus/focus.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/focus", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var funcs []*types.Func
	for _, name := range pkg.Scope().Names() {
		switch o := pkg.Scope().Lookup(name).(type) {
		case *types.Func:
			funcs = append(funcs, o)
		case *types.TypeName:
			for m := range o.Type().(*types.Named).Methods() {
				funcs = append(funcs, m)
			}
		}
	}
	for _, tc := range []struct {
		run  string
		want []string
	}{
		{"^Abs$", []string{"Abs"}},
		{"Stack", []string{"NewStack", "Stack.Len", "Stack.Pop", "Stack.Push"}},
		{`^Stack\.Pop$`, []string{"Stack.Pop"}},
		{"^Pop$", []string{"Stack.Pop"}},
		{"^(Clamp|Sign)$", []string{"Clamp", "Sign"}},
		{"^Nothing$", nil},
	} {
		re := regexp.MustCompile(tc.run)
		var got []string
		for _, fn := range funcs {
			if selects(re, fn) {
				got = append(got, opKey(fn))
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("-run %s selects %v, want %v", tc.run, got, tc.want)
		}
	}
}

// TestProbeKey: a probe's function, closures and pointer receivers
// included, is keyed as the selection keys functions.
func TestProbeKey(t *testing.T) {
	for in, want := range map[string]string{
		"F": "F", "F.func1": "F", "F.func1.2": "F", "T.M": "T.M", "(*T).M": "T.M",
		"(*T).M.func2": "T.M", "(*T[K]).M": "T.M", "glob..func1": "glob",
	} {
		if got := probeKey(in); got != want {
			t.Errorf("probeKey(%q) = %q, want %q", in, got, want)
		}
	}
}
