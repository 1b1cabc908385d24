// Package formatters has values that format themselves for fmt: a
// temperature whose verbs choose the unit, and an error whose %+v adds
// the detail its message leaves out. Their Format methods run only inside
// fmt, so only fmt.Sprintf reaches them.
package formatters

import (
	"fmt"
	"io"
	"strconv"
)

// Celsius is a temperature.
type Celsius float64

// Format writes the temperature: %v and %s as "21.5°C", %+v in both
// units, %q quoted.
func (c Celsius) Format(s fmt.State, verb rune) {
	txt := strconv.FormatFloat(float64(c), 'f', 1, 64) + "°C"
	switch verb {
	case 'v':
		if s.Flag('+') {
			f := float64(c)*9/5 + 32
			txt += " (" + strconv.FormatFloat(f, 'f', 1, 64) + "°F)"
		}
		io.WriteString(s, txt)
	case 's':
		io.WriteString(s, txt)
	case 'q':
		io.WriteString(s, strconv.Quote(txt))
	default:
		fmt.Fprintf(s, "%%!%c(Celsius=%s)", verb, txt)
	}
}

// Limit returns the error for a value outside [min, max].
func Limit(v, min, max int) error {
	if v >= min && v <= max {
		return nil
	}
	return &rangeError{v: v, min: min, max: max}
}

type rangeError struct{ v, min, max int }

func (e *rangeError) Error() string { return "value out of range" }

// Format writes the message; %+v adds the value and the range.
func (e *rangeError) Format(s fmt.State, verb rune) {
	switch verb {
	case 'v':
		if s.Flag('+') {
			fmt.Fprintf(s, "%s: %d not in [%d, %d]", e.Error(), e.v, e.min, e.max)
			return
		}
		fallthrough
	case 's':
		io.WriteString(s, e.Error())
	case 'q':
		fmt.Fprintf(s, "%q", e.Error())
	}
}
