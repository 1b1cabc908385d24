// Package modeltest builds program models from Go source for the tests of
// the generator's stages, and sequences over them. It is the one place
// where a test type-checks a file and builds its model; the stages' tests
// (search, minimize, oracle, emit, the generator's runners) use it, as
// analyzers' tests use x/tools' analysistest.
package modeltest

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Testing is the part of testing.TB this package uses, so that a test, a
// benchmark or a fuzz target can call it.
type Testing interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Path is the import path Program gives its source.
const Path = "example.com/p"

// Check parses src, one file, and type-checks it as the package at path;
// its imports come from the standard library's export data.
func Check(t Testing, path, src string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path+".go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("modeltest: parsing %s: %v", path, err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatalf("modeltest: type-checking %s: %v", path, err)
	}
	return pkg
}

// CheckFile is Check of the Go file filename, which the tests of a stage
// share as a fixture (testdata/...).
func CheckFile(t Testing, path, filename string) *types.Package {
	t.Helper()
	src, err := os.ReadFile(filename)
	if err != nil {
		t.Fatalf("modeltest: %v", err)
		return nil
	}
	return Check(t, path, string(src))
}

// Program type-checks src as the package example.com/p (Path) and builds
// its model with opts.
func Program(t Testing, src string, opts model.Options) *model.Program {
	t.Helper()
	return model.Build(Check(t, Path, src), opts)
}

// Op returns the operation named name as model.Op.Name spells it ("New",
// "T.Get") that is not a zero value or a type assertion of that name. It
// fails the test if there is none.
func Op(t Testing, prog *model.Program, name string) *model.Op {
	t.Helper()
	for _, op := range prog.Ops {
		if op.Name == name && op.Kind != model.Zero && op.Kind != model.Assert {
			return op
		}
	}
	t.Fatalf("modeltest: no operation %s", name)
	return nil
}

// OpIDs returns the IDs of prog's operations by name, each the operation
// Op returns for that name, for tests that build many sequences by name.
func OpIDs(prog *model.Program) map[string]int {
	ids := map[string]int{}
	for _, op := range prog.Ops {
		if _, seen := ids[op.Name]; !seen && op.Kind != model.Zero && op.Kind != model.Assert {
			ids[op.Name] = op.ID
		}
	}
	return ids
}

// OpOfKind returns the operation of the given kind and name, or fails the
// test.
func OpOfKind(t Testing, prog *model.Program, kind model.Kind, name string) *model.Op {
	t.Helper()
	for _, op := range prog.Ops {
		if op.Kind == kind && op.Name == name {
			return op
		}
	}
	t.Fatalf("modeltest: no operation %s of kind %d", name, kind)
	return nil
}

// Type returns the type the package declares under name, or fails the
// test.
func Type(t Testing, prog *model.Program, name string) types.Type {
	t.Helper()
	obj := prog.Pkg.Scope().Lookup(name)
	if obj == nil {
		t.Fatalf("modeltest: no type %s in %s", name, prog.Pkg.Path())
		return nil
	}
	return obj.Type()
}

// Int, Str and Nil are literal arguments.
func Int(v int64) seq.Arg  { return seq.LitArg(seq.Lit{Kind: seq.LitInt, I: v}) }
func Str(s string) seq.Arg { return seq.LitArg(seq.Lit{Kind: seq.LitString, S: s}) }
func Nil() seq.Arg         { return seq.LitArg(seq.Lit{Kind: seq.LitNil}) }

// Call is a statement calling op with args.
func Call(op *model.Op, args ...seq.Arg) seq.Stmt { return seq.Stmt{Op: op.ID, Args: args} }

// Seq is the sequence of stmts.
func Seq(stmts ...seq.Stmt) *seq.Seq { return &seq.Seq{Stmts: stmts} }
