package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// Unsteady probes.
//
// The search learns from coverage: a sequence that covers something new is
// kept, distances steer the climbs, uncovered branches are goals. When a
// branch depends on the wall clock (uuid's `if now <= lasttime`, a rate
// limiter's `time.Since(last) < d`), two runs of the same sequence cover
// different things, and a search fed with that coverage makes different
// choices from then on: the same seed and -execs no longer give the same
// file. Such probes are marked Unsteady; the generator hides them from the
// search (they still count in the reported coverage).
//
// A condition is Nondet when its operands may carry a value from a
// nondeterministic source. The sources are the calls Options.Nondet names
// (the generator passes purity's nondeterministic functions: time.Now,
// time.Since, math/rand's global functions, ...). The taint is followed
// through the package, flow-insensitively and to a fixpoint:
//
//   - a variable (local, parameter, package variable) or struct field
//     (every instance of it) is tainted when it is assigned a tainted value,
//     or assigned anything under a tainted condition (an if, for, switch or
//     range whose condition, tag, case or range operand is tainted, and any
//     select): the value then tells which way the condition went;
//   - an expression is tainted when it mentions a tainted variable or field
//     (also inside a function literal it holds: sort.Search's predicate
//     over a clock difference), refers to a source (a call, or the function as a value: var timeNow =
//     time.Now), calls a package function with a tainted result, or calls
//     a function of another package with a tainted argument;
//   - a package function's result is tainted when a return statement gives
//     it a tainted value or returns under a tainted condition; its
//     parameter is tainted when a call passes a tainted argument; the
//     receiver of another package's method is tainted when a call passes
//     it a tainted argument (it may keep it), and copy's destination when
//     its source is tainted;
//   - a struct field is tainted when a composite literal sets it to a
//     tainted value.
//
// Pointers are not followed (*p = v taints p, not what p points to) and
// values that cross sequences (a time-based UUID a later call takes) are
// not seen: the analysis covers code that reads the clock itself, or
// state the package keeps from such a read.
//
// The taint carries where it comes from (Steadiness). UnsteadyCall: a
// value a call of the sequence read from a source, through locals,
// parameters, results and fields written from local roots; a sequence
// whose operations are all deterministic (their purity facts say so)
// cannot produce one, so for such a sequence these probes are steady:
// humanize.RelTime called with literal times is, although Time passes it
// time.Now(). UnsteadyState: package variables (and fields written
// through them) tainted by any call; they outlive the sequence in the
// executor, so a later sequence may read them whatever it calls.
//
// A probe is then Unsteady when it is a Nondet condition, or it is control
// dependent (Deps.Parents, transitively, unless Root) on an Unsteady
// condition, or it belongs to a package function (or its closures) called
// from an Unsteady block: whether it runs at all depends on the clock.
// It inherits the kinds of what makes it so, and its Roots: the Nondet
// conditions it is Unsteady through, which the clock watch checks at run
// time (a condition evaluated alike on reruns of one sequence does not
// follow the clock there, and the code under it is shown to the search;
// internal/runner/clockwatch.go).

// Steadiness says when a probe's coverage may differ between two runs of
// one sequence; the zero value is never.
type Steadiness uint8

// The kinds of unsteadiness; a probe may have both.
const (
	// UnsteadyCall: in a sequence that calls a nondeterministic
	// operation.
	UnsteadyCall Steadiness = 1 << iota
	// UnsteadyState: in any sequence, through package state.
	UnsteadyState
)

// Options configure PackageWith.
type Options struct {
	// Nondet reports whether a function declared outside the package may
	// return results that differ between two calls with equal arguments in
	// one executor (the clock, a global random source). Nil means none.
	Nondet func(*types.Func) bool
	// Mutate compiles every mutant of the package into the sources as
	// schemata and lists them in Table.Mutants (see mutate.go).
	Mutate bool
	// NoMutants names files (absolute, as in the table) that get no
	// mutants even with Mutate: the harness drops the mutants of a file
	// the compiler rejects.
	NoMutants []string
}

// taint is the package-wide nondeterminism taint (see above).
type taint struct {
	info    *types.Info
	pkg     *types.Package
	source  func(*types.Func) bool
	objs    map[types.Object]Steadiness
	results map[*types.Func][]Steadiness // package functions with a body
	names   map[*types.Func]string       // their names in the table
	changed bool
	// calls are the call sites of package functions, for spreading
	// unsteadiness to callees.
	calls []callSite
}

