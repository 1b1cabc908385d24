// Package elephant returns values through interfaces whose run-time types
// other functions need: without composite literals of the shapes (the
// test switches construct off), only pooling by run-time type (GRT's
// elephant brain) connects them.
package elephant

import "fmt"

// Shape is what Make returns.
type Shape interface{ Area() float64 }

// Rect is a rectangle.
type Rect struct{ W, H float64 }

// Area returns the area.
func (r *Rect) Area() float64 { return r.W * r.H }

// Circle is a circle.
type Circle struct{ R float64 }

// Area returns the area.
func (c *Circle) Area() float64 { return 3 * c.R * c.R }

// Make builds a shape from a kind.
func Make(kind string, size float64) Shape {
	if kind == "rect" {
		return &Rect{W: size, H: size * 2}
	}
	return &Circle{R: size}
}

// Stretch widens a rectangle; only a *Rect will do.
func Stretch(r *Rect, by float64) string {
	if by <= 0 {
		return "unchanged"
	}
	r.W *= by
	if r.W > 10 {
		return fmt.Sprintf("wide %.1f", r.W)
	}
	return fmt.Sprintf("%.1f", r.W)
}

// Grow enlarges a circle; only a *Circle will do.
func Grow(c *Circle) bool {
	if c.R > 5 {
		return false
	}
	c.R++
	return true
}
