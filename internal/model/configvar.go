package model

import "go/types"

// Configuration variables. A package may switch its behaviour with an
// exported variable of its own (semver.CoerceNewVersion,
// decimal.MarshalJSONWithoutQuotes): its code branches on the variable, and
// a test can only reach the other side by setting it. The model offers an
// assignment per such variable (SetVar, `pkg.V = p0`), with the variable
// itself as the state to restore (Op.Restore, a Var read): the executor
// puts it back after every sequence, a written test with t.Cleanup.
//
// Only booleans for now: a flag has two values, both meant to be used,
// while a number (a precision, an iteration limit) can be set to a value
// that makes every later call allocate without bound, which the search
// would report as the package's failure rather than its own.

// configVars adds the SetVar operations of pkg's exported boolean
// variables.
func (p *Program) configVars() {
	scope := p.Pkg.Scope()
	for _, name := range scope.Names() { // sorted: determinism
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok || !v.Exported() {
			continue
		}
		b, ok := v.Type().(*types.Basic) // a named bool type would need its name written
		if !ok || b.Info()&types.IsBoolean == 0 {
			continue
		}
		read := &Op{Kind: Var, Name: v.Name(), Var: v, Results: []types.Type{v.Type()}, Effects: Effects{Known: true}}
		p.add(&Op{Kind: SetVar, Name: v.Name(), Var: v, Params: []Param{{Name: v.Name(), Type: v.Type(), Lit: LitBool}},
			Effects: Effects{Known: true, WritesGlobal: true, GlobalWhy: "assigns " + v.Name()}, Restore: read})
	}
}
