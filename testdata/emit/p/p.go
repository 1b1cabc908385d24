// Package p is the fixture of internal/emit's tests: functions whose
// cases make tables, fuzz targets and findings.
package p

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Color is an enum.
type Color int

// The colors.
const (
	Red Color = iota
	Green
	Blue
)

// String names c.
func (c Color) String() string {
	switch c {
	case Red:
		return "red"
	case Green:
		return "green"
	case Blue:
		return "blue"
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// Next returns the color after c.
func Next(c Color) Color { return (c + 1) % 3 }

// ParseCents parses a whole number of dollars into cents.
func ParseCents(s string) (int64, error) {
	if s == "" {
		return 0, errors.New("p: empty amount")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("p: bad amount %q", s)
	}
	return n * 100, nil
}

// Clamp limits x to [lo, hi].
func Clamp(x int64, lo, hi int8) int64 {
	if x < int64(lo) {
		return int64(lo)
	}
	if x > int64(hi) {
		return int64(hi)
	}
	return x
}

// Checksum adds the bytes of b.
func Checksum(b []byte) uint32 {
	var s uint32
	for _, c := range b {
		s += uint32(c)
	}
	return s
}

// Half halves f, or returns it unchanged when !on.
func Half(f float32, on bool) float32 {
	if on {
		return f / 2
	}
	return f
}

// Sum adds its arguments.
func Sum(xs ...int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// Cart holds names.
type Cart struct{ items []string }

// NewCart returns an empty cart.
func NewCart(limit int) (*Cart, error) {
	if limit <= 0 {
		return nil, fmt.Errorf("p: limit %d must be positive", limit)
	}
	return &Cart{}, nil
}

// Add adds a name.
func (c *Cart) Add(name string) error {
	if name == "" {
		return errors.New("p: empty name")
	}
	c.items = append(c.items, name)
	return nil
}

// Len returns the number of names.
func (c *Cart) Len() int { return len(c.items) }

// Point is a point.
type Point struct{ X, Y int }

// Equal is not reflexive when X is 3: a planted bug.
func (p Point) Equal(q Point) bool { return p.X == q.X && p.Y == q.Y && p.X != 3 }

// NewPoint returns a point.
func NewPoint(x, y int) Point { return Point{x, y} }

// Version has an unexported field.
type Version struct{ major int }

// NewVersion returns a version.
func NewVersion(major int) Version { return Version{major} }

// MarshalText writes the major version.
func (v Version) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(v.major)), nil }

// UnmarshalText forgets the version: a planted bug.
func (v *Version) UnmarshalText(b []byte) error { return nil }

// Size dereferences c without a nil check: a planted bug.
func Size(c *Cart) int { return len(c.items) }

// Self returns the cart itself, as a fluent method does.
func (c *Cart) Self() *Cart { return c }

// Copy returns a new cart with the same items.
func (c *Cart) Copy() *Cart { return &Cart{items: append([]string(nil), c.items...)} }

// Box is a comparable struct without an Equal method.
type Box struct{ W, H int }

// NewBox returns a box.
func NewBox(w, h int) Box { return Box{w, h} }

// NewBoxPtr returns a pointer to a box.
func NewBoxPtr(w, h int) *Box { return &Box{w, h} }

// Fields splits s at commas; "" has no fields (nil).
func Fields(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// Upper returns s in upper case as bytes.
func Upper(s string) []byte { return []byte(strings.ToUpper(s)) }

// Count counts the letters of s.
func Count(s string) map[string]int {
	m := map[string]int{}
	for _, r := range s {
		m[string(r)]++
	}
	return m
}

// Grid returns an n×n grid of zeros.
func Grid(n int) [][]int {
	g := make([][]int, n)
	for i := range g {
		g[i] = make([]int, n)
	}
	return g
}
