// Package observerfmt holds Format methods that record the parameters of
// the current formatting in their receiver (not reported: the next call
// overwrites them, nothing accumulates) beside Format methods whose
// writes do outlive the call (reported).
package observerfmt

import (
	"fmt"
	"io"
	"strconv"
)

// dumper keeps the fmt.State of the current call for its helpers, as
// spew's formatState does; each formatting gets a fresh dumper.
type dumper struct {
	value any
	fs    fmt.State
	depth int
}

// NewDumper returns a formatter of v for one Printf.
func NewDumper(v any) fmt.Formatter { return &dumper{value: v} }

func (d *dumper) Format(fs fmt.State, verb rune) {
	d.fs = fs
	d.depth = 0
	d.dump(d.value)
}

func (d *dumper) dump(v any) {
	io.WriteString(d.fs, strconv.Itoa(d.depth))
	fmt.Fprint(d.fs, v)
}

// verbParser is formatted into once, only to capture the verb and the
// precision of a format string, as x/text's plural parser is.
type verbParser struct {
	verb  rune
	scale int
	plus  bool
}

func (p *verbParser) Format(s fmt.State, verb rune) {
	p.verb = verb
	p.scale = -1
	if prec, ok := s.Precision(); ok {
		p.scale = prec
	}
	p.plus = s.Flag('+')
}

// Scale returns the precision of format's first verb, -1 if none.
func Scale(format string) int {
	var p verbParser
	fmt.Fprintf(io.Discard, format, &p)
	return p.scale
}

// Counter counts its formattings: the count outlives the call.
type Counter struct{ n int }

func (c *Counter) Format(s fmt.State, verb rune) { // want "Format method .* has side effects: mutates-receiver"
	c.n++
	fmt.Fprint(s, c.n)
}

// History appends each verb it is formatted with: the history grows.
type History struct{ verbs []rune }

func (h *History) Format(s fmt.State, verb rune) { // want "Format method .* has side effects: mutates-receiver"
	h.verbs = append(h.verbs, verb)
	fmt.Fprint(s, len(h.verbs))
}

// Widest keeps the widest width it was ever formatted with: the stored
// value depends on the receiver's old state.
type Widest struct{ w int }

func (x *Widest) Format(s fmt.State, verb rune) { // want "Format method .* has side effects: mutates-receiver"
	if w, ok := s.Width(); ok && w > x.w {
		x.w = max(w, x.w)
	}
	fmt.Fprint(s, x.w)
}

// Shared records the fmt.State in the object it points to, not in
// itself: another holder of that object sees it.
type Shared struct{ inner *dumper }

func (x *Shared) Format(s fmt.State, verb rune) { // want "Format method .* has side effects: mutates-receiver"
	x.inner.fs = s
	fmt.Fprint(s, "shared")
}

// Verbose stores its verb from String: only Format's parameters are
// the current formatting's.
type Verbose struct{ last string }

func (v *Verbose) String() string { // want "String method .* has side effects: mutates-receiver"
	v.last = "s"
	return v.last
}
