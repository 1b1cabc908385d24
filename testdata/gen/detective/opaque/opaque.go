// Package opaque has a type only its validating constructor can build.
package opaque

import (
	"errors"
	"strings"
)

// Email is a validated address.
type Email struct{ addr string }

// Parse validates s.
func Parse(s string) (Email, error) {
	if !strings.Contains(s, "@") {
		return Email{}, errors.New("opaque: not an address")
	}
	return Email{addr: strings.ToLower(s)}, nil
}

// Domain returns the part after @.
func (e Email) Domain() string { return e.addr[strings.IndexByte(e.addr, '@')+1:] }
