package instrument

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// fileInst instruments one file. The block logic (Visit's statement cases,
// addCounters, statementBoundary, endsBasicSourceBlock) is adapted from
// cmd/cover so that blocks mean what they mean in cover profiles; unlike
// cmd/cover it never modifies the syntax tree, which the caller still uses.
type fileInst struct {
	p      *pkgInst
	tf     *token.File
	name   string
	src    []byte
	buf    editBuf
	probes int
	err    error // first internal inconsistency met

	fn   string         // enclosing function name, for the table; "glob." at package level
	litN map[string]int // closures numbered per enclosing function

	gotoLabels  map[string]bool // labels some goto in the file jumps to
	switchLabel map[*ast.SwitchStmt]*ast.LabeledStmt
	tagN        int // fresh tag variables

	// For the control-flow graph (cfg.go): the node each condition was
	// registered at, and the statement (or, for an empty list, the block
	// or clause) each block starts at.
	condOf      map[ast.Node]int
	anchorStmt  map[ast.Stmt]int
	anchorEmpty map[ast.Node]int
}

func (f *fileInst) off(p token.Pos) int { return f.tf.Offset(p) }

// fail records an internal inconsistency; the file is then rejected.
func (f *fileInst) fail(p token.Pos, msg string) {
	if f.err == nil {
		f.err = fmt.Errorf("internal error at %s: %s", f.pos(p), msg)
	}
}

func (f *fileInst) insert(p token.Pos, text string, class editClass) {
	o := f.off(p)
	f.buf.add(o, o, text, class)
}

func (f *fileInst) replace(from, to token.Pos, text string) {
	f.buf.add(f.off(from), f.off(to), text, classReplace)
}

func (f *fileInst) pos(p token.Pos) token.Position {
	return f.p.fset.PositionFor(p, false)
}

// funcName is the table's name of the enclosing function: package-level
// initialisers run in the package's init.
func (f *fileInst) funcName() string {
	if f.fn == "glob." {
		return "init"
	}
	return f.fn
}

// newBlock registers a block and returns its counter statement.
func (f *fileInst) newBlock(start, end token.Pos, numStmt int) string {
	t := f.p.table
	id := len(t.Blocks)
	s, e := f.pos(start), f.pos(end)
	t.Blocks = append(t.Blocks, Block{
		ID: id, File: f.name, Func: f.funcName(),
		StartLine: s.Line, StartCol: s.Column, EndLine: e.Line, EndCol: e.Column,
		NumStmt: numStmt,
	})
	f.probes++
	return fmt.Sprintf("%s.Blk(%d);", ImportName, id)
}

// newCond registers a condition at n and returns its id.
func (f *fileInst) newCond(n ast.Node, kind, text string, dist bool) int {
	t := f.p.table
	id := len(t.Conds)
	p := f.pos(n.Pos())
	t.Conds = append(t.Conds, Cond{
		ID: id, File: f.name, Func: f.funcName(), Line: p.Line, Col: p.Column,
		Kind: kind, Text: text, Distance: dist,
	})
	if e, ok := n.(ast.Expr); ok && f.p.taint != nil {
		t.Conds[id].Nondet = f.p.taint.expr(e)
	}
	f.condOf[n] = id
	f.probes++
	return id
}

// tagNondet marks condition id Nondet when the switch's tag (or type
// switch's subject), compared by the condition, is tainted.
func (f *fileInst) tagNondet(id int, tag ast.Expr) {
	if f.p.taint != nil {
		f.p.table.Conds[id].Nondet |= f.p.taint.expr(tag)
	}
}

// text is the shortened source text of n.
func (f *fileInst) text(n ast.Node) string {
	return shorten(string(f.src[f.off(n.Pos()):f.off(n.End())]))
}

func shorten(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	const max = 80
	if len(s) > max {
		s = s[:max-3] + "..."
	}
	return s
}

