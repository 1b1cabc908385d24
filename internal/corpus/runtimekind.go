package corpus

import "strings"

// RuntimeKind names the class of a runtime.Error panic from its message,
// or returns "" for a message of no class below. It is the vocabulary of
// issue 32's runtime-panic findings (index and slice bounds, division by
// zero, makeslice, conversions): the classes go-fuzz and OSS-Fuzz find in
// parsers and decoders. Whether a panic of one of these classes is a bug
// is not decided here: unlike a nil dereference, each usually means the
// input broke a precondition, and only the call's facts (it returns an
// error, it decodes its input, its doc states no panic) make it one.
func RuntimeKind(msg string) string {
	switch {
	case strings.Contains(msg, "nil pointer dereference"):
		return "nil-dereference"
	case strings.Contains(msg, "assignment to entry in nil map"):
		return "nil-map-write"
	case strings.Contains(msg, "index out of range"):
		return "index-out-of-range"
	case strings.Contains(msg, "slice bounds out of range"):
		return "slice-bounds"
	case strings.Contains(msg, "integer divide by zero"):
		return "divide-by-zero"
	case strings.Contains(msg, "makeslice:"), strings.Contains(msg, "makechan:"), strings.Contains(msg, "makemap:"):
		// A length read from the input and passed to make unchecked: the
		// decompressor whose Read panics after its constructor succeeded.
		return "makeslice"
	case strings.HasPrefix(msg, "interface conversion:"), strings.Contains(msg, "cannot convert slice"):
		return "conversion"
	}
	return ""
}
