// Package randfixed is a fixture of functions that read a random source
// and nothing else that varies, called on inputs that fix what they
// return: Shuffle of "" or of one rune, a sample of n values from n
// (xstrings' Shuffle, montanaflynn/stats' StableSample; issue 31: "depends
// on the clock or on randomness" was false of them). Their facts say the
// cause is randomness only (model.Effects.RandomOnly), unlike Stamp's
// clock, so a result every one of the judge's repeats agreed on is
// checked; Shuffle("ab"), whose order the draw decides, is not. Variate
// seeds the source with the clock's nanoseconds, which only picks the
// stream; Coarse seeds it with seconds, which runs a moment apart share.
package randfixed

import (
	"math/rand"
	"time"
)

// Shuffle returns the runes of s in a random order.
func Shuffle(s string) string {
	if s == "" {
		return s
	}
	rs := []rune(s)
	for i := len(rs) - 1; i > 0; i-- {
		j := rand.Intn(i + 1)
		rs[i], rs[j] = rs[j], rs[i]
	}
	return string(rs)
}

// Sample returns n of the values of xs in their order, chosen at random;
// all of them when n is len(xs).
func Sample(xs []float64, n int) []float64 {
	if n > len(xs) || n < 0 {
		return nil
	}
	keep := rand.Perm(len(xs))[:n]
	var out []float64
	for i, x := range xs {
		for _, k := range keep {
			if k == i {
				out = append(out, x)
			}
		}
	}
	return out
}

// Stamp returns the year of the clock's reading: every run a moment apart
// agrees on it, next year's does not.
func Stamp(prefix string) string {
	return prefix + time.Now().Format("2006")
}

// Jitter returns d plus a random part that grows with the time of day:
// a draw and the clock.
func Jitter(d int) int {
	return d + rand.Intn(1+time.Now().Hour())
}

// Variate returns a normal variate of mean loc and scale scale, from the
// global source seeded with the clock's nanoseconds, as stats'
// NormBoxMullerRvs does: the reading only picks the stream, so the cause
// is the draw. Of scale 0 it is loc on every run.
func Variate(loc, scale float64) float64 {
	rand.Seed(time.Now().UnixNano())
	return loc + scale*rand.NormFloat64()
}

// Coarse is Variate seeded with the clock's seconds: runs within one
// second draw the same stream, so runs that agree show nothing.
func Coarse(loc, scale float64) float64 {
	rand.Seed(time.Now().Unix())
	return loc + scale*rand.NormFloat64()
}

// unixnano is the clock's reading in nanoseconds, as stats' own.
func unixnano() int64 { return time.Now().UTC().UnixNano() }

// Pick returns one of xs at random, from the global source seeded with
// unixnano, as stats' StableSample does: the reading only picks the
// stream. Of one value it is that value on every run.
func Pick(xs []float64) float64 {
	rand.Seed(unixnano())
	return xs[rand.Intn(len(xs))]
}

// Since returns the nanoseconds since t: unixnano's reading goes into
// the result.
func Since(t int64) int64 { return unixnano() - t }
