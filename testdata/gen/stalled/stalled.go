// Package stalled holds operations that, on some receivers, never return
// (the class of search/hang.go), next to ordinary branches to cover:
//
//   - a record reader that reads on until its delimiter, over a source
//     that never ends (Repeat of a text without the delimiter) or never
//     delivers (Repeat of nothing);
//   - a zero Records, with no buffer and no source, whose Next makes no
//     progress and loops for ever (bufio's zero Reader and ReadString, its
//     zero Writer and WriteString);
//   - a Gate whose Wait blocks until someone opens it.
//
// A search with a small budget must not spend it on these calls' limits,
// and must still reach the calls' normal paths (a Records over a source
// that ends, a Gate that was opened).
package stalled

import (
	"bytes"
	"errors"
	"io"
)

// Source is an io.Reader over a text, read once or over and over.
type Source struct {
	text string
	pos  int
	loop bool
}

// Once returns a source that delivers text, then io.EOF.
func Once(text string) *Source { return &Source{text: text} }

// Repeat returns a source that delivers text over and over and never ends;
// over an empty text it never delivers anything either.
func Repeat(text string) *Source { return &Source{text: text, loop: true} }

// Read implements io.Reader.
func (s *Source) Read(p []byte) (int, error) {
	if s.pos == len(s.text) {
		if !s.loop {
			return 0, io.EOF
		}
		s.pos = 0
	}
	n := copy(p, s.text[s.pos:])
	s.pos += n
	return n, nil
}

// MaxRecord is the longest record Next keeps; the rest is dropped.
const MaxRecord = 16

// ErrLong reports a record longer than MaxRecord, cut to its first
// MaxRecord bytes.
var ErrLong = errors.New("stalled: record too long")

// Records reads records ended by a delimiter from a source.
type Records struct {
	src        io.Reader
	delim      byte
	buf        []byte
	start, end int
	err        error
	count      int
	longest    int
}

// New returns a reader of src's records ended by delim, with a buffer of
// size bytes (8 if size is smaller).
func New(src io.Reader, delim byte, size int) *Records {
	if size < 8 {
		size = 8
	}
	return &Records{src: src, delim: delim, buf: make([]byte, size)}
}

// Next returns the next record without its delimiter. A record longer
// than MaxRecord is cut, with ErrLong; at the source's end, the last
// record (if any) and the source's error.
func (r *Records) Next() (string, error) {
	var rec []byte
	long := false
	for {
		if i := bytes.IndexByte(r.buf[r.start:r.end], r.delim); i >= 0 {
			rec, long = keep(rec, r.buf[r.start:r.start+i], long)
			r.start += i + 1
			return r.record(rec, long)
		}
		if r.end-r.start == len(r.buf) {
			// The buffer is full and holds no delimiter: keep what
			// fits in the record and read on.
			rec, long = keep(rec, r.buf[r.start:r.end], long)
			r.start, r.end = 0, 0
			continue
		}
		if r.err != nil {
			rec, long = keep(rec, r.buf[r.start:r.end], long)
			r.start = r.end
			if len(rec) == 0 {
				return "", r.err
			}
			s, err := r.record(rec, long)
			if err == nil {
				err = r.err
			}
			return s, err
		}
		if r.start > 0 {
			copy(r.buf, r.buf[r.start:r.end])
			r.end -= r.start
			r.start = 0
		}
		n, err := r.src.Read(r.buf[r.end:])
		r.end += n
		r.err = err
	}
}

// keep appends b to rec up to MaxRecord bytes, and reports whether any
// byte was dropped.
func keep(rec, b []byte, long bool) ([]byte, bool) {
	if room := MaxRecord - len(rec); len(b) > room {
		return append(rec, b[:room]...), true
	}
	return append(rec, b...), long
}

// record counts a record and returns it.
func (r *Records) record(rec []byte, long bool) (string, error) {
	r.count++
	if len(rec) > r.longest {
		r.longest = len(rec)
	}
	if long {
		return string(rec), ErrLong
	}
	return string(rec), nil
}

// Skip discards n records and returns how many it discarded before an
// error.
func (r *Records) Skip(n int) (int, error) {
	for i := 0; i < n; i++ {
		if _, err := r.Next(); err != nil && !errors.Is(err, ErrLong) {
			return i, err
		}
	}
	return n, nil
}

// Stats says how many records Next returned and the longest one's length.
func (r *Records) Stats() (count, longest int) { return r.count, r.longest }

// Kind classifies the records read so far.
func (r *Records) Kind() string {
	switch {
	case r.count == 0:
		return "none"
	case r.longest >= MaxRecord:
		return "long"
	case r.count > 3:
		return "many"
	}
	return "few"
}

// Gate is a one-time signal.
type Gate struct {
	ch     chan struct{}
	opened bool
}

// NewGate returns a closed gate.
func NewGate() *Gate { return &Gate{ch: make(chan struct{})} }

// Open opens the gate; it reports whether it was closed.
func (g *Gate) Open() bool {
	if g.opened {
		return false
	}
	g.opened = true
	close(g.ch)
	return true
}

// Wait blocks until the gate is open, and returns how many of the records
// r holds after it.
func (g *Gate) Wait(r *Records) int {
	<-g.ch
	if r == nil {
		return 0
	}
	return r.count
}
