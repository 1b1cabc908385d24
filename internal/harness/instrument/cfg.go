package instrument

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/gentest-go/gentest/internal/ssautil/ctrldep"
)

// Control dependence of conditions and blocks.
//
// The instrumentation works on source, so the control-flow graph is built
// from the syntax too, with exactly the instrumentation's conditions as
// branches (golang.org/x/tools/go/cfg does not split && and ||, and go/ssa
// would need a mapping back to the source conditions). Each function body
// (declared functions, closures, and the package's var initialisers as one
// function) gets a graph whose nodes are:
//
//   - goal nodes: one condition, with its true and false successors, which
//     are branches 2c and 2c+1;
//   - type switch nodes: one successor per clause, successor i being the
//     true branch of clause i's condition; all the switch's conditions are
//     evaluated there (the runtime records them together);
//   - other branch nodes (range and select, && operands and tag switch
//     cases that are not conditions), whose successors are no branch;
//   - straight-line nodes.
//
// Expression evaluation is followed into && and || operands wherever they
// are, in the order the runtime evaluates them. internal/ssautil/ctrldep then
// computes control dependence on edges; an edge that is a branch gives
// that branch as a parent, any other edge is replaced by the dependences
// of its source node (see Deps).

// cfgNode is a node of a function's control-flow graph.
type cfgNode struct {
	succs  []int
	branch []int // per successor: the branch ID it takes, or -1
}

type cfgTargets struct {
	tail            *cfgTargets
	brk, cont, fall int // -1 if none
}

type cfgLabel struct {
	node      int
	brk, cont int
}

// cfgBuilder builds the graph of one function.
type cfgBuilder struct {
	f       *fileInst
	nodes   []cfgNode
	cur     int
	targets *cfgTargets
	labels  map[string]*cfgLabel
	lits    *[]*ast.FuncLit // closures met, each a function of its own

	condNode  map[int]int // condition -> node
	blockNode map[int]int // block -> node
}

// ctrlDeps computes the control dependence of the blocks and conditions
// of file f, those with IDs from firstBlock and firstCond on.
func (f *fileInst) ctrlDeps(file *ast.File, firstBlock, firstCond int) {
	var lits []*ast.FuncLit
	condNode, blockNode := map[int]int{}, map[int]int{}
	build := func(body func(b *cfgBuilder)) {
		b := &cfgBuilder{f: f, labels: map[string]*cfgLabel{}, lits: &lits, condNode: map[int]int{}, blockNode: map[int]int{}}
		b.cur = b.newNode()
		body(b)
		b.finish()
		for k, v := range b.condNode {
			if _, dup := condNode[k]; dup {
				f.fail(token.NoPos, "condition placed in two control-flow graphs")
			}
			condNode[k] = v
		}
		for k, v := range b.blockNode {
			if _, dup := blockNode[k]; dup {
				f.fail(token.NoPos, "block placed in two control-flow graphs")
			}
			blockNode[k] = v
		}
	}
	var inits []ast.Expr
	for _, d := range file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Name.Name == "_" || d.Body == nil {
				continue // not instrumented
			}
			build(func(b *cfgBuilder) { b.stmtList(d.Body, d.Body.List) })
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			for _, spec := range d.Specs {
				inits = append(inits, spec.(*ast.ValueSpec).Values...)
			}
		}
	}
	if len(inits) > 0 {
		build(func(b *cfgBuilder) {
			for _, e := range inits {
				b.expr(e)
			}
		})
	}
	for i := 0; i < len(lits); i++ { // lits grows while closures are built
		lit := lits[i]
		build(func(b *cfgBuilder) { b.stmtList(lit.Body, lit.Body.List) })
	}
	// Every probe of the file must have been placed in a graph.
	t := f.p.table
	for id := firstCond; id < len(t.Conds); id++ {
		if _, ok := condNode[id]; !ok {
			c := t.Conds[id]
			f.fail(token.NoPos, fmt.Sprintf("condition %q at line %d:%d is in no control-flow graph", c.Text, c.Line, c.Col))
			return
		}
	}
	for id := firstBlock; id < len(t.Blocks); id++ {
		if _, ok := blockNode[id]; !ok {
			bl := t.Blocks[id]
			f.fail(token.NoPos, fmt.Sprintf("block at line %d:%d is in no control-flow graph", bl.StartLine, bl.StartCol))
			return
		}
	}
}

