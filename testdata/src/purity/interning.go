package purity

import (
	"net/netip"
	"unique"
)

// unique.Make interns its value in a process-wide map that weak pointers
// and a cleanup goroutine maintain: memoization, with no state a caller
// can observe (equal values give equal handles, and Value returns what
// was made). net/netip interns every IPv6 zone through it, so without a
// root every address parser (net.ParseIP, and net/mail's whole address
// parser above it) was a nondeterministic writer of package state.

// Canon returns the canonical copy of s.
func Canon(s string) string { // want Canon:"^pure$"
	return unique.Make(s).Value()
}

// IsAddr reports whether s is an IP address.
func IsAddr(s string) bool { // want IsAddr:"^pure$"
	_, err := netip.ParseAddr(s)
	return err == nil
}
