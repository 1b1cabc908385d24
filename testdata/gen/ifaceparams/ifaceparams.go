// Package ifaceparams is a fixture of functions that take interface
// parameters other than `any`: interfaces the package declares and no type
// of the package implements (Shape, Visitor, Source: its clients implement
// them), and interfaces it imports (fmt.Stringer, sort.Interface,
// io.Reader). Each function branches on what the methods return, so a
// test reaches its branches only with implementations whose methods return
// the values it compares against: a synthesized type whose results the
// search chooses, or one from the standard library (strings.NewReader).
package ifaceparams

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Shape is a plane figure; the package's clients implement it.
type Shape interface {
	Area() float64
	Name() string
}

// Classify names the size class of s.
func Classify(s Shape) string {
	a := s.Area()
	switch {
	case a < 0:
		return "invalid " + s.Name()
	case a == 0:
		return "degenerate " + s.Name()
	case a < 10:
		return "small " + s.Name()
	case a < 1000:
		return "medium " + s.Name()
	}
	return "large " + s.Name()
}

// Largest returns the shape of largest area, or an error for none or for
// a negative area.
func Largest(shapes []Shape) (Shape, error) {
	if len(shapes) == 0 {
		return nil, errors.New("ifaceparams: no shapes")
	}
	best := shapes[0]
	for _, s := range shapes {
		if s.Area() < 0 {
			return nil, fmt.Errorf("ifaceparams: %s has a negative area", s.Name())
		}
		if s.Area() > best.Area() {
			best = s
		}
	}
	return best, nil
}

// Visitor is called on each number; returning false stops the walk.
type Visitor interface {
	Visit(n int) bool
}

// Walk calls v on 1..n and returns how many it visited before v stopped it.
func Walk(v Visitor, n int) int {
	if n > 100 {
		n = 100
	}
	for i := 1; i <= n; i++ {
		if !v.Visit(i) {
			return i - 1
		}
	}
	return n
}

// Source yields a token and an error.
type Source interface {
	Next() (string, error)
}

// ErrStop is what a Source returns when it has nothing more.
var ErrStop = errors.New("ifaceparams: stop")

// First returns the first non-empty token of src, telling its errors apart.
func First(src Source) (string, error) {
	tok, err := src.Next()
	if errors.Is(err, ErrStop) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("ifaceparams: source: %w", err)
	}
	if tok == "" {
		return "", errors.New("ifaceparams: empty token")
	}
	return strings.ToUpper(tok), nil
}

// Label formats s with a prefix chosen by the length of its text.
func Label(s fmt.Stringer) string {
	t := s.String()
	switch {
	case t == "":
		return "<empty>"
	case len(t) > 8:
		return t[:8] + "..."
	case strings.HasPrefix(t, "#"):
		return "tag " + t[1:]
	}
	return "text " + t
}

// Sorted reports whether data is sorted, and its length class.
func Sorted(data sort.Interface) string {
	n := data.Len()
	if n == 0 {
		return "empty"
	}
	if n > 1000 {
		return "too long"
	}
	if sort.IsSorted(data) {
		return "sorted"
	}
	return "unsorted"
}

// CountLines counts the lines of r; a line longer than 20 bytes is an error.
func CountLines(r io.Reader) (int, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return 0, fmt.Errorf("ifaceparams: read: %w", err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if len(line) > 20 {
			return n, errors.New("ifaceparams: line too long")
		}
		if line != "" {
			n++
		}
	}
	return n, nil
}
