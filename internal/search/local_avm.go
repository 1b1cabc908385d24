package search

import (
	"math"

	"github.com/gentest-go/gentest/internal/seq"
)

// litVar is one variable of a climb: a literal of the sequence (element
// elem of a slice literal when elem >= 0) and, for strings, a character
// position (pos >= 0) or the length (pos == -2); or, with arg == repeatArg,
// the repeat count of a loop statement (repeat.go), climbed as an int.
type litVar struct {
	stmt, arg, elem, pos int
}

// climbVars lists the variables of s: every numeric literal, and for
// string and byte-slice literals their characters and length.
func climbVars(s *seq.Seq) []litVar {
	var vs []litVar
	addLit := func(i, j, e int, l seq.Lit) {
		switch l.Kind {
		case seq.LitInt, seq.LitUint, seq.LitFloat:
			vs = append(vs, litVar{i, j, e, -1})
		case seq.LitString, seq.LitBytes:
			for p := 0; p < len(l.S) && p < maxStrVars; p++ {
				vs = append(vs, litVar{i, j, e, p})
			}
			vs = append(vs, litVar{i, j, e, -2})
		}
	}
	for i, st := range s.Stmts {
		if st.Repeat > 1 {
			vs = append(vs, litVar{i, repeatArg, -1, -1})
		}
		for j, a := range st.Args {
			if !a.IsLit {
				continue
			}
			if a.Lit.Kind == seq.LitSlice {
				for e, el := range a.Lit.Elems {
					addLit(i, j, e, el)
				}
				continue
			}
			addLit(i, j, -1, a.Lit)
		}
	}
	return vs
}

// repeatArg is litVar.arg for a loop's repeat count.
const repeatArg = -1

func litAt(s *seq.Seq, v litVar) seq.Lit {
	if v.arg == repeatArg {
		return seq.Lit{Kind: seq.LitInt, I: int64(s.Stmts[v.stmt].Times())}
	}
	l := s.Stmts[v.stmt].Args[v.arg].Lit
	if v.elem >= 0 {
		return l.Elems[v.elem]
	}
	return l
}

// withLit returns a copy of s whose literal at v is l.
func withLit(s *seq.Seq, v litVar, l seq.Lit) *seq.Seq {
	c := s.Clone()
	if v.arg == repeatArg {
		// Clamped: below 1 is one call, and the executor runs at most
		// MaxRepeat.
		c.Stmts[v.stmt].Repeat = int(min(max(l.I, 1), seq.MaxRepeat))
		return c
	}
	a := &c.Stmts[v.stmt].Args[v.arg]
	if v.elem >= 0 {
		elems := append([]seq.Lit(nil), a.Lit.Elems...)
		elems[v.elem] = l
		a.Lit.Elems = elems
		return c
	}
	l.Name = ""
	a.Lit = l
	return c
}

// round builds the proposals of c's next round.
func (ls *localSearch) round(c *climb) []*seq.Seq {
	var out []*seq.Seq
	c.jumps = map[*seq.Seq]bool{}
	if ls.i2s && c.ops != nil {
		isLen := [2]bool{}
		if t := ls.table; t != nil && int(c.g.branch/2) < len(t.Conds) {
			ops := t.Conds[c.g.branch/2].Operands
			isLen = [2]bool{ops[0].Len, ops[1].Len}
		}
		for _, v := range climbVars(c.cur) {
			if v.pos >= 0 {
				continue // one candidate set per literal, not per character
			}
			l := litAt(c.cur, v)
			for _, nl := range inputToState(l, c.ops.Vals, c.ops.Cut, isLen) {
				out = append(out, withLit(c.cur, v, nl))
			}
		}
	}
	if !ls.avm || len(c.vars) == 0 {
		return out
	}
	v := c.vars[c.vi]
	for _, m := range avmMoves(litAt(c.cur, v), v.pos, c.scale) {
		s := withLit(c.cur, v, m.lit)
		c.jumps[s] = m.jump
		out = append(out, s)
	}
	return out
}

type move struct {
	lit  seq.Lit
	jump bool // the largest step of the round
}

