package model

import (
	"go/types"
	"sort"
)

// Formatters. A Format(fmt.State, rune) method runs only inside fmt: no
// value of fmt.State can be made outside it, so the search could never
// call one, and an error type's %+v (pkg/errors' stack traces, multierr's
// list of errors) went untested however much the rest was. A person tests
// it the way it is used:
//
//	if got := fmt.Sprintf("%+v", err); got != "..." { ... }
//
// so each type of the package with such a method gets one FormatVerb
// operation per verb in formatVerbs, under test, taking the value and
// returning what fmt.Sprintf makes of it. Its parameter is the type itself
// when it is exported, or error when an unexported type is handed out as
// one (pkg/errors' *fundamental, returned by New): one set of operations
// for all of those, as a test holds them as errors.

// formatVerbs are the verbs a Formatter is tested with: what the
// formatters of the standard library and the common error packages
// switch on.
var formatVerbs = []string{"%v", "%+v", "%s", "%q"}

// formatters adds the FormatVerb operations. It runs before the facts are
// attached: an operation's effects are its Format method's.
func (p *Program) formatters() {
	scope := p.Pkg.Scope()
	names := scope.Names()
	sort.Strings(names) // Names is sorted already; kept explicit: determinism
	have := map[string]bool{}
	for _, name := range names {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		fn, recv := formatMethod(n)
		if fn == nil {
			continue
		}
		param := recv
		if !tn.Exported() {
			if !types.Implements(recv, errorType.Underlying().(*types.Interface)) {
				continue
			}
			param = errorType
		}
		// The method itself is left out: no test has a fmt.State to
		// give it but nil.
		p.exclude(fn, "called through fmt.Sprintf, with a fmt.State of fmt's")
		k := types.TypeString(param, nil)
		if have[k] {
			continue
		}
		have[k] = true
		for _, verb := range formatVerbs {
			p.add(&Op{Kind: FormatVerb, Name: recvName(param) + ".Format", Func: fn, Variant: verb, UnderTest: true,
				Params: []Param{{Name: "x", Type: param}}, Results: []types.Type{types.Typ[types.String]}})
		}
	}
}

// formatMethod returns n's method Format(fmt.State, rune) and the type of
// its receiver (n or *n), or nil.
func formatMethod(n *types.Named) (*types.Func, types.Type) {
	for i := 0; i < n.NumMethods(); i++ {
		fn := n.Method(i)
		if fn.Name() != "Format" {
			continue
		}
		sig := fn.Signature()
		if sig.Params().Len() != 2 || sig.Results().Len() != 0 {
			return nil, nil
		}
		st, ok := sig.Params().At(0).Type().(*types.Named)
		if !ok || st.Obj().Pkg() == nil || st.Obj().Pkg().Path() != "fmt" || st.Obj().Name() != "State" ||
			!types.Identical(sig.Params().At(1).Type(), types.Typ[types.Rune]) {
			return nil, nil
		}
		return fn, sig.Recv().Type()
	}
	return nil, nil
}

// FmtPackage is the fmt package a FormatVerb operation calls Sprintf of:
// the package of its Format method's fmt.State.
func FmtPackage(op *Op) *types.Package {
	return op.Func.Signature().Params().At(0).Type().(*types.Named).Obj().Pkg()
}

// formatEffects drops the nondeterminism a FormatVerb operation takes
// from its Format method's facts when its only cause is where the call is
// made (Effects.CallSiteOnly): the facts cover every verb, and one that
// prints a stack trace (pkg/errors' %+v) makes the method depend on its
// caller, while %v of the same error is its message. The oracle judges
// each verb by its runs instead, and never asserts a text that names a
// source position or an address (oracle.valueAssertion). A Format that
// reads the clock or randomness stays nondeterministic: two runs a moment
// apart agree on an hour that the written test will not see.
func (p *Program) formatEffects() {
	for _, op := range p.Ops {
		if op.Kind == FormatVerb && op.Effects.CallSiteOnly {
			op.Effects.Nondeterministic, op.Effects.CallSiteOnly, op.Effects.NondetWhy = false, false, ""
		}
	}
}

// exclude takes the operations calling fn out of the model, as Excluded
// with why.
func (p *Program) exclude(fn *types.Func, why string) {
	keep := p.Ops[:0]
	for _, op := range p.Ops {
		if op.Func == fn && (op.Kind == Method || op.Kind == Call) {
			p.Excluded = append(p.Excluded, Excluded{Name: op.Name, Reason: why})
			continue
		}
		keep = append(keep, op)
	}
	p.Ops = keep
}
