package instrument

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
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

	m *mutState // mutation state (mutate.go)
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
	if s, ok := node.(ast.Stmt); ok {
		if id, ok := f.anchorStmt[s]; ok {
			f.m.block = id
		}
	}
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
		var sig *types.Signature
		if obj := f.p.info.Defs[n.Name]; obj != nil {
			sig, _ = obj.Type().(*types.Signature)
		}
		saved := f.enterFunc(n.Type, sig, n, n.Body)
		ast.Walk(f, n.Body)
		f.leaveFunc(saved)
		f.fn = prev
		return nil
	case *ast.FuncLit:
		prev := f.enterLit()
		sig, _ := f.p.info.Types[n].Type.(*types.Signature)
		saved := f.enterFunc(n.Type, sig, nil, n.Body)
		ast.Walk(f, n.Body)
		f.leaveFunc(saved)
		f.fn = prev
		return nil
	case *ast.BlockStmt:
		f.block(n)
		return nil
	case *ast.IfStmt:
		f.ifStmt(n)
		return nil
	case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt:
		f.breakable(n)
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
		f.breakable(n)
		return nil
	case *ast.KeyValueExpr:
		// A constant key stays constant (array and slice literals need
		// it): it holds no code and gets no mutants.
		if !f.constant(n.Key) {
			ast.Walk(f, n.Key)
		}
		ast.Walk(f, n.Value)
		return nil
	case *ast.BinaryExpr:
		if f.binary(n) {
			return nil
		}
	case ast.Expr:
		if tv, ok := f.p.info.Types[n]; ok && (tv.Value != nil || tv.IsType()) {
			if tv.Value != nil {
				f.constMutant(n, tv)
			}
			return nil // constant expressions must stay constant; types hold no code
		}
	}
	return f
}

// breakable walks a for, range, switch, type switch or select statement,
// with itself pushed on the stack of enclosing breakable statements (for
// the break-continue mutants) while its body is walked.
func (f *fileInst) breakable(node ast.Node) {
	push := func(k breakTarget) { f.m.loops = append(f.m.loops, k) }
	pop := func() { f.m.loops = f.m.loops[:len(f.m.loops)-1] }
	switch n := node.(type) {
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
		if n.Cond == nil {
			push(targetEndless)
		} else {
			push(targetLoop)
		}
		ast.Walk(f, n.Body)
		pop()
	case *ast.RangeStmt:
		// As ast.Walk would.
		for _, e := range []ast.Expr{n.Key, n.Value, n.X} {
			if e != nil {
				ast.Walk(f, e)
			}
		}
		push(targetLoop)
		ast.Walk(f, n.Body)
		pop()
	case *ast.SelectStmt:
		push(targetOther)
		ast.Walk(f, n.Body)
		pop()
	case *ast.SwitchStmt:
		push(targetOther)
		f.switchStmt(n)
		pop()
	case *ast.TypeSwitchStmt:
		push(targetOther)
		f.typeSwitch(n)
		pop()
	}
}

// binary instruments a binary expression and reports whether it walked it
// (else Visit walks on).
func (f *fileInst) binary(n *ast.BinaryExpr) bool {
	if n.Op == token.LAND || n.Op == token.LOR {
		if !f.constant(n) {
			f.andOr(n)
		}
		return true
	}
	if f.constant(n) {
		return true
	}
	if n.Op == token.SHL || n.Op == token.SHR {
		// A constant operand of a shift stays constant: the type of an
		// untyped one comes from the context.
		for _, e := range []ast.Expr{n.X, n.Y} {
			if !f.constant(e) {
				ast.Walk(f, e)
			}
		}
		return true
	}
	if f.arith(n) {
		return true
	}
	f.likeOperands(n)
	return false
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
	clauses := false
	for _, s := range list {
		switch c := s.(type) {
		case *ast.CaseClause:
			f.addCounters(c, c.Colon+1, c.Colon+1, c.End(), c.Body, false)
			clauses = true
		case *ast.CommClause:
			f.addCounters(c, c.Colon+1, c.Colon+1, c.End(), c.Body, false)
			clauses = true
		}
	}
	if !clauses {
		f.addCounters(n, n.Lbrace, n.Lbrace+1, n.Rbrace+1, list, true) // +1 to step past closing brace
	}
	if n == f.m.entry {
		f.m.entry = nil
		if f.mutating() {
			f.extreme(n)
		}
	}
	saved := f.m.block
	for _, s := range list {
		if c, ok := s.(*ast.CommClause); ok {
			// As ast.Walk would, with the body's statements as statements.
			if c.Comm != nil {
				ast.Walk(f, c.Comm)
			}
			f.stmts(c.Body)
			f.m.block = saved
			continue
		}
		f.stmt(s)
	}
	f.m.block = saved
}

// stmts walks a statement list, restoring the current block after it.
func (f *fileInst) stmts(list []ast.Stmt) {
	saved := f.m.block
	for _, s := range list {
		f.stmt(s)
	}
	f.m.block = saved
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
		f.stmts(s.List)
	}
}
