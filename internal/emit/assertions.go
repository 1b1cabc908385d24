package emit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/oracle"
)

// weakable reports whether an assertion whose value cannot be written in
// full still says something that can be checked: a nil-able value that was
// not nil (its type cannot be named, or it holds unexported state).
func (r *renderer) weakable(a oracle.Assertion) bool {
	return a.Kind == oracle.Equal && a.Want != nil && a.Want.Kind != rt.TNil && oracle.Nilable(a.Type)
}

// weakAssertion checks what can be checked of a value that cannot be
// written: that it is not nil, and for a slice or map its length.
func (r *renderer) weakAssertion(a oracle.Assertion, v string, d desc) []ast.Stmt {
	out := []ast.Stmt{ifStmt(binary(ident(v), token.EQL, ident("nil")), errorf(d, " = nil, want non-nil"))}
	switch a.Type.Underlying().(type) {
	case *types.Slice, *types.Map:
		if a.Want.Kind == rt.TSlice || a.Want.Kind == rt.TMap || a.Want.Kind == rt.TBytes {
			n := len(a.Want.Elems)
			switch a.Want.Kind {
			case rt.TMap:
				n /= 2
			case rt.TBytes:
				n = len(a.Want.S)
			}
			if a.Want.Truncated {
				return out
			}
			lenV := call(ident("len"), ident(v))
			return []ast.Stmt{ifStmt(binary(lenV, token.NEQ, intLit(int64(n))),
				errorf(d, fmt.Sprintf(" has %%d elements, want %d", n), lenV))}
		}
	}
	return out
}

// assertion renders one assertion on variable v of the call described by d.
func (r *renderer) assertion(a oracle.Assertion, v string, d desc) []ast.Stmt {
	switch a.Kind {
	case oracle.ErrNil:
		return []ast.Stmt{ifStmt(binary(ident(v), token.NEQ, ident("nil")),
			fatalf(d, " returned error: %v", ident(v)))}
	case oracle.ErrNonNil:
		switch r.errClass(a) {
		case errClassIs:
			return r.errIs(v, a.Err.Is[0], d)
		case errClassAs:
			return r.errAs(v, a.Err, d)
		}
		out := []ast.Stmt{ifStmt(binary(ident(v), token.EQL, ident("nil")),
			fatalf(d, " returned nil error, want an error"))}
		if r.errClass(a) == errClassMsg {
			out = append(out, neq(call(sel(ident(v), "Error")), strLit(a.Want.S), "%q", d, " error"))
		}
		return out
	}
	if a.EquateEmpty && (a.Want.Kind == rt.TNil || oracle.Empty(a.Want)) {
		// Nil or empty, as the package returns either.
		lenV := call(ident("len"), ident(v))
		return []ast.Stmt{ifStmt(binary(lenV, token.NEQ, intLit(0)), errorf(d, " = %v, want empty", ident(v)))}
	}
	if a.Want.Kind == 0 { // rt.TNil
		if oracle.Nilable(a.Type) {
			return []ast.Stmt{ifStmt(binary(ident(v), token.NEQ, ident("nil")),
				errorf(d, " = %v, want nil", ident(v)))}
		}
	}
	if b, ok := a.Type.Underlying().(*types.Basic); ok {
		// NaN and -0, which == cannot check, in a float or complex.
		if st, ok := r.floatCheck(a.Type, b, a.Want, ident(v), d, ""); ok {
			return []ast.Stmt{st}
		}
	}
	want, ok := r.valueExpr(a.Type, a.Want)
	if !ok {
		return nil
	}
	if oracle.HasNaN(a.Want) {
		if st, ok := r.nanCheck(a.Type, a.Want, want, ident(v), d); ok {
			return st
		}
		return nil // no comparison at hand equates NaNs: not asserted
	}
	if immutable(a.Type) {
		// A basic value reads best compared directly, with an untyped
		// constant where the type is not named.
		if b, ok := a.Type.(*types.Basic); ok {
			if lit, ok := r.basicLit(b, a.Want); ok {
				want = lit
			}
			if b.Info()&types.IsBoolean != 0 && a.Want.Kind == rt.TBool {
				// if !ok { ... = false, want true }
				var cond ast.Expr = ident(v)
				if a.Want.B {
					cond = &ast.UnaryExpr{Op: token.NOT, X: cond}
				}
				return []ast.Stmt{ifStmt(cond, errorf(d, fmt.Sprintf(" = %v, want %v", !a.Want.B, a.Want.B)))}
			}
		}
		verb := "%v"
		if isText(a.Type) {
			verb = "%q"
		}
		return []ast.Stmt{neq(ident(v), want, verb, d, "")}
	}
	e := nonEmpty
	switch {
	case a.EquateEmpty:
		e = equateEmpty
	case a.Want.Kind == rt.TNil || oracle.Empty(a.Want):
		e = exactEmpty
	}
	return []ast.Stmt{r.valueCheck(a.Type, want, ident(v), d, "", e)}
}

