// Package docfuzz is a fixture of a decoder whose documented panic is a
// runtime error at inputs that are not zero (as math/bits' Div overflows
// for y <= hi): a fuzz target, whose check is that no runtime error
// escapes, would fail on documented behaviour, so the function gets
// none; ParseSum, a parser that documents no panic, keeps its target.
package docfuzz

import "errors"

const digits = "0123456789"

// DecodeDigit returns the character of the decimal digit s starts with.
// It panics if s does not start with a decimal digit.
func DecodeDigit(s string) byte {
	return digits[s[0]-'0']
}

// ParseSum returns the sum of the decimal digits of s, or an error if s
// holds anything else.
func ParseSum(s string) (int, error) {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, errors.New("docfuzz: not a digit")
		}
		n += int(c - '0')
	}
	return n, nil
}
