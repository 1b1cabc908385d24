// Package selfholding holds containers that can be made to hold
// themselves, next to ordinary branches to cover: a List or a Stack given
// itself as an element (l.Set(0, l), s.Push(s), as gods' arraylist and
// arraystack allow) recurses in String and MarshalJSON until the
// goroutine stack overflows. Each level does little work, so the call
// dies of a stack overflow within its time limit rather than timing out.
// A search must learn that self-wiring after a few overflows instead of
// drawing it again and again.
package selfholding

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// ErrIndex is returned for an index outside the list.
var ErrIndex = errors.New("selfholding: index out of range")

// List is a growable list of values of any type.
type List struct {
	items []any
}

// NewList returns a list holding vs.
func NewList(vs ...any) *List {
	return &List{items: append([]any(nil), vs...)}
}

// Add appends v.
func (l *List) Add(v any) {
	l.items = append(l.items, v)
}

// Set replaces the value at i, or appends it when i is the length.
func (l *List) Set(i int, v any) error {
	switch {
	case i < 0 || i > len(l.items):
		return ErrIndex
	case i == len(l.items):
		l.items = append(l.items, v)
	default:
		l.items[i] = v
	}
	return nil
}

// Get returns the value at i.
func (l *List) Get(i int) (any, error) {
	if i < 0 || i >= len(l.items) {
		return nil, ErrIndex
	}
	return l.items[i], nil
}

// Len returns the number of values.
func (l *List) Len() int { return len(l.items) }

// String formats the values, each with its own String when it has one.
func (l *List) String() string {
	parts := make([]string, 0, len(l.items))
	for _, v := range l.items {
		parts = append(parts, fmt.Sprint(v))
	}
	return "List[" + strings.Join(parts, ", ") + "]"
}

// MarshalJSON encodes the values as a JSON array.
func (l *List) MarshalJSON() ([]byte, error) {
	return json.Marshal(l.items)
}

// Stack is a last-in first-out stack of values of any type.
type Stack struct {
	list List
}

// NewStack returns an empty stack.
func NewStack() *Stack { return &Stack{} }

// Push puts v on top.
func (s *Stack) Push(v any) { s.list.Add(v) }

// Pop removes and returns the top value; ok is false on an empty stack.
func (s *Stack) Pop() (v any, ok bool) {
	n := len(s.list.items)
	if n == 0 {
		return nil, false
	}
	v = s.list.items[n-1]
	s.list.items = s.list.items[:n-1]
	return v, true
}

// Peek returns the top value without removing it.
func (s *Stack) Peek() (any, bool) {
	if n := len(s.list.items); n > 0 {
		return s.list.items[n-1], true
	}
	return nil, false
}

// String formats the stack from the top down.
func (s *Stack) String() string {
	parts := make([]string, 0, len(s.list.items))
	for i := len(s.list.items) - 1; i >= 0; i-- {
		parts = append(parts, fmt.Sprint(s.list.items[i]))
	}
	return "Stack[" + strings.Join(parts, ", ") + "]"
}
