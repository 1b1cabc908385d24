// Package shapes gathers API shapes that generated tests must spell
// exactly: named func, map, slice, array and chan types with methods, and
// generic constructors whose type arguments cannot be inferred from their
// arguments.
package shapes

import (
	"sort"
	"strings"
)

// Pred is a predicate with methods of its own.
type Pred func(s string) bool

// Not negates p.
func (p Pred) Not() Pred { return func(s string) bool { return !p(s) } }

// Count counts the words of text for which p holds.
func (p Pred) Count(text string) int {
	n := 0
	for _, w := range strings.Fields(text) {
		if p(w) {
			n++
		}
	}
	return n
}

// Set is a named map type with methods.
type Set map[string]bool

// Add adds s.
func (s Set) Add(v string) { s[v] = true }

// Sorted lists the members in order.
func (s Set) Sorted() []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Ints is a named slice type with methods.
type Ints []int

// Sum adds the elements.
func (xs Ints) Sum() int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// Max returns the largest element, or false for an empty slice.
func (xs Ints) Max() (int, bool) {
	if len(xs) == 0 {
		return 0, false
	}
	m := xs[0]
	for _, x := range xs[1:] {
		if x > m {
			m = x
		}
	}
	return m, true
}

// Grid is a named array type with methods.
type Grid [3]int

// Total adds the cells.
func (g Grid) Total() int { return g[0] + g[1] + g[2] }

// Queue is a named channel type with methods.
type Queue chan int

// NewQueue makes a queue of capacity n (at most 16).
func NewQueue(n int) Queue {
	if n < 0 || n > 16 {
		n = 16
	}
	return make(Queue, n)
}

// Offer adds v if there is room.
func (q Queue) Offer(v int) bool {
	select {
	case q <- v:
		return true
	default:
		return false
	}
}

// Len is the number of queued values.
func (q Queue) Len() int { return len(q) }

// Stack is a generic stack.
type Stack[T any] struct{ items []T }

// NewStack makes a stack with room for size items; T cannot be inferred.
func NewStack[T any](size int) *Stack[T] {
	if size < 0 {
		size = 0
	}
	return &Stack[T]{items: make([]T, 0, size)}
}

// Push pushes v.
func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

// Pop pops the top value.
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

// Len is the number of items.
func (s *Stack[T]) Len() int { return len(s.items) }

// Zero returns the zero value of T; T cannot be inferred.
func Zero[T any]() T {
	var z T
	return z
}

// Keys returns the sorted keys of m.
func Keys[K ~string, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
