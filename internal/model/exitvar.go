package model

import "go/types"

// Exiting handler variables. A package that reports errors through an
// exported variable of func type whose default exits the process
// (`var ErrorHandler = func(err error) { log.Fatal(err) }`,
// policy.ExitHandlers) ends the executor on every error path, and a test
// that reaches one ends its test binary. The variable is the package's own
// way out: a caller may store a handler that returns. So the model offers
// the assignment (a SetVar marked ExitSwap, restored like a configuration
// variable: the executor after every sequence, a written test with
// t.Cleanup), and the search starts every sequence with it, storing the
// function literal that returns the zero values of the handler's results
// (FuncZero): the run goes on past the handler as the package's code does
// when the handler returns, and the test asserts what the call returned
// then (the error, a nil result), which is what a person testing the error
// path writes after replacing the handler. A handler that panicked instead
// would end each such call in a panic, which is no test.

// exitSwaps adds the ExitSwap assignment of each handler variable whose
// type a test can spell.
func (p *Program) exitSwaps(vars []*types.Var) {
	for _, v := range vars {
		if unnameable(v.Type(), p.Pkg) != "" || unnameableSig(v.Type().Underlying().(*types.Signature), p.Pkg) != "" {
			continue
		}
		read := &Op{Kind: Var, Name: v.Name(), Var: v, Results: []types.Type{v.Type()}, Effects: Effects{Known: true}}
		p.add(&Op{Kind: SetVar, Name: v.Name(), Var: v, Params: []Param{{Name: v.Name(), Type: v.Type()}},
			Effects: Effects{Known: true, WritesGlobal: true, GlobalWhy: "assigns " + v.Name()}, Restore: read, ExitSwap: true})
	}
}

// ExitSwaps returns the program's ExitSwap assignments, in operation
// order.
func (p *Program) ExitSwaps() []*Op {
	var out []*Op
	for _, op := range p.Ops {
		if op.ExitSwap {
			out = append(out, op)
		}
	}
	return out
}
