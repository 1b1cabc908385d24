package purity

import (
	"errors"
	"regexp"
	"strings"
)

// Matching a package-level *Regexp reads package state, it does not write
// it: a Regexp is safe for concurrent use, whatever its pool of machines
// does inside. A Validate() error built on one is no setter of package
// state.

var versionRE = regexp.MustCompile(`^v(\d+)\.(\d+)$`)

// MatchVersion returns the submatches.
func MatchVersion(s string) []string { // want MatchVersion:"^pure$"
	return versionRE.FindStringSubmatch(s)
}

// Code is a code that must look like a version.
type Code string

// Validate reports whether c is well formed.
func (c Code) Validate() error { // want Validate:"^pure$"
	if !versionRE.MatchString(string(c)) {
		return errors.New("bad code")
	}
	return nil
}

// UpperDigits calls its replacement function on every match.
func UpperDigits(s string) string { // want UpperDigits:"^pure panics$"
	return versionRE.ReplaceAllStringFunc(s, strings.ToUpper)
}

// FirstMatch returns a subslice of b.
func FirstMatch(b []byte) []byte { // want FirstMatch:"^pure$"
	return versionRE.Find(b)
}

// Prefer configures the Regexp: a write of package state.
func Prefer() { versionRE.Longest() } // want Prefer:"^writes-global$"
