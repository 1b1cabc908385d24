// Package wrapreader is a fixture of packages that take an interface
// declared elsewhere (io.Reader) and implement it too, as wrappers: the
// package's own values make the type buildable (a Pair literal of a nil
// Scanner is an io.Reader), but they read nothing, so the branches on
// what is read need a reader from outside the package
// (strings.NewReader).
package wrapreader

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// ErrNoSource is returned by a Scanner without a reader.
var ErrNoSource = errors.New("wrapreader: no source")

// Scanner reads lines from its source and counts them by kind. It is an
// io.Reader itself, of the lines it kept.
type Scanner struct {
	src  io.Reader
	kept strings.Builder
	out  *strings.Reader
}

// NewScanner returns a Scanner of r.
func NewScanner(r io.Reader) *Scanner { return &Scanner{src: r} }

// Pair names a Scanner; it reads what its Scanner kept.
type Pair struct {
	*Scanner
	Name string
}

// Stats counts the lines of a source.
type Stats struct {
	Lines, Blank, Comments, Long int
}

// Scan reads the whole source and counts its lines; comment and blank
// lines are dropped from what Read returns.
func (s *Scanner) Scan() (Stats, error) {
	var st Stats
	if s.src == nil {
		return st, ErrNoSource
	}
	sc := bufio.NewScanner(s.src)
	for sc.Scan() {
		line := sc.Text()
		st.Lines++
		switch {
		case strings.TrimSpace(line) == "":
			st.Blank++
			continue
		case strings.HasPrefix(line, "#"):
			st.Comments++
			continue
		case len(line) > 8:
			st.Long++
		}
		s.kept.WriteString(line)
		s.kept.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return st, err
	}
	return st, nil
}

// Read reads the lines Scan kept.
func (s *Scanner) Read(p []byte) (int, error) {
	if s == nil {
		return 0, io.EOF
	}
	if s.out == nil {
		s.out = strings.NewReader(s.kept.String())
	}
	return s.out.Read(p)
}
