package emit

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// bodyOpts adjust how a case body is rendered.
type bodyOpts struct {
	// need lists further results that must be held in variables (the
	// operands of a finding's check).
	need []seq.ValueID
	// noTargetAsserts leaves out the assertions on the target statement
	// (a table renders its own).
	noTargetAsserts bool
	// override replaces literal arguments (by statement, argument) with
	// other expressions: a table's fields.
	override map[seq.ArgID]*field
	// noGot names the target's result after its type, not "got" (a
	// finding's check reads better as point.Equal(point)).
	noGot bool
	// afterTarget, if set, renders the statements that follow the target
	// call (a table's checks).
	afterTarget func(vars map[seq.ValueID]string, d desc) []ast.Stmt
	// skip lists results whose checks the caller renders (a table's want
	// fields for observers), with afterStmt.
	skip      map[seq.ValueID]bool
	afterStmt func(i int, vars map[seq.ValueID]string, d desc) []ast.Stmt
	// keepAll keeps calls that change nothing and whose results nothing
	// reads, and adds no note on what the test checks: a finding
	// reproduces the sequence as it ran, and its check is the point.
	keepAll bool
}

// bodyResult is what body produces besides the statements: the variable
// of each result, and the namer, so callers can add statements.
type bodyResult struct {
	vars  map[seq.ValueID]string
	names *namer
	descs map[int]desc
}

// body renders the statements of one case.
func (r *renderer) body(c *oracle.Case, bo *bodyOpts, res *bodyResult) ([]ast.Stmt, error) {
	if bo == nil {
		bo = &bodyOpts{}
	}
	r.names = newNamer(r)
	r.inl = map[seq.ValueID]ast.Expr{}
	pl := r.planBody(c, bo)
	w := &bodyWriter{c: c, bo: bo, plan: pl, checked: pl.checked, vars: map[seq.ValueID]string{}, descs: map[int]desc{},
		inlined: r.inlineBuilt(c), notePos: -1, targetAt: -1, restored: map[int]bool{}, observed: map[*ast.AssignStmt]bool{}}
	r.inl = map[seq.ValueID]ast.Expr{}
	for i := range c.Seq.Stmts {
		if err := r.writeStmt(w, i); err != nil {
			return nil, err
		}
	}
	out := r.targetNote(w.out, c, bo, w.checked, w.notePos, w.targetAt, w.descs)
	for _, a := range pl.deferred {
		out = append(out, r.checkOf(a, pl.weak[a], w.vars, w.descs)...)
	}
	out = checksInIf(out, w.observed)
	if w.targetStmt != nil {
		keep := map[string]bool{}
		for _, k := range bo.need {
			keep[w.vars[k]] = true
		}
		out = blankUnread(out, w.targetStmt, keep)
	}
	if res != nil {
		res.vars, res.names, res.descs = w.vars, r.names, w.descs
	}
	return out, nil
}

// bodyWriter is what body keeps while it writes the statements of case c
// one by one.
type bodyWriter struct {
	c    *oracle.Case
	bo   *bodyOpts
	plan *bodyPlan
	// checked starts as the plan's and becomes true when a check of the
	// target is written after all (a table's, a documented panic's).
	checked bool
	// vars holds the variable of each result written to one; descs, how
	// failure messages name each call.
	vars  map[seq.ValueID]string
	descs map[int]desc
	// inlined marks the composite literals and package variables written
	// where they are used (inlineBuilt).
	inlined map[int]bool
	out     []ast.Stmt
	// notePos is where the note on an unchecked target goes: before its
	// call. targetAt is where the target's statement is when it throws
	// all its results away, and targetStmt the target's call once
	// written; -1 and nil before.
	notePos, targetAt int
	targetStmt        ast.Stmt
	// restored marks the setters whose package state is already put back
	// at cleanup.
	restored map[int]bool
	// observed holds the calls after the target whose results only their
	// checks read (observers): see checksInIf.
	observed map[*ast.AssignStmt]bool
}

