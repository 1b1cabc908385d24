package emit

import (
	"fmt"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"go/types"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// callExpr writes the call of statement i. Arguments with an override
// (table fields) read tt.<field>.
func (r *renderer) callExpr(s *seq.Seq, op *model.Op, i int, st seq.Stmt, vars map[seq.ValueID]string, ov map[seq.ArgID]*field) (ast.Expr, error) {
	args, ellipsis, err := r.argExprs(s, op, i, st, vars, ov)
	if err != nil {
		return nil, err
	}
	switch op.Kind {
	case model.Zero:
		t, err := r.typeExpr(op.Type)
		if err != nil {
			return nil, err
		}
		if _, isStruct := op.Type.Underlying().(*types.Struct); !isStruct {
			// new(T) for a named basic type; *new(T) for its value.
			var x ast.Expr = &ast.CallExpr{Fun: ident("new"), Args: []ast.Expr{t}}
			if !op.Ptr {
				x = &ast.StarExpr{X: x}
			}
			return x, nil
		}
		var x ast.Expr = &ast.CompositeLit{Type: t}
		if op.Ptr {
			x = &ast.UnaryExpr{Op: token.AND, X: x}
		}
		return x, nil
	case model.Addr:
		return &ast.UnaryExpr{Op: token.AND, X: args[0]}, nil
	case model.Composite:
		return r.compositeExpr(op, st, args, ov, i)
	case model.Var:
		return sel(ident(r.qualify(op.Var.Pkg())), op.Var.Name()), nil
	case model.SetVar:
		// The value assigned; callStmt writes the assignment.
		return args[0], nil
	case model.SetField:
		// The field and the value assigned, as a pair that callStmt
		// writes as the assignment x.F = v.
		return &ast.KeyValueExpr{Key: &ast.SelectorExpr{X: args[0], Sel: ident(op.Field.Name())}, Value: args[1]}, nil
	case model.FuncLit:
		sig := op.Type.Underlying().(*types.Signature)
		for _, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
			for i := 0; i < tup.Len(); i++ {
				if !r.nameable(tup.At(i).Type()) {
					return nil, fmt.Errorf("func type %s cannot be written here", op.Type)
				}
			}
		}
		lit, err := r.parseFuncLit(model.FuncLitSource(op, r.qualify, ""))
		if err != nil {
			return nil, err
		}
		if _, named := types.Unalias(op.Type).(*types.Named); named {
			// The variable keeps the named type, and with it its methods:
			// pred := shapes.Pred(func(s string) bool { ... }).
			return r.convert(op.Type, lit)
		}
		return lit, nil
	case model.Recorded:
		return &ast.StarExpr{X: args[0]}, nil
	case model.FormatVerb:
		return &ast.CallExpr{Fun: sel(ident(r.qualify(model.FmtPackage(op))), "Sprintf"), Args: []ast.Expr{strLit(op.Variant), args[0]}}, nil
	case model.Elements:
		// A loop, not an expression: body writes it (elements.go).
		return nil, fmt.Errorf("the elements of %s are read by a loop", op.Type)
	case model.Assert:
		te, err := r.typeExpr(op.Type)
		if err != nil {
			return nil, err
		}
		return &ast.TypeAssertExpr{X: args[0], Type: te}, nil
	case model.Convert:
		if len(st.Args) == 1 && st.Args[0].IsLit && r.typedConst(st.Args[0].Lit, op.Type) {
			return args[0], nil // a named constant already has the type
		}
		if len(st.Args) == 1 && st.Args[0].IsLit && st.Args[0].Lit.Kind == seq.LitZero {
			// The zero value converts to the zero value: uuid.UUID{}, not
			// uuid.UUID([16]byte{}).
			return r.litExpr(st.Args[0].Lit, op.Type)
		}
		return r.convert(op.Type, args[0])
	case model.Method:
		return &ast.CallExpr{Fun: sel(args[0], op.Func.Name()), Args: args[1:], Ellipsis: ellipsis}, nil
	default:
		fun, err := r.funcExpr(op)
		if err != nil {
			return nil, err
		}
		return &ast.CallExpr{Fun: fun, Args: args, Ellipsis: ellipsis}, nil
	}
}

// parseFuncLit parses the function literal src with positions in r's file
// set, which prints it: a short body stays on one line (func(string) {}),
// where positions the printer cannot place make it break {} over two.
func (r *renderer) parseFuncLit(src string) (ast.Expr, error) {
	return goparser.ParseExprFrom(r.fset, "", src, goparser.SkipObjectResolution)
}