// enterLit sets the function name for a closure, numbered like the
// compiler does (F.func1, F.func1.1, glob..func1), and returns the previous
// one.
func (f *fileInst) enterLit() string {
	prev := f.fn
	f.litN[prev]++
	if strings.HasSuffix(prev, ".") { // package level: glob..func1
		f.fn = fmt.Sprintf("%sfunc%d", prev+".", f.litN[prev])
	} else if strings.Contains(prev, ".func") {
		f.fn = fmt.Sprintf("%s.%d", prev, f.litN[prev])
	} else {
		f.fn = fmt.Sprintf("%s.func%d", prev, f.litN[prev])
	}
	return prev
}

func funcName(d *ast.FuncDecl) string {
	name := d.Name.Name
	if d.Recv == nil || len(d.Recv.List) != 1 {
		return name
	}
	t := d.Recv.List[0].Type
	star := false
	if s, ok := t.(*ast.StarExpr); ok {
		t, star = s.X, true
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	id, ok := t.(*ast.Ident)
	if !ok {
		return name
	}
	if star {
		return "(*" + id.Name + ")." + name
	}
	return id.Name + "." + name
}

// Visit implements ast.Visitor.
func (f *fileInst) Visit(node ast.Node) ast.Visitor {
	switch n := node.(type) {
	case *ast.GenDecl:
		if n.Tok != token.VAR {
			return nil // constants, types and imports hold no code
		}
	case *ast.FuncDecl:
		if n.Name.Name == "_" || n.Body == nil {
			return nil
		}
		prev := f.fn
		f.fn = funcName(n)
		ast.Walk(f, n.Body)
		f.fn = prev
		return nil
	case *ast.FuncLit:
		prev := f.enterLit()
		ast.Walk(f, n.Body)
		f.fn = prev
		return nil
	case *ast.BlockStmt:
		f.block(n)
		return nil
	case *ast.IfStmt:
		f.ifStmt(n)
		return nil
	case *ast.ForStmt:
		if n.Init != nil {
			ast.Walk(f, n.Init)
		}
		if n.Cond != nil {
			f.cond(n.Cond, KindFor, true)
		}
		if n.Post != nil {
			ast.Walk(f, n.Post)
		}
		ast.Walk(f, n.Body)
		return nil
	case *ast.LabeledStmt:
		if s, ok := n.Stmt.(*ast.SwitchStmt); ok {
			f.switchLabel[s] = n
		}
	case *ast.SelectStmt:
		// Don't annotate an empty select: it would not parse.
		if n.Body == nil || len(n.Body.List) == 0 {
			return nil
		}
	case *ast.SwitchStmt:
		f.switchStmt(n)
		return nil
	case *ast.TypeSwitchStmt:
		f.typeSwitch(n)
		return nil
	case *ast.BinaryExpr:
		if n.Op == token.LAND || n.Op == token.LOR {
			if f.constant(n) {
				return nil
			}
			f.andOr(n)
			return nil
		}
		if f.constant(n) {
			return nil
		}
	case ast.Expr:
		if tv, ok := f.p.info.Types[n]; ok && (tv.Value != nil || tv.IsType()) {
			return nil // constant expressions must stay constant; types hold no code
		}
	}
	return f
}

func (f *fileInst) constant(e ast.Expr) bool {
	tv, ok := f.p.info.Types[e]
	return ok && tv.Value != nil
}

// block instruments a statement list enclosed in braces: the counters of its
// basic blocks, then its statements. Switch and select bodies are lists of
// clauses, each clause body getting its own counters.
func (f *fileInst) block(n *ast.BlockStmt) {
	list := n.List
	if len(list) > 0 {
		switch list[0].(type) {
		case *ast.CaseClause:
			for _, s := range list {
				c := s.(*ast.CaseClause)
				f.addCounters(c, c.Colon+1, c.Colon+1, c.End(), c.Body, false)
			}
			for _, s := range list {
				ast.Walk(f, s)
			}
			return
		case *ast.CommClause:
			for _, s := range list {
				c := s.(*ast.CommClause)
				f.addCounters(c, c.Colon+1, c.Colon+1, c.End(), c.Body, false)
			}
			for _, s := range list {
				ast.Walk(f, s)
			}
			return
		}
	}
	f.addCounters(n, n.Lbrace, n.Lbrace+1, n.Rbrace+1, list, true) // +1 to step past closing brace
	for _, s := range list {
		ast.Walk(f, s)
	}
}

func (f *fileInst) ifStmt(n *ast.IfStmt) {
	if n.Init != nil {
		ast.Walk(f, n.Init)
	}
	f.cond(n.Cond, KindIf, true)
	ast.Walk(f, n.Body)
	if n.Else == nil {
		return
	}
	// As in cover: to have a place for the counter of "else if y", wrap it
	// in a hidden block: "else { if y {} }".
	elseOffset := f.findText(n.Body.End(), "else")
	if elseOffset < 0 {
		f.fail(n.Body.End(), "no else keyword after the if body")
		return
	}
	f.buf.add(elseOffset+4, elseOffset+4, "{", classStmt)
	f.insert(n.Else.End(), "}", classClose)
	pos := f.tf.Pos(elseOffset + 4)
	switch s := n.Else.(type) {
	case *ast.IfStmt:
		f.addCounters(s, pos, pos+1, s.End()+1, []ast.Stmt{s}, true)
		ast.Walk(f, s)
	case *ast.BlockStmt:
		f.addCounters(s, pos, pos+1, s.Rbrace+1, s.List, true)
		for _, st := range s.List {
			ast.Walk(f, st)
		}
	}
}

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
		if found, pos := hasFuncLiteral(s.Init); found {
			return pos
		}
		if found, pos := hasFuncLiteral(s.Cond); found {
			return pos
		}
		return s.Body.Lbrace
	case *ast.ForStmt:
		if found, pos := hasFuncLiteral(s.Init); found {
			return pos
		}
		if found, pos := hasFuncLiteral(s.Cond); found {
			return pos
		}
		if found, pos := hasFuncLiteral(s.Post); found {
			return pos
		}
		return s.Body.Lbrace
	case *ast.LabeledStmt:
		return f.statementBoundary(s.Stmt)
	case *ast.RangeStmt:
		if found, pos := hasFuncLiteral(s.X); found {
			return pos
		}
		return s.Body.Lbrace
	case *ast.SwitchStmt:
		if found, pos := hasFuncLiteral(s.Init); found {
			return pos
		}
		if found, pos := hasFuncLiteral(s.Tag); found {
			return pos
		}
		return s.Body.Lbrace
	case *ast.SelectStmt:
		return s.Body.Lbrace
	case *ast.TypeSwitchStmt:
		if found, pos := hasFuncLiteral(s.Init); found {
			return pos
		}
		return s.Body.Lbrace
	}
	if found, pos := hasFuncLiteral(s); found {
		return pos
	}
	return s.End()
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