// writeStmt writes statement i of w's case and the checks that follow it,
// or records its expression where it is written in place instead.
func (r *renderer) writeStmt(w *bodyWriter, i int) error {
	c, bo, pl := w.c, w.bo, w.plan
	s := c.Seq
	st := s.Stmts[i]
	op := r.prog.Ops[st.Op]
	ov := bo.override
	if pl.dropped[i] {
		return nil
	}
	if done, err := r.recording(w, i); done || err != nil {
		return err
	}
	if done, err := r.elements(w, i); done || err != nil {
		return err
	}
	if x := r.addressedVar(c, i, w.vars, len(pl.asserts[i]) > 0 || deferredOn(pl.deferred, i)); x != nil {
		r.inl[seq.ValueID{Stmt: i}] = x
		return nil
	}
	st, err := r.repeatLoop(w, i, op, st)
	if err != nil {
		return err
	}
	call, err := r.callExpr(s, op, i, st, w.vars, ov)
	if err != nil {
		return err
	}
	if w.inlined[i] {
		r.inl[seq.ValueID{Stmt: i}] = call
		return nil
	}
	if i == c.Target {
		w.notePos = len(w.out)
	}
	if op.Restore != nil && !w.restored[op.ID] {
		// Package state the call sets is put back when the test ends,
		// so that other tests see the package as it was.
		w.restored[op.ID] = true
		w.out = append(w.out, r.saveState(op, r.names)...)
	}
	w.descs[i] = r.describe(op, i, st, w.vars, ov)
	if i == c.Target && c.Panics {
		w.out = append(w.out, r.expectPanic(op, w.descs[i], c.PanicMsg)...)
		w.checked = true
	}
	if i != c.Target && pl.uses[i] == 1 && !pl.checkedStmt[i] && len(op.Results) == 1 && r.inlinable(s, i) {
		// A callback or another package's constructor passed once is
		// written in the call that takes it, as a person would:
		// NewLRU(1, func(string, int) {}),
		// csv.NewReader(strings.NewReader("a")).
		r.inl[seq.ValueID{Stmt: i}] = call
		return nil
	}
	var at int
	w.out, at = r.callStmt(w.out, c, i, call, bo, pl.need, w.vars)
	if at >= 0 {
		w.targetAt = at
	}
	if i == c.Target {
		w.targetStmt = w.out[len(w.out)-1]
	}
	if i > c.Target && pl.uses[i] == 0 && !bo.keepAll {
		if as, ok := w.out[len(w.out)-1].(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			w.observed[as] = true
		}
	}
	r.checksAfter(w, i)
	return nil
}

// checksAfter writes the checks that follow statement i of w's case.
func (r *renderer) checksAfter(w *bodyWriter, i int) {
	c, bo, pl := w.c, w.bo, w.plan
	for _, a := range pl.asserts[i] {
		w.out = append(w.out, r.checkOf(a, pl.weak[a], w.vars, w.descs)...)
	}
	if i != c.Target && !bo.keepAll && len(pl.asserts[i]) == 1 && pl.asserts[i][0].Kind == oracle.ErrNil && pl.uses[i] == 0 {
		w.out = guardInIf(w.out)
	}
	if i == c.Target && bo.afterTarget != nil {
		more := bo.afterTarget(w.vars, w.descs[i])
		w.checked = w.checked || len(more) > 0
		w.out = append(w.out, more...)
	}
	if bo.afterStmt != nil {
		more := bo.afterStmt(i, w.vars, w.descs[i])
		w.checked = w.checked || len(more) > 0
		w.out = append(w.out, more...)
	}
}

// checkOf renders assertion a on the variable of its result: in full, or
// as much as can be written (weak).
func (r *renderer) checkOf(a oracle.Assertion, weak bool, vars map[seq.ValueID]string, descs map[int]desc) []ast.Stmt {
	if a.Identity() {
		return identityCheck(a, vars[a.Value()], vars[a.Other], descs[a.Stmt])
	}
	if weak {
		return r.weakAssertion(a, vars[a.Value()], descs[a.Stmt])
	}
	return r.assertion(a, vars[a.Value()], descs[a.Stmt])
}

