package emit

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// Composite literals and package variables (model.Composite, model.Var)
// are written where they are used, as a person writes them:
// Load(objects.Config{Name: "x", Inner: &objects.Inner{Strict: true}})
// rather than a variable per object.

// inlineBuilt returns the statements of c whose only result is a literal
// or a package variable used exactly once by a later statement, and not
// asserted nor the test's target: their expression replaces the
// variable.
func (r *renderer) inlineBuilt(c *oracle.Case) map[int]bool {
	uses := map[int]int{}
	useAt := map[int]int{}
	for k, st := range c.Seq.Stmts {
		for _, a := range st.Args {
			if !a.IsLit {
				uses[a.Stmt]++
				useAt[a.Stmt] = k
			}
		}
	}
	// touched reports whether a statement strictly between i and its use
	// takes a value the literal of i holds: moving the literal past a
	// call that may change that value could change what the use sees.
	touched := func(i int) bool {
		holds := map[int]bool{}
		for _, a := range c.Seq.Stmts[i].Args {
			if !a.IsLit {
				holds[a.Stmt] = true
			}
		}
		for k := i + 1; k < useAt[i]; k++ {
			for _, a := range c.Seq.Stmts[k].Args {
				if !a.IsLit && holds[a.Stmt] {
					return true
				}
			}
		}
		return false
	}
	for _, a := range c.Asserts {
		uses[a.Stmt] += 2
	}
	out := map[int]bool{}
	for i, st := range c.Seq.Stmts {
		op := r.prog.Ops[st.Op]
		if (op.Kind == model.Composite || op.Kind == model.Var) && i != c.Target && uses[i] == 1 && !touched(i) {
			out[i] = true
		}
	}
	return out
}

// compositeExpr writes a Composite operation's literal from its argument
// expressions: fields holding a zero literal are left out, and of two
// map entries with the same key text the later one stays, as at run time.
func (r *renderer) compositeExpr(op *model.Op, st seq.Stmt, args []ast.Expr, ov map[seq.ArgID]*field, i int) (ast.Expr, error) {
	te, err := r.typeExpr(op.Type)
	if err != nil {
		return nil, err
	}
	lit := &ast.CompositeLit{Type: te}
	// An element's type is left out only where it is the element type
	// itself, not an interface the element implements.
	el := func(k int, x ast.Expr) ast.Expr {
		if types.IsInterface(op.Params[k].Type) {
			return x
		}
		return elide(x)
	}
	switch op.Type.Underlying().(type) {
	case *types.Struct:
		for k, a := range st.Args {
			if a.IsLit && zeroLit(a.Lit) && ov[seq.ArgID{Stmt: i, Arg: k}] == nil {
				continue
			}
			lit.Elts = append(lit.Elts, &ast.KeyValueExpr{Key: ident(op.Params[k].Name), Value: args[k]})
		}
	case *types.Map:
		seen := map[string]int{}
		for k := 0; k+1 < len(args); k += 2 {
			key := exprString(args[k])
			if j, dup := seen[key]; dup {
				lit.Elts[j] = &ast.KeyValueExpr{Key: args[k], Value: el(k+1, args[k+1])}
				continue
			}
			seen[key] = len(lit.Elts)
			lit.Elts = append(lit.Elts, &ast.KeyValueExpr{Key: args[k], Value: el(k+1, args[k+1])})
		}
	default:
		for k, x := range args {
			lit.Elts = append(lit.Elts, el(k, x))
		}
	}
	if op.Ptr {
		return &ast.UnaryExpr{Op: token.AND, X: lit}, nil
	}
	return lit, nil
}

// zeroLit reports whether a literal writes its type's zero value, which a
// composite literal leaves out.
func zeroLit(l seq.Lit) bool {
	if l.Name != "" {
		return false
	}
	switch l.Kind {
	case seq.LitZero, seq.LitNil:
		return true
	case seq.LitBool:
		return !l.B
	case seq.LitInt:
		return l.I == 0
	case seq.LitUint:
		return l.U == 0
	case seq.LitFloat:
		return l.F == 0 && 1/l.F > 0
	case seq.LitString:
		return l.S == ""
	}
	return false
}

// spread returns the elements of an inlined slice literal passed as a
// variadic argument, New("x", WithRetries(3)) rather than
// New("x", []Option{WithRetries(3)}...), or nil.
func spread(x ast.Expr) []ast.Expr {
	if cl, ok := x.(*ast.CompositeLit); ok {
		if _, isSlice := cl.Type.(*ast.ArrayType); isSlice && cl.Type.(*ast.ArrayType).Len == nil {
			return cl.Elts
		}
	}
	return nil
}
