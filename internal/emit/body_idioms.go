package emit

import (
	"go/ast"
	"go/token"
)

// guardInIf turns the last two statements of out, a call whose only kept
// result is its error and the check that it is nil, into one if with the
// call as its init, as Go tests write an arrangement that must not fail:
// if _, err := w.Write(b); err != nil { t.Fatalf(...) }. The error,
// scoped to the if, is called err.
func guardInIf(out []ast.Stmt) []ast.Stmt {
	if len(out) < 2 {
		return out
	}
	as, ok := out[len(out)-2].(*ast.AssignStmt)
	check, ok2 := out[len(out)-1].(*ast.IfStmt)
	if !ok || !ok2 || as.Tok != token.DEFINE || check.Init != nil {
		return out
	}
	errName := ""
	for _, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			return out
		}
		if id.Name != "_" {
			if errName != "" {
				return out // another result is kept too
			}
			errName = id.Name
		}
	}
	if errName == "" {
		return out
	}
	rename := func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == errName {
			id.Name = "err"
		}
		return true
	}
	for _, l := range as.Lhs {
		ast.Inspect(l, rename)
	}
	ast.Inspect(check.Cond, rename)
	ast.Inspect(check.Body, rename)
	check.Init = as
	return append(out[:len(out)-2], check)
}

// checksInIf writes an observer call that only its check reads as the
// init of the check, as Go tests do: if n := l.Len(); n != 2 { ... }. A
// call in observed is folded when the statement right after it is a check
// (an if without init whose branches only report) and no later statement
// reads the variables it defines (scoped to the if, they would not
// compile there).
func checksInIf(out []ast.Stmt, observed map[*ast.AssignStmt]bool) []ast.Stmt {
	var kept []ast.Stmt
	for k := 0; k < len(out); k++ {
		as, ok := out[k].(*ast.AssignStmt)
		if !ok || !observed[as] || k+1 >= len(out) {
			kept = append(kept, out[k])
			continue
		}
		check, ok := out[k+1].(*ast.IfStmt)
		if !ok || check.Init != nil || !onlyReports(check) || readsAny(out[k+2:], as.Lhs) {
			kept = append(kept, out[k])
			continue
		}
		check.Init = as
		kept = append(kept, check)
		k++
	}
	return kept
}

// onlyReports reports whether an if statement's branches only call
// t.Error, t.Errorf, t.Fatal or t.Fatalf.
func onlyReports(s *ast.IfStmt) bool {
	if s.Else != nil {
		return false
	}
	for _, st := range s.Body.List {
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			return false
		}
		c, ok := es.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		f, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		if id, ok := f.X.(*ast.Ident); !ok || id.Name != "t" {
			return false
		}
		switch f.Sel.Name {
		case "Error", "Errorf", "Fatal", "Fatalf":
		default:
			return false
		}
	}
	return len(s.Body.List) > 0
}

// readsAny reports whether any of stmts mentions a name defined by lhs.
func readsAny(stmts []ast.Stmt, lhs []ast.Expr) bool {
	names := map[string]bool{}
	for _, l := range lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
			names[id.Name] = true
		}
	}
	found := false
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && names[id.Name] {
				found = true
			}
			return !found
		})
	}
	return found
}

// blankUnread gives up the variables that target, an assignment of the
// target's results, declares and nothing in out reads (keep names those a
// caller reads after the body: a finding's checks). The plan held a result
// for a check that was then not written (a value that was not the same in
// two runs, one that depends on the clock): "got, _ := toml.Decode(...)"
// or "got, err := toml.DecodeReader(...)" with only err checked does not
// compile, and the test was dropped at verification with the coverage it
// carried. When no variable is left, the results are assigned to blanks,
// as a target that nothing checks always is ("_ = session.Started()").
func blankUnread(out []ast.Stmt, target ast.Stmt, keep map[string]bool) []ast.Stmt {
	as, ok := target.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Rhs) != 1 {
		return out
	}
	read := func(id *ast.Ident) bool {
		found := false
		for _, st := range out {
			ast.Inspect(st, func(n ast.Node) bool {
				if x, ok := n.(*ast.Ident); ok && x != id && x.Name == id.Name {
					found = true
				}
				return !found
			})
			if found {
				return true
			}
		}
		return false
	}
	left := 0
	for k, e := range as.Lhs {
		id, ok := e.(*ast.Ident)
		if !ok || id.Name == "_" {
			continue
		}
		if keep[id.Name] || read(id) {
			left++
			continue
		}
		as.Lhs[k] = ident("_")
	}
	if left > 0 {
		return out
	}
	as.Tok = token.ASSIGN // "_, _ := f()" declares nothing
	return out
}
