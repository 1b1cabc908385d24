package rt

import (
	"math"
	"testing"
)

// Every NaN hashes alike, whatever its payload and sign: two runs that
// both give NaN give a test the same result (math.IsNaN holds for both),
// and the repeated run must not call it unstable (issue 31: math/cmplx's
// results were all "not the same in two runs"). -0 and +0 stay apart: a
// test tells them apart with math.Signbit.
func TestHashNaNPayloads(t *testing.T) {
	quiet := math.NaN()
	zero := 0.0
	other := zero / zero // the hardware's default NaN: other bits on amd64
	negative := math.Float64frombits(math.Float64bits(quiet) | 1<<63)
	payload := math.Float64frombits(0x7ff8_0000_dead_beef)
	type pair struct{ A, B float64 }
	for _, x := range []float64{other, negative, payload} {
		if Hash(x) != Hash(quiet) {
			t.Errorf("Hash(NaN %#x) != Hash(NaN %#x)", math.Float64bits(x), math.Float64bits(quiet))
		}
		if Hash(complex(x, 1)) != Hash(complex(quiet, 1)) {
			t.Errorf("complex with NaN %#x hashes apart", math.Float64bits(x))
		}
		if Hash(&pair{x, 1}) != Hash(&pair{quiet, 1}) {
			t.Errorf("flat struct with NaN %#x hashes apart", math.Float64bits(x))
		}
		if Hash([]float64{x}) != Hash([]float64{quiet}) {
			t.Errorf("slice with NaN %#x hashes apart", math.Float64bits(x))
		}
	}
	if Hash(math.Copysign(0, -1)) == Hash(0.0) {
		t.Error("-0 and +0 hash alike")
	}
	if Hash(quiet) == Hash(1.0) {
		t.Error("NaN and 1 hash alike")
	}
}
