package concolic

import (
	"bytes"
	"fmt"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// callInstr evaluates a call: len, the modelled standard functions, the
// package's own functions (to maxDepth); any other call ends the path
// condition.
func (in *interp) callInstr(f *frame, x *ssa.Call) *val {
	common := x.Call
	if common.IsInvoke() {
		in.end("a call of an interface method")
	}
	args := make([]*val, len(common.Args))
	for i, a := range common.Args {
		args[i] = f.get(a)
	}
	if b, ok := common.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "len":
			s := args[0]
			if s.k != vStr {
				return unknown
			}
			v := &val{k: vInt, c: uint64(len(s.s)), w: 64, signed: true}
			if s.symbolic() {
				v.sym = s.ln
			}
			return v
		case "cap", "min", "max", "real", "imag", "print", "println":
			return unknown
		}
		in.end("a call of %s", b.Name())
	}
	callee := common.StaticCallee()
	if callee == nil {
		in.end("a dynamic call")
	}
	name := callee.String()
	if m, ok := stdModels[name]; ok {
		for _, a := range args {
			if a.k == vUnknown {
				in.end("a call of %s on a value not modelled", name)
			}
		}
		return m(in, args)
	}
	if callee.Pkg != in.p.pkg || len(callee.Blocks) == 0 {
		in.end("a call of %s", name)
	}
	if f.depth+1 > maxDepth {
		in.end("calls deeper than %d", maxDepth)
	}
	return in.call(callee, args, f.depth+1)
}

// stdModels are the standard functions modelled, by their SSA names.
// Patterns (the second argument) must be known at the call: a symbolic
// pattern ends the condition.
var stdModels = map[string]func(in *interp, args []*val) *val{
	"strings.HasPrefix": (*interp).hasPrefix, "bytes.HasPrefix": (*interp).hasPrefix,
	"strings.HasSuffix": (*interp).hasSuffix, "bytes.HasSuffix": (*interp).hasSuffix,
	"strings.Index": (*interp).indexOf, "bytes.Index": (*interp).indexOf,
	"strings.Contains": (*interp).contains, "bytes.Contains": (*interp).contains,
	"strings.IndexByte": (*interp).indexByte, "bytes.IndexByte": (*interp).indexByte,
	"bytes.Equal": func(in *interp, args []*val) *val { return in.strEq(args[0], args[1]) },
}

// pattern returns a call's pattern argument, which must be concrete.
func (in *interp) pattern(p *val) []byte {
	if p.k != vStr || p.symbolic() {
		in.end("a symbolic pattern")
	}
	return p.s
}

// byteAtK is the term of s's byte at constant index k.
func byteAtK(s *val, k int) string {
	if s.arr == "" {
		return bv(uint64(s.s[k]), 8)
	}
	return s.byteAt(bv(uint64(k), 64))
}

// occurs is the term "p occurs in s at offset k".
func occurs(s *val, p []byte, k int) string {
	parts := []string{fmt.Sprintf("(bvule %s %s)", bv(uint64(k+len(p)), 64), s.lenTerm())}
	for j, c := range p {
		parts = append(parts, fmt.Sprintf("(= %s %s)", s.byteAt(bv(uint64(k+j), 64)), bv(uint64(c), 8)))
	}
	return and(parts)
}

func and(parts []string) string {
	switch len(parts) {
	case 0:
		return "true"
	case 1:
		return parts[0]
	}
	return "(and " + strings.Join(parts, " ") + ")"
}

func (in *interp) hasPrefix(args []*val) *val {
	s, p := args[0], in.pattern(args[1])
	c := bytes.HasPrefix(s.s, p)
	if !s.symbolic() {
		return in.boolVal(c, "")
	}
	return in.boolVal(c, occurs(s, p, 0))
}

func (in *interp) hasSuffix(args []*val) *val {
	s, p := args[0], in.pattern(args[1])
	c := bytes.HasSuffix(s.s, p)
	if !s.symbolic() {
		return in.boolVal(c, "")
	}
	m := bv(uint64(len(p)), 64)
	parts := []string{fmt.Sprintf("(bvuge %s %s)", s.ln, m)}
	for j, b := range p {
		at := fmt.Sprintf("(bvadd (bvsub %s %s) %s)", s.ln, m, bv(uint64(j), 64))
		parts = append(parts, fmt.Sprintf("(= %s %s)", s.byteAt(at), bv(uint64(b), 8)))
	}
	return in.boolVal(c, and(parts))
}

// indexOf is strings.Index: an ite over the offsets, the first
// occurrence first.
func (in *interp) indexOf(args []*val) *val {
	s, p := args[0], in.pattern(args[1])
	c := bytes.Index(s.s, p)
	if !s.symbolic() || len(p) == 0 {
		return in.intVal(uint64(int64(c)), 64, true, "")
	}
	t := bv(mask(uint64(1<<64-1), 64), 64)
	for k := s.bound() - len(p); k >= 0; k-- {
		t = fmt.Sprintf("(ite %s %s %s)", occurs(s, p, k), bv(uint64(k), 64), t)
	}
	return in.intVal(uint64(int64(c)), 64, true, t)
}

func (in *interp) contains(args []*val) *val {
	s, p := args[0], in.pattern(args[1])
	c := bytes.Contains(s.s, p)
	if !s.symbolic() || len(p) == 0 {
		return in.boolVal(c, "")
	}
	var parts []string
	for k := 0; k <= s.bound()-len(p); k++ {
		parts = append(parts, occurs(s, p, k))
	}
	if len(parts) == 0 {
		return in.boolVal(c, "false")
	}
	return in.boolVal(c, "(or false "+strings.Join(parts, " ")+")")
}

// indexByte is strings.IndexByte; the byte may be symbolic.
func (in *interp) indexByte(args []*val) *val {
	s, b := args[0], args[1]
	if b.k != vInt || s.k != vStr {
		in.end("IndexByte on values not modelled")
	}
	c := bytes.IndexByte(s.s, byte(b.c))
	if !s.symbolic() && !b.symbolic() {
		return in.intVal(uint64(int64(c)), 64, true, "")
	}
	t := bv(mask(uint64(1<<64-1), 64), 64)
	for k := s.bound() - 1; k >= 0; k-- {
		occ := fmt.Sprintf("(and (bvult %s %s) (= %s %s))", bv(uint64(k), 64), s.lenTerm(), byteAtK(s, k), b.term())
		t = fmt.Sprintf("(ite %s %s %s)", occ, bv(uint64(k), 64), t)
	}
	return in.intVal(uint64(int64(c)), 64, true, t)
}

// strEq is a == b on strings or bytes.Equal: equal lengths and equal
// bytes below the length.
func (in *interp) strEq(a, b *val) *val {
	c := bytes.Equal(a.s, b.s)
	if !a.symbolic() && !b.symbolic() {
		return in.boolVal(c, "")
	}
	parts := []string{fmt.Sprintf("(= %s %s)", a.lenTerm(), b.lenTerm())}
	for k := 0; k < min(a.bound(), b.bound()); k++ {
		parts = append(parts, fmt.Sprintf("(=> (bvult %s %s) (= %s %s))", bv(uint64(k), 64), a.lenTerm(), byteAtK2(a, k), byteAtK2(b, k)))
	}
	return in.boolVal(c, and(parts))
}

// byteAtK2 is byteAtK for an index that may be past a concrete string's
// end (the term is then guarded by the length, and any byte will do).
func byteAtK2(s *val, k int) string {
	if s.arr == "" && k >= len(s.s) {
		return bv(0, 8)
	}
	return byteAtK(s, k)
}
