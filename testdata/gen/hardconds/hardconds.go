// Package hardconds holds branch conditions that neither the search's
// local search (the AVM moves one literal at a time, a byte at a time)
// nor input-to-state (an input replaced by the value it is compared with)
// can satisfy, and that a solver given the path condition solves at once:
//
//   - several inputs in linear relations, where any one-variable move
//     that satisfies one relation breaks the other (Plane);
//   - bit-level checks whose operand mixes the input's bits, so that the
//     compared value is not the input (Mix);
//   - a checksum and an xor fold over a string's bytes, with a length
//     condition (Frame), and a rotate-xor hash over a byte slice (Tag);
//   - narrow integer arithmetic that overflows (Wrap).
//
// The fixture of issue 33: DSE must reach 90% statement coverage at 20 s,
// and the search without it measurably less.
package hardconds

import (
	"bytes"
	"errors"
	"strings"
)

// Plane says where (a, b, c) lies: "on" only for the points of two
// planes' line with a > b.
func Plane(a, b, c int) string {
	if 3*a-2*b+c == 1234 && a+b == c && a > b {
		n := a - b
		if n%2 == 0 {
			return "on, even"
		}
		return "on, odd"
	}
	if a == b {
		return "diagonal"
	}
	return "off"
}

// Mix checks a code whose mixed bits must read 0xBEEF, with a high byte
// of 0x5A and a nibble of 0xA in its second byte.
func Mix(x uint32) (int, error) {
	if x&0xF0 == 0xA0 && x>>24 == 0x5A {
		m := (x ^ x>>7) & 0xFFFF
		if m == 0xBEEF {
			return int(x & 0xFF), nil
		}
		return -1, errors.New("hardconds: bad mix")
	}
	return 0, errors.New("hardconds: bad code")
}

// ErrShort is Frame's error for a frame shorter than 6 bytes.
var ErrShort = errors.New("hardconds: short frame")

// Frame validates a frame: at least 6 bytes whose sum is 17 modulo 251
// and whose xor is 0x5A.
func Frame(s string) (string, error) {
	if len(s) < 6 {
		return "", ErrShort
	}
	sum, x := 0, byte(0)
	for i := 0; i < len(s); i++ {
		sum += int(s[i])
		x ^= s[i]
	}
	if sum%251 == 17 && x == 0x5A {
		body := strings.ToUpper(s[2:])
		return body, nil
	}
	return "", errors.New("hardconds: bad checksum")
}

// Tag reads a tagged blob: the magic "GT", then a rotate-xor hash of the
// rest that must be 0xC0FFEE.
func Tag(b []byte) int {
	if !bytes.HasPrefix(b, []byte("GT")) {
		return -1
	}
	var h uint32
	for _, c := range b[2:] {
		h = (h<<5 | h>>27) ^ uint32(c)
	}
	if h == 0xC0FFEE {
		return len(b)
	}
	return 0
}

// Wrap multiplies two narrow integers, overflowing as Go does, and
// reports the products that wrap to -300 from a negative x.
func Wrap(x int8, y int16) int {
	p := int16(x) * y * 3
	if p == -300 && x < -100 && y > 1000 {
		return int(p) + int(x)
	}
	if p < 0 {
		return -1
	}
	return 1
}
