// Package wordbugs plants a runtime panic of issue 32's data-only class
// (oracle.dataOnly): a method whose operands are all fixed-size integer
// arrays, with no error result and no decoder's name, that indexes out of
// range on a value of them (uint256 v1.1.0's AddMod on a zero modulus,
// GO-2021-0103), and beside it the panics that are its caller's doing.
//
// Bug: AddMod on a zero modulus indexes m[-1] in rem, where Mod checks
// for zero first.
//
// Not bugs: Div divides by a zero divisor as Go's integers do; Word
// indexes with the integer its caller gave.
package wordbugs

import (
	"math/big"
	"math/bits"
)

// U128 is an unsigned 128-bit integer, least significant word first.
type U128 [2]uint64

// New returns a U128 of value lo.
func New(lo uint64) *U128 { return &U128{lo, 0} }

// Not sets z to the bitwise complement of x and returns z.
func (z *U128) Not(x *U128) *U128 {
	z[0], z[1] = ^x[0], ^x[1]
	return z
}

// IsZero reports whether z is zero.
func (z *U128) IsZero() bool { return z[0] == 0 && z[1] == 0 }

// Add sets z to x+y, wrapping around, and returns z.
func (z *U128) Add(x, y *U128) *U128 {
	var c uint64
	z[0], c = bits.Add64(x[0], y[0], 0)
	z[1], _ = bits.Add64(x[1], y[1], c)
	return z
}

// Mod sets z to x modulo m and returns z; a zero m sets z to zero.
func (z *U128) Mod(x, m *U128) *U128 {
	if m.IsZero() {
		*z = U128{}
		return z
	}
	return z.rem(x, m)
}

// AddMod sets z to (x+y) modulo m and returns z.
func (z *U128) AddMod(x, y, m *U128) *U128 {
	var s U128
	s.Add(x, y)
	// The bug: unlike Mod, no check for a zero modulus.
	return z.rem(&s, m)
}

// rem sets z to x modulo m, for a non-zero m.
func (z *U128) rem(x, m *U128) *U128 {
	top := len(m) - 1
	for top >= 0 && m[top] == 0 {
		top--
	}
	if n := m[top]; top == 0 {
		*z = U128{bits.Rem64(x[1]%n, x[0], n), 0}
		return z
	}
	r := new(big.Int).Mod(x.big(), m.big())
	*z = U128{}
	for i, w := range r.Bits() {
		z[i] = uint64(w)
	}
	return z
}

func (z *U128) big() *big.Int {
	return new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(z[1]), 64), new(big.Int).SetUint64(z[0]))
}

// Div sets z to the low words' quotient x/y and returns z.
func (z *U128) Div(x, y *U128) *U128 {
	*z = U128{x[0] / y[0], 0}
	return z
}

// Word returns z's word i.
func (z *U128) Word(i int) uint64 { return z[i] }
