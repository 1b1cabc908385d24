// Package puritydiscard holds the classes of discarded results the
// discard check reports (mistakes: a new value dropped, an error dropped)
// and the ones it keeps quiet about (assertions called for their panic,
// compile-time checks that never run).
package puritydiscard

import (
	"errors"
	"strings"
	"unsafe"
)

// Assertions through same-package helpers: a method returns what a
// package-level check returns, and the check panics on purpose. The call
// is kept for that panic.

type region struct{ off, n int }

type Mat struct {
	data []float64
	r    region
}

var errOverlap = "puritydiscard: overlapping regions"

func overlaps(a, b region) bool {
	if a.n == 0 || b.n == 0 {
		return false
	}
	if a.off < b.off+b.n && b.off < a.off+a.n {
		panic(errOverlap)
	}
	return false
}

func (m *Mat) overlaps(r region) bool { return overlaps(m.r, r) }

// checkBoth panics two calls down, still inside the package.
func (m *Mat) checkBoth(a, b region) bool { return m.overlaps(a) || m.overlaps(b) }

func (m *Mat) Add(a, b *Mat) {
	m.overlaps(a.r)       // an assertion: not reported
	m.checkBoth(a.r, b.r) // the same, two levels down: not reported
	overlaps(m.r, b.r)    // the panicking check itself: not reported
	for i := range m.data {
		m.data[i] = a.data[i] + b.data[i]
	}
}

// Panics that do not make an assertion: in another package, or in code
// that is compiled out.

const debug = false

func checked(n int) int {
	if debug {
		panic("unreachable in release builds")
	}
	return n
}

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

func Use(s string, n int) {
	checked(n) // want "result of puritydiscard.checked is discarded"
	title(s)   // want "result of puritydiscard.title is discarded"
}

// Mistakes the check is for.

// Tag is a value; SetKey returns the changed copy.
type Tag struct {
	lang string
	keys []string
}

func (t Tag) SetKey(k string) Tag {
	out := Tag{lang: t.lang}
	for _, x := range t.keys {
		if x != k {
			out.keys = append(out.keys, x)
		}
	}
	return out
}

// Base drops the "rg" key; the dropped copy leaves it in.
func (t Tag) Base() Tag {
	t.SetKey("rg") // want `result of \(puritydiscard.Tag\).SetKey is discarded`
	return t
}

func validateBreaks(breaks []int, n int) error {
	for _, b := range breaks {
		if b < 0 || b > n {
			return errors.New("puritydiscard: line break out of range")
		}
	}
	return nil
}

// Reorder drops the validation's error: it validates nothing.
func Reorder(breaks []int, n int) []int {
	validateBreaks(breaks, n) // want "result of puritydiscard.validateBreaks is discarded"
	return breaks
}

// Compile-time checks: a function literal assigned to the blank variable
// is never called; its calls make the compiler check that the methods
// exist with these receivers.

type Eq struct{ v int }

func (a Eq) Equal(b Eq) bool  { return a.v == b.v }
func (a *Eq) Less(b *Eq) bool { return a.v < b.v }

var _ = func(a Eq, b *Eq) {
	a.Equal(a) // not reported
	b.Less(b)  // not reported
}

var (
	_ = 1
	_ = func(a Eq) { a.Equal(a) } // not reported
)

// A literal that can be called is code like any other.
var compare = func(a Eq) {
	a.Equal(a) // want `result of \(puritydiscard.Eq\).Equal is discarded`
}

// So is a named function nobody calls: it is dead code or called by
// reflection, and the dropped result is a mistake the day it runs.
func unused(a Eq) {
	a.Equal(a) // want `result of \(puritydiscard.Eq\).Equal is discarded`
}

// Writes through pointers made by unsafe.Pointer arithmetic land in the
// memory the arithmetic started from (bbolt writes its pages so): the
// call is the write, and dropping its count is not a mistake.

type page struct {
	count uint16
	data  [64]byte
}

func elementAt(p *page, off uintptr) *byte {
	return (*byte)(unsafe.Pointer(uintptr(unsafe.Pointer(p)) + unsafe.Offsetof(p.data) + off))
}

func writeElements(p *page, b []byte) int {
	for i, c := range b {
		*elementAt(p, uintptr(i)) = c
	}
	return len(b)
}

func fill(p *page) {
	writeElements(p, []byte("abc")) // not reported
}

// Calls of functions built only for some platforms: this build's stub is
// inert, the other platform's is not.

type Array struct{ n int }

func (a *Array) bytes() []byte {
	out := make([]byte, a.n)
	for i := range out {
		getElement(i, &out[i]) // not reported
	}
	return out
}

// release reaches the stub through a same-package helper.
func (a *Array) release() int { return fetch(a) }

func fetch(a *Array) int { _ = getElement(0, nil); return a.n }

func done(a *Array) {
	a.release() // not reported
}
