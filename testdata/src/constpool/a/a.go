package a // want package:`24 consts`
// This package uses constants in every way constpool records.

import (
	"bytes"
	"strings"

	"constpool/enums"
)

// MaxPort is an untyped declared constant.
const MaxPort = 65535

const secondsPerHour = 60 * 60 // folded by the type checker

var defaultMode = "--verbose" // a package-level initializer

// Port compares with a magic integer and a folded one.
func Port(p int) int { // want Port:`1024:int <, 3600:int, 8443:int ==, 65535:int >`
	if p == 8443 {
		return 1
	}
	if 1024 > p { // constant on the left: recorded as p < 1024
		return 2
	}
	if p > MaxPort {
		return 3
	}
	return p * secondsPerHour
}

// Mode switches over strings and nests a magic string under a magic int.
func Mode(mode string, n int) bool { // want Mode:`42:int ==, "--dry-run":string == switch, "-n":string == switch, "secret":string ==`
	switch mode {
	case "--dry-run", "-n":
		return true
	}
	if n == 42 {
		if mode == "secret" {
			return true
		}
	}
	return false
}

// Prefixes passes strings to strings and bytes functions.
func Prefixes(s string, b []byte) bool { // want Prefixes:`"":string !=, ".go":string strings.HasSuffix, "=":string strings.Cut, "http://":string strings.HasPrefix, "magic":string bytes.Contains`
	if strings.HasPrefix(s, "http://") || strings.HasSuffix(s, ".go") {
		return true
	}
	if _, after, ok := strings.Cut(s, "="); ok {
		return after != ""
	}
	return bytes.Contains(b, []byte("magic"))
}

// Lengths compares lengths, and counts repeated constants.
func Lengths(s string, xs []int) int { // want Lengths:`3:int len>=, 7:int x3 len!=`
	if len(s) >= 3 && len(xs) != 7 {
		return 7
	}
	return 7 + len(s)
}

// Floats has a float threshold, a float32 and a complex constant.
func Floats(x float64, y float32, z complex128) bool { // want Floats:`\(1\+2i\):complex128 ==, 0.1:float32 >=, 2.5:float64 <`
	return x < 2.5 || y >= 0.1 || z == 1+2i
}

// Shade compares with an imported enum; the name comes from the fact of
// package enums.
func Shade(c enums.Color) bool { // want Shade:`2:enums.Color=enums.Blue ==`
	return c == enums.Blue
}

// Runes compares a rune and a byte.
func Runes(r rune, b byte) bool { // want Runes:`120:byte ==, '@':rune ==`
	return r == '@' || b == 'x'
}

// Closure owns the constants of its function literal.
func Closure() func(int) bool { // want Closure:`^-5:int <=$`
	return func(i int) bool { return i <= -5 }
}

// table is a large package-level table: only its first 16 elements are
// mined, so 1009 and 1013 stay out of the pool.
var table = []int{
	901, 907, 911, 919, 929, 937, 941, 947, 953, 967, 971, 977, 983, 991, 997, 1000,
	1009, 1013,
}

// handlers holds a function literal in a package-level initializer: its
// constants (the 99) go to the package pool.
var handlers = map[string]func(int) bool{
	"big": func(n int) bool { return n > 99 },
}

func init() {
	defaultMode = "--init" // package pool too: init functions have no fact
}
