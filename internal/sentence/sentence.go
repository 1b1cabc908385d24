// Package sentence grows inputs a parser accepts without a grammar: from
// the tokens a lexer compares against (mined constants, keyword tables,
// single characters, and one representative of each character class), it
// extends the inputs that got the parser furthest, keeps those the parser
// accepts, and varies them by token-level insertion, replacement,
// deletion and splicing (a generational search in the style of SAGE, with
// "how far the parser got" as the fitness of the rejected ones).
//
// The package knows nothing of the search that runs the inputs: a Grower
// says what to try next (Next) and hears how it went (Report). All its
// choices come from the random stream it is given, and its state is
// slices kept in the order reports arrived, so a fixed seed and the same
// reports give the same inputs.
package sentence

import (
	"math/rand/v2"
	"sort"
	"strings"
)

// Bounds on what a Grower keeps and makes.
const (
	// MaxTokens bounds the alphabet; the shortest tokens are kept, as
	// a lexer's comparisons are mostly short.
	MaxTokens = 96
	// MaxTokenLen leaves out mined strings that are messages, not tokens.
	MaxTokenLen = 12
	// MaxValid bounds the accepted sentences kept for variation.
	MaxValid = 64
	// MaxFrontier bounds the rejected sentences kept for growing, the
	// furthest-getting first.
	MaxFrontier = 64
	// MaxSentence bounds a sentence's length in tokens.
	MaxSentence = 24
)

// classTokens are one or two representatives of the character classes a
// lexer tests with unicode.IsDigit, IsLetter and IsSpace (and their byte
// range forms), which no constant names: a digit, a number, letters, an
// identifier, a space, a newline.
var classTokens = []string{"1", "42", "a", "x", "id1", " ", "\n"}

// Tokens returns the alphabet for a parser: the mined strings and
// characters that can be tokens (non-empty, at most MaxTokenLen bytes,
// no format verbs), then the class representatives, deduplicated and
// sorted by length then text so the alphabet does not depend on the
// order the constants were found in. Which mined strings are a lexer's
// is the caller's to say (the search takes those compared, switched on or
// searched for, and short ones passed around).
func Tokens(mined []string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if s == "" || len(s) > MaxTokenLen || strings.Contains(s, "%") || seen[s] {
			return
		}
		seen[s] = true
		out = append(out, s)
	}
	for _, s := range mined {
		add(s)
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i]) != len(out[j]) {
			return len(out[i]) < len(out[j])
		}
		return out[i] < out[j]
	})
	if len(out) > MaxTokens-len(classTokens) {
		out = out[:MaxTokens-len(classTokens)]
	}
	for _, s := range classTokens {
		add(s)
	}
	return out
}

// scored is a rejected sentence and how far the parser got with it.
type scored struct {
	toks     []string
	progress int
	sig      uint64
}

// Grower grows the sentences of one parser. The zero value is not
// usable; make one with NewGrower.
type Grower struct {
	toks     []string
	valid    [][]string
	frontier []scored
	seen     map[string]bool
	// sigs are the signatures of the accepted sentences kept: one that
	// ran the same code as a kept one adds nothing to vary.
	sigs map[uint64]bool
	// best is the furthest progress of a rejected sentence.
	best int
	// Accepted counts the distinct sentences the parser accepted.
	Accepted int
}

// NewGrower returns a Grower over the alphabet toks (Tokens).
func NewGrower(toks []string) *Grower {
	return &Grower{toks: toks, seen: map[string]bool{}, sigs: map[uint64]bool{}}
}

// Text is a sentence's input: its tokens concatenated, with a space
// between two tokens that would otherwise run into one word (a keyword
// and a name: "if" "x" is "if x", not the name "ifx"), as the lexers
// of the languages gentest meets separate words by spaces.
func Text(toks []string) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t != "" && wordByte(t[0]) {
			if p := toks[i-1]; p != "" && wordByte(p[len(p)-1]) {
				b.WriteByte(' ')
			}
		}
		b.WriteString(t)
	}
	return b.String()
}

func wordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// Valid returns the accepted sentences kept, oldest first.
func (g *Grower) Valid() [][]string { return g.valid }

// Next returns a sentence to try: most often a variation of an accepted
// one, else a rejected one grown at its end (where the parser stopped,
// since the frontier's sentences are prefixes that got furthest), else a
// few random tokens.
func (g *Grower) Next(rng *rand.Rand) []string {
	if len(g.toks) == 0 {
		return nil
	}
	r := rng.IntN(10)
	switch {
	case len(g.valid) > 0 && r < 4:
		return g.vary(rng)
	case len(g.frontier) > 0 && r < 8:
		// The furthest-getting half of the frontier, as a
		// generational search expands its best inputs first.
		f := g.frontier[rng.IntN((len(g.frontier)+1)/2)]
		return g.grow(rng, f.toks)
	}
	n := 1 + rng.IntN(3)
	out := make([]string, n)
	for i := range out {
		out[i] = g.tok(rng)
	}
	return out
}

