package search

import (
	"go/types"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// literals draws the literal arguments of calls, a service every component
// that builds sequences is given: from the mined constants when constant
// mining picks one (constants.go), else from Randoop's default pools with
// GRT's primitive fuzzing; a literal the costly learning vetoes (a size
// or an enum value that cost a timeout) is drawn again.
type literals struct {
	rng       *rand.Rand
	constants *Constants // nil: no constant mining
	// fuzz is GRT's primitive fuzzing of the defaults, part of impurity
	// (-no=impurity switches it off).
	fuzz bool
	veto literalVeto
}

// literalVeto is what literal drawing asks of the costly learning
// (costly.go) before it keeps a literal.
type literalVeto interface {
	// tooCostly reports whether l, for parameter p of op, is at least as
	// large as a size that made the call time out.
	tooCostly(op *model.Op, p model.Param, l seq.Lit) bool
	// outsideCostlyEnum reports whether l, of type t, is outside the
	// members of an enum type a timeout was learned for.
	outsideCostlyEnum(t types.Type, l seq.Lit) bool
}

// arg draws a literal argument for parameter p of op: from the mined
// constants when constant mining picks one, else from the defaults.
func (d *literals) arg(op *model.Op, p model.Param) seq.Arg {
	l := d.draw(op, p)
	// A size that cost a timeout, or a value outside an enum's members
	// after one did, is drawn again (costly.go).
	for k := 0; k < costlyRetries && d.veto.tooCostly(op, p, l); k++ {
		l = d.draw(op, p)
	}
	for k := 0; k < costlyEnumRetries && d.veto.outsideCostlyEnum(p.Type, l); k++ {
		l = d.draw(op, p)
	}
	return seq.LitArg(l)
}

func (d *literals) draw(op *model.Op, p model.Param) seq.Lit {
	if l, ok := d.constants.pick(d.rng, op, p.Type, p.Lit); ok {
		return l
	}
	return d.literal(p.Type, p.Lit)
}

// Default literal pools, as in Randoop: a few small values that reach
// common boundaries. Constant mining adds the package's own constants.
var (
	defaultInts    = []int64{-1, 0, 1, 2, 3, 5, 10, 100, -10, 1000}
	defaultFloats  = []float64{0, 1, -1, 0.5, 2.5, 100, -0.25}
	defaultStrings = []string{"", "a", "abc", "hello", "Hello, World!", " ", "0", "42", "-1", "a b", "x,y"}
)

// literal draws a default literal of class class for type t.
func (d *literals) literal(t types.Type, class model.LitClass) seq.Lit {
	switch class {
	case model.LitBool:
		return seq.Lit{Kind: seq.LitBool, B: d.rng.IntN(2) == 0}
	case model.LitInt:
		return seq.Lit{Kind: seq.LitInt, I: d.intValue()}
	case model.LitUint:
		v := d.intValue()
		if v < 0 {
			v = -v
		}
		return seq.Lit{Kind: seq.LitUint, U: uint64(v)}
	case model.LitFloat:
		return seq.Lit{Kind: seq.LitFloat, F: defaultFloats[d.rng.IntN(len(defaultFloats))]}
	case model.LitString:
		return seq.Lit{Kind: seq.LitString, S: d.stringValue()}
	case model.LitBytes:
		return seq.Lit{Kind: seq.LitBytes, S: d.stringValue()}
	case model.LitSlice:
		n := d.rng.IntN(4)
		l := seq.Lit{Kind: seq.LitSlice}
		ec := model.ElemLit(t)
		et := t.Underlying().(*types.Slice).Elem()
		for i := 0; i < n; i++ {
			l.Elems = append(l.Elems, d.literal(et, ec))
		}
		return l
	case model.LitIfaceA:
		switch d.rng.IntN(3) {
		case 0:
			return seq.Lit{Kind: seq.LitInt, I: d.intValue()}
		case 1:
			return seq.Lit{Kind: seq.LitString, S: d.stringValue()}
		}
		return seq.Lit{Kind: seq.LitBool, B: d.rng.IntN(2) == 0}
	}
	return seq.Lit{Kind: seq.LitNil}
}

func (d *literals) intValue() int64 {
	if d.rng.IntN(4) == 0 {
		return int64(d.rng.IntN(201) - 100)
	}
	v := defaultInts[d.rng.IntN(len(defaultInts))]
	if d.fuzz && d.rng.Float64() < PFuzz {
		// GRT's primitive fuzzing: a Gaussian around the chosen value.
		v += int64(math.Round(d.rng.NormFloat64() * Sigma))
	}
	return v
}

// stringValue draws a default string, and with GRT's fuzzing probability
// edits it or composes one from characters of every class (cases, digits,
// punctuation, space, non-ASCII): a package that compares no string
// constant still gets inputs beyond the defaults, and a function of one
// string parameter never runs out of new sequences.
func (d *literals) stringValue() string {
	s := defaultStrings[d.rng.IntN(len(defaultStrings))]
	if !d.fuzz || d.rng.Float64() >= 2*PFuzz {
		return s
	}
	if d.rng.IntN(2) == 0 {
		return fuzzString(d.rng, s, nil)
	}
	n := 1 + d.rng.IntN(8)
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(stringPieces[d.rng.IntN(len(stringPieces))])
	}
	return b.String()
}

// stringPieces are what composed strings are made of: a few characters of
// each class and common short words.
var stringPieces = []string{"a", "b", "z", "A", "B", "Z", "0", "1", "9", " ", "_", "-", ".", ",", ":", "/", "\t", "é", "世",
	"ab", "AB", "Ab", "aB", "12", "go", "Go", "GO", "ID", "JSON", "HTTPServer"}
