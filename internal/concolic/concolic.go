// Package concolic computes path conditions: it runs a function's SSA on
// the primitive inputs a sequence passed it (ints, bools, strings, byte
// slices), concretely and symbolically at once, and records as SMT-LIB 2
// terms over those inputs the conditions of the branches the run took.
//
// The path is the one the concrete evaluation follows. That evaluation is
// exact only on the subset this package models (integer arithmetic and bit
// operations of every Go width, string and []byte length, indexing and
// slicing, conversions, comparisons, the package's own functions to a
// small depth, and strings/bytes HasPrefix, HasSuffix, Contains, Index,
// IndexByte, bytes.Equal with a pattern known at the call), so the path
// condition ends at the first thing outside it: a call to any other
// function, a branch on a value not modelled (a global, a field, a
// pointer's target), a store into an input slice, a panic, a defer.
// What was recorded before that point holds for every input satisfying
// it, so the condition is sound for the prefix it covers; Path.Ended says
// why it ended. strconv parsing and strings.EqualFold are not modelled:
// their exact semantics (signs, bases, Unicode folding) cost more terms
// than the fixtures and corpus showed them worth.
package concolic

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/ssa"
)

// Program is a package's SSA, built for path conditions.
type Program struct {
	prog *ssa.Program
	pkg  *ssa.Package
	fset *token.FileSet
}

// Build builds the SSA of a type-checked package (its imports get no
// bodies: calls into them are modelled or end the path).
func Build(fset *token.FileSet, tpkg *types.Package, files []*ast.File, info *types.Info) (p *Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("concolic: building the SSA of %s: %v", tpkg.Path(), r)
		}
	}()
	prog := ssa.NewProgram(fset, ssa.InstantiateGenerics)
	created := map[*types.Package]bool{}
	var create func([]*types.Package)
	create = func(pkgs []*types.Package) {
		for _, ip := range pkgs {
			if !created[ip] {
				created[ip] = true
				prog.CreatePackage(ip, nil, nil, true)
				create(ip.Imports())
			}
		}
	}
	create(tpkg.Imports())
	pkg := prog.CreatePackage(tpkg, files, info, false)
	pkg.Build()
	return &Program{prog: prog, pkg: pkg, fset: fset}, nil
}

// Func returns the SSA function of f, or nil when it has no body here or
// is generic.
func (p *Program) Func(f *types.Func) *ssa.Function {
	if f == nil {
		return nil
	}
	fn := p.prog.FuncValue(f)
	if fn == nil || len(fn.Blocks) == 0 || fn.TypeParams().Len() > 0 || fn.Pkg != p.pkg {
		return nil
	}
	return fn
}

// Kind is the kind of an input.
type Kind int

// Input kinds; Unknown inputs are not symbolic and have no known value.
const (
	Unknown Kind = iota
	Int
	Uint
	Bool
	String
	Bytes
)

// Input is one argument of the call: its kind and observed value.
type Input struct {
	Kind Kind
	I    int64
	U    uint64
	B    bool
	S    string
}

// Constraint is one conjunct of a path condition, true on the path taken.
type Constraint struct {
	Term string
	File string
	Line int
	// Branch marks an if's condition, the ones worth negating; the
	// others are implicit (an index in bounds, a divisor not zero, a
	// length within the input's bound).
	Branch bool
	// Taken is the side the run took at a branch (Term is the
	// condition, negated when Taken is false).
	Taken bool
}

// Path is the path condition of one run of a function.
type Path struct {
	// Decls declare the inputs and define the intermediate terms, in
	// order; Cons are the conjuncts, in the order the run met them.
	Decls []string
	Cons  []Constraint
	// Ended says why the condition stops before the function returned
	// ("" when it did).
	Ended string
	// Steps is the number of SSA instructions evaluated.
	Steps int

	inputs []symInput
	n      int // names made
}

// symInput is a symbolic input: a scalar's constant, or a string's
// array and length with its bound.
type symInput struct {
	arg    int
	kind   Kind
	width  int
	signed bool
	name   string // the scalar, or the string's array
	ln     string // the string's length
	max    int    // the string's length bound
}

// Branches returns the indices of the branch conditions met at file:line
// (the base name of file is compared), each if-block's last one.
func (pa *Path) Branches(file string, line int) []int {
	var out []int
	for i, c := range pa.Cons {
		if c.Branch && c.Line == line && filepath.Base(c.File) == filepath.Base(file) {
			out = append(out, i)
		}
	}
	return out
}

// Negate returns the query for the path that follows this one up to
// conjunct i and then takes the other side of it.
func (pa *Path) Negate(i int) (decls, asserts []string) {
	for _, c := range pa.Cons[:i] {
		asserts = append(asserts, c.Term)
	}
	asserts = append(asserts, "(not "+pa.Cons[i].Term+")")
	return pa.Decls, asserts
}

// Symbolic reports whether any input is symbolic.
func (pa *Path) Symbolic() bool { return len(pa.inputs) > 0 }

// Terms are the terms whose values Decode needs first: each scalar input,
// each string's length.
func (pa *Path) Terms() []string {
	var out []string
	for _, in := range pa.inputs {
		if in.kind == String || in.kind == Bytes {
			out = append(out, in.ln)
		} else {
			out = append(out, in.name)
		}
	}
	return out
}

// ByteTerms are the terms Decode needs second, given Terms' values: the
// bytes of each string input up to its length.
func (pa *Path) ByteTerms(vals []string) []string {
	var out []string
	for k, in := range pa.inputs {
		if in.kind != String && in.kind != Bytes {
			continue
		}
		n := lenOf(vals[k], in.max)
		for j := 0; j < n; j++ {
			out = append(out, fmt.Sprintf("(select %s %s)", in.name, bv(uint64(j), 64)))
		}
	}
	return out
}

// Decode returns args with the symbolic inputs replaced by the model's
// values (vals for Terms, bytes for ByteTerms).
func (pa *Path) Decode(args []Input, vals, bytes []string) ([]Input, error) {
	out := append([]Input(nil), args...)
	bi := 0
	for k, in := range pa.inputs {
		v := vals[k]
		a := &out[in.arg]
		switch in.kind {
		case Bool:
			a.B = v == "true"
		case Int, Uint:
			n, ok := parseBV(v)
			if !ok {
				return nil, fmt.Errorf("concolic: value %q of input %d", v, in.arg)
			}
			// Both fields, so that the literal keeps its kind (an int
			// literal may fill an unsigned parameter).
			if in.signed {
				a.I = int64(signExtend(n, in.width))
				a.U = uint64(a.I)
			} else {
				a.U, a.I = n, int64(n)
			}
		case String, Bytes:
			n := lenOf(v, in.max)
			b := make([]byte, n)
			for j := range b {
				if bi >= len(bytes) {
					return nil, fmt.Errorf("concolic: too few bytes for input %d", in.arg)
				}
				c, ok := parseBV(bytes[bi])
				if !ok {
					return nil, fmt.Errorf("concolic: byte %q of input %d", bytes[bi], in.arg)
				}
				b[j] = byte(c)
				bi++
			}
			a.S = string(b)
		}
	}
	return out, nil
}

func lenOf(v string, max int) int {
	n, ok := parseBV(v)
	if !ok || n > uint64(max) {
		return max
	}
	return int(n)
}
