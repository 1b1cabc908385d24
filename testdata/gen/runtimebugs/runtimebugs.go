// Package runtimebugs plants the runtime failures of issue 32 that are bugs
// on legal input, and beside each its misuse twin that is not.
//
// Bugs: ParseHeader indexes past the end of the one-byte header "#";
// NewDecoder accepts a stream whose block length is negative and
// ReadBlock then panics in makeslice; a Pager built with size 0 divides by
// zero in Pages; Unescape loops forever on a text ending in a backslash;
// Tokenize panics with its own "unknown state" on a tab.
//
// Not bugs: MustParseHeader panics as Must functions do; Slice documents
// its panic; ParseLine's doc states that its line ends with a newline;
// Pick indexes with what the caller's callback chose; Queue.Take blocks on
// an empty queue, as a queue's Take does.
package runtimebugs

import (
	"encoding/binary"
	"errors"
	"strings"
)

// Header is a parsed header line.
type Header struct {
	Name   string
	Spaced bool
}

// ParseHeader parses a header line: a '#', an optional space, a name.
func ParseHeader(s string) (Header, error) {
	if len(s) == 0 || s[0] != '#' {
		return Header{}, errors.New("runtimebugs: no '#'")
	}
	h := Header{}
	// The bug: "#" alone has no byte after the '#'.
	if s[1] == ' ' {
		h.Spaced = true
		s = s[1:]
	}
	h.Name = s[1:]
	return h, nil
}

// MustParseHeader is ParseHeader for headers known to be good.
func MustParseHeader(s string) Header {
	h, err := ParseHeader(s)
	if err != nil {
		panic(err)
	}
	return h
}

// Decoder reads length-prefixed blocks from a stream that starts 'D': each
// block is a varint length (encoding/binary) and its bytes.
type Decoder struct {
	buf []byte
}

// NewDecoder returns a decoder of data, or an error if data does not
// start with the stream's magic.
func NewDecoder(data []byte) (*Decoder, error) {
	if len(data) < 1 || data[0] != 'D' {
		return nil, errors.New("runtimebugs: bad magic")
	}
	return &Decoder{buf: data[1:]}, nil
}

// ReadBlock returns the next block, or an error at the end of the stream.
func (d *Decoder) ReadBlock() ([]byte, error) {
	n64, w := binary.Varint(d.buf)
	if w <= 0 {
		return nil, errors.New("runtimebugs: end of stream")
	}
	// The bug: the declared length is trusted, and a negative one
	// reaches make.
	n := int(n64)
	d.buf = d.buf[w:]
	out := make([]byte, n)
	copy(out, d.buf)
	if n <= len(d.buf) {
		d.buf = d.buf[n:]
	} else {
		d.buf = nil
	}
	return out, nil
}

// Pager splits item counts into pages.
type Pager struct {
	size int
}

// NewPager returns a pager of size items per page; a negative size is an
// error.
func NewPager(size int) (*Pager, error) {
	if size < 0 {
		return nil, errors.New("runtimebugs: negative page size")
	}
	// The bug: size 0 passes.
	return &Pager{size: size}, nil
}

// Pages returns how many pages n items fill.
func (p *Pager) Pages(n int) (int, error) {
	if n < 0 {
		return 0, errors.New("runtimebugs: negative count")
	}
	return (n + p.size - 1) / p.size, nil
}

// Unescape removes the backslashes of a text: "a\\b" is "ab".
func Unescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '\\' {
			// The bug: a trailing backslash makes no progress.
			if i+1 < len(s) {
				b.WriteByte(s[i+1])
				i += 2
			}
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String(), nil
}

// Tokenize splits a text into words and spaces.
func Tokenize(s string) ([]string, error) {
	var out []string
	state, start := 0, 0
	for i := 0; i < len(s); i++ {
		next := 1
		switch s[i] {
		case ' ':
			next = 2
		case '\t':
			// The bug: the tab's state has no case below.
			next = 3
		}
		switch {
		case next == state:
			continue
		case state == 1 || state == 2:
			out = append(out, s[start:i])
		case state == 0:
		default:
			panic("runtimebugs: unknown state")
		}
		state, start = next, i
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out, nil
}

// Slice returns the first n bytes of s. It panics if n is out of range.
func Slice(s string, n int) (string, error) {
	return s[:n], nil
}

// ParseLine parses one "key=value" line. The line must end with a newline.
func ParseLine(s string) (string, string, error) {
	body := s[:len(s)-1]
	k, v, ok := strings.Cut(body, "=")
	if !ok {
		return "", "", errors.New("runtimebugs: no '='")
	}
	return k, v, nil
}

// Pick returns the item choose picks among n = len(items).
func Pick(items []string, choose func(n int) int) (string, error) {
	if len(items) == 0 {
		return "", errors.New("runtimebugs: no items")
	}
	return items[choose(len(items))], nil
}

// Queue is a queue of ints between goroutines.
type Queue struct {
	ch chan int
}

// NewQueue returns an empty queue of room for 4 ints.
func NewQueue() *Queue { return &Queue{ch: make(chan int, 4)} }

// Put adds v, or returns an error when the queue is full.
func (q *Queue) Put(v int) error {
	select {
	case q.ch <- v:
		return nil
	default:
		return errors.New("runtimebugs: full")
	}
}

// Take returns the next int, waiting for one.
func (q *Queue) Take() (int, error) { return <-q.ch, nil }
