package instrument

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"go/version"
	"strings"
)

// Mutants (Options.Mutate): every mutant of the package is compiled into
// the instrumented sources as a schema, a call of the runtime's mutant
// probes (rt/cover_mutant.go) that computes the original value and, when
// the mutant is the active one, the mutant's instead. Mutant ids are dense
// and package-wide, 1..len(Table.Mutants), in the order the instrumenter
// walks the syntax. The operators:
//
//   - rel-boundary, rel-negate: the comparisons rewritten to CmpI, CmpU,
//     CmpF and CmpS (rt.RelMutants of them each, in rt.RelMutant's order);
//     the probe applies them, given the condition's first mutant
//     (Table.MutantConds, for rt.InitMutants);
//   - cond-negate: outcome-only conditions (rt.Br) of if and for
//     statements and of && and || operands; Br applies it;
//   - logical: a && b to a || b and back, rt.MAnd and rt.MOr with the right
//     operand in a closure, so that it is still evaluated only when the
//     original (or the mutant) needs it; plain bool only;
//   - arith: + - * / % & | ^ &^ on integers, + - * / on floats, rt.MArI and
//     rt.MArF, generic, so only in files whose language version is at
//     least go1.18; operations whose mutant equals the original for every
//     operand (x+0, x*1, x/1, x*-1, x&x, ...) are left alone;
//   - const: integer and float literals (and negated ones) in non-constant
//     expressions become 0, k+1, k-1 (those that differ from k and from
//     each other): rt.MKI, rt.MKU, rt.MKF on the carrier of a comparison
//     operand, T(rt.MKI(...)) when the literal's type is a predeclared
//     one, and rt.MK(.., like, k) when it is a named type and the other
//     operand of its binary expression is a variable or constant (like
//     gives the type; it is evaluated again, without effect);
//   - remove: assignments (=, op=, ++, --, not :=) and calls whose results
//     are unused, as statements of a block: if !rt.MOn(id) { stmt };
//   - return-zero: if rt.MOn(id) { return *new(T1), ... } before a return
//     of values, the types spelled as the function's signature spells them
//     (skipped when a name in them means something else at the return);
//     return-error: each result of type error returned as rt.MErr(id, err);
//   - break-continue: an unlabeled break or continue whose innermost
//     enclosing breakable statement is a loop becomes the other one
//     (not a continue of a for without a condition in a function with
//     results, whose end the loop may be: a break there fails to compile);
//   - extreme: at the entry of every function declared with a body (not
//     init), if rt.MOn(id) { return zero values }, and for a function with
//     one result and a parameter of that type, a second mutant returning
//     the parameter: what a stub would do.
//
// Nothing is mutated in package-level variable initializers and init
// functions (outside function literals): they run once, at package
// initialization, before the executor could make a mutant active.
// Trivially equivalent mutants are not generated: a return of zero values
// gets no return-zero mutant, a body that only returns zero values no
// extreme one.
//
// Inserted text holds no newline, so that no line moves, and goes through
// the edit buffer with the classes of the probes it nests with.

// Mutation operator classes (Mutant.Op).
const (
	OpArith         = "arith"
	OpRelBoundary   = "rel-boundary"
	OpRelNegate     = "rel-negate"
	OpCondNegate    = "cond-negate"
	OpLogical       = "logical"
	OpConst         = "const"
	OpRemove        = "remove"
	OpReturnZero    = "return-zero"
	OpReturnError   = "return-error"
	OpBreakContinue = "break-continue"
	OpExtreme       = "extreme"
)

// Mutant is one mutant compiled into the instrumented sources.
type Mutant struct {
	ID   int    // 1..len(Table.Mutants); Table.Mutants[ID-1]
	Op   string // operator class, one of the Op constants
	File string // absolute file name
	Func string // enclosing function, as Block.Func
	// Line and Col are where the mutated code starts (a binary
	// operator's mutants are at the operator).
	Line, Col int
	// Orig and Repl are short source texts of the original and the mutant
	// ("a < b", "a <= b").
	Orig, Repl string
	// Block is the block probe whose execution reaches the mutant, -1 if
	// none.
	Block int
	// Cond is the condition whose probe applies the mutant (rel-* and
	// cond-negate), -1 otherwise.
	Cond int
}

