// Package c has call protocols stated in doc comments, and look-alikes
// that state none.
package c

// Cursor walks a slice. Call Step before reading: a new Cursor is
// positioned before the first element.
type Cursor struct {
	s []int
	i int
}

// Step moves to the next element and reports whether there is one.
func (c *Cursor) Step() bool { c.i++; return c.i <= len(c.s) } // want Step:"advance: Call Step before reading: a new Cursor is positioned before the first element."

// Item returns the current element.
func (c *Cursor) Item() int { return c.s[c.i-1] }

// Walker walks a slice backwards.
type Walker struct {
	s []int
	i int
}

// Back moves to the previous element. If Back returns true, the element
// can be read with Item.
func (w *Walker) Back() bool { w.i--; return w.i >= 0 } // want Back:"advance: If Back returns true, the element can be read with Item."

// Rewind puts the walker after the last element; call Back to read it.
func (w *Walker) Rewind() { w.i = len(w.s) }

// Item returns the current element.
func (w *Walker) Item() int { return w.s[w.i] }

// Set is a set of ints.
type Set struct{ m map[int]bool }

// Add adds x and returns true if x was not in the set before.
func (s *Set) Add(x int) bool { was := s.m[x]; s.m[x] = true; return !was }

// Has reports whether x is in the set.
func (s *Set) Has(x int) bool { return s.m[x] }

// Len is the number of elements.
func (s *Set) Len() int { return len(s.m) }

// Flag is a flag.
type Flag struct{ on bool }

// On reports whether the flag is on. Set it first with Toggle.
func (f *Flag) On() bool { return f.on }

// Toggle flips the flag.
func (f *Flag) Toggle() { f.on = !f.on }
