package emit

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// ReservedNames collects the top-level names that test files of the
// external test package pkgName declare, which generated tests must not
// redeclare. Files of another package, or that do not parse, reserve
// nothing.
func ReservedNames(files []string, pkgName string) map[string]bool {
	names := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil || af.Name.Name != pkgName {
			continue
		}
		for _, d := range af.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					case *ast.TypeSpec:
						names[s.Name.Name] = true
					}
				}
			}
		}
	}
	return names
}

// FuncNames returns the names of the top-level functions a Go file
// declares.
func FuncNames(src []byte) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var out []string
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
			out = append(out, fd.Name.Name)
		}
	}
	return out
}