// MutantConds lists, for rt.InitMutants, the pairs (condition id, id of
// its first mutant) of the conditions whose probes apply mutants, by
// ascending condition id.
func (t *Table) MutantConds() []int32 {
	var out []int32
	last := -1
	for _, m := range t.Mutants {
		if m.Cond >= 0 && m.Cond != last {
			out = append(out, int32(m.Cond), int32(m.ID))
			last = m.Cond
		}
	}
	return out
}

// mutState is a file's mutation state, kept up to date during the walk
// whether or not mutants are made.
type mutState struct {
	on      bool // Options.Mutate, and the file is not excluded
	generic bool // the file's language version allows the generic probes
	block   int  // the block probe reaching the code being walked; -1 none
	// loops: the enclosing breakable statements of the current function,
	// innermost last.
	loops []breakTarget
	funcs []funcSig      // the enclosing functions, innermost last
	entry *ast.BlockStmt // the body of the declared function being entered
	// like maps a literal operand of a binary expression to the text of the
	// other operand, when that one can be evaluated again without effect.
	like map[ast.Expr]string
}

// funcSig is an enclosing function: its syntax and type.
type funcSig struct {
	typ  *ast.FuncType
	sig  *types.Signature
	decl *ast.FuncDecl // nil for a function literal
}

func newMutState(on bool, f *ast.File, info *types.Info) *mutState {
	m := &mutState{on: on, block: -1, like: map[ast.Expr]string{}}
	v := info.FileVersions[f]
	// An unknown version means the latest; a version older than go1.18
	// forbids calling generic functions.
	m.generic = v == "" || version.Compare(v, "go1.18") >= 0
	return m
}

// mutating reports whether mutants are made at the current place:
// package-level initializers and init functions (outside function
// literals) get none, since they run before a mutant can be made active.
func (f *fileInst) mutating() bool { return f.m.on && f.fn != "glob." && f.fn != "init" }

// newMutant registers a mutant at pos and returns its id.
func (f *fileInst) newMutant(pos token.Pos, op, orig, repl string, cond int) int {
	t := f.p.table
	id := len(t.Mutants) + 1
	p := f.pos(pos)
	t.Mutants = append(t.Mutants, Mutant{
		ID: id, Op: op, File: f.name, Func: f.funcName(), Line: p.Line, Col: p.Column,
		Orig: shorten(orig), Repl: shorten(repl), Block: f.m.block, Cond: cond,
	})
	f.probes++
	return id
}

// relAlts mirrors the runtime's relAlts: each comparison's relational
// mutants, the boundary change first, then the negation.
var relAlts = map[token.Token][]token.Token{
	token.EQL: {token.NEQ}, token.NEQ: {token.EQL},
	token.LSS: {token.LEQ, token.GEQ}, token.LEQ: {token.LSS, token.GTR},
	token.GTR: {token.GEQ, token.LEQ}, token.GEQ: {token.GTR, token.LSS},
}

// relMutants registers the relational mutants of comparison condition id,
// x op y, whose probe applies them.
func (f *fileInst) relMutants(id int, op token.Token, pos token.Pos, x, y string) {
	if !f.mutating() {
		return
	}
	alts := relAlts[op]
	for k, alt := range alts {
		class := OpRelNegate
		if k == 0 && len(alts) == 2 {
			class = OpRelBoundary
		}
		f.newMutant(pos, class, x+" "+op.String()+" "+y, x+" "+alt.String()+" "+y, id)
	}
}

// negMutant registers the negation of outcome-only condition id, whose
// probe (rt.Br) applies it, if it is an if or for condition or an operand
// of && or ||.
func (f *fileInst) negMutant(id int, x ast.Expr, kind string) {
	if !f.mutating() || (kind != KindIf && kind != KindFor && kind != KindAnd && kind != KindOr) {
		return
	}
	t := f.text(x)
	f.newMutant(x.Pos(), OpCondNegate, t, "!("+t+")", id)
}

