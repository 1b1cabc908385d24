// Package floats is a fixture of pure floating-point and complex
// functions that return NaN, the infinities and -0 for some inputs (issue
// 31): every result is deterministic, so every test checks it, NaN with
// math.IsNaN and -0 with its sign, and no test says its value "was not
// the same in two runs".
package floats

import (
	"math"
	"math/cmplx"
)

// Ratio returns a/b; for b = 0, NaN when a is 0 too and an infinity of
// a's sign otherwise.
func Ratio(a, b float64) float64 {
	if b == 0 {
		if a == 0 {
			return math.NaN()
		}
		return math.Inf(int(math.Copysign(1, a)))
	}
	return a / b
}

// Root returns the square root of x, NaN for negative x.
func Root(x float64) float64 {
	if x < 0 {
		return math.NaN()
	}
	return math.Sqrt(x)
}

// Opposite returns -x; the opposite of a zero is the zero of the other
// sign, as IEEE 754 has it.
func Opposite(x float64) float64 {
	if x == 0 {
		return math.Copysign(0, -math.Copysign(1, x))
	}
	return -x
}

// Unit returns z/|z| for z = re+im·i, the complex number of modulus 1
// with z's phase: NaN parts for z = 0, which has no phase.
func Unit(re, im float64) complex128 {
	if re == 0 && im == 0 {
		return cmplx.NaN()
	}
	z := complex(re, im)
	return z / complex(cmplx.Abs(z), 0)
}

// LogOf returns the natural logarithm of re+im·i: -Inf for 0.
func LogOf(re, im float64) complex128 {
	if re == 0 && im == 0 {
		return complex(math.Inf(-1), 0)
	}
	return cmplx.Log(complex(re, im))
}

// Shares returns each value's share of the total: NaN for every value
// when the total is 0.
func Shares(v ...float64) []float64 {
	total := 0.0
	for _, x := range v {
		total += x
	}
	out := make([]float64, len(v))
	for i, x := range v {
		if total == 0 {
			out[i] = math.NaN()
			continue
		}
		out[i] = x / total
	}
	return out
}

// Stats is the mean and the spread of a sample.
type Stats struct {
	Mean   float64
	Spread float64
}

// Describe returns the mean and the spread (max-min) of xs: NaN for no
// values.
func Describe(xs ...float64) Stats {
	if len(xs) == 0 {
		return Stats{Mean: math.NaN(), Spread: math.NaN()}
	}
	sum, lo, hi := 0.0, xs[0], xs[0]
	for _, x := range xs {
		sum += x
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return Stats{Mean: sum / float64(len(xs)), Spread: hi - lo}
}
