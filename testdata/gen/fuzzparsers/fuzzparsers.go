// Package fuzzparsers is a fixture of a package with more parsers than a
// file holds fuzz targets, and arithmetic and text transformations, which
// get none: a fuzz target checks only that no input panics, which says
// something of a parser taking arbitrary text apart, and nothing a test of
// Add's value does not (issue 31's review: 42 panic-only targets over
// math/bits' arithmetic).
package fuzzparsers

import (
	"errors"
	"strings"
)

var errSyntax = errors.New("fuzzparsers: syntax error")

// ParseBool parses "yes" or "no".
func ParseBool(s string) (bool, error) {
	switch s {
	case "yes":
		return true, nil
	case "no":
		return false, nil
	}
	return false, errSyntax
}

// ParsePair parses "key=value".
func ParsePair(s string) (string, string, error) {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return "", "", errSyntax
	}
	return k, v, nil
}

// ParseHex parses a hexadecimal number of at most 4 digits.
func ParseHex(s string) (int, error) {
	if s == "" || len(s) > 4 {
		return 0, errSyntax
	}
	n := 0
	for _, c := range s {
		d := strings.IndexRune("0123456789abcdef", c)
		if d < 0 {
			return 0, errSyntax
		}
		n = n*16 + d
	}
	return n, nil
}

// DecodeLen returns the length prefix of b: its first byte.
func DecodeLen(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, errSyntax
	}
	return int(b[0]), nil
}

// SplitWords splits s at spaces.
func SplitWords(s string) []string { return strings.Fields(s) }

// Add returns x + y.
func Add(x, y uint) uint { return x + y }

// Reverse returns s with its bytes in reverse order.
func Reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}
