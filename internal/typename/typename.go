// Package typename names types the way the analyzers' facts print them:
// a type's kind in one word, and type strings with each package path cut
// to its last element, for the facts' String methods (which the "// want"
// comments of the analyzers' tests match) and their JSON.
package typename

import (
	"go/types"
	"strings"
)

// Kind names the kind of the underlying type u: "struct", "interface",
// "basic", "slice", "array", "map", "pointer", "func", "chan", or "other"
// (a type parameter, a tuple).
func Kind(u types.Type) string {
	switch u.(type) {
	case *types.Struct:
		return "struct"
	case *types.Interface:
		return "interface"
	case *types.Basic:
		return "basic"
	case *types.Slice:
		return "slice"
	case *types.Array:
		return "array"
	case *types.Map:
		return "map"
	case *types.Pointer:
		return "pointer"
	case *types.Signature:
		return "func"
	case *types.Chan:
		return "chan"
	}
	return "other"
}

// Short shortens every package path in a type string or qualified name to
// its last element: "map[string]*example.com/x/b.Shape" becomes
// "map[string]*b.Shape", "(*example.com/x/a.B).M" becomes "(*a.B).M".
func Short(s string) string {
	var b strings.Builder
	for s != "" {
		i := strings.IndexByte(s, '/')
		if i < 0 {
			b.WriteString(s)
			break
		}
		// Drop the path up to the slash, back to the start of the word.
		j := strings.LastIndexAny(s[:i], "*[](), {}") + 1
		b.WriteString(s[:j])
		s = s[i+1:]
	}
	return b.String()
}
