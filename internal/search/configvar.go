package search

import (
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// PConfig is the chance that a sequence the random engine builds starts by
// setting one of the package's configuration variables
// (model/configvar.go). An assignment makes nothing, so it is never a
// target of its own and no argument's sequence brings it: it comes in
// front, and the values made after it are pooled with it, so that what
// is built under the other setting (a Version parsed strictly) reaches
// later calls too.
const PConfig = 0.1

// configPrefix may start s with an assignment to a configuration
// variable. With none in the program it draws nothing from the random
// source, so packages without one search exactly as before.
func (r *Random) configPrefix(s *seq.Seq) {
	if !r.configSet {
		r.configSet = true
		for _, op := range r.prog.Ops {
			if op.Kind == model.SetVar {
				r.configOps = append(r.configOps, op)
			}
		}
	}
	if len(r.configOps) == 0 || r.rng.Float64() >= PConfig {
		return
	}
	// Settings combine (strict parsing with terse errors): each further
	// one with even odds, as many assignments as there are variables.
	for k := 0; k < len(r.configOps) && (k == 0 || r.rng.IntN(2) == 0); k++ {
		op := r.configOps[r.rng.IntN(len(r.configOps))]
		s.Stmts = append(s.Stmts, seq.Stmt{Op: op.ID, Args: []seq.Arg{r.litArg(op, op.Params[0])}})
	}
}
