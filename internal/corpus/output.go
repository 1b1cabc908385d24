package corpus

import (
	"go/types"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// OutClass is an output class: smart selection's output coverage
// (EvoSuite's OUTPUT: a boolean result's true and false, a number's negative, zero and positive,
// a string's or array's null, empty and non-empty, an object's null) for
// Go's kinds. The executor sends each result's hash, run-time type and
// nil-ness (rt.Value), not the value, so the classes are those the parent
// can tell from that: a hash is compared with the hash of the class's
// boundary value of the same run-time type (rt.HashOfScalar and the
// others). A number's sign needs its value: numbers are zero or non-zero
// here, not negative, zero or positive.
type OutClass uint8

// Output classes.
const (
	OutNil OutClass = iota
	OutNonNil
	OutTrue
	OutFalse
	OutZero
	OutNonZero
	OutEmpty
	OutNonEmpty
)

// OutputClass returns the class of result value v of static type t, and false
// for values that have none here (structs, arrays, complex numbers,
// channels' contents) or whose hash is not the plain one (an unstable
// value).
func OutputClass(t types.Type, v rt.Value) (OutClass, bool) {
	if v.Unstable {
		return 0, false
	}
	name := v.Type.String()
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if v.Nil || name == "" {
			return 0, false
		}
		return basicClass(u, name, v.Hash)
	case *types.Slice:
		if v.Nil {
			return OutNil, true
		}
		bytes := false
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 {
			bytes = true
		}
		return emptyOr(v.Hash == rt.HashOfEmptySlice(name, bytes)), true
	case *types.Map:
		if v.Nil {
			return OutNil, true
		}
		return emptyOr(v.Hash == rt.HashOfEmptyMap(name)), true
	case *types.Pointer, *types.Interface, *types.Signature, *types.Chan:
		// An error is an interface: nil or not, the paper's declared
		// exception taken as an output.
		if v.Nil {
			return OutNil, true
		}
		return OutNonNil, true
	}
	return 0, false
}

// basicClass is OutputClass for a boolean, number or string of run-time type
// name and hash h.
func basicClass(b *types.Basic, name string, h uint64) (OutClass, bool) {
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0:
		switch h {
		case rt.HashOfScalar(name, 1):
			return OutTrue, true
		case rt.HashOfScalar(name, 2):
			return OutFalse, true
		}
		return 0, false
	case info&(types.IsInteger|types.IsFloat) != 0:
		// Integers hash their two's complement word and floats their
		// IEEE bits: zero is the word 0 for both (a float's -0 counts as
		// non-zero).
		if h == rt.HashOfScalar(name, 0) {
			return OutZero, true
		}
		return OutNonZero, true
	case info&types.IsString != 0:
		return emptyOr(h == rt.HashOfEmptyString(name)), true
	}
	return 0, false
}

func emptyOr(empty bool) OutClass {
	if empty {
		return OutEmpty
	}
	return OutNonEmpty
}
