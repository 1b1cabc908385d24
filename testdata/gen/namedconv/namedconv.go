// Package namedconv is a fixture of values passed between a named slice
// type and its unnamed underlying type, as Go's assignability allows:
// Series' methods return []float64, which a test passes on as a Series
// (stats.Float64Data's CumulativeSum, then AutoCorrelation of the sums),
// and functions taking []float64 are given a Series. The executor once
// asserted each argument to the parameter's type with a comma-ok type
// assertion, which gives the zero value for a []float64 where a Series is
// wanted: the call saw an empty series, the check written for what it
// returned then failed in go test, and the test was lost (issue 31).
package namedconv

import "errors"

// ErrEmpty is returned for an empty series.
var ErrEmpty = errors.New("namedconv: empty series")

// Series is a series of measurements.
type Series []float64

// CumulativeSum returns the running sums of s.
func (s Series) CumulativeSum() ([]float64, error) {
	if len(s) == 0 {
		return nil, ErrEmpty
	}
	out := make([]float64, len(s))
	sum := 0.0
	for i, x := range s {
		sum += x
		out[i] = sum
	}
	return out, nil
}

// Increasing reports whether every value of s is larger than the one
// before it; an empty series is an error.
func (s Series) Increasing() (bool, error) {
	if len(s) == 0 {
		return false, ErrEmpty
	}
	for i := 1; i < len(s); i++ {
		if s[i] <= s[i-1] {
			return false, nil
		}
	}
	return true, nil
}

// Tail returns s without its first value.
func (s Series) Tail() Series {
	if len(s) == 0 {
		return nil
	}
	return s[1:]
}

// Last returns the last value of xs.
func Last(xs []float64) (float64, error) {
	if len(xs) == 0 {
		return 0, ErrEmpty
	}
	return xs[len(xs)-1], nil
}