type callSite struct {
	pos    token.Pos
	callee string // table name of the callee
}

// fnCtx is the function whose body is being walked.
type fnCtx struct {
	fn  *types.Func // nil for a function literal
	sig *types.Signature
}

func newTaint(info *types.Info, pkg *types.Package, files []*ast.File, source func(*types.Func) bool) *taint {
	t := &taint{info: info, pkg: pkg, source: source, objs: map[types.Object]Steadiness{},
		results: map[*types.Func][]Steadiness{}, names: map[*types.Func]string{}}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					t.results[fn] = make([]Steadiness, fn.Type().(*types.Signature).Results().Len())
					t.names[fn] = funcName(fd)
				}
			}
		}
	}
	if source == nil {
		return t
	}
	for first := true; first || t.changed; first = false {
		t.changed = false
		for _, f := range files {
			t.file(f)
		}
	}
	// The call sites, once the taint is complete.
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if fn := t.local(c.Fun); fn != nil {
					t.calls = append(t.calls, callSite{c.Pos(), t.names[fn]})
				}
			}
			return true
		})
	}
	return t
}

func (t *taint) file(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body == nil {
				continue
			}
			fn, _ := t.info.Defs[d.Name].(*types.Func)
			var sig *types.Signature
			if fn != nil {
				sig = fn.Type().(*types.Signature)
			}
			t.stmt(d.Body, &fnCtx{fn: fn, sig: sig}, 0)
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			for _, s := range d.Specs {
				t.valueSpec(s.(*ast.ValueSpec), 0)
			}
		}
	}
}

// mark adds taint l to o; a package variable's taint is state.
func (t *taint) mark(o types.Object, l Steadiness) {
	if o == nil || l == 0 {
		return
	}
	if t.global(o) {
		l |= UnsteadyState
	}
	if t.objs[o]|l != t.objs[o] {
		t.objs[o] |= l
		t.changed = true
	}
}

// global reports whether o is a package-level variable.
func (t *taint) global(o types.Object) bool {
	v, ok := o.(*types.Var)
	return ok && !v.IsField() && v.Parent() != nil && v.Parent() == v.Pkg().Scope()
}

// store adds taint l to what an assignment to lhs writes: a write through
// a package variable (std.last = now) is state.
func (t *taint) store(lhs ast.Expr, l Steadiness) {
	if l == 0 || lhs == nil {
		return
	}
	ast.Inspect(lhs, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && t.global(t.info.Uses[id]) {
			l |= UnsteadyState
		}
		return true
	})
	t.mark(t.root(lhs), l)
}

// root is the variable or field an assignment to e writes.
func (t *taint) root(e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if o := t.info.Defs[x]; o != nil {
			return o
		}
		return t.info.Uses[x]
	case *ast.SelectorExpr:
		if v, ok := t.info.Uses[x.Sel].(*types.Var); ok {
			return v
		}
	case *ast.IndexExpr:
		return t.root(x.X)
	case *ast.IndexListExpr:
		return t.root(x.X)
	case *ast.SliceExpr:
		return t.root(x.X)
	case *ast.StarExpr:
		return t.root(x.X)
	}
	return nil
}

// local returns the package function with a body that fun names, or nil.
func (t *taint) local(fun ast.Expr) *types.Func {
	var id *ast.Ident
	switch x := ast.Unparen(fun).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	case *ast.IndexExpr:
		return t.local(x.X)
	case *ast.IndexListExpr:
		return t.local(x.X)
	default:
		return nil
	}
	fn, ok := t.info.Uses[id].(*types.Func)
	if !ok {
		return nil
	}
	fn = fn.Origin()
	if _, ok := t.results[fn]; !ok {
		return nil
	}
	return fn
}

