// Package target takes inputs it cannot build itself.
package target

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"example.com/detective/opaque"
)

// Shape is implemented only in another package of the module.
type Shape interface {
	Area() float64
}

// CountLines counts the lines of r.
func CountLines(r io.Reader) (int, error) {
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		n++
	}
	return n, sc.Err()
}

// Greet writes a greeting to w.
func Greet(w io.Writer, name string) error {
	if name == "" {
		return fmt.Errorf("target: no name")
	}
	_, err := fmt.Fprintf(w, "hello, %s\n", name)
	return err
}

// Classify sorts shapes by size.
func Classify(s Shape) string {
	a := s.Area()
	switch {
	case a <= 0:
		return "empty"
	case a < 10:
		return "small"
	}
	return "large"
}

// IsWork reports whether an address is a work address.
func IsWork(e opaque.Email) bool {
	d := e.Domain()
	if d == "example.com" {
		return true
	}
	return strings.HasSuffix(d, ".corp")
}
