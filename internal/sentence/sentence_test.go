package sentence

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func TestTokensOrderAndFilter(t *testing.T) {
	got := Tokens([]string{"range", "(", "missing %q", "a-very-long-message", "(", "if"})
	want := append([]string{"(", "if", "range"}, classTokens...)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Tokens = %q, want %q", got, want)
	}
	if again := Tokens([]string{"if", "(", "range"}); !reflect.DeepEqual(again, want) {
		t.Errorf("Tokens depends on the order of the mined strings: %q", again)
	}
}

func TestTextSeparatesWords(t *testing.T) {
	for _, tc := range []struct {
		toks []string
		want string
	}{
		{[]string{"if", "x"}, "if x"},
		{[]string{"(", "x", ")"}, "(x)"},
		{[]string{"{{", "if", "a", "}}"}, "{{if a}}"},
		{[]string{"1", "+", "42"}, "1+42"},
	} {
		if got := Text(tc.toks); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.toks, got, tc.want)
		}
	}
}

// parens is a parser of balanced parentheses around names joined by "+":
// it returns whether src is accepted and the offset it stopped at.
func parens(src string) (bool, int) {
	i := 0
	var expr func() bool
	atom := func() bool {
		if i < len(src) && src[i] == '(' {
			i++
			if !expr() || i >= len(src) || src[i] != ')' {
				return false
			}
			i++
			return true
		}
		j := i
		for i < len(src) && src[i] >= 'a' && src[i] <= 'z' {
			i++
		}
		return i > j
	}
	expr = func() bool {
		if !atom() {
			return false
		}
		for i < len(src) && src[i] == '+' {
			i++
			if !atom() {
				return false
			}
		}
		return true
	}
	ok := expr() && i == len(src)
	return ok, i
}

// The Grower, fed a parser's verdicts and stopping offsets, finds nested
// sentences that random token strings almost never are.
func TestGrowerFindsNestedSentences(t *testing.T) {
	g := NewGrower(Tokens([]string{"(", ")", "+", "=", "*", "#"}))
	rng := rand.New(rand.NewPCG(1, 2))
	nested := 0
	for k := 0; k < 20000 && nested == 0; k++ {
		toks := g.Next(rng)
		if toks == nil || g.Tried(toks) {
			continue
		}
		s := Text(toks)
		ok, at := parens(s)
		g.Report(toks, ok, at, uint64(len(s))<<32|uint64(strings.Count(s, "(")))
		if ok && depth(s) >= 2 && strings.Contains(s, "+") {
			nested++
		}
	}
	if nested == 0 {
		t.Fatalf("no accepted sentence with nested parentheses and +; accepted %d: %q", g.Accepted, g.Valid())
	}
}

// depth is the deepest nesting of parentheses in s.
func depth(s string) int {
	d, m := 0, 0
	for _, c := range s {
		switch c {
		case '(':
			d++
			m = max(m, d)
		case ')':
			d--
		}
	}
	return m
}

// A fixed seed and the same reports give the same sentences.
func TestGrowerDeterministic(t *testing.T) {
	run := func() []string {
		g := NewGrower(Tokens([]string{"(", ")", "+"}))
		rng := rand.New(rand.NewPCG(7, 7))
		var out []string
		for k := 0; k < 500; k++ {
			toks := g.Next(rng)
			s := Text(toks)
			ok, at := parens(s)
			g.Report(toks, ok, at, uint64(at))
			out = append(out, s)
		}
		return out
	}
	if a, b := run(), run(); !reflect.DeepEqual(a, b) {
		t.Error("two runs with the same seed differ")
	}
}