// enterFunc sets the state for walking the body of a function (decl is
// nil for a literal) and returns the state to restore after it.
func (f *fileInst) enterFunc(typ *ast.FuncType, sig *types.Signature, decl *ast.FuncDecl, body *ast.BlockStmt) mutState {
	saved := *f.m
	f.m.loops = nil
	f.m.funcs = append(f.m.funcs[:len(f.m.funcs):len(f.m.funcs)], funcSig{typ, sig, decl})
	f.m.entry = nil
	if decl != nil && sig != nil && !(decl.Recv == nil && decl.Name.Name == "init") {
		f.m.entry = body
	}
	return saved
}

// leaveFunc restores the state enterFunc returned.
func (f *fileInst) leaveFunc(saved mutState) { *f.m = saved }

// hasResults reports whether the innermost enclosing function has results.
func (f *fileInst) hasResults() bool {
	fs, ok := f.curFunc()
	return ok && fs.typ != nil && fs.typ.Results != nil && len(fs.typ.Results.List) > 0
}

// curFunc is the innermost enclosing function, if any.
func (f *fileInst) curFunc() (funcSig, bool) {
	if len(f.m.funcs) == 0 {
		return funcSig{}, false
	}
	return f.m.funcs[len(f.m.funcs)-1], true
}

// stmt walks s, a statement of a block or clause body, after inserting its
// statement mutants (remove, return-zero and return-error,
// break-continue).
func (f *fileInst) stmt(s ast.Stmt) {
	if id, ok := f.anchorStmt[s]; ok {
		f.m.block = id
	}
	t := s
	for l, ok := t.(*ast.LabeledStmt); ok; l, ok = t.(*ast.LabeledStmt) {
		t = l.Stmt
		if id, ok := f.anchorStmt[t]; ok {
			f.m.block = id
		}
	}
	if !f.mutating() {
		ast.Walk(f, s)
		return
	}
	switch t := t.(type) {
	case *ast.AssignStmt, *ast.IncDecStmt, *ast.ExprStmt:
		if as, ok := t.(*ast.AssignStmt); ok && f.valueRemovable(as) {
			id := f.newMutant(t.Pos(), OpRemove, f.text(t), "", -1)
			lhs := string(f.src[f.off(as.Lhs[0].Pos()):f.off(as.Lhs[0].End())])
			f.insert(as.Rhs[0].Pos(), fmt.Sprintf("%s.MSet(%d, %s, ", ImportName, id, lhs), classOpen)
			ast.Walk(f, s)
			f.insert(as.Rhs[0].End(), ")", classClose)
			return
		}
		if f.removable(t) {
			id := f.newMutant(t.Pos(), OpRemove, f.text(t), "", -1)
			f.insert(t.Pos(), fmt.Sprintf("if !%s.MOn(%d) { ", ImportName, id), classStmt)
			ast.Walk(f, s)
			f.insert(t.End(), " }", classClose)
			return
		}
	case *ast.ReturnStmt:
		f.returnStmt(s, t)
		return
	case *ast.BranchStmt:
		f.branchStmt(t)
	}
	ast.Walk(f, s)
}

// valueRemovable reports whether s, a removable assignment, is one whose
// removal MSet can carry, infected only where it changes the variable: x
// = v with one variable, field or slice element (a chain of names,
// selectors and call-free indexes, read twice) of a type whose == cannot panic (a basic
// type, a pointer, a channel), and a right side without calls (MSet
// evaluates it even when the assignment is removed).
func (f *fileInst) valueRemovable(s *ast.AssignStmt) bool {
	if !f.m.generic || s.Tok != token.ASSIGN || len(s.Lhs) != 1 || len(s.Rhs) != 1 || !f.removable(s) || f.hasEffectCall(s.Rhs[0]) {
		return false
	}
	for e := ast.Unparen(s.Lhs[0]); ; {
		if sel, ok := e.(*ast.SelectorExpr); ok {
			e = ast.Unparen(sel.X)
			continue
		}
		if ix, ok := e.(*ast.IndexExpr); ok {
			// A slice's or an array's element, not a map's: reading a
			// missing key gives the zero value, yet storing it adds the
			// key, so a removal changes the map where old == v.
			if _, isMap := f.p.info.TypeOf(ix.X).Underlying().(*types.Map); isMap || f.hasEffectCall(ix.Index) {
				return false
			}
			e = ast.Unparen(ix.X)
			continue
		}
		if id, ok := e.(*ast.Ident); !ok || id.Name == "_" {
			return false
		}
		break
	}
	t := f.p.info.TypeOf(s.Lhs[0])
	return t != nil && plainComparable(t)
}

