// Package randargs is a fixture of randomized functions called with
// arguments that make them draw nothing (a sample of size 0, a request
// for more items than there are, without replacement): such a call
// returns the same value on every run, nil or an error chosen before any
// draw, and its test checks it, where a note said that what it returns
// "depends on the clock or on randomness" (issue 31, montanaflynn/stats'
// NormPpfRvs(0, 1, 0) and Sample(3, false) of two values).
package randargs

import (
	"errors"
	"math/rand"
	"time"
)

// ErrBounds is returned when a sample without replacement asks for more
// values than there are.
var ErrBounds = errors.New("randargs: sample larger than the data")

// ErrEmpty is returned by Mean for no values.
var ErrEmpty = errors.New("randargs: no values")

// Uniform returns size values drawn uniformly from [lo, lo+width), from a
// source seeded with the clock, as stats' NormPpfRvs does.
func Uniform(lo, width float64, size int) []float64 {
	rand.Seed(time.Now().UnixNano())
	var out []float64
	for i := 0; i < size; i++ {
		out = append(out, lo+width*rand.Float64())
	}
	return out
}

// Sample returns n of data's values chosen at random, each at most once
// unless replace is set.
func Sample(data []float64, n int, replace bool) ([]float64, error) {
	if n < 0 || !replace && n > len(data) {
		return nil, ErrBounds
	}
	var out []float64
	if replace {
		for i := 0; i < n; i++ {
			out = append(out, data[rand.Intn(len(data))])
		}
		return out, nil
	}
	for _, k := range rand.Perm(len(data))[:n] {
		out = append(out, data[k])
	}
	return out, nil
}

// Mean returns the mean of data.
func Mean(data []float64) (float64, error) {
	if len(data) == 0 {
		return 0, ErrEmpty
	}
	sum := 0.0
	for _, x := range data {
		sum += x
	}
	return sum / float64(len(data)), nil
}
