package emit

import (
	"go/ast"

	"github.com/gentest-go/gentest/internal/oracle"
)

// trimTable drops the fields of tb that its body does not read, and folds
// the rows that then say the same into the first of them.
//
// A field is made for every literal that differs between the rows, but
// the body leaves out calls whose results nothing reads and that change
// nothing (planBody): a table of EncodeRune(p, r); DecodeRune(q) rows
// writes only DecodeRune(tt.q), and its p and r fields would feed
// nothing. When such a field was all that told rows apart, the rows run
// the same test: mime's TypeByExtension("") rows that differed only in
// the literal of a call left out. The cases of the rows folded away are
// not written at all (neither in TestInfo.Keys nor Output.Skipped): the
// row kept runs exactly what they would have.
//
// It reports false when tb is no table any more, with the cases to write
// as subtests instead: the one row left, or every row when no field is
// left but the rows want different things (a subtest each, and
// verification drops the ones that fail).
func (r *renderer) trimTable(tb *table) ([]*oracle.Case, bool) {
	read, ok := r.readFields(tb)
	if !ok {
		// The body cannot be written: tableStmts falls back to subtests.
		return nil, true
	}
	kept := tb.fields[:0:0]
	for _, f := range tb.fields {
		if read[f.name] {
			kept = append(kept, f)
		} else {
			delete(tb.override, f.at)
		}
	}
	if len(kept) < len(tb.fields) {
		tb.fields = kept
		// Fewer fields may name themselves better ("in" for a lone one).
		r.nameFields(tb.rows[0], tb)
	}
	tb.rows = r.distinctRows(tb)
	if len(tb.fields) == 0 || len(tb.rows) < 2 {
		return tb.rows, false
	}
	r.tableRowNames(tb, tb.rows, tb.rows[0].Target)
	return nil, true
}

// readFields returns the names of the fields of tb that the body of its
// loop reads (tt.name), rendered as tableStmts renders it; false if the
// body cannot be rendered.
func (r *renderer) readFields(tb *table) (map[string]bool, bool) {
	var body []ast.Stmt
	var err error
	r.probe(func() { body, err = r.body(tb.rows[0], r.tableBodyOpts(tb), nil) })
	if err != nil {
		return nil, false
	}
	read := map[string]bool{}
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := s.X.(*ast.Ident); ok && x.Name == "tt" {
					read[s.Sel.Name] = true
				}
			}
			return true
		})
	}
	return read, true
}

// distinctRows returns the rows of tb in order, without those written
// the same (fields, wants, error) as an earlier one. A row that cannot be
// written is kept: tableStmts reports it.
func (r *renderer) distinctRows(tb *table) []*oracle.Case {
	seen := map[string]bool{}
	var out []*oracle.Case
	for _, c := range tb.rows {
		var key string
		var err error
		r.probe(func() {
			var row ast.Expr
			if row, err = r.tableRow(tb, c, ""); err == nil {
				key = exprString(row)
			}
		})
		if err == nil && seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, c)
	}
	return out
}
