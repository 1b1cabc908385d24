// Package slowcalc approximates constants by brute-force series: every
// call of Approx is CPU-bound for tens of milliseconds whatever its
// input, and its mutants (a loop bound or step changed) make it slower
// or never end. Apart from the series, a few cheap branches to cover.
//
// Each candidate sequence of the search holds such a call, so that what
// follows the search (minimization's trials, the judge's repeated runs
// and runs under mutants, verification with -race) costs tens of
// milliseconds a run: the stages after the search must end at their
// deadline, not after running every run (cockroachdb/apd at 30 s took
// 170-250 s of wall time).
package slowcalc

import "errors"

// Terms is how many terms a series sums: about 50 ms of CPU on a
// laptop core, more under -race.
const Terms = 4_000_000

// Kind names a series.
type Kind int

// The series Approx knows.
const (
	Pi Kind = iota
	Log2
	E
)

// ErrKind is returned for a Kind Approx does not know.
var ErrKind = errors.New("slowcalc: unknown series")

// Approx sums Terms terms of the series of k, scaled by scale.
func Approx(k Kind, scale float64) (float64, error) {
	var sum float64
	switch k {
	case Pi:
		sign := 1.0
		for i := 0; i < Terms; i++ {
			sum += sign / float64(2*i+1)
			sign = -sign
		}
		sum *= 4
	case Log2:
		sign := 1.0
		for i := 1; i <= Terms; i++ {
			sum += sign / float64(i)
			sign = -sign
		}
	case E:
		term := 1.0
		for i := 1; i < Terms; i++ {
			sum += term
			term /= float64(i)
		}
	default:
		return 0, ErrKind
	}
	if scale < 0 {
		return -sum * -scale, nil
	}
	if scale == 0 {
		return sum, nil
	}
	return sum * scale, nil
}

// Acc accumulates approximations.
type Acc struct {
	total float64
	n     int
}

// Add adds the approximation of k, scaled, and returns the running total.
func (a *Acc) Add(k Kind, scale float64) (float64, error) {
	v, err := Approx(k, scale)
	if err != nil {
		return a.total, err
	}
	a.total += v
	a.n++
	return a.total, nil
}

// Mean is the mean of the approximations added; 0 before the first.
func (a *Acc) Mean() float64 {
	if a.n == 0 {
		return 0
	}
	return a.total / float64(a.n)
}

// Count is how many approximations were added.
func (a *Acc) Count() int { return a.n }

// Grade says how close v is to want.
func Grade(v, want float64) string {
	d := v - want
	if d < 0 {
		d = -d
	}
	switch {
	case d < 1e-6:
		return "exact"
	case d < 1e-3:
		return "close"
	case d < 1:
		return "rough"
	}
	return "off"
}
