package corpus

import "testing"

// The messages are the Go runtime's own (runtime/error.go, panic.go).
func TestRuntimeKind(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		{"runtime error: invalid memory address or nil pointer dereference", "nil-dereference"},
		{"assignment to entry in nil map", "nil-map-write"},
		{"runtime error: index out of range [5] with length 3", "index-out-of-range"},
		{"runtime error: slice bounds out of range [:5] with capacity 3", "slice-bounds"},
		{"runtime error: slice bounds out of range [4:2]", "slice-bounds"},
		{"runtime error: integer divide by zero", "divide-by-zero"},
		{"runtime error: makeslice: len out of range", "makeslice"},
		{"runtime error: makeslice: cap out of range", "makeslice"},
		{"interface conversion: interface {} is string, not int", "conversion"},
		{"runtime error: cannot convert slice with length 2 to array or pointer to array with length 4", "conversion"},
		{"runtime error: hash of unhashable type []int", ""},
		{"bad input", ""},
	} {
		if got := RuntimeKind(tc.msg); got != tc.want {
			t.Errorf("RuntimeKind(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}

// Internal-error panics are the package's own words for an impossible
// state; an argument check's "unknown format" is not one.
func TestInternalError(t *testing.T) {
	for msg, want := range map[string]bool{
		"unknown event 7":              true,
		"gob: internal error: no type": true,
		"unreachable":                  true,
		"unknown format \"x\"":         false,
		"bad input":                    false,
	} {
		if got := InternalError(msg); got != want {
			t.Errorf("InternalError(%q) = %v, want %v", msg, got, want)
		}
	}
}
