package rt

import (
	"math"
	"reflect"
	"testing"
)

// The parent's hashes of the class boundaries (hash_empty.go) equal those
// the executor computes, for unnamed types (hashBasic's fast path) and
// named ones (the general path), and differ from those of other values.
func TestHashOfEmpty(t *testing.T) {
	type (
		nbool   bool
		nint    int16
		nfloat  float32
		nstring string
		nslice  []int
		nbytes  []byte
		nmap    map[string]int
	)
	name := func(v any) string { return reflect.TypeOf(v).String() }
	checks := []struct {
		v    any
		want uint64
		same bool
	}{
		{true, HashOfScalar("bool", 1), true},
		{false, HashOfScalar("bool", 2), true},
		{nbool(true), HashOfScalar(name(nbool(true)), 1), true},
		{nbool(false), HashOfScalar(name(nbool(true)), 1), false},
		{0, HashOfScalar("int", 0), true},
		{-1, HashOfScalar("int", 0), false},
		{nint(0), HashOfScalar(name(nint(0)), 0), true},
		{nint(-3), HashOfScalar(name(nint(0)), uint64(math.MaxUint64-2)), true},
		{0.0, HashOfScalar("float64", 0), true},
		{nfloat(0), HashOfScalar(name(nfloat(0)), 0), true},
		{nfloat(1), HashOfScalar(name(nfloat(0)), 0), false},
		{"", HashOfEmptyString("string"), true},
		{"x", HashOfEmptyString("string"), false},
		{nstring(""), HashOfEmptyString(name(nstring(""))), true},
		{[]int{}, HashOfEmptySlice("[]int", false), true},
		{[]int{0}, HashOfEmptySlice("[]int", false), false},
		{nslice{}, HashOfEmptySlice(name(nslice{}), false), true},
		{[]byte{}, HashOfEmptySlice("[]uint8", true), true},
		{nbytes{}, HashOfEmptySlice(name(nbytes{}), true), true},
		{nbytes{0}, HashOfEmptySlice(name(nbytes{}), true), false},
		{map[int]bool{}, HashOfEmptyMap("map[int]bool"), true},
		{nmap{}, HashOfEmptyMap(name(nmap{})), true},
		{nmap{"": 0}, HashOfEmptyMap(name(nmap{})), false},
	}
	for _, c := range checks {
		if got := Hash(c.v); (got == c.want) != c.same {
			t.Errorf("%T %v: Hash %x, class hash %x, want equal %v", c.v, c.v, got, c.want, c.same)
		}
	}
}
