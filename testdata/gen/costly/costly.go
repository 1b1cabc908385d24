// Package costly holds two classes of operations whose cost a random
// search can make explode, next to ordinary branches to cover:
//
//   - a value wired to itself: a Writer whose output is itself recurses
//     on every flush, and each level formats a larger buffer than the one
//     before, so the recursion reaches the stack limit only after many
//     call limits (text/tabwriter's Init(w, w, ...));
//   - work that grows with an integer argument: a precision or a width up
//     to a limit the package compares against (MaxPrecision), far past
//     what a call finishes in (shopspring/decimal's RootRound(x, MaxInt32)).
//
// A search must stay within its budget on such a package and still cover
// the ordinary branches.
package costly

import (
	"errors"
	"io"
	"strings"
)

// MaxPrecision is the largest precision Root accepts.
const MaxPrecision = 1 << 30

// Writer pads the cells of each line to a minimum width and writes the
// lines to its output when it sees a newline.
type Writer struct {
	out   io.Writer
	width int
	buf   []byte
	lines int
}

// NewWriter returns a Writer writing to out with cells at least width wide.
func NewWriter(out io.Writer, width int) *Writer {
	return new(Writer).Init(out, width)
}

// Init sets the output and the width and returns w.
func (w *Writer) Init(out io.Writer, width int) *Writer {
	if width < 0 {
		width = 0
	}
	if width > 80 {
		width = 80
	}
	w.out, w.width, w.buf = out, width, w.buf[:0]
	return w
}

// Write buffers p and flushes complete lines.
func (w *Writer) Write(p []byte) (int, error) {
	if w.out == nil {
		return 0, errors.New("costly: no output")
	}
	w.buf = append(w.buf, p...)
	if strings.Contains(string(p), "\n") {
		if err := w.Flush(); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// Flush writes the buffered text, each tab-separated cell padded to the
// width, to the output.
func (w *Writer) Flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(string(w.buf), "\n") {
		for i, cell := range strings.Split(line, "\t") {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(cell)
			for n := len(cell); n < w.width; n++ {
				b.WriteByte('.')
			}
		}
		if strings.HasSuffix(line, "\n") {
			w.lines++
		}
	}
	// The buffer is reset only after the output took the text: an output
	// that is w itself appends to it and flushes again, each time more.
	_, err := io.WriteString(w.out, b.String())
	w.buf = w.buf[:0]
	return err
}

// Lines returns the number of lines written.
func (w *Writer) Lines() int { return w.lines }

// Root returns the integer square root of x, refined with prec rounds of
// digit-by-digit work each as long as prec: the work grows with the square
// of the precision.
func Root(x int, prec int) (int, error) {
	if x < 0 {
		return 0, errors.New("costly: negative")
	}
	if prec <= 0 || prec > MaxPrecision {
		return 0, errors.New("costly: precision out of range")
	}
	r := 0
	for r*r <= x {
		r++
	}
	r--
	sum := 0
	for i := 0; i < prec; i++ {
		for j := 0; j < prec; j++ {
			sum += (i ^ j) & 1
		}
	}
	if sum < 0 {
		return -1, nil // never: keeps the loop from being optimized away
	}
	if r*r == x {
		return r, nil
	}
	return r, errors.New("costly: not a square")
}

// Classify says what kind of number n is.
func Classify(n int) string {
	switch {
	case n < 0:
		return "negative"
	case n == 0:
		return "zero"
	case n%2 == 0:
		return "even"
	}
	return "odd"
}
