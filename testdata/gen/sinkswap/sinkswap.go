// Package sinkswap writes aligned rows of text to an io.Writer the caller
// hands it: the class of package whose output a test must read from the
// writer it gave (text/tabwriter, encoding/csv's Writer, a pretty-printer).
// The writers the search finds for the parameter include some whose
// content a test cannot read (io.MultiWriter(), an io.OffsetWriter): a
// test that hands one of those to New checks nothing of the alignment.
package sinkswap

import (
	"errors"
	"io"
	"strings"
)

// ErrNoRows is returned by Flush when no row was added.
var ErrNoRows = errors.New("sinkswap: no rows")

// Table collects rows and writes them, each cell padded to its column's
// width, when flushed.
type Table struct {
	out  io.Writer
	sep  string
	rows [][2]string
}

// New returns a table writing to out, with sep between the columns.
func New(out io.Writer, sep string) *Table {
	return &Table{out: out, sep: sep}
}

// Add adds a row of two cells.
func (t *Table) Add(key, value string) {
	t.rows = append(t.rows, [2]string{key, value})
}

// Flush writes the rows added since the last Flush and forgets them.
func (t *Table) Flush() error {
	if len(t.rows) == 0 {
		return ErrNoRows
	}
	width := 0
	for _, r := range t.rows {
		if len(r[0]) > width {
			width = len(r[0])
		}
	}
	var b strings.Builder
	for _, r := range t.rows {
		b.WriteString(r[0])
		for i := len(r[0]); i < width; i++ {
			b.WriteByte(' ')
		}
		b.WriteString(t.sep)
		b.WriteString(r[1])
		b.WriteByte('\n')
	}
	t.rows = t.rows[:0]
	_, err := io.WriteString(t.out, b.String())
	return err
}