// ---- conditions ----

// cond instruments e, a condition. anyBool says whether the context accepts
// any boolean type (if, for and tagless case conditions); elsewhere the
// probe's bool result must be assignable where e was.
func (f *fileInst) cond(e ast.Expr, kind string, anyBool bool) {
	x := ast.Unparen(e)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		f.cond(u.X, kind, anyBool)
		return
	}
	if b, ok := x.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) && !f.constant(b) &&
		isPlainBool(f.p.info.Types[b].Type) {
		// The operands are the conditions. (With a named boolean type they
		// cannot be wrapped, so the whole condition is, below.)
		f.andOr(b)
		return
	}
	tv, ok := f.p.info.Types[x]
	if !ok || tv.Type == nil {
		ast.Walk(f, x)
		return
	}
	plain := isPlainBool(tv.Type)
	if !plain && !anyBool {
		ast.Walk(f, x)
		return
	}
	if b, ok := x.(*ast.BinaryExpr); ok && tv.Value == nil && f.cmp(b, kind) {
		return
	}
	if call, ok := x.(*ast.CallExpr); ok && plain && tv.Value == nil && f.strCall(call, kind) {
		return
	}
	id := f.newCond(x, kind, f.text(x), false)
	if plain {
		f.insert(x.Pos(), fmt.Sprintf("%s.Br(%d, ", ImportName, id), classOpen)
	} else {
		f.insert(x.Pos(), fmt.Sprintf("%s.Br(%d, %s.Bool(", ImportName, id, ImportName), classOpen)
	}
	if tv.Value == nil {
		ast.Walk(f, x)
	}
	if plain {
		f.insert(x.End(), ")", classClose)
	} else {
		f.insert(x.End(), "))", classClose)
	}
}