// callStmt appends statement i of case c, the call, to out: a plain call,
// an assignment to the variables its needed results get (vars), or, for
// the target whose results nothing reads, an assignment to _ whose index
// in out is returned as targetAt (-1 otherwise).
func (r *renderer) callStmt(out []ast.Stmt, c *oracle.Case, i int, call ast.Expr, bo *bodyOpts, need map[seq.ValueID]bool, vars map[seq.ValueID]string) (_ []ast.Stmt, targetAt int) {
	op := r.prog.Ops[c.Seq.Stmts[i].Op]
	names := r.names
	targetAt = -1
	if op.Kind == model.SetVar {
		out = append(out, &ast.AssignStmt{Lhs: []ast.Expr{sel(ident(r.qualify(op.Var.Pkg())), op.Var.Name())}, Tok: token.ASSIGN, Rhs: []ast.Expr{call}})
	} else if kv, ok := call.(*ast.KeyValueExpr); ok && op.Kind == model.SetField {
		// x.F = v: callExpr gives the field and the value as a pair.
		out = append(out, &ast.AssignStmt{Lhs: []ast.Expr{kv.Key}, Tok: token.ASSIGN, Rhs: []ast.Expr{kv.Value}})
	} else if len(op.Results) == 0 {
		out = append(out, &ast.ExprStmt{X: call})
	} else {
		lhs := make([]ast.Expr, len(op.Results))
		anyNew := false
		for j, t := range op.Results {
			if need[seq.ValueID{Stmt: i, Result: j}] {
				isGot := i == c.Target && j == 0 && !(op.ErrResult && j == len(op.Results)-1) && !bo.noGot
				n := names.name(t, isGot)
				vars[seq.ValueID{Stmt: i, Result: j}] = n
				lhs[j] = ident(n)
				anyNew = true
			} else {
				lhs[j] = ident("_")
			}
		}
		switch {
		case !anyNew && i != c.Target && !bo.keepAll && (op.Kind == model.Call || op.Kind == model.Method):
			// A call kept for what it does (Push, Add), whose results
			// nobody reads: a statement of its own, as a person writes
			// it, not a result thrown away. (Only a call can stand
			// alone: &T{} or T(x) as a statement does not compile.)
			out = append(out, &ast.ExprStmt{X: call})
		case !anyNew:
			if i == c.Target {
				targetAt = len(out)
			}
			out = append(out, &ast.AssignStmt{Lhs: lhs, Tok: token.ASSIGN, Rhs: []ast.Expr{call}})
		default:
			out = append(out, &ast.AssignStmt{Lhs: lhs, Tok: token.DEFINE, Rhs: []ast.Expr{call}})
		}
	}
	return out, targetAt
}

// expectPanic is what precedes the call of a case whose target panics as
// documented: the sentence of the documentation, and a deferred check
// that the call did panic.
//
// When the oracle chose the panic's text to check (Case.PanicMsg: the
// package's own message), the check compares it too, so that another
// panic (an index error past a weakened precondition) fails the test:
//
//	if r := recover(); r == nil {
//		t.Error("q.PopFront() did not panic")
//	} else if msg := fmt.Sprint(r); msg != "deque: empty" {
//		t.Errorf("q.PopFront() panicked with %q, want %q", msg, "deque: empty")
//	}
func (r *renderer) expectPanic(op *model.Op, d desc, panicMsg string) []ast.Stmt {
	check := &ast.IfStmt{Cond: binary(&ast.CallExpr{Fun: ident("recover")}, token.EQL, ident("nil")),
		Body: block(errorf(d, " did not panic"))}
	if panicMsg != "" {
		fmtName := r.use("fmt")
		check = &ast.IfStmt{
			Init: &ast.AssignStmt{Lhs: []ast.Expr{ident("r")}, Tok: token.DEFINE, Rhs: []ast.Expr{&ast.CallExpr{Fun: ident("recover")}}},
			Cond: binary(ident("r"), token.EQL, ident("nil")),
			Body: block(errorf(d, " did not panic")),
			Else: &ast.IfStmt{
				Init: &ast.AssignStmt{Lhs: []ast.Expr{ident("msg")}, Tok: token.DEFINE,
					Rhs: []ast.Expr{call(sel(ident(fmtName), "Sprint"), ident("r"))}},
				Cond: binary(ident("msg"), token.NEQ, strLit(panicMsg)),
				Body: block(errorf(d, " panicked with %q, want %q", ident("msg"), strLit(panicMsg))),
			},
		}
	}
	return []ast.Stmt{
		r.comment("As documented: " + firstLine(op.DocPanics)),
		&ast.DeferStmt{Call: &ast.CallExpr{Fun: &ast.FuncLit{Type: &ast.FuncType{Params: &ast.FieldList{}}, Body: block(check)}}},
	}
}

