// Package focus has several functions, methods and a type, for -run:
// only the selected ones may be the targets of the written tests.
package focus

import "errors"

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Clamp limits x to [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// Sign is -1, 0 or 1.
func Sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// Stack is a stack of ints.
type Stack struct{ xs []int }

// NewStack returns a stack holding xs, the last on top.
func NewStack(xs ...int) *Stack { return &Stack{xs: append([]int(nil), xs...)} }

// Push puts x on top.
func (s *Stack) Push(x int) { s.xs = append(s.xs, x) }

// ErrEmpty is Pop's error on an empty stack.
var ErrEmpty = errors.New("empty stack")

// Pop takes the top off.
func (s *Stack) Pop() (int, error) {
	if len(s.xs) == 0 {
		return 0, ErrEmpty
	}
	x := s.xs[len(s.xs)-1]
	s.xs = s.xs[:len(s.xs)-1]
	return x, nil
}

// Len is the number of elements.
func (s *Stack) Len() int { return len(s.xs) }