// avmMoves are the neighbours of l on one variable: ±scale·2^j for
// numbers; for character pos of a string ±2^j on the byte, deleting it
// and duplicating it; for the length (pos -2) appending and truncating.
func avmMoves(l seq.Lit, pos int, scale float64) []move {
	var out []move
	for j := 0; j < avmSteps; j++ {
		step := scale * math.Exp2(float64(j))
		big := j == avmSteps-1
		for _, sign := range []float64{1, -1} {
			d := sign * step
			switch l.Kind {
			case seq.LitInt:
				if math.Abs(float64(l.I)+d) < 1<<62 {
					out = append(out, move{seq.Lit{Kind: seq.LitInt, I: l.I + int64(d)}, big})
				}
			case seq.LitUint:
				if v := float64(l.U) + d; v >= 0 && v < 1<<63 {
					out = append(out, move{seq.Lit{Kind: seq.LitUint, U: uint64(int64(l.U) + int64(d))}, big})
				}
			case seq.LitFloat:
				// Floats start at a fine step: thresholds are often
				// fractions.
				out = append(out, move{seq.Lit{Kind: seq.LitFloat, F: l.F + d/64}, big})
			case seq.LitString, seq.LitBytes:
				if pos < 0 || pos >= len(l.S) || j >= 7 {
					continue
				}
				ch := int(l.S[pos]) + int(sign)*(1<<j)
				if ch < 0 || ch > 255 {
					continue
				}
				b := []byte(l.S)
				b[pos] = byte(ch)
				out = append(out, move{seq.Lit{Kind: l.Kind, S: string(b)}, false})
			}
		}
	}
	if l.Kind == seq.LitString || l.Kind == seq.LitBytes {
		s := l.S
		switch {
		case pos >= 0 && pos < len(s):
			out = append(out,
				move{seq.Lit{Kind: l.Kind, S: s[:pos] + s[pos+1:]}, false},
				move{seq.Lit{Kind: l.Kind, S: s[:pos+1] + s[pos:]}, false})
			// Code often tests a character's class (a digit, a letter)
			// with outcome-only or flag conditions that give no
			// gradient: jump to each class's ends.
			for _, ch := range []byte(classChars) {
				if s[pos] != ch {
					out = append(out, move{seq.Lit{Kind: l.Kind, S: s[:pos] + string([]byte{ch}) + s[pos+1:]}, false})
				}
			}
		case pos == -2:
			n := len(s)
			for _, m := range []int{n + 1, n + 4, n - 1, n / 2, n * 2} {
				if m >= 0 && m != n && m <= 4096 {
					out = append(out, move{seq.Lit{Kind: l.Kind, S: resize(s, m)}, false})
				}
			}
			// Digits everywhere, keeping the punctuation: numbers, hex
			// and dates parsed in loops give no gradient per character.
			if n > 0 {
				out = append(out, move{seq.Lit{Kind: l.Kind, S: digitize(s)}, false})
			}
			// Structured inputs (paths, dotted versions, lists) grow by
			// a field: repeat the suffix from the last separator.
			if k := lastSeparator(s); k > 0 && len(s) <= 2048 {
				out = append(out, move{seq.Lit{Kind: l.Kind, S: s + s[k:]}, false})
			}
		}
	}
	return out
}

// jump returns s with one literal variable set to a random value near or
// far from its own, for a climb's restart.
func (ls *localSearch) jump(s *seq.Seq) *seq.Seq {
	vs := climbVars(s)
	var nums []litVar
	for _, v := range vs {
		if v.pos == -1 || v.pos == -2 {
			nums = append(nums, v)
		}
	}
	if len(nums) == 0 {
		return nil
	}
	v := nums[ls.rng.IntN(len(nums))]
	l := litAt(s, v)
	switch l.Kind {
	case seq.LitInt:
		l.I += int64(ls.rng.IntN(41) - 20)
	case seq.LitUint:
		l.U += uint64(ls.rng.IntN(20) + 1)
	case seq.LitFloat:
		l.F += ls.rng.NormFloat64() * 10
	case seq.LitString, seq.LitBytes:
		b := []byte(l.S)
		if len(b) == 0 {
			b = append(b, 'a')
		}
		b[ls.rng.IntN(len(b))] = byte(' ' + ls.rng.IntN(95))
		l.S = string(b)
	}
	return withLit(s, v, l)
}

// classChars are the characters a string position can jump to.
const classChars = "09azAZ"

// lastSeparator returns the index of the last byte of s that is ASCII
// punctuation or space, or -1.
func lastSeparator(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		c := s[i]
		if c == ' ' || (c > ' ' && c < 0x7f && !(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z')) {
			return i
		}
	}
	return -1
}

// digitize replaces every letter and non-ASCII byte of s by '0'.
func digitize(s string) string {
	b := []byte(s)
	for i, c := range b {
		if lastSeparator(string(c)) < 0 && !(c >= '0' && c <= '9') {
			b[i] = '0'
		}
	}
	return string(b)
}
