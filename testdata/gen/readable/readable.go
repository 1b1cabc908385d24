// Package readable is the fixture for what a reviewer expects of generated
// tests (issue 15): calls whose results say nothing (an opaque session, the
// time), errors the package exports as sentinels and as a type, calls that
// differ only in literals, inputs built by pure calls, and results where nil
// and empty mean the same, and random values (a key) where a literal would
// do.
package readable

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// ErrEmpty is returned for empty input.
var ErrEmpty = errors.New("readable: empty input")

// ErrRange is returned, wrapped, for numbers above a million.
var ErrRange = errors.New("readable: out of range")

// SyntaxError reports a character that is not a digit.
type SyntaxError struct {
	Pos  int
	Char string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("readable: bad %q at %d", e.Char, e.Pos) }

// ParseDigits parses a string of decimal digits.
func ParseDigits(s string) (int, error) {
	if s == "" {
		return 0, ErrEmpty
	}
	n := 0
	for i, c := range s {
		if c < '0' || c > '9' {
			return 0, &SyntaxError{Pos: i, Char: string(c)}
		}
		n = n*10 + int(c-'0')
		if n > 1000000 {
			return 0, fmt.Errorf("parsing %q: %w", s, ErrRange)
		}
	}
	return n, nil
}

// Grade names a score.
func Grade(score int) string {
	switch {
	case score < 0:
		return "invalid"
	case score < 50:
		return "fail"
	case score < 80:
		return "pass"
	case score <= 100:
		return "merit"
	}
	return "invalid"
}

// Words splits s at spaces: nil for the empty string, an empty slice for
// blanks; callers only range over it.
func Words(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Fields(s)
}

// Quote quotes s as a Go string literal.
func Quote(s string) string { return strconv.Quote(s) }

// Unquote undoes Quote.
func Unquote(q string) (string, error) {
	s, err := strconv.Unquote(q)
	if err != nil {
		return "", fmt.Errorf("readable: %w", err)
	}
	return s, nil
}

// Session is opaque: its fields are unexported and it holds the time.
type Session struct {
	user    string
	started time.Time
	hits    int
}

// NewSession starts a session for user.
func NewSession(user string) *Session { return &Session{user: user, started: time.Now()} }

// Started returns when the session started.
func (s *Session) Started() time.Time { return s.started }

// Hit counts a hit.
func (s *Session) Hit() { s.hits++ }

// Hits returns the number of hits.
func (s *Session) Hits() int { return s.hits }

// User returns the session's user.
func (s *Session) User() string { return s.user }

// Fork returns a new session for the same user.
func (s *Session) Fork() *Session { return &Session{user: s.user, started: s.started} }

// Login switches the session to user, who must not be empty, and returns
// the previous user.
func (s *Session) Login(user string) (string, error) {
	if user == "" {
		return "", ErrEmpty
	}
	prev := s.user
	s.user = user
	return prev, nil
}

// Key is an identifier of four bytes, like a UUID: an array a caller can
// write as a literal.
type Key [4]byte

// NewKey returns a random key: nothing a test can assert about its value,
// nor about a method's result on it. A test of Key's methods reads better,
// and checks something, with readable.Key{} instead.
func NewKey() Key {
	var k Key
	binary.LittleEndian.PutUint32(k[:], rand.Uint32())
	return k
}

// Version is the key's first byte modulo 16, like a UUID's version.
func (k Key) Version() int { return int(k[0] % 16) }

// Reset sets the hits back to zero and returns how many there were: a
// call a test makes for what it does, whose result an arrangement drops.
func (s *Session) Reset() int {
	n := s.hits
	s.hits = 0
	return n
}

// Visit calls f with each word and returns how many there were: its
// callback is written where it is passed.
func Visit(words []string, f func(string)) int {
	for _, w := range words {
		f(w)
	}
	return len(words)
}

// Describe says where a syntax error is: its argument is a fresh value
// a test writes in the call, &readable.SyntaxError{...}.
func Describe(e *SyntaxError) string { return fmt.Sprintf("%q at %d", e.Char, e.Pos) }

// Level is a value a caller gets by pointer (NewLevel) and by value
// (Next), whose observer Name has a pointer receiver, like a semantic
// version's IncMajor and String: what Next returned is checked through
// the variable holding it, got.Name().
type Level struct{ n int }

// NewLevel returns level n.
func NewLevel(n int) *Level { return &Level{n: n} }

// Next returns the level after l.
func (l Level) Next() Level { return Level{n: l.n + 1} }

// Name is "L" and the level's number.
func (l *Level) Name() string { return "L" + strconv.Itoa(l.n) }

// Any reports whether f holds for one of the words: its cases differ in
// the function literal they pass, and their subtests are named after
// what it returns.
func Any(words []string, f func(string) bool) bool {
	for _, w := range words {
		if f(w) {
			return true
		}
	}
	return false
}

// First and Top are levels a caller starts from: cases that differ in
// which one they take are named after it.
var (
	First = NewLevel(0)
	Top   = NewLevel(9)
)
