package search

import "github.com/gentest-go/gentest/internal/seq"

// PConfig is the chance that a sequence extension builds starts by
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
func (x *extension) configPrefix(s *seq.Seq) {
	x.exitPrefix(s) // costly_exit.go: handlers that exit swapped first
	if len(x.config) == 0 || x.rng.Float64() >= PConfig {
		return
	}
	// Settings combine (strict parsing with terse errors): each further
	// one with even odds, as many assignments as there are variables.
	for k := 0; k < len(x.config) && (k == 0 || x.rng.IntN(2) == 0); k++ {
		op := x.config[x.rng.IntN(len(x.config))]
		s.Stmts = append(s.Stmts, seq.Stmt{Op: op.ID, Args: []seq.Arg{x.lits.arg(op, op.Params[0])}})
	}
}
