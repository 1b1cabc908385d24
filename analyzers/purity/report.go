package purity

import (
	"go/ast"
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

// observerEffects are the effects that make an observer surprising.
const observerEffects = MutatesReceiver | MutatesParams | WritesGlobal | IO

func (st *state) report(fns []*ssa.Function, res *Result) {
	pass := st.pass
	if checkObserver {
		for _, fn := range fns {
			obj := funcObject(fn)
			if obj == nil || fn.Parent() != nil || obj.Signature().Recv() == nil || !observers[obj.Name()] {
				continue
			}
			f := res.Facts[obj]
			eff := f.Effects & observerEffects
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
		for _, fn := range fns {
			for _, l := range st.leaks[fn] {
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

func firstN(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// discarded reports expression statements that call a pure function whose
// results are unused.
func (st *state) discarded(res *Result) {
	pass := st.pass
	insp := inspector.New(pass.Files)
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
		// A call kept only for its panic (mustParse(x)) is intended;
		// so is one whose effects come from arguments it calls.
		if f == nil || !f.Pure() || f.Has(Panics) || len(f.CallsParams) > 0 || f.CallsTypeParams {
			continue
		}
		pass.ReportRangef(call, "result of %s is discarded; the call has no effect", obj.FullName())
	}
}