// andOr instruments each operand of a chain of && or || as a condition.
func (f *fileInst) andOr(b *ast.BinaryExpr) {
	kind := KindAnd
	if b.Op == token.LOR {
		kind = KindOr
	}
	for _, o := range operands(b, b.Op) {
		x := ast.Unparen(o)
		for {
			u, ok := x.(*ast.UnaryExpr)
			if !ok || u.Op != token.NOT {
				break
			}
			x = ast.Unparen(u.X)
		}
		if ob, ok := x.(*ast.BinaryExpr); ok && (ob.Op == token.LAND || ob.Op == token.LOR) {
			// A nested chain of the other operator: its operands are the
			// conditions (as jumps in compiled code), not the chain.
			ast.Walk(f, o)
			continue
		}
		f.cond(o, kind, false)
	}
}

// operands flattens a left-associated chain a op b op c.
func operands(b *ast.BinaryExpr, op token.Token) []ast.Expr {
	var out []ast.Expr
	if l, ok := ast.Unparen(b.X).(*ast.BinaryExpr); ok && l.Op == op {
		out = operands(l, op)
	} else {
		out = append(out, b.X)
	}
	return append(out, b.Y)
}

func isPlainBool(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && (b.Kind() == types.Bool || b.Kind() == types.UntypedBool)
}

// carrier kinds of comparison operands.
const (
	catNone = ""
	catI    = "I" // signed integers, as int64
	catU    = "U" // unsigned integers, as uint64
	catF    = "F" // floats, as float64
	catS    = "S" // strings
)

var carrier = map[string]string{catI: "Int64", catU: "Uint64", catF: "Float64", catS: "String"}

// category is the carrier kind of a typed, non-constant operand's type.
// Type parameters (interface underlying) and untyped types have none.
func category(t types.Type) string {
	if t == nil {
		return catNone
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsUntyped != 0 {
		return catNone
	}
	switch i := b.Info(); {
	case i&types.IsInteger != 0 && i&types.IsUnsigned != 0:
		return catU
	case i&types.IsInteger != 0:
		return catI
	case i&types.IsFloat != 0:
		return catF
	case i&types.IsString != 0:
		return catS
	}
	return catNone
}

// fits reports whether constant v converts exactly to the carrier of cat.
func fits(v constant.Value, cat string) bool {
	switch cat {
	case catI:
		_, ok := constant.Int64Val(constant.ToInt(v))
		return ok
	case catU:
		_, ok := constant.Uint64Val(constant.ToInt(v))
		return ok
	case catF:
		return constant.ToFloat(v).Kind() == constant.Float
	case catS:
		return v.Kind() == constant.String
	}
	return false
}

var opNames = map[token.Token]string{
	token.EQL: "OpEq", token.NEQ: "OpNe", token.LSS: "OpLt",
	token.LEQ: "OpLe", token.GTR: "OpGt", token.GEQ: "OpGe",
}

// cmpCat returns the carrier kind for comparing l and r, or catNone if the
// comparison must be instrumented for its outcome only.
func (f *fileInst) cmpCat(l, r ast.Expr) (cat string, lt, rt types.TypeAndValue, typed types.Type) {
	lt, lok := f.p.info.Types[l]
	rt, rok := f.p.info.Types[r]
	if !lok || !rok || (lt.Value != nil && rt.Value != nil) {
		return catNone, lt, rt, nil
	}
	if lt.Value == nil {
		typed = lt.Type
	} else {
		typed = rt.Type
	}
	cat = category(typed)
	if cat == catNone {
		return catNone, lt, rt, nil
	}
	for _, side := range []struct {
		e  ast.Expr
		tv types.TypeAndValue
	}{{l, lt}, {r, rt}} {
		if side.tv.Value != nil {
			if !fits(side.tv.Value, cat) {
				return catNone, lt, rt, nil
			}
		} else if category(side.tv.Type) != cat || f.hasUntypedShift(side.e) {
			return catNone, lt, rt, nil
		}
	}
	return cat, lt, rt, typed
}

// hasUntypedShift reports whether e contains a non-constant shift of a
// constant: its type comes from the context, which the conversion to the
// carrier type would change.
func (f *fileInst) hasUntypedShift(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.SHL || b.Op == token.SHR) {
			if f.constant(b.X) && !f.constant(b) {
				found = true
			}
		}
		return !found
	})
	return found
}

