package rt

// The hashes Hash gives the values the search tells apart by class
// without seeing them (its output goals: true or false, zero or not, empty
// or not), computed in the parent from the run-time type's name alone. A
// result carries only its value's hash (Value), so the parent compares
// that hash with these; they follow hasher.value and hashBasic, and
// TestHashOfEmpty checks them against Hash for named and unnamed types.

// typeHash is the hash a value of the type named name starts from:
// hashReflectNamed's and hashBasic's starting point.
func typeHash(name string) uint64 { return mixString(hashOffset, name) }

// HashOfScalar returns the hash of a boolean or number whose run-time type
// is named name (Value.Type's String) and whose word is word: 1 for true, 2
// for false, the value itself for integers (two's complement) and its IEEE
// bits for floats.
func HashOfScalar(name string, word uint64) uint64 { return mixWord(typeHash(name), word) }

// HashOfEmptyString returns the hash of "" of the string type named name.
func HashOfEmptyString(name string) uint64 { return mixString(typeHash(name), "") }

// HashOfEmptySlice returns the hash of an empty, non-nil slice of the slice
// type named name; bytes says its elements are of kind uint8, which are
// hashed as a string.
func HashOfEmptySlice(name string, bytes bool) uint64 {
	h := mixWord(typeHash(name), 0)
	if bytes {
		h = mixString(h, "")
	}
	return h
}

// HashOfEmptyMap returns the hash of an empty, non-nil map of the map type
// named name: its length, then the sum of no entries' hashes.
func HashOfEmptyMap(name string) uint64 { return mixWord(mixWord(typeHash(name), 0), 0) }
