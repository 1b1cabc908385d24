package impl // want package:`types\(impl.Circle:constructor impl.Config:literal impl.Handler:literal impl.ParseError:zero impl.Sizer:interface impl.Square:zero impl.Wrapper:zero\) impl\(\*io.SectionReader<impl.Sizer \*impl.Circle<shapes.Shape \*impl.ParseError<error impl.Square<shapes.Shape\)`

// This package implements an interface of another package, declares one
// implemented by a type of its dependencies, and has a type of each
// constructibility class.

import (
	"io"

	"typedeps/shapes"
)

// Square implements shapes.Shape with a value receiver; its zero value is
// usable.
type Square struct{ Side float64 }

// Area implements shapes.Shape.
func (s Square) Area() float64 { return s.Side * s.Side }

// Circle implements shapes.Shape through its pointer and needs its
// constructor: the unexported map must be made.
type Circle struct {
	r     float64
	cache map[string]float64
}

// NewCircle validates r.
func NewCircle(r float64) (*Circle, error) {
	if r < 0 {
		return nil, io.ErrUnexpectedEOF
	}
	return &Circle{r: r, cache: map[string]float64{}}, nil
}

// Area implements shapes.Shape.
func (c *Circle) Area() float64 { return 3 * c.r * c.r }

// Config needs its exported map set: a literal from outside can.
type Config struct {
	Name   string
	Limits map[string]int
}

// Handler is a function type: a func literal builds one.
type Handler func(string) error

// Sizer is implemented by *io.SectionReader from a dependency.
type Sizer interface{ Size() int64 }

// Wrapper is zero-usable because shapes.Buffer is, as shapes' fact says.
type Wrapper struct{ buf shapes.Buffer }

// secret is unexported and nothing exported returns it.
type secret struct{ n int }

// Measure consumes a shape and a reader.
func Measure(s shapes.Shape, r io.Reader) float64 { return s.Area() }

// Open produces an io.Reader.
func Open(name string) io.Reader { return nil }

func use(secret) {}

// ParseError implements the universe's error interface.
type ParseError struct{ Line int }

func (e *ParseError) Error() string { return "parse error" }
