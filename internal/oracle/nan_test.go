package oracle

import (
	"math"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// A NaN anywhere in a value is found (the emitter then checks it with
// math.IsNaN or an equating comparison), and trees that differ only in a
// NaN's payload are the same result to the judge's binary variants and to
// its mutant runs; -0 and +0 are not.
func TestNaNTrees(t *testing.T) {
	nan := math.NaN()
	zero := 0.0
	other := zero / zero
	for _, tc := range []struct {
		name string
		tree rt.Tree
		want bool
	}{
		{"float", rt.Tree{Kind: rt.TFloat, F: nan}, true},
		{"complex imaginary part", rt.Tree{Kind: rt.TComplex, F: 1, Imag: nan}, true},
		{"struct field", rt.Tree{Kind: rt.TStruct, Elems: []rt.Tree{{Kind: rt.TInt, I: 1}, {Kind: rt.TFloat, F: nan}}}, true},
		{"infinity", rt.Tree{Kind: rt.TFloat, F: math.Inf(-1)}, false},
		{"negative zero", rt.Tree{Kind: rt.TComplex, F: math.Copysign(0, -1)}, false},
	} {
		if got := HasNaN(&tc.tree); got != tc.want {
			t.Errorf("%s: HasNaN = %v, want %v", tc.name, got, tc.want)
		}
		if !Stable(&tc.tree) {
			t.Errorf("%s: not Stable", tc.name)
		}
	}
	a, b := rt.Tree{Kind: rt.TComplex, F: nan, Imag: 1}, rt.Tree{Kind: rt.TComplex, F: other, Imag: 1}
	if !sameTree(&a, &b) || !sameWritten(&a, &b) {
		t.Error("NaNs of different payloads are different results")
	}
	pz, nz := rt.Tree{Kind: rt.TFloat, F: 0}, rt.Tree{Kind: rt.TFloat, F: math.Copysign(0, -1)}
	if sameTree(&pz, &nz) {
		t.Error("-0 and +0 are the same result")
	}
}
