package rt

import "unsafe"

// String-function probes (see cover.go).
//
// Calls of these standard-library functions used as conditions are
// rewritten to probes that take the function itself and its arguments:
//
//	strings.HasPrefix(s, p)       becomes  StrCall(id, FnHasPrefix, strings.HasPrefix, s, p)
//	strings.Index(s, sub) >= 0    becomes  StrIndex(id, FnIndex, true, strings.Index, s, sub)
//
// The probe calls the function, so the result is exactly the original
// call's, and computes a distance to the outcome that did not happen:
// DistK when the function's answer is yes (one byte changed breaks a prefix
// or match), otherwise how far the arguments are from a yes:
//   - HasPrefix / HasSuffix: the equality distance (as for ==) between the
//     prefix and as much of s as it can cover, plus 256 per byte s is too
//     short for it;
//   - Contains, Index, LastIndex: the smallest equality distance between
//     the substring and a window of s (s aligned inside the substring when
//     shorter, plus 256 per missing byte);
//   - ContainsAny, IndexAny, LastIndexAny: the smallest |c-x| over bytes c
//     of s and x of chars;
//   - IndexByte, LastIndexByte: the smallest |c-x| over bytes c of s;
//   - ContainsRune, IndexRune: the smallest |c-r| over runes c of s;
//   - EqualFold: the equality distance with ASCII case ignored;
//   - bytes.Equal: the equality distance.
//
// Empty inputs that cannot match (a byte searched in an empty string)
// count 256, as one missing byte. Scans are bounded (maxStrScan bytes per
// string, maxWindowScan byte comparisons for substring windows); beyond
// the bound, differences count as 1. Index probes stand for a comparison of
// the index with a constant that only tells found from not found (>= 0,
// < 0, == -1, != -1, > -1, <= -1); found is the comparison's value when the
// index is non-negative.
//
// The bytes probes compute their distances on a string that shares the
// slice's memory (bytesString): the same code for both, with no copy.

// StrFn names the function a string probe stands for.
type StrFn uint8

// String functions.
const (
	FnHasPrefix   StrFn = iota // strings.HasPrefix, bytes.HasPrefix
	FnHasSuffix                // strings.HasSuffix, bytes.HasSuffix
	FnContains                 // strings.Contains, bytes.Contains
	FnContainsAny              // strings.ContainsAny
	FnEqualFold                // strings.EqualFold, bytes.EqualFold
	FnEqual                    // bytes.Equal
	FnIndex                    // strings.Index, LastIndex; bytes.Index, LastIndex
	FnIndexAny                 // strings.IndexAny, LastIndexAny
)

// maxWindowScan bounds the byte comparisons of a substring distance.
const maxWindowScan = 4 * maxStrScan

// hitDist returns the value of a condition that is want when the searched
// thing was found (h) and !want otherwise, and its distances to true and
// false; d is the distance from not found to found.
func hitDist(want, h bool, d float64) (r bool, dt, df float64) {
	other := d // distance to the outcome that did not happen
	if h {
		other = DistK
	}
	if h == want {
		return true, 0, other
	}
	return false, other, 0
}

// StrCall evaluates f(a, b), where f is the strings function fn returning
// bool, records condition id and returns f's result.
func StrCall(id int, fn StrFn, f func(string, string) bool, a, b string) bool {
	r := f(a, b)
	d := 0.0
	if !r {
		d = strFnDist(fn, a, b)
	}
	r, dt, df := hitDist(true, r, d)
	if keepOps {
		keepPair(id, dt, df, strOp(a), strOp(b))
	}
	record(id, r, dt, df)
	return r
}

// BytesCall is StrCall for the bytes functions on two byte slices.
func BytesCall(id int, fn StrFn, f func([]byte, []byte) bool, a, b []byte) bool {
	r := f(a, b)
	d := 0.0
	if !r {
		d = strFnDist(fn, bytesString(a), bytesString(b))
	}
	r, dt, df := hitDist(true, r, d)
	if keepOps {
		keepBytes(id, dt, df, a, b)
	}
	record(id, r, dt, df)
	return r
}

// StrIndex evaluates f(s, t), where f is the strings index function fn,
// and records condition id, whose value is found when the index is
// non-negative and !found otherwise. It returns the condition's value.
func StrIndex(id int, fn StrFn, found bool, f func(string, string) int, s, t string) bool {
	h := f(s, t) >= 0
	d := 0.0
	if !h {
		d = strFnDist(fn, s, t)
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepPair(id, dt, df, strOp(s), strOp(t))
	}
	record(id, r, dt, df)
	return r
}

// BytesIndex is StrIndex for the bytes index functions.
func BytesIndex(id int, fn StrFn, found bool, f func([]byte, []byte) int, s, t []byte) bool {
	h := f(s, t) >= 0
	d := 0.0
	if !h {
		d = strFnDist(fn, bytesString(s), bytesString(t))
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepBytes(id, dt, df, s, t)
	}
	record(id, r, dt, df)
	return r
}

// StrIndexByte is StrIndex for strings.IndexByte and LastIndexByte.
func StrIndexByte(id int, found bool, f func(string, byte) int, s string, c byte) bool {
	h := f(s, c) >= 0
	d := 0.0
	if !h {
		d = byteDist(s, c)
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepPair(id, dt, df, strOp(s), uintOp(uint64(c)))
	}
	record(id, r, dt, df)
	return r
}

