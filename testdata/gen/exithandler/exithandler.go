// Package exithandler parses "key=value; key=value" settings and reports
// syntax errors through an exported handler variable that defaults to
// log.Fatal: the class of parsers whose errors exit unless the caller
// swaps the handler (issue 34). Every error path calls the handler and
// then returns, as code written for a replaceable handler does.
package exithandler

import (
	"fmt"
	"log"
	"strconv"
	"strings"
)

// ErrorHandler is called with every syntax error. By default it ends the
// process; callers that want to go on store a handler that returns.
var ErrorHandler = func(err error) { log.Fatal(err) }

// Settings is a parsed list of settings, in their order.
type Settings struct {
	m     map[string]string
	order []string
}

// New returns empty settings.
func New() *Settings { return &Settings{m: map[string]string{}} }

// Add parses one "key=value" setting and adds it. On a syntax error (no
// '=', an empty key, a key already set) it calls ErrorHandler and
// reports false.
func (s *Settings) Add(line string) bool {
	k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
	if !ok {
		ErrorHandler(fmt.Errorf("missing '=' in %q", line))
		return false
	}
	k = strings.TrimSpace(k)
	if k == "" {
		ErrorHandler(fmt.Errorf("empty key in %q", line))
		return false
	}
	if _, dup := s.m[k]; dup {
		ErrorHandler(fmt.Errorf("duplicate key %q", k))
		return false
	}
	s.m[k] = strings.TrimSpace(v)
	s.order = append(s.order, k)
	return true
}

// Parse parses settings separated by ';'. On a syntax error it calls
// ErrorHandler and returns nil.
func Parse(text string) *Settings {
	s := New()
	for _, line := range strings.Split(text, ";") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		if !s.Add(line) {
			return nil
		}
	}
	return s
}

// Get returns the value of key k and whether it is set.
func (s *Settings) Get(k string) (string, bool) {
	v, ok := s.m[k]
	return v, ok
}

// Int returns the value of key k as an integer. A missing key is 0; a
// value that is not an integer is reported to ErrorHandler and is 0.
func (s *Settings) Int(k string) int {
	v, ok := s.m[k]
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		ErrorHandler(fmt.Errorf("setting %q: %w", k, err))
		return 0
	}
	return n
}

// Len is the number of settings.
func (s *Settings) Len() int { return len(s.order) }

// Keys returns the keys in the order they were given.
func (s *Settings) Keys() []string { return append([]string(nil), s.order...) }

// String writes the settings back in their order.
func (s *Settings) String() string {
	var b strings.Builder
	for i, k := range s.order {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(k + "=" + s.m[k])
	}
	return b.String()
}