func (b *cfgBuilder) newNode() int {
	b.nodes = append(b.nodes, cfgNode{})
	return len(b.nodes) - 1
}

func (b *cfgBuilder) edge(from, to, branch int) {
	n := &b.nodes[from]
	n.succs = append(n.succs, to)
	n.branch = append(n.branch, branch)
}

// jump ends the current node with an edge to target; what follows is
// unreachable until a label or the caller sets cur.
func (b *cfgBuilder) jump(target int) {
	b.edge(b.cur, target, -1)
	b.cur = b.newNode()
}

// exit ends the current node without successors: the function returns.
func (b *cfgBuilder) exit() { b.cur = b.newNode() }

// finish computes the dependences and stores them in the table.
func (b *cfgBuilder) finish() {
	succs := make([][]int, len(b.nodes))
	for i := range b.nodes {
		succs[i] = b.nodes[i].succs
	}
	d := ctrldep.Compute(succs)
	root := make([]bool, len(b.nodes))
	for r := 0; r != d.Exit(); r = d.IPDom(r) {
		root[r] = true
	}
	memo := map[int]Deps{}
	deps := func(n int) Deps {
		if v, ok := memo[n]; ok {
			return v
		}
		var out Deps
		if d.Reachable(n) {
			set := map[int]bool{}
			seen := map[int]bool{n: true}
			work := []int{n}
			for len(work) > 0 {
				m := work[len(work)-1]
				work = work[:len(work)-1]
				out.Root = out.Root || root[m]
				for _, e := range d.On(m) {
					if br := b.nodes[e.From].branch[e.Succ]; br >= 0 {
						set[br] = true
					} else if !seen[e.From] {
						seen[e.From] = true
						work = append(work, e.From)
					}
				}
			}
			for br := range set {
				out.Parents = append(out.Parents, br)
			}
			sort.Ints(out.Parents)
		}
		memo[n] = out
		return out
	}
	t := b.f.p.table
	for id, n := range b.condNode {
		t.Conds[id].Deps = deps(n)
	}
	for id, n := range b.blockNode {
		t.Blocks[id].Deps = deps(n)
	}
}

// place puts condition id at node n. A condition placed twice means the
// graph does not follow the instrumentation: the file is rejected.
func (b *cfgBuilder) place(id, n int) {
	if _, dup := b.condNode[id]; dup {
		b.f.fail(token.NoPos, "condition "+b.f.p.table.Conds[id].Text+" placed twice in the control-flow graph")
	}
	b.condNode[id] = n
}

func (b *cfgBuilder) placeBlock(id int) {
	if _, dup := b.blockNode[id]; dup {
		b.f.fail(token.NoPos, "block placed twice in the control-flow graph")
	}
	b.blockNode[id] = b.cur
}

// anchor notes the blocks starting at statement s.
func (b *cfgBuilder) anchor(s ast.Stmt) {
	if id, ok := b.f.anchorStmt[s]; ok {
		b.placeBlock(id)
	}
}

// stmtList builds list, the statements of container.
func (b *cfgBuilder) stmtList(container ast.Node, list []ast.Stmt) {
	if len(list) == 0 {
		if id, ok := b.f.anchorEmpty[container]; ok {
			b.placeBlock(id)
		}
	}
	for _, s := range list {
		b.stmt(s, nil)
	}
}

