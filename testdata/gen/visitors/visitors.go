// Package visitors hands its elements to callbacks: a visitor over a
// sorted set, a visitor that can stop early, and a cache that tells its
// owner what it evicts. What such a package does shows only in what the
// callbacks are called with.
package visitors

import "sort"

// Set is a sorted set of ints.
type Set struct {
	xs []int
}

// Add inserts x; it reports whether x was new.
func (s *Set) Add(x int) bool {
	i := sort.SearchInts(s.xs, x)
	if i < len(s.xs) && s.xs[i] == x {
		return false
	}
	s.xs = append(s.xs, 0)
	copy(s.xs[i+1:], s.xs[i:])
	s.xs[i] = x
	return true
}

// Each calls f with every element, smallest first.
func (s *Set) Each(f func(x int)) {
	for _, x := range s.xs {
		f(x)
	}
}

// Until calls f with the elements from the largest down, until f
// returns false.
func (s *Set) Until(f func(x int) bool) {
	for i := len(s.xs) - 1; i >= 0; i-- {
		if !f(s.xs[i]) {
			return
		}
	}
}

// Cache holds at most a fixed number of entries, evicting the oldest.
type Cache struct {
	max     int
	keys    []string
	vals    map[string]int
	onEvict func(key string, val int)
}

// NewCache returns a cache of at most max entries (at least 1) that calls
// onEvict, if not nil, with each entry it evicts.
func NewCache(max int, onEvict func(key string, val int)) *Cache {
	if max < 1 {
		max = 1
	}
	return &Cache{max: max, vals: map[string]int{}, onEvict: onEvict}
}

// Put sets key to val, evicting the oldest entry when the cache is full.
func (c *Cache) Put(key string, val int) {
	if _, ok := c.vals[key]; !ok {
		if len(c.keys) == c.max {
			old := c.keys[0]
			c.keys = c.keys[1:]
			if c.onEvict != nil {
				c.onEvict(old, c.vals[old])
			}
			delete(c.vals, old)
		}
		c.keys = append(c.keys, key)
	}
	c.vals[key] = val
}

// Len returns the number of entries.
func (c *Cache) Len() int { return len(c.keys) }
