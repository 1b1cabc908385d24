package emit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// tableStmts renders a table and the loop that runs it; i numbers the
// tables of one test function.
func (r *renderer) tableStmts(tb *table, i int, subUsed map[string]bool) ([]ast.Stmt, error) {
	body, err := r.body(tb.rows[0], r.tableBodyOpts(tb), nil)
	if err != nil {
		return nil, err
	}
	text, err := r.tableText(tb, subUsed)
	if err != nil {
		return nil, err
	}
	name := "tests"
	if i > 0 {
		name += strconv.Itoa(i + 1)
	}
	ph := fmt.Sprintf("gentestTable%d_", len(r.blocks))
	r.blocks[ph] = text

	loop := &ast.RangeStmt{
		Key: ident("_"), Value: ident("tt"), Tok: token.DEFINE, X: ident(name),
		Body: block(&ast.ExprStmt{X: call(sel(ident("t"), "Run"), sel(ident("tt"), "name"),
			&ast.FuncLit{Type: r.funcType("t", "T"), Body: block(body...)})}),
	}
	return []ast.Stmt{define(name, ident(ph)), loop}, nil
}

// tableBodyOpts are how the body of tb's loop is written from its first
// row: the fields in place of the literals, the checks of the target's
// results and of the observers against the want fields.
func (r *renderer) tableBodyOpts(tb *table) *bodyOpts {
	tgt := tb.rows[0].Target
	bo := &bodyOpts{noTargetAsserts: true, override: tb.override}
	if tb.errMode != errNone {
		bo.need = append(bo.need, seq.ValueID{Stmt: tgt, Result: tb.errRes})
	}
	for _, w := range tb.wants {
		bo.need = append(bo.need, w.at)
	}
	bo.skip = tb.skip
	for _, a := range tb.consts {
		bo.need = append(bo.need, a.Value())
	}
	for _, a := range tb.nonNil {
		bo.need = append(bo.need, a.Value())
	}
	bo.afterTarget = func(vars map[seq.ValueID]string, d desc) []ast.Stmt {
		return r.tableChecks(tb, vars, d)
	}
	bo.afterStmt = func(i int, vars map[seq.ValueID]string, d desc) []ast.Stmt {
		var out []ast.Stmt
		for _, w := range tb.wants {
			if w.at.Stmt == i && i != tgt {
				out = append(out, r.wantCheck(w, vars[w.at], d, ""))
			}
		}
		return out
	}
	return bo
}

// tableText lays out the table itself as text (see renderer.blocks): its
// struct type and a row per case, each named uniquely in subUsed.
func (r *renderer) tableText(tb *table, subUsed map[string]bool) (string, error) {
	var b strings.Builder
	b.WriteString("[]struct {\n\tname string\n")
	for _, f := range tb.fields {
		te, err := r.typeExpr(f.typ)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "\t%s %s\n", f.name, exprString(te))
	}
	for _, w := range tb.wants {
		te, err := r.typeExpr(w.typ)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "\t%s %s\n", w.name, exprString(te))
	}
	switch tb.errMode {
	case errString:
		b.WriteString("\twantErr string\n")
	case errBool:
		b.WriteString("\twantErr bool\n")
	case errIs:
		b.WriteString("\twantErr error\n")
	}
	b.WriteString("}{\n")
	for ri, c := range tb.rows {
		tb.names[ri] = uniqueSub(tb.names[ri], subUsed)
		row, err := r.tableRow(tb, c, tb.names[ri])
		if err != nil {
			return "", err
		}
		b.WriteString("\t" + exprString(row) + ",\n")
	}
	b.WriteString("}")
	return b.String(), nil
}

// tableRow is the row of case c, named name: its fields' literals, its
// want values (a zero one left out) and its error.
func (r *renderer) tableRow(tb *table, c *oracle.Case, name string) (ast.Expr, error) {
	tgt := tb.rows[0].Target
	row := &ast.CompositeLit{}
	kv := func(k string, v ast.Expr) { row.Elts = append(row.Elts, &ast.KeyValueExpr{Key: ident(k), Value: v}) }
	kv("name", strLit(name))
	for _, f := range tb.fields {
		x, err := r.litExpr(c.Seq.Stmts[f.at.Stmt].Args[f.at.Arg].Lit, f.typ)
		if err != nil {
			return nil, err
		}
		kv(f.name, x)
	}
	slots := r.slots(c)
	for _, w := range tb.wants {
		a, ok := slots[w.at]
		if !ok || a.Want.Kind == rt.TNil {
			continue // the field's zero value
		}
		x, ok := r.rowValue(w.typ, a.Want)
		if !ok {
			return nil, fmt.Errorf("cannot write want value of type %s", w.typ)
		}
		kv(w.name, x)
	}
	if a, ok := slots[seq.ValueID{Stmt: tgt, Result: tb.errRes}]; ok && a.Kind == oracle.ErrNonNil {
		switch tb.errMode {
		case errString:
			kv("wantErr", strLit(errMsg(a)))
		case errBool:
			kv("wantErr", ident("true"))
		case errIs:
			kv("wantErr", r.sentinelExpr(a.Err.Is[0]))
		}
	}
	return row, nil
}