// stmt builds s; label is s's label, if any.
func (b *cfgBuilder) stmt(s ast.Stmt, label *cfgLabel) {
	b.anchor(s)
	switch s := s.(type) {
	case *ast.BlockStmt:
		b.stmtList(s, s.List)
	case *ast.ExprStmt:
		b.expr(s.X)
		if b.noReturn(s.X) {
			b.exit()
		}
	case *ast.AssignStmt:
		b.exprs(s.Rhs)
		b.exprs(s.Lhs)
	case *ast.DeclStmt, *ast.GoStmt, *ast.DeferStmt, *ast.SendStmt, *ast.IncDecStmt:
		// Go and defer evaluate their call's function and arguments here;
		// a deferred closure is a function of its own.
		b.expr(s)
	case *ast.ReturnStmt:
		b.exprs(s.Results)
		b.exit()
	case *ast.BranchStmt:
		b.branchStmt(s)
	case *ast.LabeledStmt:
		l := b.label(s.Label.Name)
		b.jump(l.node)
		b.cur = l.node
		b.stmt(s.Stmt, l)
	case *ast.IfStmt:
		if s.Init != nil {
			b.stmt(s.Init, nil)
		}
		then, done := b.newNode(), b.newNode()
		els := done
		if s.Else != nil {
			els = b.newNode()
		}
		b.branch(s.Cond, then, els)
		b.cur = then
		b.stmt(s.Body, nil)
		b.jump(done)
		if s.Else != nil {
			b.cur = els
			b.stmt(s.Else, nil)
			b.jump(done)
		}
		b.cur = done
	case *ast.SwitchStmt:
		b.switchStmt(s, label)
	case *ast.TypeSwitchStmt:
		b.typeSwitchStmt(s, label)
	case *ast.SelectStmt:
		b.selectStmt(s, label)
	case *ast.ForStmt:
		b.forStmt(s, label)
	case *ast.RangeStmt:
		b.expr(s.X)
		loop := b.newNode()
		b.jump(loop)
		b.cur = loop
		body, done := b.newNode(), b.newNode()
		b.edge(loop, body, -1)
		b.edge(loop, done, -1)
		b.cur = body
		b.expr(s.Key)
		b.expr(s.Value)
		b.loopBody(s.Body, label, done, loop)
		b.jump(loop)
		b.cur = done
	}
}

func (b *cfgBuilder) loopBody(body *ast.BlockStmt, label *cfgLabel, brk, cont int) {
	if label != nil {
		label.brk, label.cont = brk, cont
	}
	b.targets = &cfgTargets{tail: b.targets, brk: brk, cont: cont, fall: -1}
	b.stmt(body, nil)
	b.targets = b.targets.tail
}

func (b *cfgBuilder) forStmt(s *ast.ForStmt, label *cfgLabel) {
	if s.Init != nil {
		b.stmt(s.Init, nil)
	}
	body, done := b.newNode(), b.newNode()
	loop := body
	if s.Cond != nil {
		loop = b.newNode()
	}
	cont := loop
	if s.Post != nil {
		cont = b.newNode()
	}
	b.jump(loop)
	b.cur = loop
	if s.Cond != nil {
		b.branch(s.Cond, body, done)
		b.cur = body
	}
	b.loopBody(s.Body, label, done, cont)
	b.jump(cont)
	if s.Post != nil {
		b.cur = cont
		b.stmt(s.Post, nil)
		b.jump(loop)
	}
	b.cur = done
}

