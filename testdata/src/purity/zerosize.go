package purity

// Package variables of size zero hold no state: a write through a slice of
// one (regexp's arrayNoInts[:0:0], an empty destination) or a store of an
// empty struct changes nothing another call can see.

var noInts [0]int

type empty struct{}

var nothing empty

var nested [4]struct{ _ [0]byte }

// AppendNone appends to an empty slice of a zero-length array: the
// append allocates, nothing of the array is written.
func AppendNone(x int) []int { // want AppendNone:"^pure$"
	dst := noInts[:0:0]
	return append(dst, x)
}

// StoreNothing stores an empty struct into a package variable.
func StoreNothing() { nothing = empty{} } // want StoreNothing:"^pure$"

// StoreNested stores into an array of zero-size elements.
func StoreNested(i int) { nested[i] = struct{ _ [0]byte }{} } // want StoreNested:"^pure$"

var hits [1]int

// StoreOne writes an array of one element: state, unlike the above.
func StoreOne() { hits[0]++ } // want StoreOne:"^writes-global$"
