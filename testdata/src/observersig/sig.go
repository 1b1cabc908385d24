// Package observersig holds methods with an observer's name but not its
// interface's signature (not reported: they are not observers) beside
// the conventional ones (reported).
package observersig

import "errors"

// Future's Error waits for the outcome of an operation, as
// hashicorp/raft's deferError.Error does: Error() error is no error
// interface method, and receiving the outcome is its job.
type Future struct {
	err   error
	errCh chan error
}

func (f *Future) Error() error {
	if f.err != nil {
		return f.err
	}
	f.err = <-f.errCh
	return f.err
}

// Queue's Len takes the next length from a channel: Len() chan int is
// not sort.Interface's Len.
type Queue struct{ lens chan int }

func (q *Queue) Len() chan int {
	q.lens = make(chan int, 1)
	return q.lens
}

// Failure is an error whose Error counts its calls: the error interface's
// Error, reported.
type Failure struct{ calls int }

func (f *Failure) Error() string { // want "Error method .* has side effects: mutates-receiver"
	f.calls++
	return errors.New("failure").Error()
}

// Size's Len has sort.Interface's signature on a named integer result.
type Count int

type Size struct{ n int }

func (s *Size) Len() Count { // want "Len method .* has side effects: mutates-receiver"
	s.n++
	return Count(s.n)
}
