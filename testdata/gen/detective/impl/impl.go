// Package impl implements target.Shape without importing it.
package impl

// Square is a square.
type Square struct{ Side float64 }

// NewSquare returns a square with side s.
func NewSquare(s float64) *Square { return &Square{Side: s} }

// Area returns the area.
func (q *Square) Area() float64 { return q.Side * q.Side }