// cmp instruments the comparison b with distances if its operands allow.
func (f *fileInst) cmp(b *ast.BinaryExpr, kind string) bool {
	op, ok := opNames[b.Op]
	if !ok {
		return false
	}
	if f.indexCmp(b, kind) {
		return true
	}
	cat, lt, rt, typed := f.cmpCat(b.X, b.Y)
	if cat == catNone {
		return false
	}
	id := f.newCond(b, kind, f.text(b), true)
	f.setOperands(id, b.Op.String(), b.X, b.Y)
	f.insert(b.X.Pos(), fmt.Sprintf("%s.Cmp%s(%d, %s.%s, ", ImportName, cat, id, ImportName, op), classOpen)
	f.operand(b.X, lt, cat, typed)
	f.replace(b.OpPos, b.OpPos+token.Pos(len(b.Op.String())), ",")
	f.operand(b.Y, rt, cat, typed)
	f.insert(b.Y.End(), ")", classClose)
	return true
}

// operand converts one comparison operand to its carrier type; typed is the
// type both operands have in the comparison.
func (f *fileInst) operand(e ast.Expr, tv types.TypeAndValue, cat string, typed types.Type) {
	conv := ImportName + "." + carrier[cat]
	if tv.Value != nil {
		if cat == catF && isFloat32(typed) {
			// The constant was rounded to float32; float64(constant) would
			// not be, and the comparison's result could differ.
			v, _ := constant.Float32Val(constant.ToFloat(tv.Value))
			f.replace(e.Pos(), e.End(), conv+"("+strconv.FormatFloat(float64(v), 'g', -1, 64)+")")
			return
		}
		f.insert(e.Pos(), conv+"(", classOpen)
		f.insert(e.End(), ")", classClose)
		return
	}
	f.insert(e.Pos(), conv+"(", classOpen)
	ast.Walk(f, e)
	f.insert(e.End(), ")", classClose)
}

func isFloat32(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Float32)
}

// ---- switches ----

func (f *fileInst) switchStmt(s *ast.SwitchStmt) {
	if s.Body == nil || len(s.Body.List) == 0 {
		// Don't annotate an empty switch: it would not parse.
		if s.Init != nil {
			ast.Walk(f, s.Init)
		}
		if s.Tag != nil {
			ast.Walk(f, s.Tag)
		}
		return
	}
	tag := ""
	var tagTV types.TypeAndValue
	if s.Tag != nil && f.rewriteTag(s) {
		tagTV = f.p.info.Types[s.Tag]
		f.tagN++
		tag = fmt.Sprintf("%stag%d", ImportName, f.tagN)
		if s.Init != nil {
			// { init; [label:] switch tag := x; { ... } }
			label := ""
			if l := f.switchLabel[s]; l != nil {
				f.replace(l.Pos(), l.Colon+1, "")
				label = l.Label.Name + ": "
			}
			f.replace(s.Switch, s.Switch+token.Pos(len("switch")), "{")
			ast.Walk(f, s.Init)
			f.insert(s.Tag.Pos(), label+"switch "+tag+" := ", classOpen)
			f.insert(s.Body.End(), "}", classClose)
		} else {
			f.insert(s.Tag.Pos(), tag+" := ", classOpen)
		}
		ast.Walk(f, s.Tag)
		f.insert(s.Tag.End(), ";", classClose)
	} else {
		if s.Init != nil {
			ast.Walk(f, s.Init)
		}
		if s.Tag != nil {
			ast.Walk(f, s.Tag)
		}
	}
	for _, st := range s.Body.List {
		c := st.(*ast.CaseClause)
		f.addCounters(c, c.Colon+1, c.Colon+1, c.End(), c.Body, false)
	}
	for _, st := range s.Body.List {
		c := st.(*ast.CaseClause)
		for i, e := range c.List {
			switch {
			case s.Tag == nil:
				f.cond(e, KindCase, true)
			case tag != "":
				if i > 0 {
					comma := f.findText(c.List[i-1].End(), ",")
					if comma < 0 || comma >= f.off(e.Pos()) {
						f.fail(e.Pos(), "no comma before case expression")
						return
					}
					f.buf.add(comma, comma+1, " ||", classReplace)
				}
				f.tagCase(s.Tag, tag, tagTV, e)
			default:
				ast.Walk(f, e)
			}
		}
		for _, b := range c.Body {
			ast.Walk(f, b)
		}
	}
}