// identityCheck renders an identity assertion on variable v, compared
// with variable other: got == ring2 for Same, got != ring2 for NotSame.
func identityCheck(a oracle.Assertion, v, other string, d desc) []ast.Stmt {
	if a.Kind == oracle.Same {
		return []ast.Stmt{ifStmt(binary(ident(v), token.NEQ, ident(other)),
			errorf(d, " = %p, want "+esc(other)+" (%p)", ident(v), ident(other)))}
	}
	return []ast.Stmt{ifStmt(binary(ident(v), token.EQL, ident(other)),
		errorf(d, " = "+esc(other)+", want another pointer"))}
}

// neq is if got != want { t.Errorf("<d><what> = <verb>, want <want>") },
// with a short want written into the message as it reads in the code.
func neq(got, want ast.Expr, verb string, d desc, what string) ast.Stmt {
	if txt := exprString(want); len(txt) <= 40 && !strings.ContainsAny(txt, "\n`\\") {
		return ifStmt(binary(got, token.NEQ, want), errorf(d, esc(what)+" = "+verb+", want "+esc(txt), got))
	}
	return ifStmt(binary(got, token.NEQ, want), errorf(d, esc(what)+" = "+verb+", want "+verb, got, want))
}

// equateEmpty is the cmp.Diff option that makes nil and empty equal, when
// on.
func (r *renderer) equateEmpty(on bool) []ast.Expr {
	if !on {
		return nil
	}
	return []ast.Expr{call(sel(ident(r.use(CmpoptsPath)), "EquateEmpty"))}
}

// diff is if diff := cmp.Diff(want, got); diff != "" { t.Errorf("<d><what> mismatch (-want +got):\n%s", diff) }.
func (r *renderer) diff(want, got ast.Expr, d desc, what string, opts ...ast.Expr) ast.Stmt {
	r.usesCmp = true
	return &ast.IfStmt{
		Init: define("diff", &ast.CallExpr{Fun: sel(ident(r.own[CmpPath]), "Diff"), Args: append([]ast.Expr{want, got}, opts...)}),
		Cond: binary(ident("diff"), token.NEQ, strLit("")),
		Body: block(errorf(d, esc(what)+" mismatch (-want +got):\n%s", ident("diff"))),
	}
}

// fatalf and errorf build t.Fatalf / t.Errorf calls whose message is the
// call description d followed by format (this package's own text and
// verbs, for args).
func fatalf(d desc, format string, args ...ast.Expr) ast.Stmt {
	return tcall("Fatal", d, format, args)
}

func errorf(d desc, format string, args ...ast.Expr) ast.Stmt {
	return tcall("Error", d, format, args)
}

func tcall(method string, d desc, format string, args []ast.Expr) ast.Stmt {
	msg := d.format + format
	all := append(append([]ast.Expr(nil), d.args...), args...)
	if len(all) == 0 {
		plain := strings.ReplaceAll(msg, "%%", "%")
		if !strings.Contains(plain, "%") {
			// t.Error with a % in its text would trip vet's printf check.
			return &ast.ExprStmt{X: call(sel(ident("t"), method), strLit(plain))}
		}
	}
	return &ast.ExprStmt{X: call(sel(ident("t"), method+"f"), append([]ast.Expr{strLit(msg)}, all...)...)}
}
