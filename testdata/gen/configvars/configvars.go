// Package configvars switches its behaviour with exported boolean
// variables, as semver.CoerceNewVersion and decimal.MarshalJSONWithoutQuotes
// do: the code behind the non-default setting is reached only by a test that
// sets the variable (and puts it back).
package configvars

import (
	"errors"
	"strconv"
	"strings"
)

// Lenient makes Parse repair what it would otherwise reject: leading
// zeros, surrounding spaces and a leading plus sign.
var Lenient = true

// Detailed makes Parse say why it rejected its input; without it every
// rejection is ErrInvalid.
var Detailed = true

// Quoted makes Format quote its output.
var Quoted = false

var (
	// ErrInvalid is returned for any input Parse rejects.
	ErrInvalid = errors.New("configvars: invalid number")
	// ErrLeadingZero is returned, with Detailed, for "007".
	ErrLeadingZero = errors.New("configvars: leading zero")
	// ErrSpace is returned, with Detailed, for " 7".
	ErrSpace = errors.New("configvars: surrounding space")
	// ErrSign is returned, with Detailed, for "+7".
	ErrSign = errors.New("configvars: plus sign")
)

// Parse reads a decimal number.
func Parse(s string) (int, error) {
	if Lenient {
		s = strings.TrimSpace(s)
		s = strings.TrimPrefix(s, "+")
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, ErrInvalid
		}
		return n, nil
	}
	if err := check(s); err != nil {
		if !Detailed {
			return 0, ErrInvalid
		}
		return 0, err
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, ErrInvalid
	}
	return n, nil
}

func check(s string) error {
	switch {
	case s == "":
		return ErrInvalid
	case strings.TrimSpace(s) != s:
		return ErrSpace
	case s[0] == '+':
		return ErrSign
	case len(s) > 1 && s[0] == '0':
		return ErrLeadingZero
	}
	return nil
}

// Format writes n in decimal.
func Format(n int) string {
	s := strconv.Itoa(n)
	if Quoted {
		return `"` + s + `"`
	}
	return s
}
