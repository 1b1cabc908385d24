// Package docpanics is a fixture of calls that panic as their
// documentation says they do: the statements leading to such a panic
// are reached only by a run that panics, which is no ordinary test; the
// written file covers them only with a test asserting the panic.
package docpanics

import (
	"errors"
	"strconv"
)

// ErrEmpty is returned by Parse for the empty string.
var ErrEmpty = errors.New("docpanics: empty")

// Parse reads a count: a decimal number that is not negative.
func Parse(s string) (int, error) {
	if s == "" {
		return 0, ErrEmpty
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, err
	}
	if n < 0 {
		return 0, errors.New("docpanics: negative count")
	}
	return n, nil
}

// MustParse is like Parse but panics if s is not a count.
func MustParse(s string) int {
	n, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return n
}

// Ring is a fixed number of ints, the oldest overwritten first.
type Ring struct {
	items []int
	next  int
}

// NewRing returns a ring of n ints. It panics if n is not positive.
func NewRing(n int) *Ring {
	if n <= 0 {
		panic("docpanics: ring of " + strconv.Itoa(n))
	}
	return &Ring{items: make([]int, n)}
}

// Put stores v in place of the oldest int.
func (r *Ring) Put(v int) {
	r.items[r.next] = v
	r.next = (r.next + 1) % len(r.items)
}

// At returns the i-th int. It panics if i is out of range.
func (r *Ring) At(i int) int {
	if i < 0 || i >= len(r.items) {
		panic("docpanics: index " + strconv.Itoa(i) + " out of range")
	}
	return r.items[i]
}
