package model

import (
	"go/types"
	"slices"
)

// Configuration fields. Many packages hand out an object from a
// constructor and let the caller switch its behaviour by assigning an
// exported field afterwards (csv.Reader's LazyQuotes and ReuseRecord,
// tabwriter-like writers' flags, a parser's Strict): the constructor does
// not take the setting, and a composite literal cannot build the object
// (its unexported state would be missing), so without an assignment the
// other side of every branch on the field is out of reach. The model
// offers an assignment per such field (SetField, `x.F = p1`) on a pointer
// to the struct: it changes the object it is given, like a mutator method,
// and makes nothing.
//
// Only booleans, for the reason configvar.go gives: a flag's two values
// are both meant to be used, while a number or a string field can be set
// to a value the package never expects (a negative size, a delimiter that
// collides with another), and what the code under test then does would be
// reported as its failure rather than the caller's.

// configFields adds the SetField operations of the exported boolean fields
// of the package's exported, non-generic struct types whose pointers some
// operation of the package produces or takes: fields of types the package
// never hands out nor accepts would only be set on values nothing reads.
func (p *Program) configFields() {
	scope := p.Pkg.Scope()
	for _, name := range scope.Names() { // sorted: determinism
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		st, ok := n.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		ptr := types.NewPointer(n)
		if !p.usesPointer(ptr) {
			continue
		}
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			if !f.Exported() || f.Embedded() {
				continue
			}
			b, ok := f.Type().(*types.Basic) // a named bool type would need its name written
			if !ok || b.Info()&types.IsBoolean == 0 {
				continue
			}
			p.add(&Op{Kind: SetField, Name: tn.Name() + "." + f.Name(), Type: n, Field: f,
				Params:  []Param{{Name: "x", Type: ptr, Lit: LitNone}, {Name: f.Name(), Type: f.Type(), Lit: LitBool}},
				Effects: Effects{Known: true, MutatesParams: []int{0}}})
		}
	}
}

// usesPointer reports whether an operation of the package under test
// returns ptr or takes it as its receiver or a parameter.
func (p *Program) usesPointer(ptr types.Type) bool {
	for _, op := range p.Ops {
		if !op.UnderTest {
			continue
		}
		if slices.ContainsFunc(op.Results, func(r types.Type) bool { return types.Identical(r, ptr) }) {
			return true
		}
		for _, prm := range op.Params {
			if types.Identical(prm.Type, ptr) {
				return true
			}
		}
	}
	return false
}
