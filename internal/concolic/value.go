package concolic

import (
	"fmt"
	"go/types"

	"github.com/gentest-go/gentest/internal/smt"
)

// vkind is what the interpreter knows of a value.
type vkind int

const (
	vUnknown vkind = iota
	vBool
	vInt
	vStr   // a string or a []byte
	vPtr   // the address of an element of a []byte
	vTuple // a call's results
)

// val is a value of the run: its concrete value, and its symbolic term
// when it depends on the inputs.
type val struct {
	k vkind
	// c is a bool (0, 1) or an integer's bits, masked to w.
	c      uint64
	w      int
	signed bool
	// s is a string's bytes.
	s []byte
	// sym is a bool's or integer's term, "" when concrete.
	sym string
	// arr, off and ln are a symbolic string's array, offset and length
	// (arr "" for a concrete string); max bounds its length.
	arr, off, ln string
	max          int
	// base and idx are a vPtr's slice and index.
	base, idx *val
	tup       []*val
}

var unknown = &val{}

func (v *val) symbolic() bool {
	switch v.k {
	case vBool, vInt:
		return v.sym != ""
	case vStr:
		return v.arr != ""
	}
	return false
}

func bv(c uint64, w int) string { return fmt.Sprintf("(_ bv%d %d)", c, w) }

func mask(c uint64, w int) uint64 {
	if w >= 64 {
		return c
	}
	return c & (1<<uint(w) - 1)
}

func signExtend(c uint64, w int) uint64 {
	if w >= 64 {
		return c
	}
	if c&(1<<uint(w-1)) != 0 {
		return c | ^uint64(0)<<uint(w)
	}
	return c
}

func parseBV(v string) (uint64, bool) { return smt.BV(v) }

// term is an integer's or bool's term.
func (v *val) term() string {
	if v.sym != "" {
		return v.sym
	}
	if v.k == vBool {
		if v.c != 0 {
			return "true"
		}
		return "false"
	}
	return bv(v.c, v.w)
}

// lenTerm is a string's length.
func (v *val) lenTerm() string {
	if v.arr != "" {
		return v.ln
	}
	return bv(uint64(len(v.s)), 64)
}

// bound is an upper bound of a string's length.
func (v *val) bound() int {
	if v.arr != "" {
		return v.max
	}
	return len(v.s)
}

// byteAt is the term of a string's byte at index term i (64 bits).
func (v *val) byteAt(i string) string {
	if v.arr != "" {
		return fmt.Sprintf("(select %s (bvadd %s %s))", v.arr, v.off, i)
	}
	// A concrete string at a symbolic index: a chain of ites over its
	// bytes (the index is in bounds on the path).
	if len(v.s) == 0 {
		return bv(0, 8)
	}
	t := bv(uint64(v.s[len(v.s)-1]), 8)
	for j := len(v.s) - 2; j >= 0; j-- {
		t = fmt.Sprintf("(ite (= %s %s) %s %s)", i, bv(uint64(j), 64), bv(uint64(v.s[j]), 8), t)
	}
	return t
}

// basic describes an integer or bool type: its width and signedness;
// ok is false for any other type.
func basic(t types.Type) (k vkind, w int, signed bool, ok bool) {
	b, isB := t.Underlying().(*types.Basic)
	if !isB {
		return 0, 0, false, false
	}
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return vBool, 1, false, true
	case types.Int, types.Int64, types.UntypedInt:
		return vInt, 64, true, true
	case types.Int8:
		return vInt, 8, true, true
	case types.Int16:
		return vInt, 16, true, true
	case types.Int32, types.UntypedRune:
		return vInt, 32, true, true
	case types.Uint, types.Uint64, types.Uintptr:
		return vInt, 64, false, true
	case types.Uint8:
		return vInt, 8, false, true
	case types.Uint16:
		return vInt, 16, false, true
	case types.Uint32:
		return vInt, 32, false, true
	}
	return 0, 0, false, false
}

// isStringy reports whether t is a string or a []byte.
func isStringy(t types.Type) (str, bytes bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0, false
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 {
			return false, true
		}
	}
	return false, false
}