// argExprs writes the arguments of statement i: table fields, literals,
// or the variables of earlier results; ellipsis is set when the last one
// spreads a slice into a variadic parameter.
func (r *renderer) argExprs(s *seq.Seq, op *model.Op, i int, st seq.Stmt, vars map[seq.ValueID]string, ov map[seq.ArgID]*field) (args []ast.Expr, ellipsis token.Pos, err error) {
	args = make([]ast.Expr, 0, len(st.Args))
	for k, a := range st.Args {
		p := op.Params[k]
		variadicLast := op.Variadic && k == len(st.Args)-1
		if f := ov[seq.ArgID{Stmt: i, Arg: k}]; f != nil {
			args = append(args, sel(ident("tt"), f.name))
			if variadicLast {
				ellipsis = 1
			}
			continue
		}
		if a.IsLit && a.Index && r.loopVar != "" {
			x, err := r.indexExpr(a.Lit, p.Type)
			if err != nil {
				return nil, 0, err
			}
			args = append(args, x)
			continue
		}
		if a.IsLit {
			if variadicLast && a.Lit.Kind == seq.LitSlice {
				et := p.Type.Underlying().(*types.Slice).Elem()
				for _, e := range a.Lit.Elems {
					x, err := r.litExpr(e, et)
					if err != nil {
						return nil, 0, err
					}
					args = append(args, x)
				}
				continue
			}
			if variadicLast && a.Lit.Kind == seq.LitNil {
				continue
			}
			x, err := r.litExpr(a.Lit, p.Type)
			if err != nil {
				return nil, 0, err
			}
			if _, composite := x.(*ast.CompositeLit); p.Recv && !r.typedConst(a.Lit, p.Type) && !composite {
				// A method needs a typed receiver: Money(5).String().
				// The zero value's composite literal has its type.
				x, err = r.convert(p.Type, x)
				if err != nil {
					return nil, 0, err
				}
			}
			args = append(args, x)
			if variadicLast {
				ellipsis = 1
			}
			continue
		}
		var x ast.Expr
		if in := r.inl[a.Value()]; in != nil {
			if elems := spread(in); variadicLast && elems != nil && types.Identical(r.prog.Ops[s.Stmts[a.Stmt].Op].Results[a.Result], p.Type) {
				args = append(args, elems...)
				continue
			}
			x = in
		} else {
			n, ok := vars[a.Value()]
			if !ok {
				return nil, 0, fmt.Errorf("internal error: no variable for %d.%d", a.Stmt, a.Result)
			}
			x = ident(n)
		}
		if at := r.prog.Ops[s.Stmts[a.Stmt].Op].Results[a.Result]; p.Recv && !types.Identical(at, p.Type) {
			// A receiver is not converted implicitly: a []byte from
			// json.Marshal calls RawMessage's methods as
			// json.RawMessage(b).MarshalJSON().
			cx, err := r.convert(p.Type, x)
			if err != nil {
				return nil, 0, err
			}
			x = cx
		}
		args = append(args, x)
		if variadicLast {
			ellipsis = 1
		}
	}
	return args, ellipsis, nil
}

// funcExpr names a package-level function, with the type arguments of a
// generic function's instance always spelled (Map[int, string]): they
// cannot always be inferred from the arguments (NewStack[T any](size int)).
func (r *renderer) funcExpr(op *model.Op) (ast.Expr, error) {
	if op.Func == nil {
		// A conversion, literal or assignment has no function to name
		// (a fuzz target over T(x) asked for one and crashed gentest).
		return nil, fmt.Errorf("operation %s is not a function call", op.FullName())
	}
	fun := sel(ident(r.qualify(op.Func.Pkg())), op.Func.Name())
	if len(op.TypeArgs) == 0 {
		return fun, nil
	}
	var idx []ast.Expr
	for _, t := range op.TypeArgs {
		te, err := r.typeExpr(t)
		if err != nil {
			return nil, err
		}
		idx = append(idx, te)
	}
	return &ast.IndexListExpr{X: fun, Indices: idx}, nil
}

// convert writes T(x), parenthesizing T where the grammar needs it:
// (*T)(x), (func())(x).
func (r *renderer) convert(t types.Type, x ast.Expr) (ast.Expr, error) {
	te, err := r.typeExpr(t)
	if err != nil {
		return nil, err
	}
	switch te.(type) {
	case *ast.StarExpr, *ast.FuncType, *ast.ChanType:
		te = &ast.ParenExpr{X: te}
	}
	return &ast.CallExpr{Fun: te, Args: []ast.Expr{x}}, nil
}

// zeroComposite reports whether l is the zero value of an array or struct
// type t, which is written as the composite literal T{} and has its type.
func zeroComposite(l seq.Lit, t types.Type) bool {
	if l.Kind != seq.LitZero {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Array, *types.Struct:
		return true
	}
	return false
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
			// A field of interface type holding false, 0 or "" is
			// not at its zero value (nil): left out, it would read
			// nil where the run had the typed value.
			if a.IsLit && zeroLit(a.Lit) && (!types.IsInterface(op.Params[k].Type) || a.Lit.Kind == seq.LitNil || a.Lit.Kind == seq.LitZero) &&
				ov[seq.ArgID{Stmt: i, Arg: k}] == nil {
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
