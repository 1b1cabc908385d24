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

// observers are the method names that callers expect to only observe their
// receiver: fmt, sort, encoding and comparison conventions.
var observers = map[string]bool{
	"String": true, "GoString": true, "Error": true, "Format": true, "Len": true, "Cap": true,
	"Less": true, "Equal": true, "Compare": true, "Hash": true, "MarshalJSON": true,
	"MarshalText": true, "MarshalBinary": true,
}

// isObserver reports whether obj is a method with one of the observer
// names and the signature that goes with it: flag.FlagSet.String(name,
// value, usage) defines a flag and is no observer.
func isObserver(obj *types.Func) bool {
	sig := obj.Signature()
	if sig.Recv() == nil || !observers[obj.Name()] {
		return false
	}
	switch obj.Name() {
	case "Less":
		return sig.Params().Len() <= 2 && sig.Results().Len() == 1
	case "Equal", "Compare":
		return sig.Params().Len() == 1 && sig.Results().Len() == 1
	case "Format":
		return sig.Params().Len() == 2
	}
	return sig.Params().Len() == 0 && sig.Results().Len() >= 1
}

// observerEffects are the effects that make an observer surprising.
const observerEffects = MutatesReceiver | MutatesParams | WritesGlobal | IO

func (st *state) report(fns []*ssa.Function, res *Result) {
	pass := st.pass
	if checkObserver {
		for _, fn := range fns {
			obj := funcObject(fn)
			if obj == nil || fn.Parent() != nil || !isObserver(obj) {
				continue
			}
			f := res.Facts[obj]
			// Only effects of the method's own body (or of an I/O root
			// it calls) are reported: effects deep in callees are mostly
			// memoization and lazily filled caches (go/types' Unalias,
			// token.FileSet's last-file cache) or debug tracing, which
			// is how Go amortises work and not what surprises a reader.
			var eff Effect
			for _, r := range f.Why {
				if !directReason(r.Detail) {
					continue
				}
				switch {
				case r.Effect == "mutates-receiver":
					eff |= MutatesReceiver
				case strings.HasPrefix(r.Effect, "mutates-param:"):
					eff |= MutatesParams
				default:
					for _, en := range effectNames {
						if en.name == r.Effect {
							eff |= en.e & observerEffects
						}
					}
				}
			}
			params := f.MutatedParams
			if obj.Name() == "Format" && len(params) > 0 && params[0] == 0 {
				// Format writes its output to the fmt.State by contract.
				params = params[1:]
			}
			if len(params) == 0 {
				eff &^= MutatesParams
			}
			if eff == 0 {
				continue
			}
			var why []string
			for _, r := range f.Why {
				for _, name := range (&Fact{Effects: eff, MutatedParams: params}).EffectNames() {
					if r.Effect == name {
						why = append(why, r.Detail)
						break
					}
				}
			}
			pass.ReportRangef(fn.Syntax(), "%s method %s has side effects: %s (%s)",
				obj.Name(), obj.FullName(), describeEffects(eff, params), strings.Join(firstN(why, 2), "; "))
		}
	}
	if checkMapOrder {
		reported := make(map[token.Pos]bool)
		for _, fn := range fns {
			if fn.Syntax() == nil || strings.HasSuffix(pass.Fset.File(fn.Pos()).Name(), "_test.go") {
				// Tests examine map order on purpose.
				continue
			}
			for _, l := range st.leaks[fn] {
				if reported[l.sinkPos] || reported[l.rangePos] {
					continue // nested map loops feeding one slice, or several sinks
				}
				reported[l.sinkPos] = true
				reported[l.rangePos] = true
				what := "returned"
				if l.store {
					what = "stored"
				}
				pass.Reportf(l.rangePos, "slice built in map iteration order is %s at %s without being sorted", what, st.pos(l.sinkPos))
			}
		}
	}
	if checkDiscard {
		st.discarded(res)
	}
}

// directReason reports whether a reason is an instruction of the function
// itself (a store, a map update, a builtin) or a call to a hand-written
// root such as (*os.File).Write, possibly through a callback argument.
func directReason(detail string) bool {
	var callees []string
	for _, prefix := range []string{"calls ", "passes it to "} {
		if rest, ok := strings.CutPrefix(detail, prefix); ok {
			name, _, _ := strings.Cut(rest, " ")
			callees = append(callees, name)
		}
	}
	if strings.HasPrefix(detail, "in closure") {
		return false
	}
	if i := strings.LastIndex(detail, " ("); i >= 0 && strings.HasSuffix(detail, ")") {
		callees = append(callees, detail[i+2:len(detail)-1])
	}
	if len(callees) == 0 {
		return true
	}
	for _, c := range callees {
		if _, ok := roots[c]; ok {
			return true
		}
	}
	return false
}

func firstN(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

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
	insp := inspector.New(files)
	for n := range insp.PreorderSeq((*ast.ExprStmt)(nil)) {
		call, ok := ast.Unparen(n.(*ast.ExprStmt).X).(*ast.CallExpr)
		if !ok {
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
		// that can panic only inside what it calls (a helper built on
		// strings.ToUpper) is not, as in staticcheck's SA4017;
		// so is one whose effects come from arguments it calls or
		// formats (their String methods).
		// Hand-written summaries describe what callers may rely on, not
		// every internal effect (a runtime hook may register state), so
		// they are not evidence enough for this check.
		if f == nil || !f.Inert() || panicsOnPurpose(f) || len(f.CallsParams) > 0 || len(f.FormatsParams) > 0 || f.CallsTypeParams || f.IsHandWritten() {
			continue
		}
		pass.ReportRangef(call, "result of %s is discarded; the call has no effect", obj.FullName())
	}
}

// panicsOnPurpose reports whether a function may panic by an explicit
// panic call of its own (a Must helper): its callers may call it for that
// panic alone. Panics inherited from its callees do not count.
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