// rewriteTag reports whether the tag switch s can be rewritten to observe
// its cases.
func (f *fileInst) rewriteTag(s *ast.SwitchStmt) bool {
	tv, ok := f.p.info.Types[s.Tag]
	if !ok || tv.Value != nil || tv.Type == nil {
		return false // a constant tag would need its default type spelled out
	}
	if s.Init != nil {
		if l := f.switchLabel[s]; l != nil && f.gotoLabels[l.Label.Name] {
			return false // the label moves into a new block, out of goto's reach
		}
	}
	for _, st := range s.Body.List {
		if len(st.(*ast.CaseClause).List) > 0 {
			return true
		}
	}
	return false // only a default: the tag variable would be unused
}

// tagCase instruments case expression e of a switch on tag, bound to the
// variable tagVar.
func (f *fileInst) tagCase(tag ast.Expr, tagVar string, tagTV types.TypeAndValue, e ast.Expr) {
	text := shorten(f.text(tag) + " == " + f.text(e))
	tv := f.p.info.Types[e]
	cat := category(tagTV.Type)
	if cat != catNone {
		if tv.Value != nil {
			if !fits(tv.Value, cat) {
				cat = catNone
			}
		} else if category(tv.Type) != cat || f.hasUntypedShift(e) {
			cat = catNone
		}
	}
	if cat == catNone {
		id := f.newCond(e, KindCase, text, false)
		f.tagNondet(id, tag)
		f.insert(e.Pos(), fmt.Sprintf("%s.Br(%d, %s == (", ImportName, id, tagVar), classOpen)
		if tv.Value == nil {
			ast.Walk(f, e)
		}
		f.insert(e.End(), "))", classClose)
		return
	}
	id := f.newCond(e, KindCase, text, true)
	f.tagNondet(id, tag)
	f.setOperands(id, "==", tag, e)
	conv := ImportName + "." + carrier[cat]
	f.insert(e.Pos(), fmt.Sprintf("%s.Cmp%s(%d, %s.OpEq, %s(%s), ", ImportName, cat, id, ImportName, conv, tagVar), classOpen)
	f.operand(e, tv, cat, tagTV.Type)
	f.insert(e.End(), ")", classClose)
}

func (f *fileInst) typeSwitch(s *ast.TypeSwitchStmt) {
	if s.Init != nil {
		ast.Walk(f, s.Init)
	}
	ast.Walk(f, s.Assign)
	if s.Body == nil || len(s.Body.List) == 0 {
		return // an empty switch gets no counters: they would not parse
	}
	for _, st := range s.Body.List {
		c := st.(*ast.CaseClause)
		f.addCounters(c, c.Colon+1, c.Colon+1, c.End(), c.Body, false)
	}
	n := len(s.Body.List)
	base := -1
	for i, st := range s.Body.List {
		c := st.(*ast.CaseClause)
		text := "default"
		if len(c.List) > 0 {
			text = "case " + shorten(string(f.src[f.off(c.List[0].Pos()):f.off(c.List[len(c.List)-1].End())]))
		}
		id := f.newCond(c, KindTypeCase, text, false)
		f.tagNondet(id, typeSwitchSubject(s))
		if base < 0 {
			base = id
		}
		f.insert(c.Colon+1, fmt.Sprintf("%s.Case(%d, %d, %d);", ImportName, base, n, i), classStmt)
	}
	for _, st := range s.Body.List {
		for _, b := range st.(*ast.CaseClause).Body {
			ast.Walk(f, b)
		}
	}
}
