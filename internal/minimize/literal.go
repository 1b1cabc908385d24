package minimize

import (
	"go/types"
	"math"
	"unicode/utf8"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// litFits reports whether a literal of kind k can fill a parameter p. It
// follows model's literal classes, which say what the executor converts
// and the emitter spells. A literal receiver is allowed only for named
// types with a basic underlying type (Money(0).String()); a nil pointer
// receiver compiles but is a test of nothing the reader cares about.
func litFits(k seq.LitKind, p model.Param) bool {
	if p.Recv {
		if _, basic := p.Type.Underlying().(*types.Basic); !basic {
			return false
		}
	}
	if _, isFunc := p.Type.Underlying().(*types.Signature); isFunc && k == seq.LitNil {
		// A nil callback is no simplification: an API that runs it in a
		// goroutine (singleflight's DoChan, errgroup's Go) crashes the
		// test binary after the call has returned, which the minimizer's
		// run of the call cannot see.
		return false
	}
	if it, isIface := p.Type.Underlying().(*types.Interface); isIface && it.NumMethods() > 0 && k == seq.LitNil &&
		!types.Implements(types.Universe.Lookup("error").Type(), it) {
		// Nor is a nil reader or writer: csv.NewWriter(nil) covers what
		// NewWriter(&buf) does until the first Flush, but nothing it
		// writes can be read, and no user writes it. An interface with
		// methods is a role the argument plays; the empty interface is
		// a value, and nil one of them, and so is a nil error: "no
		// error" (multierr.Append(err, nil)).
		return false
	}
	switch p.Lit {
	case model.LitBool:
		return k == seq.LitBool
	case model.LitInt:
		return k == seq.LitInt
	case model.LitUint:
		return k == seq.LitUint
	case model.LitFloat:
		return k == seq.LitFloat
	case model.LitString:
		return k == seq.LitString
	case model.LitBytes:
		return k == seq.LitBytes || k == seq.LitNil
	case model.LitSlice:
		return k == seq.LitSlice || k == seq.LitNil
	case model.LitNilOK:
		return k == seq.LitNil
	case model.LitIfaceA:
		switch k {
		case seq.LitNil, seq.LitBool, seq.LitInt, seq.LitUint, seq.LitFloat, seq.LitString, seq.LitBytes:
			return true
		}
	}
	return false
}

// zeroFits reports whether the zero value, written as a composite literal
// (uuid.UUID{}, image.Point{}), can fill parameter p: p's type is an array
// or a struct of exported fields, all of such types or basic, so that the
// zero value is one a caller could write as well as any other and no
// constructor invariant is skipped. This is what lets a test of
// UUID.Version take uuid.UUID{} instead of uuid.New(), whose random value
// no test can assert anything about. A value receiver of such a type takes
// it too; pointers, interfaces and types holding them do not (a nil or an
// unset interface is another value than a caller makes).
func zeroFits(p model.Param) bool {
	return writableZero(p.Type, 0)
}

func writableZero(t types.Type, depth int) bool {
	if depth > 5 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return depth > 0 && u.Info()&types.IsUntyped == 0 && u.Kind() != types.UnsafePointer
	case *types.Array:
		return u.Len() > 0 && writableZero(u.Elem(), depth+1)
	case *types.Struct:
		if u.NumFields() == 0 {
			return false
		}
		for i := 0; i < u.NumFields(); i++ {
			if !u.Field(i).Exported() || !writableZero(u.Field(i).Type(), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// smallLits are the simplest literals of a parameter class, simplest
// first: what a person writes when the value does not matter.
func smallLits(c model.LitClass) []seq.Lit {
	switch c {
	case model.LitBool:
		return []seq.Lit{{Kind: seq.LitBool}, {Kind: seq.LitBool, B: true}}
	case model.LitInt:
		return []seq.Lit{{Kind: seq.LitInt}, {Kind: seq.LitInt, I: 1}, {Kind: seq.LitInt, I: -1}}
	case model.LitUint:
		return []seq.Lit{{Kind: seq.LitUint}, {Kind: seq.LitUint, U: 1}}
	case model.LitFloat:
		return []seq.Lit{{Kind: seq.LitFloat}, {Kind: seq.LitFloat, F: 1}}
	case model.LitString:
		return []seq.Lit{{Kind: seq.LitString}, {Kind: seq.LitString, S: "a"}}
	case model.LitBytes:
		return []seq.Lit{{Kind: seq.LitNil}, {Kind: seq.LitBytes}}
	case model.LitSlice:
		return []seq.Lit{{Kind: seq.LitNil}, {Kind: seq.LitSlice}}
	case model.LitNilOK:
		return []seq.Lit{{Kind: seq.LitNil}}
	case model.LitIfaceA:
		return []seq.Lit{{Kind: seq.LitNil}, {Kind: seq.LitInt}, {Kind: seq.LitString}, {Kind: seq.LitBool}}
	}
	return nil
}

// litLess is the order literal simplification descends: nil first, then
// per kind false < true, integers by magnitude (positive before negative),
// integral floats before fractional ones, strings by length then bytes,
// slices by length then element-wise. Literals of different non-nil kinds
// are unordered: simplification never changes a literal's kind except to
// nil. Every chain in this order is finite, so the phase terminates.
func litLess(a, b seq.Lit) bool {
	if a.Kind == seq.LitNil || b.Kind == seq.LitNil {
		return a.Kind == seq.LitNil && b.Kind != seq.LitNil
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case seq.LitBool:
		return !a.B && b.B
	case seq.LitInt:
		ma, mb := magnitude(a.I), magnitude(b.I)
		if ma != mb {
			return ma < mb
		}
		return a.I > b.I // same magnitude: 5 before -5
	case seq.LitUint:
		return a.U < b.U
	case seq.LitFloat:
		ra, rb := floatRank(a.F), floatRank(b.F)
		if ra != rb {
			return ra < rb
		}
		if ra == 2 {
			return false // NaN and infinities: no order among them
		}
		if math.Abs(a.F) != math.Abs(b.F) {
			return math.Abs(a.F) < math.Abs(b.F)
		}
		return a.F > b.F
	case seq.LitString, seq.LitBytes:
		if len(a.S) != len(b.S) {
			return len(a.S) < len(b.S)
		}
		return a.S < b.S
	case seq.LitSlice:
		if len(a.Elems) != len(b.Elems) {
			return len(a.Elems) < len(b.Elems)
		}
		// Same length: smaller when no element is larger and one is
		// smaller (the product order; candidates change one element).
		smaller := false
		for i := range a.Elems {
			switch {
			case litLess(a.Elems[i], b.Elems[i]):
				smaller = true
			case a.Elems[i].Key() != b.Elems[i].Key():
				return false
			}
		}
		return smaller
	}
	return false
}

func magnitude(i int64) uint64 {
	if i < 0 {
		return uint64(-(i + 1)) + 1 // no overflow for MinInt64
	}
	return uint64(i)
}

// floatRank puts integral values before fractional ones, and non-finite
// values last.
func floatRank(f float64) int {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return 2
	case f == math.Trunc(f):
		return 0
	}
	return 1
}

// shrinkLit lists simpler literals to try in place of l at a parameter of
// class c, simplest first, each strictly below l in litLess. A literal
// that changes value loses its constant name: the name would no longer be
// true.
func shrinkLit(l seq.Lit, p model.Param) []seq.Lit {
	var out []seq.Lit
	seen := map[string]bool{l.Key(): true}
	add := func(c seq.Lit) {
		c.Name = ""
		if k := c.Key(); !seen[k] && litLess(c, l) && litFits(c.Kind, p) {
			seen[k] = true
			out = append(out, c)
		}
	}
	add(seq.Lit{Kind: seq.LitNil})
	switch l.Kind {
	case seq.LitBool:
		add(seq.Lit{Kind: seq.LitBool})
	case seq.LitInt:
		for _, v := range []int64{0, 1, -1, l.I / 2, l.I - sign(l.I)} {
			add(seq.Lit{Kind: seq.LitInt, I: v})
		}
	case seq.LitUint:
		for _, v := range []uint64{0, 1, l.U / 2, l.U - 1} {
			add(seq.Lit{Kind: seq.LitUint, U: v})
		}
	case seq.LitFloat:
		for _, v := range []float64{0, 1, -1, math.Trunc(l.F), math.Trunc(l.F / 2)} {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				add(seq.Lit{Kind: seq.LitFloat, F: v})
			}
		}
	case seq.LitString, seq.LitBytes:
		for _, v := range shrinkString(l.S) {
			add(seq.Lit{Kind: l.Kind, S: v})
		}
	case seq.LitSlice:
		add(seq.Lit{Kind: seq.LitSlice})
		n := len(l.Elems)
		add(seq.Lit{Kind: seq.LitSlice, Elems: l.Elems[:n/2]})
		add(seq.Lit{Kind: seq.LitSlice, Elems: l.Elems[n/2:]})
		for i := n - 1; i >= 0; i-- { // one element fewer, from the end
			e := append(append([]seq.Lit(nil), l.Elems[:i]...), l.Elems[i+1:]...)
			add(seq.Lit{Kind: seq.LitSlice, Elems: e})
		}
		ep := model.Param{Type: elemType(p.Type), Lit: model.ElemLit(p.Type)}
		for i := range l.Elems {
			for _, c := range shrinkLit(l.Elems[i], ep) {
				if c.Kind == seq.LitNil {
					continue // elements are basic: nil is no value for them
				}
				e := append([]seq.Lit(nil), l.Elems...)
				e[i] = c
				add(seq.Lit{Kind: seq.LitSlice, Elems: e})
			}
		}
	}
	return out
}

func elemType(t types.Type) types.Type {
	if s, ok := t.Underlying().(*types.Slice); ok {
		return s.Elem()
	}
	return types.Typ[types.Invalid]
}

func sign(i int64) int64 {
	switch {
	case i > 0:
		return 1
	case i < 0:
		return -1
	}
	return 0
}

// shrinkString lists shorter or simpler variants of s, cut at rune
// boundaries so that a valid string stays valid.
func shrinkString(s string) []string {
	out := []string{"", "a"}
	if s == "" {
		return out
	}
	runes := []rune(s)
	if utf8.ValidString(s) && len(runes) > 1 {
		h := len(runes) / 2
		out = append(out, string(runes[:h]), string(runes[h:]), string(runes[:len(runes)-1]), string(runes[1:]))
	} else if len(s) > 1 {
		h := len(s) / 2
		out = append(out, s[:h], s[h:], s[:len(s)-1], s[1:])
	}
	return out
}