// expr returns the taint e may carry. A function literal carries the
// taint of the variables it mentions (sort.Search's predicate).
func (t *taint) expr(e ast.Expr) Steadiness {
	if e == nil {
		return 0
	}
	var l Steadiness
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			if fn := t.local(x.Fun); fn != nil {
				// A package function: its results say, whatever the
				// arguments (a tainted argument taints the parameter).
				for _, r := range t.results[fn] {
					l |= r
				}
				if s, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && t.info.Selections[s] != nil {
					l |= t.expr(s.X)
				}
				for _, a := range x.Args {
					l |= t.inCalls(a)
				}
				return false
			}
		case *ast.Ident:
			switch o := t.info.Uses[x].(type) {
			case *types.Var:
				l |= t.objs[o]
			case *types.Func:
				o = o.Origin()
				if _, ok := t.results[o]; ok {
					for _, r := range t.results[o] {
						l |= r
					}
				} else if t.source(o) {
					l |= UnsteadyCall
				}
			}
		}
		return true
	})
	return l
}

// inCalls is expr for an argument of a package function, which taints
// that function's results only through its parameter: only the calls
// inside the argument count.
func (t *taint) inCalls(a ast.Expr) Steadiness {
	var l Steadiness
	ast.Inspect(a, func(n ast.Node) bool {
		if x, ok := n.(*ast.CallExpr); ok {
			l |= t.expr(x)
			return false
		}
		return true
	})
	return l
}

// callResults is the taint of each result of a call (nil when e is not a
// call).
func (t *taint) callResults(e ast.Expr, n int) []Steadiness {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	out := make([]Steadiness, n)
	if fn := t.local(call.Fun); fn != nil && len(t.results[fn]) == n {
		copy(out, t.results[fn])
		var extra Steadiness
		if s, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && t.info.Selections[s] != nil {
			extra = t.expr(s.X)
		}
		for _, a := range call.Args {
			extra |= t.inCalls(a)
		}
		for i := range out {
			out[i] |= extra
		}
		return out
	}
	all := t.expr(call)
	for i := range out {
		out[i] = all
	}
	return out
}

// visit records the effects of evaluating e on the taint: arguments
// passed to package functions, other packages' methods given a tainted
// argument, copy, composite literals; and walks function literals. ctx is
// the taint of the condition e runs under.
func (t *taint) visit(e ast.Expr, ctx Steadiness) {
	if e == nil {
		return
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			sig, _ := t.info.Types[x].Type.(*types.Signature)
			t.stmt(x.Body, &fnCtx{sig: sig}, ctx)
			return false
		case *ast.CallExpr:
			t.call(x)
		case *ast.CompositeLit:
			t.composite(x)
		}
		return true
	})
}

func (t *taint) call(c *ast.CallExpr) {
	if fn := t.local(c.Fun); fn != nil {
		sig := fn.Type().(*types.Signature)
		if s, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && t.info.Selections[s] != nil && sig.Recv() != nil {
			t.mark(sig.Recv(), t.expr(s.X))
		}
		ps := sig.Params()
		for i, a := range c.Args {
			if ps.Len() == 0 {
				break
			}
			t.mark(ps.At(min(i, ps.Len()-1)), t.expr(a))
		}
		return
	}
	if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
		if b, ok := t.info.Uses[id].(*types.Builtin); ok && b.Name() == "copy" && len(c.Args) == 2 {
			t.store(c.Args[0], t.expr(c.Args[1]))
			return
		}
	}
	// Another package's function may keep a tainted argument in what its
	// other arguments or its receiver refer to (binary.BigEndian.PutUint32
	// into a slice, a buffer's Write): those variables of this package
	// are tainted.
	var l Steadiness
	for _, a := range c.Args {
		l |= t.expr(a)
	}
	if l == 0 {
		return
	}
	for _, a := range c.Args {
		if refType(t.info.TypeOf(a)) {
			t.storeOwn(a, l)
		}
	}
	if s, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
		if sel := t.info.Selections[s]; sel != nil && sel.Kind() == types.MethodVal {
			recv := sel.Obj().Type().(*types.Signature).Recv()
			if recv != nil && refType(recv.Type()) {
				t.storeOwn(s.X, l)
			}
		}
	}
}

// storeOwn is store for a variable or field of this package (or a local):
// another package's variables are not followed.
func (t *taint) storeOwn(e ast.Expr, l Steadiness) {
	if o := t.root(e); o != nil && o.Pkg() == t.pkg {
		t.store(e, l)
	}
}