// targetNote says, when the test checks nothing about its target, that
// the target must not panic and why nothing else is checked; when the
// target's results are not read but observers after it check what it
// did, it makes the target a plain call (targetAt: its statement).
func (r *renderer) targetNote(out []ast.Stmt, c *oracle.Case, bo *bodyOpts, checked bool, notePos, targetAt int, descs map[int]desc) []ast.Stmt {
	s := c.Seq
	if !checked && notePos >= 0 && !bo.keepAll {
		// Nothing the call returns can be compared (an address, the time,
		// unexported state): the test says what it checks.
		why := "what it returns cannot be written in a test"
		top := r.prog.Ops[s.Stmts[c.Target].Op]
		tainted, clock := oracle.Taint(r.prog, s)
		// A vouched target took from nondeterministic calls only values
		// every run agreed on: neither cause below is its.
		switch {
		case c.Unverified != "":
			// go test failed a check the executor's run passed:
			// the cause is that difference, not the value.
			why = "its check failed when go test ran it (" + unverifiedWhat(c.Unverified) + ")"
		case len(top.Results) == 0:
			// Nothing returned, and no observer of what it
			// changed was kept after it.
			why = "it returns nothing, and no call here reads what it changes"
		case clock[c.Target] && !c.Vouched:
			why = r.nondetNote(s, c.Target)
		case tainted[c.Target] && !c.Vouched:
			why = "what it returns depends on where it is called from"
		case nanLeftOut(c):
			// A composite holding NaN without go-cmp (nanCheck).
			why = "what it returns holds NaN, which reflect.DeepEqual never finds equal"
		case len(top.Results) > 0 && r.writableType(top.Results[0]) && c.TargetUnstable:
			// A value of a type a test can write was left out
			// because the judge's two runs disagreed on it.
			why = "what it returns was not the same in two runs"
		}
		note := r.comment(descText(descs[c.Target], r.prog.Ops[s.Stmts[c.Target].Op]) + " must not panic; " + why + ".")
		out = append(out[:notePos], append([]ast.Stmt{note}, out[notePos:]...)...)
	} else if top := r.prog.Ops[s.Stmts[c.Target].Op]; targetAt >= 0 && !bo.keepAll && (top.Kind == model.Call || top.Kind == model.Method) {
		// The target's results are not read, but the checks after it
		// (observers) say what it did: it reads as a plain call.
		out[targetAt] = &ast.ExprStmt{X: out[targetAt].(*ast.AssignStmt).Rhs[0]}
	}
	return out
}

