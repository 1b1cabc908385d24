//go:build !windows

package puritydiscard

import "errors"

// Off Windows the element getter is a stub; element_windows.go has the
// system call that fills *v. A caller that drops its error calls it for
// that effect, which this build does not show.

var errNotImplemented = errors.New("puritydiscard: not implemented")

func getElement(index int, v *byte) error { return errNotImplemented }
