// Package appendalias is a fixture of a function that appends to the
// slice it is given (as utf8.AppendRune does), whose result is appended to
// twice: the two appends write into the same spare capacity, so the
// second overwrites what the first wrote. A test that writes the shared
// slice as a literal at each use gives each append a slice of its own and
// computes other values than the run it was made from (issue 31).
package appendalias

// AppendCode appends c to dst as one byte below 0x80, or as the two bytes
// 0xc0|c>>6, 0x80|c&0x3f.
func AppendCode(dst []byte, c byte) []byte {
	if c < 0x80 {
		return append(dst, c)
	}
	return append(dst, 0xc0|c>>6, 0x80|c&0x3f)
}

// Valid reports whether b is a sequence of codes AppendCode writes.
func Valid(b []byte) bool {
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] < 0x80:
		case b[i]&0xe0 == 0xc0 && i+1 < len(b) && b[i+1]&0xc0 == 0x80:
			i++
		default:
			return false
		}
	}
	return true
}
