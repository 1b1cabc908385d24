package policy

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/analyzers/purity"
	"github.com/gentest-go/gentest/internal/load"
)

// Exiting handler variables. A package may route its errors through a
// variable of func type whose default ends the process:
//
//	var ErrorHandler = func(err error) { log.Fatal(err) }
//	var Fatal = log.Fatalf
//
// A call through such a variable has unknown effects for purity (a caller
// may store another function in it), so the safety policy does not keep
// the operations that reach it out, and under the sandbox they are called:
// every error path then ends an executor (issue 34: 1,364 exits, 18 of
// 30 s). When the variable is exported, a test can store a handler that
// does not exit, and restore the default after (model/exitvar.go).

// ExitHandlers returns the exported package variables of pkg, of func
// type, whose initializer exits the process: a function the purity facts
// say exits (os.Exit, log.Fatal, one of the package's own), or a function
// literal that calls one. Assignments in init functions are not read:
// the initializer is what a reader of the declaration sees.
func ExitHandlers(an *load.Analysis, pkg *packages.Package) []*types.Var {
	if pkg == nil || pkg.TypesInfo == nil {
		return nil
	}
	res, _ := an.Result(purity.Analyzer, pkg.PkgPath).(*purity.Result)
	exits := func(fn *types.Func) bool {
		fn = fn.Origin()
		if res != nil {
			if f := res.Facts[fn]; f != nil {
				return f.Effects&purity.Exits != 0
			}
		}
		var f purity.Fact
		if an.FactOf(purity.Analyzer, fn, &f) {
			return f.Effects&purity.Exits != 0
		}
		return knownExit(fn)
	}
	var out []*types.Var
	for _, file := range pkg.Syntax {
		for _, d := range file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok || len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					v, ok := pkg.TypesInfo.Defs[name].(*types.Var)
					if !ok || !v.Exported() || v.Parent() != pkg.Types.Scope() {
						continue
					}
					if _, isFunc := v.Type().Underlying().(*types.Signature); isFunc && initExits(pkg.TypesInfo, vs.Values[i], exits) {
						out = append(out, v)
					}
				}
			}
		}
	}
	return out
}

// initExits reports whether the initializer e of a func variable is an
// exiting function or a literal that calls one.
func initExits(info *types.Info, e ast.Expr, exits func(*types.Func) bool) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.SelectorExpr:
		fn, ok := calleeObj(info, x).(*types.Func)
		return ok && exits(fn)
	case *ast.FuncLit:
		found := false
		ast.Inspect(x.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && !found {
				if fn, ok := calleeObj(info, ast.Unparen(c.Fun)).(*types.Func); ok && exits(fn) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	return false
}

// calleeObj is the object an identifier or selector names.
func calleeObj(info *types.Info, e ast.Expr) types.Object {
	switch x := e.(type) {
	case *ast.Ident:
		return info.Uses[x]
	case *ast.SelectorExpr:
		return info.Uses[x.Sel]
	}
	return nil
}

// knownExit names the standard library's exits for when no fact is at
// hand (the analysis did not reach the standard library).
func knownExit(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "os.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln":
		return true
	}
	return false
}
