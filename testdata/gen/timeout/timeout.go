// Package timeout is a fixture of code the clock steers in name only: a
// wildcard matcher that, like regexp2's backtracking engine, checks a
// package-level clock for a match timeout at every step of its loop. The
// timeout is off unless DefaultTimeout is set, so the check never fires
// and the matcher's outcome never depends on the clock; but the static
// taint marks every condition after the check, and so the whole matcher,
// as unsteady. The search must still learn from it (the generator's clock
// watch confirms it steady by running sequences again), and the same seed
// and -execs must still write the same file.
package timeout

import (
	"errors"
	"math"
	"time"
)

// Forever is the timeout that never fires.
const Forever = time.Duration(math.MaxInt64)

// DefaultTimeout bounds how long one Match may run.
var DefaultTimeout = Forever

// ErrTimeout is returned when a match runs past its deadline.
var ErrTimeout = errors.New("timeout: match ran past its deadline")

// clock is the package-level clock the matcher reads: the time since the
// package first needed it.
var clock struct {
	start time.Time
	now   time.Duration
}

// tick advances the clock and returns it.
func tick() time.Duration {
	if clock.start.IsZero() {
		clock.start = time.Now()
	}
	clock.now = time.Since(clock.start)
	return clock.now
}

// Pattern is a compiled wildcard pattern: '*' matches any run of
// characters, '?' any one, [abc] and [a-z] a set or a range (with '!'
// after '[' negating it), and '\' quotes the next character.
type Pattern struct {
	elems []elem
	stars int
}

type elemKind int

const (
	lit elemKind = iota
	any1
	star
	class
)

type elem struct {
	kind   elemKind
	r      rune
	ranges [][2]rune
	negate bool
}

// Compile parses a pattern.
func Compile(p string) (*Pattern, error) {
	rs := []rune(p)
	pat := &Pattern{}
	for i := 0; i < len(rs); i++ {
		switch rs[i] {
		case '*':
			if n := len(pat.elems); n > 0 && pat.elems[n-1].kind == star {
				continue // a** is a*
			}
			pat.elems = append(pat.elems, elem{kind: star})
			pat.stars++
		case '?':
			pat.elems = append(pat.elems, elem{kind: any1})
		case '\\':
			if i+1 == len(rs) {
				return nil, errors.New("timeout: trailing backslash")
			}
			i++
			pat.elems = append(pat.elems, elem{kind: lit, r: rs[i]})
		case '[':
			e, n, err := parseClass(rs[i+1:])
			if err != nil {
				return nil, err
			}
			pat.elems = append(pat.elems, e)
			i += n
		default:
			pat.elems = append(pat.elems, elem{kind: lit, r: rs[i]})
		}
	}
	return pat, nil
}

// parseClass parses a class after its '[' and returns it and how many
// runes it took, the ']' included.
func parseClass(rs []rune) (elem, int, error) {
	e := elem{kind: class}
	i := 0
	if i < len(rs) && rs[i] == '!' {
		e.negate = true
		i++
	}
	for ; i < len(rs); i++ {
		if rs[i] == ']' && (len(e.ranges) > 0 || (i > 0 && !(e.negate && i == 1))) {
			return e, i + 1, nil
		}
		lo := rs[i]
		if i+2 < len(rs) && rs[i+1] == '-' && rs[i+2] != ']' {
			hi := rs[i+2]
			if hi < lo {
				return elem{}, 0, errors.New("timeout: range out of order")
			}
			e.ranges = append(e.ranges, [2]rune{lo, hi})
			i += 2
			continue
		}
		e.ranges = append(e.ranges, [2]rune{lo, lo})
	}
	return elem{}, 0, errors.New("timeout: unterminated class")
}

// machine is one run of a pattern over a text.
type machine struct {
	p         *Pattern
	text      []rune
	ignore    bool
	deadline  time.Duration
	steps     int
	backtrack int
}

// checkTimeout reports ErrTimeout once the clock has passed the deadline.
func (m *machine) checkTimeout() error {
	if m.ignore || tick() < m.deadline {
		return nil
	}
	return ErrTimeout
}

// Match reports whether the whole of s matches the pattern.
func (p *Pattern) Match(s string) (bool, error) {
	m := &machine{p: p, text: []rune(s), ignore: DefaultTimeout == Forever}
	if !m.ignore {
		m.deadline = tick() + DefaultTimeout
	}
	return m.run()
}

// run matches with backtracking over the last star.
func (m *machine) run() (bool, error) {
	pi, ti := 0, 0
	starP, starT := -1, 0
	for {
		if err := m.checkTimeout(); err != nil {
			return false, err
		}
		m.steps++
		if pi < len(m.p.elems) {
			e := m.p.elems[pi]
			switch e.kind {
			case star:
				starP, starT = pi, ti
				pi++
				continue
			case any1:
				if ti < len(m.text) {
					pi, ti = pi+1, ti+1
					continue
				}
			case lit:
				if ti < len(m.text) && m.text[ti] == e.r {
					pi, ti = pi+1, ti+1
					continue
				}
			case class:
				if ti < len(m.text) && e.matches(m.text[ti]) {
					pi, ti = pi+1, ti+1
					continue
				}
			}
		} else if ti == len(m.text) {
			return true, nil
		}
		// Mismatch: let the last star take one more character.
		if starP < 0 || starT >= len(m.text) {
			return false, nil
		}
		m.backtrack++
		starT++
		pi, ti = starP+1, starT
	}
}

func (e elem) matches(r rune) bool {
	in := false
	for _, rg := range e.ranges {
		if rg[0] <= r && r <= rg[1] {
			in = true
			break
		}
	}
	return in != e.negate
}

// Stars reports how many stars the pattern has.
func (p *Pattern) Stars() int { return p.stars }

// Count reports how many of the words match the pattern.
func (p *Pattern) Count(words []string) (int, error) {
	n := 0
	for _, w := range words {
		ok, err := p.Match(w)
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}