// refType reports whether a value of type typ refers to memory a callee
// may write: pointers, slices, maps, channels. Interfaces are left out:
// an io.Reader passed beside a tainted destination buffer is where the
// bytes come from, not where they go.
func refType(typ types.Type) bool {
	if typ == nil {
		return false
	}
	switch typ.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan:
		return true
	}
	return false
}

func (t *taint) composite(c *ast.CompositeLit) {
	tv, ok := t.info.Types[c]
	if !ok || tv.Type == nil {
		return
	}
	st, ok := tv.Type.Underlying().(*types.Struct)
	if !ok {
		if p, ok := tv.Type.Underlying().(*types.Pointer); ok {
			st, _ = p.Elem().Underlying().(*types.Struct)
		}
	}
	if st == nil {
		return
	}
	for i, el := range c.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				t.mark(t.info.Uses[id], t.expr(kv.Value))
			}
			continue
		}
		if i < st.NumFields() {
			t.mark(st.Field(i), t.expr(el))
		}
	}
}

func (t *taint) valueSpec(s *ast.ValueSpec, ctx Steadiness) {
	for _, v := range s.Values {
		t.visit(v, ctx)
	}
	lhs := make([]ast.Expr, len(s.Names))
	for i, n := range s.Names {
		lhs[i] = n
	}
	t.assign(lhs, s.Values, ctx)
}

func (t *taint) assign(lhs, rhs []ast.Expr, ctx Steadiness) {
	if len(rhs) == 0 {
		for _, l := range lhs {
			t.store(l, ctx)
		}
		return
	}
	if len(lhs) == len(rhs) {
		for i, l := range lhs {
			t.store(l, ctx|t.expr(rhs[i]))
		}
		return
	}
	// a, b := f(), or v, ok := m[k] / x.(T) / <-ch.
	rs := t.callResults(rhs[0], len(lhs))
	for i, l := range lhs {
		if rs != nil {
			t.store(l, ctx|rs[i])
		} else {
			t.store(l, ctx|t.expr(rhs[0]))
		}
	}
}

// stmt walks a statement; ctx is the taint of the conditions it runs
// under.
func (t *taint) stmt(s ast.Stmt, c *fnCtx, ctx Steadiness) {
	switch s := s.(type) {
	case nil:
	case *ast.BlockStmt:
		if s == nil {
			return
		}
		for _, x := range s.List {
			t.stmt(x, c, ctx)
		}
	case *ast.ExprStmt:
		t.visit(s.X, ctx)
	case *ast.AssignStmt:
		t.assignStmt(s, ctx)
	case *ast.IncDecStmt:
		t.visit(s.X, ctx)
		t.store(s.X, ctx)
	case *ast.DeclStmt:
		if g, ok := s.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
			for _, sp := range g.Specs {
				t.valueSpec(sp.(*ast.ValueSpec), ctx)
			}
		}
	case *ast.ReturnStmt:
		for _, r := range s.Results {
			t.visit(r, ctx)
		}
		t.ret(s, c, ctx)
	case *ast.IfStmt:
		in := t.under(s.Init, s.Cond, c, ctx)
		t.stmt(s.Body, c, in)
		t.stmt(s.Else, c, in)
	case *ast.ForStmt:
		in := t.under(s.Init, s.Cond, c, ctx)
		t.stmt(s.Post, c, in)
		t.stmt(s.Body, c, in)
	case *ast.RangeStmt:
		t.visit(s.X, ctx)
		in := ctx | t.expr(s.X)
		t.store(s.Key, in)
		t.store(s.Value, in)
		t.stmt(s.Body, c, in)
	case *ast.SwitchStmt:
		t.switchStmt(s, c, ctx)
	case *ast.TypeSwitchStmt:
		in := t.under(s.Init, typeSwitchSubject(s), c, ctx)
		for _, cc := range s.Body.List {
			t.mark(t.info.Implicits[cc], in)
			for _, b := range cc.(*ast.CaseClause).Body {
				t.stmt(b, c, in)
			}
		}
	case *ast.SelectStmt:
		// Which ready case runs is the scheduler's choice, in this call.
		for _, cc := range s.Body.List {
			cl := cc.(*ast.CommClause)
			t.stmt(cl.Comm, c, ctx|UnsteadyCall)
			for _, b := range cl.Body {
				t.stmt(b, c, ctx|UnsteadyCall)
			}
		}
	case *ast.LabeledStmt:
		t.stmt(s.Stmt, c, ctx)
	case *ast.GoStmt:
		t.visit(s.Call, ctx)
	case *ast.DeferStmt:
		t.visit(s.Call, ctx)
	case *ast.SendStmt:
		t.visit(s.Value, ctx)
		t.store(s.Chan, ctx|t.expr(s.Value))
	case *ast.CaseClause, *ast.CommClause:
		// Walked by their switch or select.
	}
}

