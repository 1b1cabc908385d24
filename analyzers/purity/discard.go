package purity

import (
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/format"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// discarded reports expression statements that call an inert function
// (pure, or pure but for results that depend on the call site) whose
// results are unused.
func (st *state) discarded(res *Result) {
	pass := st.pass
	if examplePackage(pass.Pkg) {
		return
	}
	var files []*ast.File
	for _, f := range pass.Files {
		// Tests call pure functions for their panics and in benchmarks on
		// purpose; generated code is nobody's to fix.
		name := pass.Fset.File(f.Pos()).Name()
		if strings.HasSuffix(name, "_test.go") || ast.IsGenerated(f) {
			continue
		}
		files = append(files, f)
	}
	asserts := compileChecks(files)
	constrained := map[*token.File]bool{} // files built for some platforms only
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil && buildConstrained(f, tf.Name()) {
			constrained[tf] = true
		}
	}
	insp := inspector.New(files)
	for n := range insp.PreorderSeq((*ast.ExprStmt)(nil)) {
		call, ok := ast.Unparen(n.(*ast.ExprStmt).X).(*ast.CallExpr)
		if !ok || asserts.contains(call.Pos()) {
			continue
		}
		obj, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if !ok || obj.Signature().Results().Len() == 0 || isAbstract(obj) {
			continue
		}
		obj = obj.Origin()
		f := res.Facts[obj]
		if f == nil {
			if s := st.summaryOfObj(obj); s != nil {
				f = s.fact()
			}
		}
		// A call kept only for its panic (mustParse(x)) is intended; one
		// that can panic only inside another package (a helper built on
		// strings.ToUpper) is not, as in staticcheck's SA4017;
		// so is one whose effects come from arguments it calls or
		// formats (their String methods).
		// Hand-written summaries describe what callers may rely on, not
		// every internal effect (a runtime hook may register state), so
		// they are not evidence enough for this check.
		if f == nil || !f.Inert() || len(f.CallsParams) > 0 || len(f.FormatsParams) > 0 || f.CallsTypeParams || f.IsHandWritten() {
			continue
		}
		if panicsOnPurpose(f) || st.assertsInPackage(obj) || st.platformSpecific(obj, constrained) {
			continue
		}
		d := analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Message: fmt.Sprintf("result of %s is discarded; the call has no effect: use the result, or remove the call", obj.FullName()),
		}
		if fix := reassignFix(pass, call, obj); fix != nil {
			d.Message = fmt.Sprintf("result of %s is discarded; the call has no effect: it returns the new value, assign it back", obj.FullName())
			d.SuggestedFixes = []analysis.SuggestedFix{*fix}
		}
		pass.Report(d)
	}
}

// reassignFix returns the fix for a method called for a change it only
// returns (pebble's buf.Reset(), which returns buf[:0] and leaves buf
// alone): assign the result back to the receiver, when the method has a
// value receiver, one result of the receiver's type, and the receiver is
// a variable or a field path that can be assigned.
func reassignFix(pass *analysis.Pass, call *ast.CallExpr, obj *types.Func) *analysis.SuggestedFix {
	sig := obj.Signature()
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sig.Recv() == nil || sig.Results().Len() != 1 {
		return nil
	}
	if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
		return nil
	}
	recvType := pass.TypesInfo.TypeOf(sel.X)
	if recvType == nil || !types.Identical(recvType, pass.TypesInfo.TypeOf(call)) || !assignablePath(pass.TypesInfo, sel.X) {
		return nil
	}
	var buf strings.Builder
	if err := format.Node(&buf, pass.Fset, sel.X); err != nil {
		return nil
	}
	recv := buf.String()
	return &analysis.SuggestedFix{
		Message:   "assign the result to " + recv,
		TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.Pos(), NewText: []byte(recv + " = ")}},
	}
}

// assignablePath reports whether e is a variable, or a field of one
// reached by selectors and pointer dereferences (x, x.f, p.f.g): an
// expression that can stand on the left of = and names the value the
// call was made on.
func assignablePath(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := info.Uses[e].(*types.Var)
		return ok
	case *ast.SelectorExpr:
		if s := info.Selections[e]; s == nil || s.Kind() != types.FieldVal {
			return false
		}
		return assignablePath(info, e.X)
	case *ast.StarExpr:
		return assignablePath(info, e.X)
	}
	return false
}

// panicsOnPurpose reports whether a function may panic by an explicit
// panic call of its own (a Must helper): its callers may call it for that
// panic alone. Its fact names only the first reason of each effect, so
// panics its callees inherit are followed, within the package being
// analysed, by assertsInPackage.
func panicsOnPurpose(f *Fact) bool {
	if !f.Has(Panics) {
		return false
	}
	for _, r := range f.Why {
		if r.Effect == "panics" && strings.HasPrefix(r.Detail, "panic at ") {
			return true
		}
	}
	return false
}