// removable reports whether s, an assignment or expression statement, gets
// a remove mutant: not a declaration, not a panic (removing it could leave
// a function without a terminating statement), not an assignment to the
// blank identifier without a call, not x = x.
func (f *fileInst) removable(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.IncDecStmt:
		return true
	case *ast.AssignStmt:
		if s.Tok == token.DEFINE {
			return false
		}
		blank := true
		for _, l := range s.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); !ok || id.Name != "_" {
				blank = false
			}
		}
		if blank && !f.hasCall(s) {
			return false
		}
		if len(s.Lhs) == 1 && len(s.Rhs) == 1 && s.Tok == token.ASSIGN && f.text(s.Lhs[0]) == f.text(s.Rhs[0]) {
			return false
		}
		return true
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := f.p.info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
				return false
			}
		}
		return true
	}
	return false
}

// hasCall reports whether n calls a function (conversions are no calls).
// hasEffectCall is hasCall without the builtins that only read their
// operands (len, cap, min, max, real, imag, complex): an expression with
// only those can be evaluated once more, or when a mutant skips it,
// without changing anything.
func (f *fileInst) hasEffectCall(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return !found
		}
		if tv, ok := f.p.info.Types[c.Fun]; ok && tv.IsType() {
			return !found
		}
		if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
			if b, ok := f.p.info.Uses[id].(*types.Builtin); ok {
				switch b.Name() {
				case "len", "cap", "min", "max", "real", "imag", "complex":
					return !found
				}
			}
		}
		found = true
		return false
	})
	return found
}

func (f *fileInst) hasCall(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if tv, ok := f.p.info.Types[c.Fun]; !ok || !tv.IsType() {
				found = true
			}
		}
		return !found
	})
	return found
}

// returnStmt walks return statement r (s is r or its label) with its
// return-zero and return-error mutants.
func (f *fileInst) returnStmt(s ast.Stmt, r *ast.ReturnStmt) {
	fs, ok := f.curFunc()
	if !ok || fs.sig == nil || len(r.Results) == 0 || fs.sig.Results().Len() == 0 {
		ast.Walk(f, s)
		return
	}
	if !f.allZero(r.Results) {
		zeros, zok := f.zeroValues(fs.typ, r.Pos())
		if e, ok := f.valueZeroable(fs.sig, r); ok {
			// return rt.MZero(id, e): infected only where e is not
			// already the zero value.
			repl := "return the zero value"
			if zok {
				repl = "return " + zeros
			}
			id := f.newMutant(r.Pos(), OpReturnZero, f.text(r), repl, -1)
			probe := "MZero"
			if plainComparable(fs.sig.Results().At(0).Type()) {
				probe = "MZeroC" // == on the value itself: no boxing on the hot path
			}
			f.insert(e.Pos(), fmt.Sprintf("%s.%s(%d, ", ImportName, probe, id), classOpen)
			ast.Walk(f, s)
			f.insert(e.End(), ")", classClose)
			return
		}
		if zok {
			id := f.newMutant(r.Pos(), OpReturnZero, f.text(r), "return "+zeros, -1)
			f.insert(r.Pos(), fmt.Sprintf("if %s.MOn(%d) { return %s }; ", ImportName, id, zeros), classStmt)
		}
	}
	var wrapped []ast.Expr
	if len(r.Results) == fs.sig.Results().Len() {
		for i, e := range r.Results {
			if !isErrorType(fs.sig.Results().At(i).Type()) {
				continue
			}
			id := f.newMutant(e.Pos(), OpReturnError, f.text(e), "nil <-> non-nil error", -1)
			f.insert(e.Pos(), fmt.Sprintf("%s.MErr(%d, ", ImportName, id), classOpen)
			wrapped = append(wrapped, e)
		}
	}
	ast.Walk(f, s)
	for _, e := range wrapped {
		f.insert(e.End(), ")", classClose)
	}
}

