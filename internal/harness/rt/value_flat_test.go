package rt

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// A pointer to a struct of booleans and numbers hashes the same by
// hashReflectNamed's fast path as by the general hasher, and anything
// else takes the general path.
func TestHashFlatStructPtr(t *testing.T) {
	type counter struct{ n int }
	type mixed struct {
		A bool
		b int8
		C int16
		d int32
		E int64
		f uint
		G uint8
		h uint16
		I uint32
		j uint64
		K uintptr
		l float32
		M float64
		N int
	}
	type empty struct{}
	type withString struct {
		N int
		S string
	}
	type nested struct {
		C counter
	}
	type withPtr struct{ P *int }
	rng := rand.New(rand.NewPCG(5, 6))
	var vals []any
	for i := 0; i < 50; i++ {
		vals = append(vals,
			&counter{n: rng.IntN(2000) - 1000},
			&mixed{A: rng.IntN(2) == 0, b: int8(rng.Int()), C: int16(rng.Int()), d: int32(rng.Int()), E: int64(rng.Uint64()),
				f: uint(rng.Uint64()), G: uint8(rng.Int()), h: uint16(rng.Int()), I: rng.Uint32(), j: rng.Uint64(),
				K: uintptr(rng.Uint64()), l: rng.Float32(), M: rng.NormFloat64() * 1e6, N: -i})
	}
	vals = append(vals, &empty{}, &mixed{M: math.NaN(), l: float32(math.Inf(-1))}, &mixed{M: math.Copysign(0, -1)})
	for _, v := range vals {
		rv := reflect.ValueOf(v)
		tn := typeNameHash(rv.Type())
		if !tn.flat {
			t.Fatalf("%T: not taken for a pointer to a flat struct", v)
		}
		fast, fid := hashReflectNamed(v)
		slow, sid := hashReflectSlow(rv, tn)
		if fast != slow || fid != sid {
			t.Errorf("%T %+v: fast path %#x %d, general %#x %d", v, v, fast, fid, slow, sid)
		}
	}
	x := 1
	for _, v := range []any{(*counter)(nil), &withString{1, "s"}, &nested{counter{2}}, &withPtr{&x}, counter{3}, &x, reflect.TypeOf(0)} {
		rv := reflect.ValueOf(v)
		if tn := typeNameHash(rv.Type()); tn.flat && !rv.IsNil() {
			t.Errorf("%T: taken for the fast path", v)
		}
		fast, _ := hashReflectNamed(v)
		slow, _ := hashReflectSlow(rv, typeNameHash(rv.Type()))
		if fast != slow {
			t.Errorf("%T: %#x, general %#x", v, fast, slow)
		}
	}
}
