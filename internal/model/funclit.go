package model

import (
	"go/types"
	"strconv"
	"strings"
)

// Function-typed parameters get small function literals: one that returns
// the zero values of its results, one that returns true for a predicate,
// the identity for func(T) T, and a less-than for func(T, T) bool on an
// ordered type. They are produced on demand, like the detective's
// producers, and written the same way in the registry and in the tests.
//
// A callback whose answer does not depend on its arguments tests little:
// a Select with a predicate that is always true, a sort with a comparator
// that always says equal, passes for a stub that ignores the callback. So
// predicates also get one that depends on their first argument (even,
// non-empty, non-nil), and comparators of an ordered type a three-way
// comparison, as a person writing the test would.

// Function-literal variants.
const (
	FuncZero     = "zero"
	FuncTrue     = "true"
	FuncIdentity = "identity"
	FuncLess     = "less"
	// FuncArgPred is a predicate on its first argument: p0%2 == 0 for
	// integers, p0 > 0 for floats, p0 != "" for strings, p0 != nil for
	// interfaces and pointers, p0 for booleans.
	FuncArgPred = "argpred"
	// FuncCompare is a three-way comparison of two ordered values,
	// func(a, b T) int: -1, 0 or 1.
	FuncCompare = "compare"
)

// funcLits adds function-literal operations for the func-typed parameters
// of the operations.
func (p *Program) funcLits() {
	seen := map[string]bool{}
	for _, op := range p.Ops {
		for _, prm := range op.Params {
			sig, ok := prm.Type.Underlying().(*types.Signature)
			if !ok || sig.Variadic() && !op.ExitSwap {
				// A variadic handler (log.Fatalf's shape) gets its
				// literal only where a handler is swapped.
				continue
			}
			k := types.TypeString(prm.Type, nil)
			if seen[k] {
				continue
			}
			seen[k] = true
			if why := unnameableSig(sig, p.Pkg); why != "" {
				// func(applier) error with an unexported applier: no
				// literal can be written outside the package.
				continue
			}
			for _, v := range funcVariants(sig) {
				p.add(&Op{Kind: FuncLit, Name: "func", Type: prm.Type, Variant: v,
					Results: []types.Type{prm.Type}, Detective: true})
			}
		}
	}
}

// unnameableSig says why a literal of signature sig cannot be written in
// the external test package, or "".
func unnameableSig(sig *types.Signature, from *types.Package) string {
	for _, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
		for i := 0; i < tup.Len(); i++ {
			if why := unnameable(tup.At(i).Type(), from); why != "" {
				return why
			}
		}
	}
	return ""
}

func funcVariants(sig *types.Signature) []string {
	vs := []string{FuncZero}
	res, params := sig.Results(), sig.Params()
	if res.Len() != 1 {
		return vs
	}
	r := res.At(0).Type()
	samePair := params.Len() == 2 && types.Identical(params.At(0).Type(), params.At(1).Type())
	if isBool(r) {
		vs = append(vs, FuncTrue)
		if samePair && ordered(params.At(0).Type()) {
			vs = append(vs, FuncLess)
		}
	}
	if params.Len() == 1 && types.Identical(params.At(0).Type(), r) {
		vs = append(vs, FuncIdentity)
	}
	if isBool(r) && params.Len() > 0 && argPredicate(params.At(0).Type()) != "" {
		vs = append(vs, FuncArgPred)
	}
	if b, ok := r.Underlying().(*types.Basic); ok && b.Kind() == types.Int && samePair && ordered(params.At(0).Type()) {
		vs = append(vs, FuncCompare)
	}
	return vs
}

// FuncLitSource writes the function literal of a FuncLit operation, with
// types spelled by qual: func(p0 int, p1 int) bool { return p0 < p1 }.
func FuncLitSource(op *Op, qual types.Qualifier) string {
	sig := op.Type.Underlying().(*types.Signature)
	var b strings.Builder
	b.WriteString("func(")
	for i := 0; i < sig.Params().Len(); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		t := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			// func(format string, args ...any): the literal's last
			// parameter is variadic too.
			b.WriteString("p" + strconv.Itoa(i) + " ..." + types.TypeString(t.(*types.Slice).Elem(), qual))
			continue
		}
		b.WriteString("p" + strconv.Itoa(i) + " " + types.TypeString(t, qual))
	}
	b.WriteString(")")
	res := sig.Results()
	switch res.Len() {
	case 0:
	case 1:
		b.WriteString(" " + types.TypeString(res.At(0).Type(), qual))
	default:
		b.WriteString(" (")
		for i := 0; i < res.Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(types.TypeString(res.At(i).Type(), qual))
		}
		b.WriteString(")")
	}
	b.WriteString(" {")
	switch op.Variant {
	case FuncTrue:
		b.WriteString(" return true ")
	case FuncIdentity:
		b.WriteString(" return p0 ")
	case FuncLess:
		b.WriteString(" return p0 < p1 ")
	case FuncArgPred:
		b.WriteString(" return " + argPredicate(sig.Params().At(0).Type()) + " ")
	case FuncCompare:
		b.WriteString(" if p0 < p1 { return -1 }; if p0 > p1 { return 1 }; return 0 ")
	default:
		if res.Len() > 0 {
			var zs []string
			for i := 0; i < res.Len(); i++ {
				zs = append(zs, zeroValue(res.At(i).Type(), qual))
			}
			b.WriteString(" return " + strings.Join(zs, ", ") + " ")
		}
	}
	b.WriteString("}")
	return b.String()
}

func zeroValue(t types.Type, qual types.Qualifier) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Info()&types.IsNumeric != 0:
			return "0"
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil"
	}
	return "*new(" + types.TypeString(t, qual) + ")"
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

func ordered(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsOrdered != 0
}

// argPredicate is the condition on p0, of type t, that FuncArgPred
// returns, or "" when t has none a person would write.
func argPredicate(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsInteger != 0:
			return "p0%2 == 0"
		case u.Info()&types.IsFloat != 0:
			return "p0 > 0"
		case u.Info()&types.IsString != 0:
			return `p0 != ""`
		case u.Info()&types.IsBoolean != 0:
			return "p0"
		}
	case *types.Interface, *types.Pointer:
		return "p0 != nil"
	}
	return ""
}