func (b *cfgBuilder) switchStmt(s *ast.SwitchStmt, label *cfgLabel) {
	if s.Init != nil {
		b.stmt(s.Init, nil)
	}
	b.expr(s.Tag)
	done := b.newNode()
	if label != nil {
		label.brk = done
	}
	clauses := s.Body.List
	bodies := make([]int, len(clauses))
	for i := range bodies {
		bodies[i] = b.newNode()
	}
	deflt := -1
	// Cases are tested in source order, the default clause last.
	for i, c := range clauses {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			deflt = i
			continue
		}
		for _, e := range cc.List {
			next := b.newNode()
			if s.Tag == nil {
				b.branch(e, bodies[i], next)
			} else {
				b.parts(e)
				id, ok := b.f.condOf[e]
				if !ok {
					id = -1
				}
				b.goal(id, bodies[i], next)
			}
			b.cur = next
		}
	}
	if deflt >= 0 {
		b.jump(bodies[deflt])
	} else {
		b.jump(done)
	}
	for i, c := range clauses {
		cc := c.(*ast.CaseClause)
		fall := done
		if i+1 < len(clauses) {
			fall = bodies[i+1]
		}
		b.clause(bodies[i], cc, cc.Body, done, fall)
	}
	b.cur = done
}

func (b *cfgBuilder) typeSwitchStmt(s *ast.TypeSwitchStmt, label *cfgLabel) {
	if s.Init != nil {
		b.stmt(s.Init, nil)
	}
	b.expr(s.Assign)
	done := b.newNode()
	if label != nil {
		label.brk = done
	}
	sw := b.cur
	hasDefault := false
	var bodies []int
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		body := b.newNode()
		bodies = append(bodies, body)
		br := -1
		if id, ok := b.f.condOf[cc]; ok {
			br = 2 * id
			b.place(id, sw)
		}
		b.edge(sw, body, br)
		hasDefault = hasDefault || cc.List == nil
	}
	if !hasDefault {
		b.edge(sw, done, -1)
	}
	for i, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		b.clause(bodies[i], cc, cc.Body, done, -1)
	}
	b.cur = done
}

func (b *cfgBuilder) selectStmt(s *ast.SelectStmt, label *cfgLabel) {
	for _, c := range s.Body.List {
		if comm := c.(*ast.CommClause).Comm; comm != nil {
			b.expr(comm)
		}
	}
	if len(s.Body.List) == 0 {
		b.exit() // select {} blocks forever
		return
	}
	done := b.newNode()
	if label != nil {
		label.brk = done
	}
	sel := b.cur
	var bodies []int
	for range s.Body.List {
		body := b.newNode()
		bodies = append(bodies, body)
		b.edge(sel, body, -1)
	}
	for i, c := range s.Body.List {
		cc := c.(*ast.CommClause)
		b.clause(bodies[i], cc, cc.Body, done, -1)
	}
	b.cur = done
}

// clause builds the body of a case or comm clause from node: break in it
// goes to done, fallthrough to fall (-1 for none), and its end to done.
func (b *cfgBuilder) clause(node int, cc ast.Node, body []ast.Stmt, done, fall int) {
	b.cur = node
	b.targets = &cfgTargets{tail: b.targets, brk: done, cont: -1, fall: fall}
	b.stmtList(cc, body)
	b.targets = b.targets.tail
	b.jump(done)
}

func (b *cfgBuilder) label(name string) *cfgLabel {
	l := b.labels[name]
	if l == nil {
		l = &cfgLabel{node: b.newNode(), brk: -1, cont: -1}
		b.labels[name] = l
	}
	return l
}

func (b *cfgBuilder) branchStmt(s *ast.BranchStmt) {
	target := -1
	switch s.Tok {
	case token.BREAK, token.CONTINUE:
		if s.Label != nil {
			l := b.label(s.Label.Name)
			target = l.cont
			if s.Tok == token.BREAK {
				target = l.brk
			}
			break
		}
		for t := b.targets; t != nil && target < 0; t = t.tail {
			target = t.cont
			if s.Tok == token.BREAK {
				target = t.brk
			}
		}
	case token.FALLTHROUGH:
		for t := b.targets; t != nil && target < 0; t = t.tail {
			target = t.fall
		}
	case token.GOTO:
		target = b.label(s.Label.Name).node
	}
	if target < 0 { // not in type-checked code
		b.exit()
		return
	}
	b.jump(target)
}

