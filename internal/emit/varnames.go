package emit

import (
	"go/types"
	"strconv"
	"unicode"
)

// namer gives variables short names derived from their types.
type namer struct {
	used  map[string]int  // base name -> times used
	taken map[string]bool // every name given or reserved
}

func newNamer(r *renderer) *namer {
	n := &namer{used: map[string]int{}, taken: map[string]bool{}}
	for _, name := range r.imports {
		n.used[name] = 1
		n.taken[name] = true
	}
	for name := range r.pkgNames {
		n.used[name] = 1
		n.taken[name] = true
	}
	// bytes, slices and maps are the standard packages the checks may
	// import (stdCheck).
	reserved := []string{"t", "tt", "tests", "diff", "bytes", "slices", "maps", r.pkgName}
	for _, name := range r.own {
		reserved = append(reserved, name)
	}
	for _, reserved := range reserved {
		n.used[reserved] = 1
		n.taken[reserved] = true
	}
	return n
}

func (n *namer) name(t types.Type, isGot bool) string {
	base := "v"
	if types.Identical(t, errType) {
		base = "err"
	} else if isGot {
		base = "got"
	} else {
		base = baseName(t)
	}
	return n.fresh(base)
}

// fresh returns a new variable name based on base: base, base2, base3...
func (n *namer) fresh(base string) string {
	for {
		c := n.used[base]
		n.used[base] = c + 1
		name := base
		if c > 0 {
			name = base + strconv.Itoa(c+1)
		}
		if !n.taken[name] {
			n.taken[name] = true
			return name
		}
	}
}

func baseName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t := t.(type) {
	case *types.Named:
		return lowerFirst(t.Obj().Name())
	case *types.Basic:
		switch {
		case t.Info()&types.IsString != 0:
			return "s"
		case t.Info()&types.IsBoolean != 0:
			return "ok"
		case t.Info()&types.IsNumeric != 0:
			return "n"
		}
	case *types.Slice:
		return "items"
	case *types.Map:
		return "m"
	}
	return "v"
}

var keywords = map[string]bool{"break": true, "case": true, "chan": true, "const": true, "continue": true,
	"default": true, "defer": true, "else": true, "fallthrough": true, "for": true, "func": true, "go": true,
	"goto": true, "if": true, "import": true, "interface": true, "map": true, "package": true, "range": true,
	"return": true, "select": true, "struct": true, "switch": true, "type": true, "var": true,
	"len": true, "cap": true, "new": true, "make": true, "copy": true, "append": true, "string": true,
	"error": true, "int": true, "bool": true, "byte": true, "rune": true, "nil": true, "true": true, "false": true}

func lowerFirst(s string) string {
	if s == "" {
		return "v"
	}
	// An initialism stays together: URL -> url, HTTPServer -> httpServer.
	rs := []rune(s)
	i := 0
	for i < len(rs) && unicode.IsUpper(rs[i]) {
		i++
	}
	switch {
	case i == 0:
	case i == 1 || i == len(rs):
		for j := 0; j < i; j++ {
			rs[j] = unicode.ToLower(rs[j])
		}
	default:
		for j := 0; j < i-1; j++ {
			rs[j] = unicode.ToLower(rs[j])
		}
	}
	out := string(rs)
	if keywords[out] {
		out += "Val"
	}
	return out
}

// fieldName makes a Go identifier from a parameter or type name.
func fieldName(s string) string {
	if s == "" || s == "_" {
		return ""
	}
	return lowerFirst(s)
}
