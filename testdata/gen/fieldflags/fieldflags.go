// Package fieldflags reads comma-separated records. Like encoding/csv's
// Reader, its behaviour is switched by exported fields that the caller
// sets after the constructor: NewReader does not take them, and a
// composite literal cannot build a usable Reader (its source is
// unexported).
package fieldflags

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrBareQuote is returned for a quote inside a field when Lenient is
// false.
var ErrBareQuote = errors.New("fieldflags: bare quote in field")

// Reader reads records, one per line.
type Reader struct {
	// TrimSpace removes the spaces around each field.
	TrimSpace bool
	// Lenient drops quotes inside fields instead of failing.
	Lenient bool
	// SkipComments skips the lines that start with '#'.
	SkipComments bool

	lines []string
	line  int
}

// NewReader returns a Reader of the lines of text.
func NewReader(text string) *Reader {
	return &Reader{lines: strings.Split(text, "\n")}
}

// Read returns the next record, or io.EOF after the last.
func (r *Reader) Read() ([]string, error) {
	for r.line < len(r.lines) {
		l := r.lines[r.line]
		r.line++
		if r.SkipComments && strings.HasPrefix(l, "#") {
			continue
		}
		fields := strings.Split(l, ",")
		for i, f := range fields {
			if r.TrimSpace {
				f = strings.TrimSpace(f)
			}
			if strings.Contains(f, `"`) {
				if !r.Lenient {
					return nil, fmt.Errorf("line %d: %w", r.line, ErrBareQuote)
				}
				f = strings.ReplaceAll(f, `"`, "")
			}
			fields[i] = f
		}
		return fields, nil
	}
	return nil, io.EOF
}

// Line returns the number of lines read so far.
func (r *Reader) Line() int { return r.line }

// ErrEmpty is returned by Compile for an empty pattern.
var ErrEmpty = errors.New("fieldflags: empty pattern")

// Pattern matches a field. Fold is an option the caller sets after
// Compile; the text form (MarshalText) carries the pattern only, as
// semver.Constraints' text leaves out IncludePrerelease.
type Pattern struct {
	// Fold makes Match ignore case.
	Fold bool

	src string
}

// Compile returns the pattern of s.
func Compile(s string) (*Pattern, error) {
	if s == "" {
		return nil, ErrEmpty
	}
	return &Pattern{src: s}, nil
}

// Match reports whether field matches the pattern.
func (p *Pattern) Match(field string) bool {
	if p.Fold {
		return strings.EqualFold(p.src, field)
	}
	return p.src == field
}

// MarshalText returns the pattern's text.
func (p *Pattern) MarshalText() ([]byte, error) { return []byte(p.src), nil }

// UnmarshalText sets the pattern from its text.
func (p *Pattern) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		return ErrEmpty
	}
	p.src = string(b)
	return nil
}
