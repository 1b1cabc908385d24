package model

import (
	"go/types"
	"slices"
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
	// FuncRecord appends its first argument to a slice the test holds
	// and returns true if it returns a bool: a visitor (Ring.Do, Each,
	// Walk) or an eviction callback is checked by what it was called
	// with, which a callback that does nothing cannot show. Its
	// operation has a second result, a pointer to that slice, which a
	// Recorded operation reads after the call that took the callback.
	FuncRecord = "record"
	// FuncRecordFalse records as FuncRecord does and returns false: of
	// the visitors that return a bool, some go on while it is true
	// (sync.Map.Range, an iterator's yield) and some stop when it is
	// (go-radix's WalkFn), so each convention gets a literal that visits
	// everything.
	FuncRecordFalse = "record-false"
)

// Records reports whether op is a recording function literal
// (FuncRecord, FuncRecordFalse), whose second result a Recorded operation
// reads.
func (o *Op) Records() bool {
	return o.Kind == FuncLit && (o.Variant == FuncRecord || o.Variant == FuncRecordFalse)
}

// funcLits adds function-literal operations for the func-typed parameters
// of the operations.
func (p *Program) funcLits() {
	seen := map[string]bool{}
	// A swapped exit handler (exitvar.go) is stored as the literal that
	// returns, whatever the variants of its type: the search and the
	// emitter store FuncZero.
	handlers := map[string]bool{}
	for _, op := range p.Ops {
		if op.ExitSwap && len(op.Params) > 0 {
			handlers[types.TypeString(op.Params[0].Type, nil)] = true
		}
	}
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
			readsRec := false // one Recorded operation for both recording literals
			vs := funcVariants(sig)
			if handlers[k] && !slices.Contains(vs, FuncZero) {
				vs = append([]string{FuncZero}, vs...)
			}
			for _, v := range vs {
				op := &Op{Kind: FuncLit, Name: "func", Type: prm.Type, Variant: v,
					Results: []types.Type{prm.Type}, Detective: true}
				p.add(op)
				if op.Records() {
					rec := types.NewPointer(types.NewSlice(sig.Params().At(0).Type()))
					op.Results = append(op.Results, rec)
					if !readsRec {
						readsRec = true
						p.add(&Op{Kind: Recorded, Name: "recorded", Type: prm.Type, Detective: true,
							Params:  []Param{{Name: "calls", Type: rec}},
							Results: []types.Type{rec.Elem()}})
					}
				}
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
	res, params := sig.Results(), sig.Params()
	samePair := params.Len() == 2 && types.Identical(params.At(0).Type(), params.At(1).Type())
	// A visitor returns nothing or whether to go on (Range's
	// func(k, v) bool); a pair of one type returning bool is a
	// comparator, which records nothing worth checking. Recording does
	// what the literal that does nothing, or always says true, does,
	// and shows what the callback was called with: it takes their place.
	if params.Len() > 0 && res.Len() == 0 {
		return []string{FuncRecord}
	}
	record := params.Len() > 0 && res.Len() == 1 && isBool(res.At(0).Type()) && !samePair
	vs := []string{FuncZero}
	if record {
		vs = []string{FuncRecordFalse, FuncRecord}
	}
	if res.Len() != 1 {
		return vs
	}
	r := res.At(0).Type()
	if isBool(r) && !record {
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
// A FuncRecord literal appends to the slice expression rec.
func FuncLitSource(op *Op, qual types.Qualifier, rec string) string {
	sig := op.Type.Underlying().(*types.Signature)
	// Parameters the body does not read are _, or unnamed when it reads
	// none: func(string, int) {}.
	used := 0
	switch op.Variant {
	case FuncIdentity, FuncArgPred, FuncRecord, FuncRecordFalse:
		used = 1
	case FuncLess, FuncCompare:
		used = 2
	}
	var b strings.Builder
	b.WriteString("func(")
	for i := 0; i < sig.Params().Len(); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		switch {
		case i < used:
			b.WriteString("p" + strconv.Itoa(i) + " ")
		case used > 0:
			b.WriteString("_ ")
		}
		t := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			// func(format string, args ...any): the literal's last
			// parameter is variadic too.
			b.WriteString("..." + types.TypeString(t.(*types.Slice).Elem(), qual))
			continue
		}
		b.WriteString(types.TypeString(t, qual))
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
	case FuncRecord, FuncRecordFalse:
		b.WriteString(" " + rec + " = append(" + rec + ", p0)")
		if res.Len() == 1 {
			b.WriteString("; return " + strconv.FormatBool(op.Variant == FuncRecord))
		}
		b.WriteString(" ")
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
