// Package planted holds four planted bugs for gentest's oracles: an Equal
// that is not reflexive for some values, methods that panic on a zero
// value, a MarshalText/UnmarshalText pair that does not round-trip, and a
// nil dereference on an empty but non-nil receiver.
package planted

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a release version.
type Version struct {
	Major, Minor int
	Pre          string
}

// NewVersion returns a version.
func NewVersion(major, minor int, pre string) Version {
	return Version{Major: major, Minor: minor, Pre: pre}
}

// Equal reports whether two versions are the same. Planted bug: a
// pre-release is never equal to anything, not even itself.
func (v Version) Equal(o Version) bool {
	if v.Pre != "" {
		return false
	}
	return v.Major == o.Major && v.Minor == o.Minor && v.Pre == o.Pre
}

// Less orders versions.
func (v Version) Less(o Version) bool {
	if v.Major != o.Major {
		return v.Major < o.Major
	}
	return v.Minor < o.Minor
}

// Registry counts names. It has no constructor, so its zero value must be
// usable; planted bug: Add writes to a nil map.
type Registry struct {
	counts map[string]int
}

// Add counts one more of name.
func (r *Registry) Add(name string) int {
	r.counts[name]++
	return r.counts[name]
}

// Count returns how many of name were added.
func (r *Registry) Count(name string) int { return r.counts[name] }

// Celsius is a temperature.
type Celsius float64

// MarshalText writes whole degrees. Planted bug: it drops the fraction, so
// UnmarshalText does not give the value back.
func (c Celsius) MarshalText() ([]byte, error) {
	return []byte(fmt.Sprintf("%.0fC", float64(c))), nil
}

// UnmarshalText reads "21C".
func (c *Celsius) UnmarshalText(b []byte) error {
	f, err := strconv.ParseFloat(strings.TrimSuffix(string(b), "C"), 64)
	if err != nil {
		return err
	}
	*c = Celsius(f)
	return nil
}

// Queue is a FIFO of ints.
type Queue struct {
	head *node
	n    int
}

type node struct {
	v    int
	next *node
}

// NewQueue returns an empty queue.
func NewQueue() *Queue { return &Queue{} }

// Push adds v at the end.
func (q *Queue) Push(v int) {
	n := &node{v: v}
	if q.head == nil {
		q.head = n
	} else {
		last := q.head
		for last.next != nil {
			last = last.next
		}
		last.next = n
	}
	q.n++
}

// Len returns the number of elements.
func (q *Queue) Len() int { return q.n }

// Peek returns the first element. Planted bug: on an empty queue it
// dereferences the nil head instead of reporting emptiness.
func (q *Queue) Peek() int { return q.head.v }
