package purity

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// discarded reports expression statements that call an inert function
// (pure, or pure but for results that depend on the call site) whose
// results are unused.
func (st *state) discarded(res *Result) {
	pass := st.pass
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
		if panicsOnPurpose(f) || st.assertsInPackage(obj) {
			continue
		}
		pass.ReportRangef(call, "result of %s is discarded; the call has no effect", obj.FullName())
	}
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
		for _, b := range liveBlocks(fn) {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Panic:
					if explicitPanic(instr) {
						return true
					}
				case ssa.CallInstruction:
					if visit(instr.Common().StaticCallee()) {
						return true
					}
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
