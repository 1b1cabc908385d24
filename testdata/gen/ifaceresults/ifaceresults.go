// Package ifaceresults hands out its objects only behind interfaces, as
// hex.NewEncoder returns an io.Writer and zlib.NewReader an
// io.ReadCloser: the concrete types are unexported, so a test can reach
// their code only through the interfaces' methods.
package ifaceresults

import (
	"errors"
	"io"
	"strings"
)

// ErrShape is returned by Parse for an unknown shape.
var ErrShape = errors.New("ifaceresults: unknown shape")

// Shape is a plane figure.
type Shape interface {
	Area() float64
	Scale(f float64) Shape
}

type square struct{ side float64 }

func (s square) Area() float64 { return s.side * s.side }

func (s square) Scale(f float64) Shape {
	if f <= 0 {
		return square{}
	}
	return square{s.side * f}
}

type rect struct{ w, h float64 }

func (r rect) Area() float64 {
	if r.w < 0 || r.h < 0 {
		return 0
	}
	return r.w * r.h
}

func (r rect) Scale(f float64) Shape { return rect{r.w * f, r.h * f} }

// Parse returns the shape a word names: "square" or "rect".
func Parse(word string) (Shape, error) {
	switch strings.ToLower(word) {
	case "square":
		return square{1}, nil
	case "rect":
		return rect{2, 1}, nil
	}
	return nil, ErrShape
}

// NewUpper returns a writer that upper-cases what it writes to w.
func NewUpper(w io.Writer) io.Writer { return &upper{w: w} }

type upper struct {
	w     io.Writer
	count int
}

func (u *upper) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	u.count += len(p)
	return u.w.Write([]byte(strings.ToUpper(string(p))))
}
