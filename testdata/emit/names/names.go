// Package names is a fixture of the inputs whose subtest names a
// maintainer had to rewrite (issue 31, reason 6): numbers passed as
// arguments ("1,0,1" for Add32(1, 0, 1)), code points written as decimal
// numbers ("55296"), and texts that are not words spelled symbol by
// symbol ("equals_question_a_question_nul_question_").
package names

// Add32 returns the sum with carry of x, y and carry (0 or 1) and the
// carry out, as math/bits.Add32 does.
func Add32(x, y, carry uint32) (sum, carryOut uint32) {
	s := uint64(x) + uint64(y) + uint64(carry)
	return uint32(s), uint32(s >> 32)
}

// RuneLen returns the number of bytes of the UTF-8 encoding of r, -1 if
// r is not a valid code point (a surrogate half, or beyond U+10FFFF).
func RuneLen(r rune) int {
	switch {
	case r < 0 || r > 0x10FFFF || r >= 0xD800 && r <= 0xDFFF:
		return -1
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r < 0x10000:
		return 3
	}
	return 4
}

// Count returns how many times sep occurs in s.
func Count(s, sep string) int {
	n := 0
	for i := 0; i+len(sep) <= len(s) && len(sep) > 0; i++ {
		if s[i:i+len(sep)] == sep {
			n++
		}
	}
	return n
}
