// Package relations branches on inputs that must satisfy computed
// relations, which random search with mined constants rarely meets: an
// arithmetic relation between arguments, a checksum over a byte slice,
// magic values behind hex and base64 encodings, fields of a structured
// path, and a Luhn check digit.
package relations

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
)

// Triangle classifies the triangle with sides a, b and c by its angle
// opposite c.
func Triangle(a, b, c int) string {
	if a <= 0 || b <= 0 || c <= 0 {
		return "invalid"
	}
	if a+b <= c || a+c <= b || b+c <= a {
		return "degenerate"
	}
	s := a*a + b*b
	if s == c*c {
		return "right"
	}
	if s > c*c {
		return "acute"
	}
	return "obtuse"
}

// Errors of Verify.
var (
	ErrShort    = errors.New("relations: frame too short")
	ErrChecksum = errors.New("relations: bad checksum")
	ErrVersion  = errors.New("relations: unsupported version")
)

// Verify checks a frame: a version byte, a payload and a final byte that
// is the sum of all the others modulo 256.
func Verify(frame []byte) (int, error) {
	if len(frame) < 3 {
		return 0, ErrShort
	}
	var sum byte
	for _, b := range frame[:len(frame)-1] {
		sum += b
	}
	if sum != frame[len(frame)-1] {
		return 0, ErrChecksum
	}
	if frame[0] != 2 {
		return 0, ErrVersion
	}
	return len(frame) - 2, nil
}

// Unlock reports whether token is the base64 encoding of the pass phrase.
func Unlock(token string) bool {
	raw, err := base64.StdEncoding.DecodeString(token)
	if err != nil {
		return false
	}
	if string(raw) == "open sesame" {
		return true
	}
	return false
}

// Header parses a hex-encoded header: a four-byte magic number followed
// by a payload.
func Header(s string) (string, error) {
	b, err := hex.DecodeString(s)
	if err != nil {
		return "", err
	}
	if len(b) < 4 || !bytes.Equal(b[:4], []byte("GT01")) {
		return "", errors.New("relations: bad magic")
	}
	return string(b[4:]), nil
}

// Route maps a request path to the name of its handler.
func Route(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) < 2 || parts[0] != "api" {
		return "not found"
	}
	switch parts[1] {
	case "v1":
		return "legacy"
	case "v2":
	default:
		return "unknown version"
	}
	if len(parts) == 4 && parts[2] == "users" {
		id, err := strconv.Atoi(parts[3])
		if err != nil {
			return "bad id"
		}
		if id > 1000 {
			return "user"
		}
		return "system user"
	}
	return "v2"
}

// Luhn reports whether number, a string of 12 to 19 digits, has a valid
// Luhn check digit.
func Luhn(number string) (bool, error) {
	if len(number) < 12 || len(number) > 19 {
		return false, errors.New("relations: bad length")
	}
	sum := 0
	double := false
	for i := len(number) - 1; i >= 0; i-- {
		c := number[i]
		if c < '0' || c > '9' {
			return false, errors.New("relations: not a digit")
		}
		d := int(c - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	if sum%10 != 0 {
		return false, nil
	}
	return true, nil
}
