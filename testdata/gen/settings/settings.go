// Package settings keeps package-level configuration — a separator with a
// getter and a setter, a strictness switch with no getter, and a registry
// of named transforms — of the kind that generated tests must not leave
// changed behind them.
package settings

import (
	"errors"
	"strings"
)

var sep = ","

// SetSeparator sets the separator Join uses.
func SetSeparator(s string) { sep = s }

// Separator returns the separator Join uses.
func Separator() string { return sep }

// Join joins parts with the separator.
func Join(parts ...string) string { return strings.Join(parts, sep) }

var strict bool

// SetStrict makes Apply reject unknown names instead of passing the input
// through.
func SetStrict(on bool) { strict = on }

var transforms = map[string]func(string) string{
	"upper": strings.ToUpper,
	"lower": strings.ToLower,
}

// ErrExists is returned by Register for a name already in use.
var ErrExists = errors.New("settings: transform exists")

// ErrUnknown is returned by Apply in strict mode for an unknown name.
var ErrUnknown = errors.New("settings: unknown transform")

// Register adds a named transform.
func Register(name string, f func(string) string) error {
	if _, ok := transforms[name]; ok {
		return ErrExists
	}
	transforms[name] = f
	return nil
}

// Apply applies the named transform to s.
func Apply(name, s string) (string, error) {
	f, ok := transforms[name]
	if !ok {
		if strict {
			return "", ErrUnknown
		}
		return s, nil
	}
	return f(s), nil
}

// Names returns how many transforms are registered.
func Names() int { return len(transforms) }