// valueZeroable returns the one result of r when its return-zero mutant
// can be carried by rt.MZero, infected only where the value returned is
// not the zero value already (a deque's Front holding 0): a function of
// one result, not an error (MErr swaps those), in a file that allows
// generic probes, returning an expression of the result's type without
// calls (MZero evaluates it even when the mutant is active).
func (f *fileInst) valueZeroable(sig *types.Signature, r *ast.ReturnStmt) (ast.Expr, bool) {
	if !f.m.generic || sig.Results().Len() != 1 || len(r.Results) != 1 || isErrorType(sig.Results().At(0).Type()) || f.hasEffectCall(r.Results[0]) {
		return nil, false
	}
	// MZero's type is inferred from the expression: it must be the
	// result's type itself, not an untyped constant (return 1 from a
	// func() T) nor a concrete type returned as an interface (the zero
	// value would be a typed nil).
	tv, ok := f.p.info.Types[r.Results[0]]
	if !ok || tv.Value != nil || tv.Type == nil || !types.Identical(tv.Type, sig.Results().At(0).Type()) {
		return nil, false
	}
	return r.Results[0], true
}

// plainComparable reports whether == on values of t can never panic and
// needs no interface: a basic type, a pointer or a channel.
func plainComparable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsUntyped == 0
	case *types.Pointer, *types.Chan:
		return true
	}
	return false
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// allZero reports whether every expression of es is a zero value: nil, a
// zero constant, or an empty struct or array literal.
func (f *fileInst) allZero(es []ast.Expr) bool {
	for _, e := range es {
		tv := f.p.info.Types[e]
		switch {
		case tv.IsNil():
		case tv.Value != nil:
			if !zeroConst(tv.Value) {
				return false
			}
		default:
			cl, ok := ast.Unparen(e).(*ast.CompositeLit)
			if !ok || len(cl.Elts) > 0 || tv.Type == nil {
				return false
			}
			switch tv.Type.Underlying().(type) {
			case *types.Struct, *types.Array:
			default:
				return false
			}
		}
	}
	return true
}

func zeroConst(v constant.Value) bool {
	switch v.Kind() {
	case constant.Bool:
		return !constant.BoolVal(v)
	case constant.String:
		return constant.StringVal(v) == ""
	case constant.Int, constant.Float, constant.Complex:
		return constant.Sign(v) == 0 && constant.Sign(constant.Imag(v)) == 0
	}
	return false
}

// zeroValues spells the zero values of the results of a function of type
// typ as "*new(T1), *new(T2)", with the types as its signature spells them,
// if every name in them means the same at pos and none spans lines.
func (f *fileInst) zeroValues(typ *ast.FuncType, pos token.Pos) (string, bool) {
	if typ.Results == nil || !f.universal("new", pos) {
		return "", false // (a variable named new is no rare thing)
	}
	var parts []string
	for _, fld := range typ.Results.List {
		txt := string(f.src[f.off(fld.Type.Pos()):f.off(fld.Type.End())])
		if strings.ContainsAny(txt, "\n\r") || strings.Contains(txt, "//") || !f.sameMeaning(fld.Type, pos) {
			return "", false
		}
		n := len(fld.Names)
		if n == 0 {
			n = 1
		}
		for i := 0; i < n; i++ {
			parts = append(parts, "*new("+txt+")")
		}
	}
	return strings.Join(parts, ", "), true
}

