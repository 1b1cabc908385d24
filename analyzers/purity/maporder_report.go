package purity

import (
	"go/token"

	"golang.org/x/tools/go/analysis"

	"golang.org/x/tools/go/ssa"
)

// reportMapOrder reports the slices built in map iteration order whose
// order a caller can observe and cares about (maporder_observe.go), one
// diagnostic per range statement and sink.
func (st *state) reportMapOrder(fns []*ssa.Function) {
	c := &mapOrderCheck{st: st, fns: fns}
	if len(fns) > 0 {
		c.pkg = fns[0].Pkg
	}
	reported := make(map[token.Pos]bool)
	for _, fn := range fns {
		if fn.Syntax() == nil || isTestFile(st.pass.Fset, fn.Pos()) {
			// Tests examine map order on purpose.
			continue
		}
		for _, l := range st.leaks[fn] {
			if reported[l.rangePos] || (l.sinkPos.IsValid() && reported[l.sinkPos]) {
				continue // nested map loops feeding one slice, or several sinks
			}
			why := c.observed(fn, l)
			if why == "" {
				continue
			}
			reported[l.rangePos] = true
			if l.sinkPos.IsValid() {
				reported[l.sinkPos] = true
			}
			d := analysis.Diagnostic{
				Pos:     l.rangePos,
				Message: "slice built in map iteration order " + why + " without being sorted: sort the keys before ranging (slices.Sorted(maps.Keys(m))) or sort the result (slices.Sort(s))",
			}
			if len(l.acc) > 0 {
				d.SuggestedFixes = st.mapOrderFix(l.rangePos, l.acc[0].Type()) // maporder_fix.go
			}
			st.pass.Report(d)
		}
	}
}
