package search

import (
	"math/rand/v2"
	"strings"
)

// Grammars with bracketed groups: a glob's "[a-z]" and "{a,b}", a
// pattern's "(x|y)", a template's "<name>". Their parsers branch on the
// opening character, then on separators inside the group, then on the
// closing one; composing strings from the package's characters at random
// (compose) puts the five characters of "[a-z]" in that order too rarely
// to reach the range branch. When the package's characters hold both
// sides of a bracket pair, compose sometimes builds a group: an opener,
// one to three items (short pieces or the package's other characters)
// with its separator characters between them, and the closer, with
// optional text around it and, rarely, a group nested as an item.

// PGroup is the chance that compose builds a bracketed group when the
// package's characters hold a bracket pair.
const PGroup = 0.5

var bracketPairs = [][2]string{{"[", "]"}, {"{", "}"}, {"(", ")"}, {"<", ">"}}

// groupPairs returns the bracket pairs whose both sides are in chars, in
// bracketPairs' order, and the other characters, in chars' order.
func groupPairs(chars []string) (pairs [][2]string, others []string) {
	has := map[string]bool{}
	for _, ch := range chars {
		has[ch] = true
	}
	bracket := map[string]bool{}
	for _, p := range bracketPairs {
		if has[p[0]] && has[p[1]] {
			pairs = append(pairs, p)
			bracket[p[0]], bracket[p[1]] = true, true
		}
	}
	for _, ch := range chars {
		if !bracket[ch] {
			others = append(others, ch)
		}
	}
	return pairs, others
}

// group builds a bracketed group from pairs, the other characters and
// pieces; depth bounds nesting.
func group(rng *rand.Rand, pairs [][2]string, others, pieces []string, depth int) string {
	p := pairs[rng.IntN(len(pairs))]
	item := func() string {
		switch {
		case depth == 0 && rng.IntN(10) == 0:
			return group(rng, pairs, others, pieces, depth+1)
		case len(others) > 0 && rng.IntN(4) == 0:
			return others[rng.IntN(len(others))]
		}
		return pieces[rng.IntN(len(pieces))]
	}
	var b strings.Builder
	b.WriteString(p[0])
	if len(others) > 0 && rng.IntN(5) == 0 {
		// A marker right after the opener: "[!a]", "(?x)".
		b.WriteString(others[rng.IntN(len(others))])
	}
	n := 1 + rng.IntN(3)
	for i := 0; i < n; i++ {
		if i > 0 && len(others) > 0 {
			b.WriteString(others[rng.IntN(len(others))])
		}
		b.WriteString(item())
	}
	b.WriteString(p[1])
	return b.String()
}
