// Package seq is the test-sequence representation shared by the search
// engines, the executor client, the minimizer and the emitter.
//
// A sequence is a list of statements; each statement calls one operation of
// the program model with arguments that are either literals or results of
// earlier statements (Randoop's operation sequences, thesis §5.2). Literals
// are inlined as arguments rather than being separate statements, which keeps
// sequences short and makes table-driven emission straightforward.
package seq

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// LitKind says which field of a Lit holds its value.
type LitKind uint8

// Literal kinds. A literal is converted by the executor to the parameter's
// type, so Int also serves named integer types.
const (
	LitNil LitKind = iota
	LitBool
	LitInt
	LitUint
	LitFloat
	LitString
	LitBytes // a []byte literal, held in S
	LitSlice // a slice of literals of the element type, held in Elems
	LitZero  // the zero value of the parameter type
)

// Lit is a literal argument.
type Lit struct {
	Kind  LitKind
	B     bool
	I     int64
	U     uint64
	F     float64
	S     string
	Elems []Lit
	// Name, when set, is the qualified name of a constant with this value
	// (for example "demo.Blue"); the emitter prefers it to the raw value.
	Name string
}

// Key is a canonical text of the literal, used for hashing sequences.
func (l Lit) Key() string {
	switch l.Kind {
	case LitNil:
		return "nil"
	case LitBool:
		return strconv.FormatBool(l.B)
	case LitInt:
		return "i" + strconv.FormatInt(l.I, 10)
	case LitUint:
		return "u" + strconv.FormatUint(l.U, 10)
	case LitFloat:
		return "f" + strconv.FormatUint(math.Float64bits(l.F), 16)
	case LitString:
		return strconv.Quote(l.S)
	case LitBytes:
		return "b" + strconv.Quote(l.S)
	case LitZero:
		return "zero"
	case LitSlice:
		parts := make([]string, len(l.Elems))
		for i, e := range l.Elems {
			parts[i] = e.Key()
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return "?"
}

// Arg is one argument of a statement: a literal, or a reference to result
// Result of statement Stmt.
type Arg struct {
	IsLit bool
	Lit   Lit
	// Index, on a literal argument of a repeated statement (Stmt.Repeat),
	// makes the argument of call i the literal combined with i (Lit.AtIndex):
	// the calls of a loop then insert distinct elements, which is what fills
	// a container to a capacity threshold.
	Index  bool
	Stmt   int
	Result int
}

// Ref returns an argument referring to result r of statement s.
func Ref(s, r int) Arg { return Arg{Stmt: s, Result: r} }

// LitArg returns a literal argument.
func LitArg(l Lit) Arg { return Arg{IsLit: true, Lit: l} }

// Stmt calls operation Op of the program model, Repeat times when Repeat
// is 2 or more (0 and 1 both mean once). Only the last call's results are
// bound: later statements refer to them and assertions check them, and the
// emitter writes the first Repeat-1 calls as a loop before that last call.
type Stmt struct {
	Op     int
	Args   []Arg
	Repeat int
}

// MaxRepeat bounds Stmt.Repeat (rt.MaxRepeat mirrors it); a loop's time
// is bounded by the executor's call limit, which all its calls share.
const MaxRepeat = 1024

// Times returns how many times st calls its operation (at least 1).
func (st *Stmt) Times() int {
	if st.Repeat < 1 {
		return 1
	}
	return st.Repeat
}

// AtIndex returns the literal an Index argument takes in call i of a
// loop: numbers plus i, strings and byte slices with i's decimal digits
// appended; other kinds are unchanged.
func (l Lit) AtIndex(i int) Lit {
	switch l.Kind {
	case LitInt:
		l.I += int64(i)
	case LitUint:
		l.U += uint64(i)
	case LitFloat:
		l.F += float64(i)
	case LitString, LitBytes:
		l.S += strconv.Itoa(i)
	default:
		return l
	}
	l.Name = ""
	return l
}

// Indexable reports whether AtIndex gives distinct literals of kind k.
func Indexable(k LitKind) bool {
	switch k {
	case LitInt, LitUint, LitFloat, LitString, LitBytes:
		return true
	}
	return false
}

// Seq is a test sequence. Statement i may only refer to results of
// statements before i.
type Seq struct {
	Stmts []Stmt
}

// Len returns the number of statements.
func (s *Seq) Len() int { return len(s.Stmts) }

// Clone returns a deep copy of s.
func (s *Seq) Clone() *Seq {
	c := &Seq{Stmts: make([]Stmt, len(s.Stmts))}
	for i, st := range s.Stmts {
		c.Stmts[i] = Stmt{Op: st.Op, Args: append([]Arg(nil), st.Args...), Repeat: st.Repeat}
	}
	return c
}

// Append appends the statements of t to s, renumbering t's references, and
// returns the offset at which t's statements start in s.
func (s *Seq) Append(t *Seq) int {
	off := len(s.Stmts)
	if cap(s.Stmts)-len(s.Stmts) < len(t.Stmts) {
		grown := make([]Stmt, len(s.Stmts), len(s.Stmts)+len(t.Stmts)+1)
		copy(grown, s.Stmts)
		s.Stmts = grown
	}
	for _, st := range t.Stmts {
		args := make([]Arg, len(st.Args))
		for i, a := range st.Args {
			if !a.IsLit {
				a.Stmt += off
			}
			args[i] = a
		}
		s.Stmts = append(s.Stmts, Stmt{Op: st.Op, Args: args, Repeat: st.Repeat})
	}
	return off
}

// Key is a canonical text of the sequence: equal keys mean equal sequences
// up to variable names (Randoop's sequence-level redundancy check).
func (s *Seq) Key() string {
	var b strings.Builder
	for i, st := range s.Stmts {
		if i > 0 {
			b.WriteByte(';')
		}
		if st.Repeat > 1 {
			fmt.Fprintf(&b, "%dx", st.Repeat)
		}
		fmt.Fprintf(&b, "%d(", st.Op)
		for j, a := range st.Args {
			if j > 0 {
				b.WriteByte(',')
			}
			if a.IsLit {
				if a.Index {
					b.WriteString("+i:")
				}
				b.WriteString(a.Lit.Key())
			} else {
				fmt.Fprintf(&b, "$%d.%d", a.Stmt, a.Result)
			}
		}
		b.WriteByte(')')
	}
	return b.String()
}

// Hash is a 64-bit hash of the sequence's structure: equal for sequences
// with equal keys. It is computed without building the key, because the
// search hashes every sequence it generates.
func (s *Seq) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		for i := 0; i < 8; i++ {
			h ^= x & 0xff
			h *= 1099511628211
			x >>= 8
		}
	}
	var lit func(l *Lit)
	lit = func(l *Lit) {
		mix(uint64(l.Kind))
		switch l.Kind {
		case LitBool:
			if l.B {
				mix(1)
			} else {
				mix(0)
			}
		case LitInt:
			mix(uint64(l.I))
		case LitUint:
			mix(l.U)
		case LitFloat:
			mix(math.Float64bits(l.F))
		case LitString, LitBytes:
			mix(uint64(len(l.S)))
			for i := 0; i < len(l.S); i++ {
				h ^= uint64(l.S[i])
				h *= 1099511628211
			}
		case LitSlice:
			mix(uint64(len(l.Elems)))
			for i := range l.Elems {
				lit(&l.Elems[i])
			}
		}
	}
	for i := range s.Stmts {
		st := &s.Stmts[i]
		mix(uint64(st.Op) + 1<<40)
		if st.Repeat > 1 {
			// Only when set, so that hashes of sequences without loops
			// stay what they were.
			mix(uint64(st.Repeat) + 1<<50)
		}
		mix(uint64(len(st.Args)))
		for j := range st.Args {
			a := &st.Args[j]
			if a.IsLit {
				if a.Index {
					mix(3)
				} else {
					mix(1)
				}
				lit(&a.Lit)
			} else {
				mix(2)
				mix(uint64(a.Stmt)<<20 | uint64(a.Result))
			}
		}
	}
	return h
}

// Uses reports, for each statement, whether a later statement uses one of its
// results.
func (s *Seq) Uses() []bool {
	used := make([]bool, len(s.Stmts))
	for _, st := range s.Stmts {
		for _, a := range st.Args {
			if !a.IsLit {
				used[a.Stmt] = true
			}
		}
	}
	return used
}

// Without returns a copy of s without statement k, or false if a later
// statement uses k's results.
func (s *Seq) Without(k int) (*Seq, bool) {
	out := &Seq{}
	for i, st := range s.Stmts {
		if i == k {
			continue
		}
		args := make([]Arg, len(st.Args))
		for j, a := range st.Args {
			if !a.IsLit {
				if a.Stmt == k {
					return nil, false
				}
				if a.Stmt > k {
					a.Stmt--
				}
			}
			args[j] = a
		}
		out.Stmts = append(out.Stmts, Stmt{Op: st.Op, Args: args, Repeat: st.Repeat})
	}
	return out, true
}