// BytesIndexByte is StrIndexByte for bytes.IndexByte and LastIndexByte.
func BytesIndexByte(id int, found bool, f func([]byte, byte) int, s []byte, c byte) bool {
	h := f(s, c) >= 0
	d := 0.0
	if !h {
		d = byteDist(bytesString(s), c)
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepBytesNum(id, dt, df, s, uintOp(uint64(c)))
	}
	record(id, r, dt, df)
	return r
}

// StrIndexRune is StrIndex for strings.IndexRune.
func StrIndexRune(id int, found bool, f func(string, rune) int, s string, c rune) bool {
	h := f(s, c) >= 0
	d := 0.0
	if !h {
		d = runeDist(s, c)
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepPair(id, dt, df, strOp(s), intOp(int64(c)))
	}
	record(id, r, dt, df)
	return r
}

// BytesIndexRune is StrIndex for bytes.IndexRune.
func BytesIndexRune(id int, found bool, f func([]byte, rune) int, s []byte, c rune) bool {
	h := f(s, c) >= 0
	d := 0.0
	if !h {
		d = runeDist(bytesString(s), c)
	}
	r, dt, df := hitDist(found, h, d)
	if keepOps {
		keepBytesNum(id, dt, df, s, intOp(int64(c)))
	}
	record(id, r, dt, df)
	return r
}

// StrContainsRune is StrCall for strings.ContainsRune.
func StrContainsRune(id int, f func(string, rune) bool, s string, c rune) bool {
	h := f(s, c)
	d := 0.0
	if !h {
		d = runeDist(s, c)
	}
	r, dt, df := hitDist(true, h, d)
	if keepOps {
		keepPair(id, dt, df, strOp(s), intOp(int64(c)))
	}
	record(id, r, dt, df)
	return r
}

// BytesContainsRune is StrCall for bytes.ContainsRune.
func BytesContainsRune(id int, f func([]byte, rune) bool, s []byte, c rune) bool {
	h := f(s, c)
	d := 0.0
	if !h {
		d = runeDist(bytesString(s), c)
	}
	r, dt, df := hitDist(true, h, d)
	if keepOps {
		keepBytesNum(id, dt, df, s, intOp(int64(c)))
	}
	record(id, r, dt, df)
	return r
}

// bytesString returns a string that shares b's memory, for the distance
// functions and the hash, which only read it and keep nothing of it: the
// string is not to be kept, since the caller of a probe may change b
// later. A string's header is the first two words of a slice's; the
// conversion is the one strings.Builder used before unsafe.String (Go
// 1.20), which the probe files cannot use (see cover.go).
func bytesString(b []byte) string { return *(*string)(unsafe.Pointer(&b)) }

// byteDist is the smallest |x-c| over the bytes x of s (256 if s is
// empty), at least 1.
func byteDist(s string, c byte) float64 {
	d := 256.0
	if n := len(s); n > 0 {
		if n > maxStrScan {
			n = maxStrScan
		}
		for i := 0; i < n; i++ {
			d = minAbs(d, s[i], c)
		}
	}
	return atLeast1(d)
}

func minAbs(d float64, x, y byte) float64 {
	var v float64
	if x > y {
		v = float64(x - y)
	} else {
		v = float64(y - x)
	}
	if v < d {
		return v
	}
	return d
}

// runeDist is the smallest |x-c| over the runes x of s (256 if s is empty).
// Invalid UTF-8 counts as U+FFFD, one byte at a time, as ranging over a
// string decodes it.
func runeDist(s string, c rune) float64 {
	d, n := 256.0, 0
	for _, x := range s {
		v := float64(x) - float64(c)
		if v < 0 {
			v = -v
		}
		if v < d {
			d = v
		}
		if n++; n >= maxStrScan {
			break
		}
	}
	return atLeast1(d)
}

// strFnDist is the distance of fn(a, b) from true when it is false (>= 1).
func strFnDist(fn StrFn, a, b string) float64 {
	var d float64
	switch fn {
	case FnHasPrefix:
		k := len(b)
		if len(a) < k {
			k = len(a)
		}
		d = sumDiff(a[:k], b, false)
	case FnHasSuffix:
		k := len(b)
		if len(a) < k {
			k = len(a)
		}
		d = sumDiff(a[len(a)-k:], b[len(b)-k:], false) + 256*float64(len(b)-k)
	case FnContains, FnIndex:
		if len(b) > len(a) { // a must grow: align it inside b
			d = 256*float64(len(b)-len(a)) + window(b, a)
		} else {
			d = window(a, b)
		}
	case FnContainsAny, FnIndexAny:
		d = 256
		budget := maxWindowScan
		for i := 0; i < len(a) && budget > 0; i++ {
			for j := 0; j < len(b) && budget > 0; j++ {
				d = minAbs(d, a[i], b[j])
				budget--
			}
		}
	case FnEqualFold:
		d = sumDiff(a, b, true)
	case FnEqual:
		d = sumDiff(a, b, false)
	}
	return atLeast1(d)
}

// window is the smallest sum of |long[i+j]-short[j]| over the windows of
// long as long as short (len(short) <= len(long)), within maxWindowScan
// byte comparisons.
func window(long, short string) float64 {
	m := len(short)
	best := -1.0
	budget := maxWindowScan
	for i := 0; i+m <= len(long) && budget > 0; i++ {
		d := 0.0
		for j := 0; j < m; j++ {
			x, y := long[i+j], short[j]
			if x > y {
				d += float64(x - y)
			} else {
				d += float64(y - x)
			}
			if best >= 0 && d >= best {
				break
			}
		}
		budget -= m + 1
		if best < 0 || d < best {
			best = d
		}
	}
	if best < 0 {
		return 0
	}
	return best
}