func (g *Grower) tok(rng *rand.Rand) string { return g.toks[rng.IntN(len(g.toks))] }

// grow extends a rejected sentence: one to three tokens at its end, or, at
// times, one token replaced (the last token may be what the parser
// rejected).
func (g *Grower) grow(rng *rand.Rand, s []string) []string {
	out := append([]string(nil), s...)
	if len(out) > 0 && rng.IntN(4) == 0 {
		out[len(out)-1] = g.tok(rng)
		return out
	}
	for k := 1 + rng.IntN(3); k > 0 && len(out) < MaxSentence; k-- {
		out = append(out, g.tok(rng))
	}
	return out
}

// vary makes a variation of an accepted sentence: a token inserted,
// replaced or deleted, tokens appended, or a splice of two accepted
// sentences (a prefix of one, a suffix of the other, or one nested in
// the other at a token boundary).
func (g *Grower) vary(rng *rand.Rand) []string {
	s := g.valid[rng.IntN(len(g.valid))]
	out := append([]string(nil), s...)
	i := rng.IntN(len(out) + 1)
	switch rng.IntN(5) {
	case 0:
		if len(out) < MaxSentence {
			out = append(out[:i], append([]string{g.tok(rng)}, out[i:]...)...)
		}
	case 1:
		if i < len(out) {
			out[i] = g.tok(rng)
		}
	case 2:
		if i < len(out) {
			out = append(out[:i], out[i+1:]...)
		}
	case 3:
		out = g.grow(rng, out)
	default:
		t := g.valid[rng.IntN(len(g.valid))]
		j := rng.IntN(len(t) + 1)
		if rng.IntN(2) == 0 {
			out = append(append([]string(nil), out[:i]...), t[j:]...)
		} else {
			out = append(append(append([]string(nil), out[:i]...), t...), out[i:]...)
		}
		if len(out) > MaxSentence {
			out = out[:MaxSentence]
		}
	}
	return out
}

// Tried reports whether the sentence was reported before, and records it
// as tried: the caller skips one it already ran.
func (g *Grower) Tried(toks []string) bool {
	k := Text(toks)
	if g.seen[k] {
		return true
	}
	g.seen[k] = true
	return false
}

// Report tells the Grower how a sentence did: accepted, or rejected after
// the parser got progress far (any measure that grows as the parser gets
// further: the offset it stopped at, the code it ran). sig is a signature
// of what the parser did with it (the code it ran): a sentence is kept
// only when no kept one of its kind has its signature, so that the kept
// sentences differ in what they make the parser do, not in their text.
//
// Report returns whether the sentence was news: an accepted one of a new
// signature, or a rejected one that got the parser further than any
// before. A Grower whose reports stop being news has run out of new
// things to make its parser do, which its caller may use to give it less.
func (g *Grower) Report(toks []string, accepted bool, progress int, sig uint64) bool {
	if accepted {
		g.Accepted++
		if g.sigs[sig] {
			return false
		}
		g.sigs[sig] = true
		if len(g.valid) < MaxValid {
			g.valid = append(g.valid, toks)
		} else {
			// Replace the oldest but the first few: the earliest accepted
			// sentences are the short ones the others grew from.
			g.valid[4+(len(g.sigs)%(MaxValid-4))] = toks
		}
		return true
	}
	news := progress > g.best
	g.best = max(g.best, progress)
	for i, o := range g.frontier {
		if o.sig == sig {
			if len(toks) >= len(o.toks) {
				return news
			}
			// The shorter sentence that does the same replaces it.
			g.frontier = append(g.frontier[:i], g.frontier[i+1:]...)
			break
		}
	}
	// Keep the frontier sorted by progress, furthest first; among equals
	// the shorter (the cheaper to grow), then the earlier reported.
	f := scored{toks, progress, sig}
	at := sort.Search(len(g.frontier), func(i int) bool {
		o := g.frontier[i]
		return o.progress < progress || o.progress == progress && len(o.toks) > len(toks)
	})
	if at >= MaxFrontier {
		return news
	}
	g.frontier = append(g.frontier, scored{})
	copy(g.frontier[at+1:], g.frontier[at:])
	g.frontier[at] = f
	if len(g.frontier) > MaxFrontier {
		g.frontier = g.frontier[:MaxFrontier]
	}
	return news
}
