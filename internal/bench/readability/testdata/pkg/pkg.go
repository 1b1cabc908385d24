package pkg

import "errors"

// ErrBad is a sentinel.
var ErrBad = errors.New("bad")

func Parse(s string) (int, error) { return 0, nil }

type Stack struct{ xs []int }

func (s *Stack) Push(x int) int { s.xs = append(s.xs, x); return len(s.xs) }
func (s *Stack) Len() int       { return len(s.xs) }
