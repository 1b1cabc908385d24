package search

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"math"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// Input-to-state (Redqueen's idea, applied to unit-test inputs): when one
// operand of a comparison that decides an uncovered branch equals an input
// literal, directly or through a transform the code is likely to apply
// (decoding hex, base32 or base64, parsing decimal text, changing case), the
// literal is replaced by the other operand, transformed back. Where the
// operand is only part of the input (a path segment, a field of a record,
// a digit group of a version), that part is replaced. Where it is the
// input's length, the input is resized.

// transform is a reversible view of a string input: dec maps the input to
// what the code compares, enc maps a wanted value back to an input.
type transform struct {
	name string
	dec  func(string) (string, bool)
	enc  func(string) string
}

func codec(dec func(string) ([]byte, error), enc func([]byte) string) (func(string) (string, bool), func(string) string) {
	return func(s string) (string, bool) {
			b, err := dec(s)
			if err != nil {
				return "", false
			}
			return string(b), true
		}, func(s string) string {
			return enc([]byte(s))
		}
}

// transforms are the views tried, identity first. The decoders accept the
// empty string, which is what lets a search that has only seen "" reach
// the comparison after the decode.
var transforms = func() []transform {
	ts := []transform{
		{"identity", func(s string) (string, bool) { return s, true }, func(s string) string { return s }},
		{"lower", func(s string) (string, bool) { return strings.ToLower(s), true }, func(s string) string { return s }},
		{"upper", func(s string) (string, bool) { return strings.ToUpper(s), true }, func(s string) string { return s }},
	}
	add := func(name string, dec func(string) ([]byte, error), enc func([]byte) string) {
		d, e := codec(dec, enc)
		ts = append(ts, transform{name, d, e})
	}
	add("hex", hex.DecodeString, hex.EncodeToString)
	add("base64", base64.StdEncoding.DecodeString, base64.StdEncoding.EncodeToString)
	add("base64url", base64.URLEncoding.DecodeString, base64.URLEncoding.EncodeToString)
	add("base64raw", base64.RawStdEncoding.DecodeString, base64.RawStdEncoding.EncodeToString)
	add("base64rawurl", base64.RawURLEncoding.DecodeString, base64.RawURLEncoding.EncodeToString)
	add("base32", base32.StdEncoding.DecodeString, base32.StdEncoding.EncodeToString)
	add("base32hex", base32.HexEncoding.DecodeString, base32.HexEncoding.EncodeToString)
	add("base32raw", base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString, base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString)
	return ts
}()

// maxI2S bounds the candidates input-to-state makes from one literal and
// one operand pair.
const maxI2S = 24

// maxOccurrences bounds the occurrences of an operand in an input that
// input-to-state replaces, one candidate each.
const maxOccurrences = 6

