// Package exitonly parses "key=value; key=value" settings and reports
// syntax errors through a table of handlers whose "fatal" entry calls
// log.Fatal: a call the effect facts cannot follow (a function value out
// of a map), with no exported way to replace it. The search cannot make
// those paths a test; it can only stop spending executors on them
// (issue 34, search/costly_exit.go).
package exitonly

import (
	"fmt"
	"log"
	"strings"
)

// handlers dispatches errors by severity.
var handlers = map[string]func(error){
	"fatal": func(err error) { log.Fatal(err) },
	"warn":  func(err error) { log.Print(err) },
}

// Settings is a parsed list of settings, in their order.
type Settings struct {
	m     map[string]string
	order []string
}

// Parse parses settings separated by ';'. A syntax error ends the process.
func Parse(text string) *Settings {
	s := &Settings{m: map[string]string{}}
	for i, line := range strings.Split(text, ";") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			handlers["fatal"](fmt.Errorf("setting %d: missing '=' in %q", i+1, line))
			return nil
		}
		k = strings.TrimSpace(k)
		if _, dup := s.m[k]; dup {
			handlers["fatal"](fmt.Errorf("setting %d: duplicate key %q", i+1, k))
			return nil
		}
		s.m[k] = strings.TrimSpace(v)
		s.order = append(s.order, k)
	}
	return s
}

// Get returns the value of key k and whether it is set.
func (s *Settings) Get(k string) (string, bool) {
	v, ok := s.m[k]
	return v, ok
}

// Len is the number of settings.
func (s *Settings) Len() int { return len(s.order) }

// Keys returns the keys in the order they were given.
func (s *Settings) Keys() []string { return append([]string(nil), s.order...) }