// saveState reads the package state a setter changes and registers its
// restoration: old := p.X(); t.Cleanup(func() { p.SetX(old) }), or for
// an assigned variable old := p.V; t.Cleanup(func() { p.V = old }).
func (r *renderer) saveState(op *model.Op, names *namer) []ast.Stmt {
	r.need("go1.14") // t.Cleanup
	if op.Kind == model.SetVar {
		// old := p.V; t.Cleanup(func() { p.V = old })
		v := sel(ident(r.qualify(op.Var.Pkg())), op.Var.Name())
		old := names.fresh("old" + op.Var.Name())
		restore := &ast.FuncLit{Type: &ast.FuncType{Params: &ast.FieldList{}},
			Body: block(&ast.AssignStmt{Lhs: []ast.Expr{v}, Tok: token.ASSIGN, Rhs: []ast.Expr{ident(old)}})}
		return []ast.Stmt{
			define(old, sel(ident(r.qualify(op.Var.Pkg())), op.Var.Name())),
			&ast.ExprStmt{X: call(sel(ident("t"), "Cleanup"), restore)},
		}
	}
	q := r.qualify(op.Func.Pkg())
	old := names.fresh("old" + strings.TrimPrefix(op.Func.Name(), "Set"))
	restore := &ast.FuncLit{Type: &ast.FuncType{Params: &ast.FieldList{}},
		Body: block(&ast.ExprStmt{X: call(sel(ident(q), op.Func.Name()), ident(old))})}
	return []ast.Stmt{
		define(old, call(sel(ident(q), op.Restore.Func.Name()))),
		&ast.ExprStmt{X: call(sel(ident("t"), "Cleanup"), restore)},
	}
}

// nanLeftOut reports whether the oracle asked for a check of the target's
// result that holds a NaN (oracle.HasNaN): the check the renderer leaves
// out when nothing it may use equates NaNs.
func nanLeftOut(c *oracle.Case) bool {
	for _, a := range c.Asserts {
		if a.Stmt == c.Target && a.Kind == oracle.Equal && a.Want != nil && oracle.HasNaN(a.Want) {
			return true
		}
	}
	return false
}

// targetChecked reports whether the test of c checks what its target did:
// a documented panic, a result or error, or an observer after it (the
// body's plan; a table checks the same values in its want fields).
func (r *renderer) targetChecked(c *oracle.Case) bool {
	if c.Panics {
		return true
	}
	checked := false
	r.probe(func() { checked = r.planBody(c, &bodyOpts{}).checked })
	return checked
}

// nondetNote says why the result of statement i of s, tainted by the
// clock, randomness or another cause of nondeterminism beyond the call
// site, is not checked: the facts' reason of the operation it comes from
// (its own, or the first nondeterministic one it takes a value of), when
// that reason is not the clock or randomness themselves.
func (r *renderer) nondetNote(s *seq.Seq, i int) string {
	const clock = "what it returns depends on the clock or on randomness"
	src, seen := -1, map[int]bool{}
	var find func(k int)
	find = func(k int) {
		if src >= 0 || seen[k] {
			return
		}
		seen[k] = true
		if e := r.prog.Ops[s.Stmts[k].Op].Effects; e.Nondeterministic && !e.CallSiteOnly {
			src = k
			return
		}
		for _, a := range s.Stmts[k].Args {
			if !a.IsLit && a.Stmt < k {
				find(a.Stmt)
			}
		}
	}
	find(i)
	if src < 0 {
		return clock
	}
	op := r.prog.Ops[s.Stmts[src].Op]
	why := op.Effects.NondetWhy
	if k := strings.LastIndex(why, " at "); k >= 0 {
		why = why[:k] // the facts' position goes stale
	}
	if r.prog.Pkg != nil {
		// (*example.com/p.Loader).Load reads as (*Loader).Load in p's tests.
		why = strings.ReplaceAll(why, r.prog.Pkg.Path()+".", "")
	}
	if rest, ok := strings.CutPrefix(why, "reads the environment: "); ok {
		// policy's reason for a function that reads the environment.
		if src == i {
			return "what it returns depends on the environment: it " + rest
		}
		return "what it returns depends on the environment: it takes what " + op.Name + " returned, which " + rest
	}
	if strings.HasPrefix(why, "slice built in map iteration order") {
		why = "builds a slice in map iteration order"
	}
	if why == "" || strings.Contains(why, "time.") || strings.Contains(why, "rand") || strings.Contains(why, "clock") {
		return clock
	}
	if src == i {
		return "what it returns may differ between runs: it " + why
	}
	return "what it returns may differ between runs: it takes what " + op.Name + " returned, which " + why
}
