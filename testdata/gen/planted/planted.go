// Package planted holds planted bugs for gentest's oracles: an Equal that
// is not reflexive for some values, methods that panic on a zero value, a
// MarshalText/UnmarshalText pair that does not round-trip, a nil
// dereference on an empty but non-nil receiver, and two that need structs
// with particular field values (Money, Pair).
package planted

import (
	"errors"
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

// Money is an amount in a currency. Planted bug that needs a value with
// particular fields: Equal is false for any amount in yen, even compared
// with itself.
type Money struct {
	Amount   int64
	Currency string
}

// Equal reports whether m and o are the same amount in the same currency.
func (m Money) Equal(o Money) bool {
	if m.Currency == "JPY" {
		return m.Amount == o.Amount && m.Currency != o.Currency
	}
	return m.Amount == o.Amount && m.Currency == o.Currency
}

// Pair is a key and a value.
type Pair struct {
	Key, Value string
}

// MarshalText writes key=value. Planted bug that needs a value with
// particular fields: a key containing '=' does not come back.
func (p Pair) MarshalText() ([]byte, error) { return []byte(p.Key + "=" + p.Value), nil }

// UnmarshalText reads key=value.
func (p *Pair) UnmarshalText(b []byte) error {
	k, v, ok := strings.Cut(string(b), "=")
	if !ok {
		return errors.New("planted: no '=' in pair")
	}
	p.Key, p.Value = k, v
	return nil
}
