// Package cheap has cheap functions for measuring executor throughput.
package cheap

import "strings"

// Counter counts.
type Counter struct{ n int }

// NewCounter returns a counter starting at n.
func NewCounter(n int) *Counter { return &Counter{n: n} }

// Add adds d and returns the new value.
func (c *Counter) Add(d int) int {
	if d < 0 {
		d = -d
	}
	c.n += d
	return c.n
}

// Value returns the count.
func (c *Counter) Value() int { return c.n }

// Max returns the larger of a and b.
func Max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// Upper upper-cases s when it is short.
func Upper(s string) string {
	if len(s) > 8 {
		return s
	}
	return strings.ToUpper(s)
}

// Sign returns -1, 0 or 1.
func Sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
