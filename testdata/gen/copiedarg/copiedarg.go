// Package copiedarg is a fixture of a number that a random call takes by
// value before a deterministic call takes it too, as in montanaflynn/
// stats' test of Less: n := Data{0}.Len(); Sample(nil, n); d.Less(n, 0).
// Sample gets a copy of n and cannot change it, so Less(n, 0) is as
// deterministic as without the call; it was left unchecked as "not the
// same in two runs" (issue 31) because the steady wrapper tainted every
// value a nondeterministic call took (runner.TestSteadyRunnerCopiedArgs
// models this sequence).
package copiedarg

import (
	"errors"
	"math/rand"
)

// ErrEmpty is returned by Sample for no values.
var ErrEmpty = errors.New("copiedarg: no values")

// Data is a list of numbers.
type Data []float64

// Len returns the number of values.
func (d Data) Len() int { return len(d) }

// Less reports whether value i is less than value j.
func (d Data) Less(i, j int) bool { return d[i] < d[j] }

// Sample returns n values of d chosen at random, with replacement.
func Sample(d Data, n int) (Data, error) {
	if len(d) == 0 {
		return nil, ErrEmpty
	}
	var out Data
	for range n {
		out = append(out, d[rand.Intn(len(d))])
	}
	return out, nil
}