// assertsInPackage reports whether obj, a function of the package being
// analysed, reaches an explicit panic through calls that stay in the
// package: an assertion helper that delegates to another one (gonum's
// (*Dense).checkOverlap returning the package-level checkOverlap, which
// panics on overlap), called for that panic alone. The package's author
// wrote both, so the panic is as deliberate as one in the called
// function's own body. A panic in another package's code (strings.ToUpper
// growing a Builder) is not: the discarded call is still a mistake, as
// staticcheck's SA4017 has it. Code under a constant-false condition is
// left out, as in the summaries (liveBlocks).
func (st *state) assertsInPackage(obj *types.Func) bool {
	return st.reachesInPackage(obj, func(_ *ssa.Function, instr ssa.Instruction) bool {
		p, ok := instr.(*ssa.Panic)
		return ok && explicitPanic(p)
	})
}

// platformSpecific reports whether obj, a function of the package being
// analysed, is or calls (within the package) a function declared in a
// file built only for some platforms (a //go:build line or a _windows.go
// suffix). Its summary is this build's: fiber's go-ole package has, off
// Windows, safeArrayGetElement returning E_NOTIMPL, and on Windows a
// system call filling its argument. A discarded result of it is not a
// call without effect everywhere the code is built.
func (st *state) platformSpecific(obj *types.Func, constrained map[*token.File]bool) bool {
	if len(constrained) == 0 {
		return false
	}
	return st.reachesInPackage(obj, func(fn *ssa.Function, instr ssa.Instruction) bool {
		return instr == nil && constrained[st.pass.Fset.File(fn.Pos())]
	})
}

// reachesInPackage reports whether match holds for obj's function, or a
// function it reaches through static calls and closures that stay in the
// package, or one of their live instructions. match is called with a nil
// instruction once per function. Code under a constant-false condition is
// left out, as in the summaries (liveBlocks).
func (st *state) reachesInPackage(obj *types.Func, match func(*ssa.Function, ssa.Instruction) bool) bool {
	root := st.byObj[obj]
	if root == nil {
		return false
	}
	seen := map[*ssa.Function]bool{}
	var visit func(fn *ssa.Function) bool
	visit = func(fn *ssa.Function) bool {
		if fn == nil || seen[fn] || fn.Pkg != root.Pkg {
			return false
		}
		seen[fn] = true
		if match(fn, nil) {
			return true
		}
		for _, b := range liveBlocks(fn) {
			for _, instr := range b.Instrs {
				if match(fn, instr) {
					return true
				}
				if call, ok := instr.(ssa.CallInstruction); ok && visit(call.Common().StaticCallee()) {
					return true
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			if visit(anon) {
				return true
			}
		}
		return false
	}
	return visit(root)
}

// buildConstrained reports whether a file is built only for some
// platforms or configurations: it has a //go:build line before its
// package clause, or its name ends in _GOOS, _GOARCH or _GOOS_GOARCH.
func buildConstrained(f *ast.File, name string) bool {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) {
				return true
			}
		}
	}
	parts := strings.Split(strings.TrimSuffix(filepath.Base(name), ".go"), "_")
	for i := len(parts) - 1; i >= 1 && i >= len(parts)-2; i-- {
		if knownOS[parts[i]] || knownArch[parts[i]] {
			return true
		}
	}
	return false
}

// knownOS and knownArch are the GOOS and GOARCH values a file name
// suffix selects (go/build's lists, which it does not export).
var (
	knownOS = setOf("aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js",
		"linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos")
	knownArch = setOf("386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips",
		"mipsle", "mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv",
		"riscv64", "s390", "s390x", "sparc", "sparc64", "wasm")
)

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// spans is a set of source ranges.
type spans []struct{ pos, end token.Pos }

func (s spans) contains(p token.Pos) bool {
	for _, r := range s {
		if r.pos <= p && p < r.end {
			return true
		}
	}
	return false
}

// compileChecks returns the function literals that are the value of a
// blank variable (var _ = func(a A, b B) { a.Equal(b) }): a literal no
// one can call, written so that the compiler checks that the calls in it
// type-check (methods exist with these receivers and arguments). Its
// calls are kept for the compiler, not run, and discard none. Named
// functions nobody calls are still checked: they are dead code or called
// by reflection, and a discarded result in them is a mistake the day
// they run.
func compileChecks(files []*ast.File) spans {
	var out spans
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, name := range vs.Names {
				if name.Name != "_" || i >= len(vs.Values) {
					continue
				}
				if lit, ok := ast.Unparen(vs.Values[i]).(*ast.FuncLit); ok {
					out = append(out, struct{ pos, end token.Pos }{lit.Pos(), lit.End()})
				}
			}
			return true
		})
	}
	return out
}

// examplePackage reports whether pkg is an example program: a package
// main under a directory named example or examples (or _example...), the
// convention for programs that show a library's API. Their calls
// illustrate what the API returns, often with the result written in a
// comment beside a call whose value is dropped (gods' examples:
// stack.Size() // 0), so a dropped result there is the illustration, not
// a mistake, as in tests. A command elsewhere stays checked.
func examplePackage(pkg *types.Package) bool {
	if pkg.Name() != "main" {
		return false
	}
	for elem := range strings.SplitSeq(pkg.Path(), "/") {
		if elem == "example" || elem == "examples" || strings.HasPrefix(elem, "_example") {
			return true
		}
	}
	return false
}