// assignStmt walks an assignment: x op= y keeps x's own taint and adds
// y's, where = and := replace it.
func (t *taint) assignStmt(s *ast.AssignStmt, ctx Steadiness) {
	for _, r := range s.Rhs {
		t.visit(r, ctx)
	}
	for _, l := range s.Lhs {
		t.visit(l, ctx)
	}
	if s.Tok != token.ASSIGN && s.Tok != token.DEFINE && len(s.Lhs) == 1 && len(s.Rhs) == 1 {
		t.store(s.Lhs[0], ctx|t.expr(s.Rhs[0]))
		return
	}
	t.assign(s.Lhs, s.Rhs, ctx)
}

// under walks a statement's init and the expression that decides what
// runs under it (a condition, a switch's tag or a type switch's subject),
// and returns the taint of what does.
func (t *taint) under(init ast.Stmt, cond ast.Expr, c *fnCtx, ctx Steadiness) Steadiness {
	t.stmt(init, c, ctx)
	t.visit(cond, ctx)
	return ctx | t.expr(cond)
}

// switchStmt walks an expression switch: its bodies run under the taint of
// its tag and of every case expression.
func (t *taint) switchStmt(s *ast.SwitchStmt, c *fnCtx, ctx Steadiness) {
	in := t.under(s.Init, s.Tag, c, ctx)
	for _, cc := range s.Body.List {
		for _, e := range cc.(*ast.CaseClause).List {
			t.visit(e, ctx)
			in |= t.expr(e)
		}
	}
	for _, cc := range s.Body.List {
		for _, b := range cc.(*ast.CaseClause).Body {
			t.stmt(b, c, in)
		}
	}
}

// ret records a return statement's taint on the enclosing package
// function's results (function literals' results are not tracked: calls
// through function values are not resolved).
func (t *taint) ret(s *ast.ReturnStmt, c *fnCtx, ctx Steadiness) {
	if c == nil || c.sig == nil {
		return
	}
	res := c.sig.Results()
	n := res.Len()
	out := make([]Steadiness, n)
	switch {
	case len(s.Results) == 0:
		for i := range out {
			out[i] = t.objs[res.At(i)]
		}
		// A bare return under a tainted condition: the named results
		// hold whatever was assigned before it.
		for i := 0; i < n; i++ {
			t.mark(res.At(i), ctx)
		}
	case len(s.Results) == n:
		for i, r := range s.Results {
			out[i] = t.expr(r)
		}
	case len(s.Results) == 1:
		copy(out, t.callResults(s.Results[0], n))
	}
	for i := range out {
		out[i] |= ctx
	}
	if c.fn == nil {
		// A literal: named results are variables like any other.
		for i, l := range out {
			t.mark(res.At(i), l)
		}
		return
	}
	cur := t.results[c.fn]
	for i, l := range out {
		if i < len(cur) && cur[i]|l != cur[i] {
			cur[i] |= l
			t.changed = true
		}
	}
}

// typeSwitchSubject is the x of switch [v :=] x.(type).
func typeSwitchSubject(s *ast.TypeSwitchStmt) ast.Expr {
	var e ast.Expr
	switch a := s.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			e = a.Rhs[0]
		}
	case *ast.ExprStmt:
		e = a.X
	}
	if ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr); ok {
		return ta.X
	}
	return e
}