// inputToState returns replacements for literal l given the operands of a
// comparison: vals[k] is the operand the input may have become and
// vals[1-k] the value it should become instead. isLen[k] says operand k is
// a length. Candidates equal to l are left out; the order is deterministic.
func inputToState(l seq.Lit, vals [2]rt.Lit, cut [2]bool, isLen [2]bool) []seq.Lit {
	var out []seq.Lit
	seen := map[string]bool{l.Key(): true}
	add := func(c seq.Lit) {
		if len(out) >= maxI2S {
			return
		}
		if k := c.Key(); !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	for k := 0; k < 2; k++ {
		x, y := vals[k], vals[1-k]
		if cut[1-k] {
			continue
		}
		switch l.Kind {
		case seq.LitInt, seq.LitUint, seq.LitFloat:
			if !numEqual(l, x) {
				continue
			}
			for _, d := range []int64{0, 1, -1} {
				if c, ok := numLike(l, y, d); ok {
					add(c)
				}
			}
		case seq.LitString, seq.LitBytes:
			for _, s := range stringCandidates(l.S, x, y, cut[k], isLen[k]) {
				add(seq.Lit{Kind: l.Kind, S: s})
			}
		}
	}
	return out
}

// stringCandidates replaces the part of input s that became operand x by
// operand y.
func stringCandidates(s string, x, y rt.Lit, xCut, xLen bool) []string {
	var out []string
	isStr := func(v rt.Lit) bool { return v.Kind == rt.LitString || v.Kind == rt.LitBytes }
	isNum := func(v rt.Lit) bool { return v.Kind == rt.LitInt || v.Kind == rt.LitUint }
	switch {
	case isStr(x) && isStr(y):
		for _, t := range transforms {
			d, ok := t.dec(s)
			if !ok {
				continue
			}
			if d == x.S && !xCut {
				out = append(out, t.enc(y.S))
				continue
			}
			// Part of the decoded input: replace each of its first
			// occurrences. The empty operand matches everywhere and says
			// nothing about where the input went.
			if x.S == "" {
				continue
			}
			for off, n := 0, 0; n < maxOccurrences; n++ {
				i := strings.Index(d[off:], x.S)
				if i < 0 {
					break
				}
				i += off
				out = append(out, t.enc(d[:i]+y.S+d[i+len(x.S):]))
				off = i + 1
			}
		}
	case isNum(x) && isNum(y):
		xv, yv := numVal(x), numVal(y)
		if xLen && float64(len(s)) == xv {
			for _, d := range []float64{0, 1, -1} {
				if n := yv + d; n >= 0 && n <= 4096 {
					out = append(out, resize(s, int(n)))
				}
			}
		}
		// Decimal text: the whole input, or a digit group in it.
		xt := strconv.FormatFloat(xv, 'f', -1, 64)
		for _, d := range []float64{0, 1, -1} {
			yt := strconv.FormatFloat(yv+d, 'f', -1, 64)
			if i := digitGroup(s, xt); i >= 0 {
				out = append(out, s[:i]+yt+s[i+len(xt):])
			}
		}
		if v, err := strconv.ParseUint(s, 16, 64); err == nil && float64(v) == xv && yv >= 0 && yv <= math.MaxInt64 {
			out = append(out, strconv.FormatUint(uint64(yv), 16))
		}
		// A byte of the input compared as a number (a checksum byte, a
		// version byte): replace its last and first occurrence.
		if xv >= 0 && xv < 256 && yv >= 0 && yv < 256 {
			if j := strings.LastIndexByte(s, byte(xv)); j >= 0 {
				out = append(out, s[:j]+string([]byte{byte(yv)})+s[j+1:])
				if i := strings.IndexByte(s, byte(xv)); i != j {
					out = append(out, s[:i]+string([]byte{byte(yv)})+s[i+1:])
				}
			}
		}
	}
	return out
}

// digitGroup returns the index of the first occurrence of the decimal text
// t in s that is not part of a longer digit run, or -1.
func digitGroup(s, t string) int {
	isDigit := func(i int) bool { return i >= 0 && i < len(s) && s[i] >= '0' && s[i] <= '9' }
	for off := 0; off <= len(s)-len(t); {
		i := strings.Index(s[off:], t)
		if i < 0 {
			return -1
		}
		i += off
		if !isDigit(i-1) && !isDigit(i+len(t)) {
			return i
		}
		off = i + 1
	}
	return -1
}

// resize makes s n bytes long, repeating its last byte (or 'a') to grow.
func resize(s string, n int) string {
	if n <= len(s) {
		return s[:n]
	}
	c := byte('a')
	if len(s) > 0 {
		c = s[len(s)-1]
	}
	return s + strings.Repeat(string([]byte{c}), n-len(s))
}

func numVal(v rt.Lit) float64 {
	switch v.Kind {
	case rt.LitInt:
		return float64(v.I)
	case rt.LitUint:
		return float64(v.U)
	case rt.LitFloat:
		return v.F
	}
	return math.NaN()
}

// numEqual reports whether numeric literal l equals operand x.
func numEqual(l seq.Lit, x rt.Lit) bool {
	switch {
	case l.Kind == seq.LitInt && x.Kind == rt.LitInt:
		return l.I == x.I
	case l.Kind == seq.LitInt && x.Kind == rt.LitUint:
		return l.I >= 0 && uint64(l.I) == x.U
	case l.Kind == seq.LitUint && x.Kind == rt.LitUint:
		return l.U == x.U
	case l.Kind == seq.LitUint && x.Kind == rt.LitInt:
		return x.I >= 0 && uint64(x.I) == l.U
	case l.Kind == seq.LitFloat && x.Kind == rt.LitFloat:
		return l.F == x.F
	case l.Kind == seq.LitFloat:
		return l.F == numVal(x)
	}
	return false
}

// numLike converts operand y, plus d, to a literal of l's kind.
func numLike(l seq.Lit, y rt.Lit, d int64) (seq.Lit, bool) {
	switch l.Kind {
	case seq.LitInt:
		switch y.Kind {
		case rt.LitInt:
			return seq.Lit{Kind: seq.LitInt, I: y.I + d}, true
		case rt.LitUint:
			if y.U <= math.MaxInt64-1 {
				return seq.Lit{Kind: seq.LitInt, I: int64(y.U) + d}, true
			}
		case rt.LitFloat:
			if math.Abs(y.F) < 1<<62 {
				return seq.Lit{Kind: seq.LitInt, I: int64(y.F) + d}, true
			}
		}
	case seq.LitUint:
		v := numVal(y) + float64(d)
		if v >= 0 && v < 1<<63 {
			if y.Kind == rt.LitUint && d == 0 {
				return seq.Lit{Kind: seq.LitUint, U: y.U}, true
			}
			return seq.Lit{Kind: seq.LitUint, U: uint64(v)}, true
		}
	case seq.LitFloat:
		v := numVal(y)
		if math.IsNaN(v) {
			return seq.Lit{}, false
		}
		// For floats, the neighbours are the next representable values.
		switch d {
		case 1:
			v = math.Nextafter(v, math.Inf(1))
		case -1:
			v = math.Nextafter(v, math.Inf(-1))
		}
		return seq.Lit{Kind: seq.LitFloat, F: v}, true
	}
	return seq.Lit{}, false
}
