package instrument

import (
	"bytes"
	"go/ast"
	"go/token"
)

// Blocks, as cmd/cover draws them (see fileInst): where a basic block of
// the source starts and ends, and the counters at their starts.

// findText finds text in the source at or after pos, skipping comments.
func (f *fileInst) findText(pos token.Pos, text string) int {
	b := []byte(text)
	s := f.src
	for i := f.off(pos); i < len(s); {
		if bytes.HasPrefix(s[i:], b) {
			return i
		}
		if i+2 <= len(s) && s[i] == '/' && s[i+1] == '/' {
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		if i+2 <= len(s) && s[i] == '/' && s[i+1] == '*' {
			for i += 2; ; i++ {
				if i+2 > len(s) {
					return -1
				}
				if s[i] == '*' && s[i+1] == '/' {
					i += 2
					break
				}
			}
			continue
		}
		i++
	}
	return -1
}

// addCounters adds counters to the beginning of each basic block at the top
// level of list (cmd/cover's algorithm). It records where each block
// starts for the control-flow graph: at its first statement, or at
// container (the block or clause) when list is empty.
func (f *fileInst) addCounters(container ast.Node, pos, insertPos, blockEnd token.Pos, list []ast.Stmt, extendToClosingBrace bool) {
	// An empty block gets a counter too; below we would skip it.
	if len(list) == 0 {
		f.anchorEmpty[container] = len(f.p.table.Blocks)
		f.insert(insertPos, f.newBlock(insertPos, blockEnd, 0), classStmt)
		return
	}
	list = append([]ast.Stmt(nil), list...)
	orig := map[ast.Stmt]ast.Stmt{} // split labels -> the labelled statements they stand for
	for {
		// The first statement that affects the flow of control ends the block.
		var last int
		end := blockEnd
		for last = 0; last < len(list); last++ {
			stmt := list[last]
			end = f.statementBoundary(stmt)
			if f.endsBasicSourceBlock(stmt) {
				// A labelled statement may be a goto target and so starts a
				// block: "foo: stmt" becomes "foo: COUNTER; stmt", unless the
				// statement is a control statement its label must stay on.
				if label, isLabel := stmt.(*ast.LabeledStmt); isLabel && !isControl(label.Stmt) {
					newLabel := *label
					newLabel.Stmt = &ast.EmptyStmt{Semicolon: label.Stmt.Pos(), Implicit: true}
					orig[&newLabel] = label
					end = label.Pos() // the previous block ends before the label
					list[last] = &newLabel
					list = append(list, nil)
					copy(list[last+1:], list[last:])
					list[last+1] = label.Stmt
				}
				last++
				extendToClosingBrace = false
				break
			}
		}
		if extendToClosingBrace {
			end = blockEnd
		}
		if pos != end { // no source to cover if blocks abut
			first := list[0]
			if o, ok := orig[first]; ok {
				first = o
			}
			f.anchorStmt[first] = len(f.p.table.Blocks)
			f.insert(insertPos, f.newBlock(pos, end, last), classStmt)
		}
		list = list[last:]
		if len(list) == 0 {
			break
		}
		pos = list[0].Pos()
		insertPos = pos
	}
}

// hasFuncLiteral reports the existence and body position of the first
// function literal in n.
func hasFuncLiteral(n ast.Node) (bool, token.Pos) {
	if n == nil {
		return false, 0
	}
	var found token.Pos
	ast.Inspect(n, func(n ast.Node) bool {
		if found != token.NoPos {
			return false
		}
		if l, ok := n.(*ast.FuncLit); ok {
			found = l.Body.Lbrace
			return false
		}
		return true
	})
	return found != token.NoPos, found
}

// statementBoundary finds the location in s that terminates the current
// basic block in the source.
func (f *fileInst) statementBoundary(s ast.Stmt) token.Pos {
	switch s := s.(type) {
	case *ast.BlockStmt:
		return s.Lbrace
	case *ast.IfStmt:
		return funcLitOr(s.Body.Lbrace, s.Init, s.Cond)
	case *ast.ForStmt:
		return funcLitOr(s.Body.Lbrace, s.Init, s.Cond, s.Post)
	case *ast.LabeledStmt:
		return f.statementBoundary(s.Stmt)
	case *ast.RangeStmt:
		return funcLitOr(s.Body.Lbrace, s.X)
	case *ast.SwitchStmt:
		return funcLitOr(s.Body.Lbrace, s.Init, s.Tag)
	case *ast.SelectStmt:
		return s.Body.Lbrace
	case *ast.TypeSwitchStmt:
		return funcLitOr(s.Body.Lbrace, s.Init)
	}
	return funcLitOr(s.End(), s)
}

// funcLitOr returns the body position of the first function literal in
// the first of nodes that has one (nil nodes have none), or else pos.
func funcLitOr(pos token.Pos, nodes ...ast.Node) token.Pos {
	for _, n := range nodes {
		if found, p := hasFuncLiteral(n); found {
			return p
		}
	}
	return pos
}

// endsBasicSourceBlock reports whether s changes the flow of control or
// contains a function literal.
func (f *fileInst) endsBasicSourceBlock(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.BlockStmt, *ast.BranchStmt, *ast.ForStmt, *ast.IfStmt,
		*ast.LabeledStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
		return true
	case *ast.ExprStmt:
		// Calls to panic change the flow (cover does not check that panic
		// is the builtin either, so that blocks match its profiles).
		if call, ok := s.X.(*ast.CallExpr); ok {
			if ident, ok := call.Fun.(*ast.Ident); ok && ident.Name == "panic" && len(call.Args) == 1 {
				return true
			}
		}
	}
	found, _ := hasFuncLiteral(s)
	return found
}

// isControl reports whether s is a control statement that, if labelled,
// cannot be separated from its label.
func isControl(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
		return true
	}
	return false
}