// markUnsteady sets Unsteady on the table's probes from the Nondet
// conditions, the control dependence and the call sites (see above).
func (t *taint) markUnsteady(fset *token.FileSet, table *Table) {
	blocks := newBlockIndex(fset, table)
	// Functions called from unsteady code, with the kinds and the roots
	// of the blocks that call them.
	whole := map[string]Steadiness{}
	wholeRoots := map[string][]int{}
	inWhole := func(fn string) (Steadiness, []int) {
		l, r := whole[fn], wholeRoots[fn]
		if i := strings.Index(fn, ".func"); i > 0 {
			l |= whole[fn[:i]]
			r = unionInts(r, wholeRoots[fn[:i]])
		}
		return l, r
	}
	for i := range table.Conds {
		if c := &table.Conds[i]; c.Nondet != 0 {
			c.Roots = []int{c.ID}
		}
	}
	for changed := true; changed; {
		changed = false
		for i := range table.Conds {
			c := &table.Conds[i]
			wl, wr := inWhole(c.Func)
			pl, pr := parentMarks(table, &c.Deps)
			if growMarks(&c.Unsteady, &c.Roots, c.Nondet|wl|pl, wr, pr) {
				changed = true
			}
		}
		for i := range table.Blocks {
			b := &table.Blocks[i]
			wl, wr := inWhole(b.Func)
			pl, pr := parentMarks(table, &b.Deps)
			if growMarks(&b.Unsteady, &b.Roots, wl|pl, wr, pr) {
				changed = true
			}
		}
		for _, cs := range t.calls {
			b := blocks.at(cs.pos)
			if b < 0 {
				continue
			}
			l, r := whole[cs.callee], wholeRoots[cs.callee]
			if growMarks(&l, &r, table.Blocks[b].Unsteady, table.Blocks[b].Roots) {
				whole[cs.callee], wholeRoots[cs.callee] = l, r
				changed = true
			}
		}
	}
}

// parentMarks are the marks a probe with dependences d gets from the
// conditions it depends on: none for a root.
func parentMarks(table *Table, d *Deps) (Steadiness, []int) {
	var l Steadiness
	var r []int
	if d.Root {
		return 0, nil
	}
	for _, p := range d.Parents {
		c := &table.Conds[p/2]
		l |= c.Unsteady
		r = unionInts(r, c.Roots)
	}
	return l, r
}

// growMarks adds l and the roots rs to a probe's marks, reporting a
// change.
func growMarks(u *Steadiness, roots *[]int, l Steadiness, rs ...[]int) bool {
	changed := false
	if l|*u != *u {
		*u |= l
		changed = true
	}
	for _, r := range rs {
		if m := unionInts(*roots, r); len(m) != len(*roots) {
			*roots = m
			changed = true
		}
	}
	return changed
}

// blockIndex finds the block of a call site: the table's blocks by file,
// in source order.
type blockIndex struct {
	fset   *token.FileSet
	byFile map[string][]blockSpan
}

// blockSpan is where a block starts and ends: lines and columns.
type blockSpan struct {
	sl, sc, el, ec int
	id             int
}

func newBlockIndex(fset *token.FileSet, table *Table) *blockIndex {
	byFile := map[string][]blockSpan{}
	for _, b := range table.Blocks {
		byFile[b.File] = append(byFile[b.File], blockSpan{b.StartLine, b.StartCol, b.EndLine, b.EndCol, b.ID})
	}
	for _, s := range byFile {
		sort.Slice(s, func(i, j int) bool { return s[i].sl < s[j].sl || (s[i].sl == s[j].sl && s[i].sc < s[j].sc) })
	}
	return &blockIndex{fset: fset, byFile: byFile}
}

// at returns the id of the block p is in, -1 if none.
func (x *blockIndex) at(p token.Pos) int {
	pos := x.fset.PositionFor(p, false)
	s := x.byFile[pos.Filename]
	i := sort.Search(len(s), func(i int) bool {
		return s[i].sl > pos.Line || (s[i].sl == pos.Line && s[i].sc > pos.Column)
	}) - 1
	if i < 0 {
		return -1
	}
	b := s[i]
	if b.el > pos.Line || (b.el == pos.Line && b.ec > pos.Column) {
		return b.id
	}
	return -1
}

// unionInts is the union of two ascending sets of ints, ascending; a when
// b adds nothing.
func unionInts(a, b []int) []int {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	out := make([]int, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i, j = i+1, j+1
		}
	}
	out = append(append(out, a[i:]...), b[j:]...)
	if len(out) == len(a) {
		return a
	}
	return out
}