// tableChecks renders the checks of the target in a table: its error
// against wantErr, its values against the want fields.
func (r *renderer) tableChecks(tb *table, vars map[seq.ValueID]string, d desc) []ast.Stmt {
	tgt := tb.rows[0].Target
	wantErr := sel(ident("tt"), "wantErr")
	// The checks of the values beside the error, in rows without one.
	var values []ast.Stmt
	for k, w := range tb.wants {
		if w.at.Stmt != tgt {
			continue
		}
		what := ""
		if k > 0 {
			what = " " + vars[w.at]
		}
		values = append(values, r.wantCheck(w, vars[w.at], d, what))
	}
	for _, a := range tb.consts {
		if a.Kind == oracle.Equal {
			values = append(values, r.assertion(a, vars[a.Value()], d)...)
		}
	}
	for _, a := range tb.nonNil {
		values = append(values, r.weakAssertion(a, vars[a.Value()], d)...)
	}
	// Observers after the target have checks in every row: a row with an
	// error must not return before them.
	observed := false
	for _, w := range tb.wants {
		observed = observed || w.at.Stmt != tgt
	}
	var out []ast.Stmt
	if tb.errMode == errString || tb.errMode == errBool || tb.errMode == errIs {
		ev := ident(vars[seq.ValueID{Stmt: tgt, Result: tb.errRes}])
		more := len(values) > 0
		report := errorf
		if more {
			report = fatalf
		}
		if tb.errMode == errString || tb.errMode == errIs {
			wrong := ifStmt(binary(binary(ev, token.EQL, ident("nil")), token.LOR,
				binary(call(sel(ev, "Error")), token.NEQ, wantErr)),
				errorf(d, " error = %v, want %q", ev, wantErr))
			var none ast.Expr = strLit("")
			if tb.errMode == errIs {
				wrong = ifStmt(&ast.UnaryExpr{Op: token.NOT, X: call(sel(ident(r.use("errors")), "Is"), ev, wantErr)},
					errorf(d, " error = %v, want %v", ev, wantErr))
				none = ident("nil")
			}
			switch {
			case more && observed:
				s := ifStmt(binary(wantErr, token.NEQ, none), wrong)
				s.Else = block(append([]ast.Stmt{ifStmt(binary(ev, token.NEQ, ident("nil")), report(d, " returned error: %v", ev))}, values...)...)
				out = append(out, s)
				values = nil
			case more:
				out = append(out,
					ifStmt(binary(wantErr, token.NEQ, none), wrong, &ast.ReturnStmt{}),
					ifStmt(binary(ev, token.NEQ, ident("nil")), report(d, " returned error: %v", ev)))
			default:
				s := ifStmt(binary(wantErr, token.NEQ, none), wrong)
				s.Else = ifStmt(binary(ev, token.NEQ, ident("nil")), report(d, " returned error: %v", ev))
				out = append(out, s)
			}
		} else {
			out = append(out, ifStmt(binary(&ast.ParenExpr{X: binary(ev, token.NEQ, ident("nil"))}, token.NEQ, wantErr),
				report(d, " error = %v, wantErr %v", ev, wantErr)))
			switch {
			case more && observed:
				out = append(out, ifStmt(&ast.UnaryExpr{Op: token.NOT, X: wantErr}, values...))
				values = nil
			case more:
				out = append(out, ifStmt(wantErr, &ast.ReturnStmt{}))
			}
		}
	}
	for _, a := range tb.consts {
		if a.Kind != oracle.Equal {
			out = append(out, r.assertion(a, vars[a.Value()], d)...)
		}
	}
	return append(out, values...)
}

// wantCheck compares result variable v with its want field: != for a
// basic value, valueCheck for the others.
func (r *renderer) wantCheck(w *wantField, v string, d desc, what string) ast.Stmt {
	want := sel(ident("tt"), w.name)
	if _, basic := w.typ.Underlying().(*types.Basic); basic {
		verb := "%v"
		if isText(w.typ) {
			verb = "%q"
		}
		return ifStmt(binary(ident(v), token.NEQ, want), errorf(d, esc(what)+" = "+verb+", want "+verb, ident(v), want))
	}
	e := nonEmpty
	switch {
	case w.equateEmpty:
		e = equateEmpty
	case w.emptyRow:
		e = exactEmpty
	}
	return r.valueCheck(w.typ, want, ident(v), d, what, e)
}

// rowValue writes a want value in a row: an untyped constant (the field
// gives it its type) or the named constant of that value.
func (r *renderer) rowValue(t types.Type, want *rt.Tree) (ast.Expr, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return r.valueExpr(t, want)
	}
	if named, ok := t.(*types.Named); ok {
		if c := r.enumConst(named, want); c != nil {
			return sel(ident(r.qualify(c.Pkg())), c.Name()), true
		}
	}
	return r.basicLit(b, want)
}