// noReturn reports whether e is a call that never returns.
func (b *cfgBuilder) noReturn(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	switch fn := typeutil.Callee(b.f.p.info, call).(type) {
	case *types.Builtin:
		return fn.Name() == "panic"
	case *types.Func:
		if fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() != nil {
			return false
		}
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "os.Exit", "runtime.Goexit", "log.Fatal", "log.Fatalf", "log.Fatalln",
			"log.Panic", "log.Panicf", "log.Panicln":
			return true
		}
	}
	return false
}

// goal ends the current node as condition id's branch (a plain two-way
// branch if id < 0) to t (true) and f (false).
func (b *cfgBuilder) goal(id, t, f int) {
	bt, bf := -1, -1
	if id >= 0 {
		bt, bf = 2*id, 2*id+1
		b.place(id, b.cur)
	}
	b.edge(b.cur, t, bt)
	b.edge(b.cur, f, bf)
	b.cur = b.newNode()
}

// branch evaluates e, a boolean expression, and continues at t if it is
// true and at f otherwise.
func (b *cfgBuilder) branch(e ast.Expr, t, f int) {
	x := ast.Unparen(e)
	if id, ok := b.f.condOf[x]; ok {
		b.parts(x)
		b.goal(id, t, f)
		return
	}
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		b.branch(u.X, f, t)
		return
	}
	// Constant chains are split too: a constant prefix of a longer chain
	// (GOOS == "linux" && GOARCH == "amd64" && f()) has its operands
	// instrumented as conditions.
	if l := logical(x); l != nil {
		b.chain(l, t, f)
		return
	}
	b.expr(x)
	b.goal(-1, t, f)
}

// parts evaluates what condition x evaluates before its own branch: the
// operands of a chain that is a condition as a whole (named boolean types,
// tag switch cases on a boolean tag), or its subexpressions.
func (b *cfgBuilder) parts(x ast.Expr) {
	if l := logical(ast.Unparen(x)); l != nil {
		join := b.newNode()
		b.chain(l, join, join)
		b.cur = join
		return
	}
	b.children(x)
}

// chain evaluates the && or || expression l with short-circuit.
func (b *cfgBuilder) chain(l *ast.BinaryExpr, t, f int) {
	mid := b.newNode()
	if l.Op == token.LAND {
		b.branch(l.X, mid, f)
	} else {
		b.branch(l.X, t, mid)
	}
	b.cur = mid
	b.branch(l.Y, t, f)
}

func logical(x ast.Expr) *ast.BinaryExpr {
	if l, ok := x.(*ast.BinaryExpr); ok && (l.Op == token.LAND || l.Op == token.LOR) {
		return l
	}
	return nil
}

func (b *cfgBuilder) constant(e ast.Expr) bool { return b.f.constant(e) }

func (b *cfgBuilder) exprs(list []ast.Expr) {
	for _, e := range list {
		b.expr(e)
	}
}

// expr follows the evaluation of n (an expression, or a simple statement
// without control flow) into its && and || chains and conditions, and
// queues its closures.
func (b *cfgBuilder) expr(n ast.Node) {
	if n == nil {
		return
	}
	ast.Inspect(n, b.visit)
}

// children is expr for the parts of x, not x itself.
func (b *cfgBuilder) children(x ast.Expr) {
	ast.Inspect(x, func(n ast.Node) bool {
		if n == x {
			return true
		}
		return b.visit(n)
	})
}

func (b *cfgBuilder) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.FuncLit:
		*b.lits = append(*b.lits, n)
		return false
	case ast.Expr:
		if b.constant(n) {
			return false
		}
		_, isCond := b.f.condOf[n]
		if isCond || (logical(n) != nil) {
			// A value: both outcomes continue here.
			join := b.newNode()
			b.branch(n, join, join)
			b.cur = join
			return false
		}
	}
	return true
}
