// Package typedsentinels exports its errors as values of error types
// that are not the type error: values of an unexported comparable struct
// type, as github.com/montanaflynn/stats declares ErrEmptyInput =
// statsError{...}, and a pointer to an error type. errors.Is matches
// them, so a test checks them with errors.Is, never by message.
package typedsentinels

import "fmt"

type statsError struct {
	err string
}

func (s statsError) Error() string { return s.err }

// These are the package's error values.
var (
	// ErrEmptyInput is returned for no data.
	ErrEmptyInput = statsError{"Input must not be empty."}
	// ErrNegative is returned for data with a negative value.
	ErrNegative = statsError{"Must not contain negative values."}
)

type limitError struct {
	limit int
}

func (e *limitError) Error() string { return fmt.Sprintf("above the limit of %d", e.limit) }

// ErrTooLarge is returned, wrapped, for a percentage above 100.
var ErrTooLarge = &limitError{limit: 100}

// Max returns the largest of data, which must not be empty or hold a
// negative value.
func Max(data []int) (int, error) {
	if len(data) == 0 {
		return 0, ErrEmptyInput
	}
	m := 0
	for _, v := range data {
		if v < 0 {
			return 0, ErrNegative
		}
		if v > m {
			m = v
		}
	}
	return m, nil
}

// Percent returns p as a fraction of one.
func Percent(p int) (float64, error) {
	if p > 100 {
		return 0, fmt.Errorf("percent %d: %w", p, ErrTooLarge)
	}
	return float64(p) / 100, nil
}
