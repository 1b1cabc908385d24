package emit

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
)

// writableType reports whether values of t can be written as literals:
// basic types and slices, arrays and maps of them, and structs of
// exported fields of them.
func (r *renderer) writableType(t types.Type) bool {
	return r.nameable(t) && writable(t, 0)
}

func writable(t types.Type, depth int) bool {
	if depth > 10 {
		return false // a recursive type
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsUntyped == 0 && u.Kind() != types.UnsafePointer
	case *types.Slice:
		return writable(u.Elem(), depth+1)
	case *types.Array:
		return writable(u.Elem(), depth+1)
	case *types.Map:
		return writable(u.Key(), depth+1) && writable(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !u.Field(i).Exported() || !writable(u.Field(i).Type(), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

var errType = types.Universe.Lookup("error").Type()

// typeExpr spells t in the external test package.
func (r *renderer) typeExpr(t types.Type) (ast.Expr, error) {
	if !r.nameable(t) {
		return nil, fmt.Errorf("type %s cannot be named outside its package", t)
	}
	s := types.TypeString(t, r.qualify)
	x, err := parser.ParseExpr(s)
	if err != nil {
		return nil, fmt.Errorf("spelling type %s: %w", s, err)
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "any" {
			r.need("go1.18") // the predeclared any, which types.TypeString keeps
		}
		return true
	})
	return x, nil
}

// nameable reports whether t can be written in the external test package.
func (r *renderer) nameable(t types.Type) bool {
	ok := true
	var visit func(t types.Type, depth int)
	visit = func(t types.Type, depth int) {
		if !ok || depth > 20 {
			return
		}
		switch t := t.(type) {
		case *types.Named:
			if t.Obj().Pkg() != nil && !t.Obj().Exported() {
				ok = false
				return
			}
			if args := t.TypeArgs(); args != nil {
				for i := 0; i < args.Len(); i++ {
					visit(args.At(i), depth+1)
				}
			}
		case *types.Alias:
			visit(types.Unalias(t), depth+1)
		case *types.Pointer:
			visit(t.Elem(), depth+1)
		case *types.Slice:
			visit(t.Elem(), depth+1)
		case *types.Array:
			visit(t.Elem(), depth+1)
		case *types.Map:
			visit(t.Key(), depth+1)
			visit(t.Elem(), depth+1)
		case *types.Chan:
			visit(t.Elem(), depth+1)
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				if !t.Field(i).Exported() {
					ok = false
				}
				visit(t.Field(i).Type(), depth+1)
			}
		case *types.Signature, *types.TypeParam, *types.Tuple:
			ok = false
		case *types.Interface:
			if !t.Empty() {
				ok = false
			}
		}
	}
	visit(t, 0)
	return ok
}

// isText reports whether values of t print best with %q.
func isText(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}
