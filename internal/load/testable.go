package load

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// This file checks that a loaded package is something tests can be
// generated for.

// CheckCompiles returns an error naming pkg when it, or a dependency, does
// not load or type-check.
func CheckCompiles(pkg *packages.Package) error {
	var first string
	packages.Visit([]*packages.Package{pkg}, nil, func(p *packages.Package) {
		if first == "" && len(p.Errors) > 0 {
			first = p.Errors[0].Error()
		}
	})
	if first == "" {
		return nil
	}
	if len(pkg.GoFiles) == 0 && len(pkg.CompiledGoFiles) == 0 {
		return &Error{Pkg: pkg.PkgPath, Msg: "not a Go package: " + strings.TrimPrefix(stripPrefix(first), "-: ")}
	}
	return &Error{Pkg: pkg.PkgPath, Msg: "does not compile: " + stripPrefix(first)}
}

func stripPrefix(msg string) string {
	if i := strings.Index(msg, "\n"); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

// CheckTestable returns an error when tests cannot be generated for pkg: a
// main package, a package using cgo, or one with nothing exported to call.
// It assumes CheckCompiles passed.
func CheckTestable(pkg *packages.Package) error {
	if pkg.Name == "main" {
		return &Error{Pkg: pkg.PkgPath, Msg: "is a main package; gentest generates tests for library packages"}
	}
	// Syntax holds cgo's output, not the user's files: look at the
	// originals.
	if err := checkNoCgo(pkg.PkgPath, pkg.GoFiles); err != nil {
		return err
	}
	if len(pkg.Syntax) == 0 {
		return &Error{Pkg: pkg.PkgPath, Msg: "has no Go files to test"}
	}
	if !hasExportedFuncs(pkg.Types) {
		return &Error{Pkg: pkg.PkgPath, Msg: "has no exported functions or methods to test"}
	}
	return nil
}

// checkNoCgo returns an error naming the first of files that imports "C".
func checkNoCgo(path string, files []string) error {
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			continue
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return &Error{Pkg: path, Msg: fmt.Sprintf("uses cgo (%s), which gentest does not support", filepath.Base(name))}
			}
		}
	}
	return nil
}

// CheckTestableFiles is CheckTestable for a package known only by its
// name and files (gentest check, which loads no types): a main package,
// cgo, no Go files, and nothing exported to call, judged from the
// syntax. A method counts when it and its receiver's type name are
// exported, as hasExportedFuncs counts the methods of exported types.
func CheckTestableFiles(name, path string, files []string) error {
	if name == "main" {
		return &Error{Pkg: path, Msg: "is a main package; gentest generates tests for library packages"}
	}
	if err := checkNoCgo(path, files); err != nil {
		return err
	}
	if len(files) == 0 {
		return &Error{Pkg: path, Msg: "has no Go files to test"}
	}
	fset := token.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			// What does not parse is for the go command to report.
			return nil
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			if fd.Recv == nil || len(fd.Recv.List) == 0 || ast.IsExported(RecvTypeName(fd.Recv.List[0].Type)) {
				return nil
			}
		}
	}
	return &Error{Pkg: path, Msg: "has no exported functions or methods to test"}
}

// RecvTypeName is the base type name of a method's receiver type
// expression (T, *T, T[P], *T[P, Q], (T)), or "".
func RecvTypeName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

func hasExportedFuncs(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			return true
		case *types.TypeName:
			if named, ok := obj.Type().(*types.Named); ok && !obj.IsAlias() {
				for i := 0; i < named.NumMethods(); i++ {
					if named.Method(i).Exported() {
						return true
					}
				}
			}
		}
	}
	return false
}
