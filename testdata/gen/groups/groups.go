// Package groups is a fixture of grammars with bracketed groups: a small
// pattern language whose parser branches on a character class "[a-z]",
// its negation "[!abc]", and alternatives "{a,b}", each with separators
// inside the brackets. Strings composed of the package's characters in
// random order rarely put an opener, items, a separator and the closer in
// that order.
package groups

import (
	"errors"
	"regexp"
	"strings"
)

// ErrSyntax is returned for malformed patterns.
var ErrSyntax = errors.New("groups: syntax error")

type kind int

const (
	lit kind = iota
	class
	alts
	any1
)

type part struct {
	kind    kind
	text    string
	negate  bool
	lo, hi  []rune
	choices []string
}

// Pattern is a compiled pattern.
type Pattern struct {
	parts []part
}

// tokens splits a pattern into groups and single characters, the way
// lexers built on a regular expression do: a group is recognized whole,
// so a branch on its inside sees no distance from a string that only
// almost makes one.
var tokens = regexp.MustCompile(`\[[^\]]*\]|\{[^}]*\}|.`)

// Compile parses a pattern: literal text, '?' for any one character,
// "[...]" for a class of characters and ranges ("[a-z0]", "[!x]"), and
// "{a,b}" for alternatives.
func Compile(pattern string) (*Pattern, error) {
	p := &Pattern{}
	for _, tok := range tokens.FindAllString(pattern, -1) {
		rs := []rune(tok)
		switch {
		case rs[0] == '?':
			p.parts = append(p.parts, part{kind: any1})
		case rs[0] == '[' && len(rs) > 1:
			pt, err := parseClass(rs[1 : len(rs)-1])
			if err != nil {
				return nil, err
			}
			p.parts = append(p.parts, pt)
		case rs[0] == '{' && len(rs) > 1:
			body := string(rs[1 : len(rs)-1])
			if strings.IndexRune(body, ',') < 0 {
				return nil, ErrSyntax
			}
			p.parts = append(p.parts, part{kind: alts, choices: strings.Split(body, ",")})
		case rs[0] == '[' || rs[0] == ']' || rs[0] == '{' || rs[0] == '}':
			return nil, ErrSyntax
		default:
			p.parts = append(p.parts, part{kind: lit, text: tok})
		}
	}
	return p, nil
}

func parseClass(rs []rune) (part, error) {
	pt := part{kind: class}
	if len(rs) > 0 && rs[0] == '!' {
		pt.negate = true
		rs = rs[1:]
	}
	if len(rs) == 0 {
		return part{}, ErrSyntax
	}
	for i := 0; i < len(rs); i++ {
		lo, hi := rs[i], rs[i]
		if i+2 < len(rs) && rs[i+1] == '-' {
			hi = rs[i+2]
			if hi < lo {
				return part{}, ErrSyntax
			}
			i += 2
		}
		pt.lo = append(pt.lo, lo)
		pt.hi = append(pt.hi, hi)
	}
	return pt, nil
}

// Match reports whether s matches the whole pattern.
func (p *Pattern) Match(s string) bool {
	return match(p.parts, []rune(s))
}

func match(parts []part, s []rune) bool {
	if len(parts) == 0 {
		return len(s) == 0
	}
	pt := parts[0]
	switch pt.kind {
	case alts:
		for _, c := range pt.choices {
			cr := []rune(c)
			if len(cr) <= len(s) && string(s[:len(cr)]) == c && match(parts[1:], s[len(cr):]) {
				return true
			}
		}
		return false
	case class:
		if len(s) == 0 {
			return false
		}
		in := false
		for k := range pt.lo {
			if s[0] >= pt.lo[k] && s[0] <= pt.hi[k] {
				in = true
			}
		}
		if in == pt.negate {
			return false
		}
	case any1:
		if len(s) == 0 {
			return false
		}
	default:
		if len(s) == 0 || string(s[0]) != pt.text {
			return false
		}
	}
	return match(parts[1:], s[1:])
}