// sameMeaning reports whether every identifier e uses (a type expression)
// denotes the same object at pos.
func (f *fileInst) sameMeaning(e ast.Expr, pos token.Pos) bool {
	if f.p.pkg == nil {
		return false
	}
	scope := f.p.pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, func(m ast.Node) bool {
				if id, isID := m.(*ast.Ident); isID && !f.visibleAs(scope, id, pos) {
					ok = false
				}
				return ok
			})
			return false
		case *ast.Ident:
			if !f.visibleAs(scope, n, pos) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// visibleAs reports whether id (a use; other identifiers pass) names the
// same object at pos in scope.
func (f *fileInst) visibleAs(scope *types.Scope, id *ast.Ident, pos token.Pos) bool {
	obj := f.p.info.Uses[id]
	if obj == nil {
		return true
	}
	_, o := scope.LookupParent(id.Name, pos)
	return o == obj
}

// breakTarget is what an enclosing breakable statement is, for the
// break-continue mutants.
type breakTarget uint8

const (
	// targetOther: a switch, type switch or select (no mutant: a
	// continue there would mean another statement).
	targetOther breakTarget = iota
	// targetLoop: a range, or a for with a condition.
	targetLoop
	// targetEndless: a for without a condition, a terminating statement
	// unless a break leaves it.
	targetEndless
)

// branchStmt adds the break-continue mutant of b.
func (f *fileInst) branchStmt(b *ast.BranchStmt) {
	if b.Label != nil || (b.Tok != token.BREAK && b.Tok != token.CONTINUE) {
		return
	}
	n := len(f.m.loops)
	if n == 0 || f.m.loops[n-1] == targetOther {
		return
	}
	if b.Tok == token.CONTINUE && f.m.loops[n-1] == targetEndless && f.hasResults() {
		// A break would let the function end after the loop, which
		// may be its last statement: "missing return" (BurntSushi/toml's
		// stripEscapedNewlines).
		return
	}
	other := "continue"
	if b.Tok == token.CONTINUE {
		other = "break"
	}
	id := f.newMutant(b.Pos(), OpBreakContinue, b.Tok.String(), other, -1)
	f.insert(b.Pos(), fmt.Sprintf("if %s.MOn(%d) { %s }; ", ImportName, id, other), classStmt)
}

// extreme adds the extreme mutants at the entry of body, the body of the
// declared function being walked; its first block's probe is inserted
// already, so that it counts the entry.
func (f *fileInst) extreme(body *ast.BlockStmt) {
	fs, ok := f.curFunc()
	if !ok || fs.decl == nil || len(body.List) == 0 {
		return
	}
	block := -1
	if id, ok := f.anchorStmt[body.List[0]]; ok {
		block = id
	}
	saved := f.m.block
	f.m.block = block
	defer func() { f.m.block = saved }()
	at := body.Lbrace + 1
	name := fs.decl.Name
	only, _ := body.List[0].(*ast.ReturnStmt)
	if len(body.List) > 1 {
		only = nil
	}
	res := fs.sig.Results()
	zeros, ok := "", true
	if res.Len() > 0 {
		zeros, ok = f.zeroValues(fs.typ, at)
	}
	trivial := only != nil && (len(only.Results) == 0 || f.allZero(only.Results))
	if ok && !trivial {
		repl := strings.TrimSpace("return " + zeros)
		id := f.newMutant(name.Pos(), OpExtreme, name.Name, repl, -1)
		f.insert(at, fmt.Sprintf("if %s.MOn(%d) { %s };", ImportName, id, repl), classStmt)
	}
	if res.Len() != 1 {
		return
	}
	for i := 0; i < fs.sig.Params().Len(); i++ {
		p := fs.sig.Params().At(i)
		if p.Name() == "" || p.Name() == "_" || !types.Identical(p.Type(), res.At(0).Type()) {
			continue
		}
		if only != nil && len(only.Results) == 1 {
			if id, isID := ast.Unparen(only.Results[0]).(*ast.Ident); isID && f.p.info.Uses[id] == p {
				return // the body returns the parameter already
			}
		}
		id := f.newMutant(name.Pos(), OpExtreme, name.Name, "return "+p.Name(), -1)
		f.insert(at, fmt.Sprintf("if %s.MOn(%d) { return %s };", ImportName, id, p.Name()), classStmt)
		return
	}
}
