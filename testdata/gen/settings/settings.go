// Package settings keeps package-level configuration — a separator with a
// getter and a setter, a strictness switch with no getter, a registry of
// named transforms, and a default formatter handed out by a getter — of
// the kind that generated tests must not leave changed behind them.
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

// Formatter prefixes strings. The package keeps a default one, handed
// out by Default, that its own functions use: a test that changes the
// object Default returns changes the package.
type Formatter struct {
	prefix string
	hooks  []string
}

// NewFormatter returns a formatter with the default prefix.
func NewFormatter() *Formatter { return &Formatter{prefix: "> ", hooks: []string{}} }

// SetPrefix changes the prefix.
func (f *Formatter) SetPrefix(p string) { f.prefix = p }

// AddHook registers a hook name.
func (f *Formatter) AddHook(name string) { f.hooks = append(f.hooks, name) }

// ReplaceHooks replaces the hooks and returns the old ones.
func (f *Formatter) ReplaceHooks(names []string) []string {
	old := f.hooks
	f.hooks = names
	return old
}

// Hooks returns how many hooks are registered.
func (f *Formatter) Hooks() int { return len(f.hooks) }

// Format prefixes s.
func (f *Formatter) Format(s string) string { return f.prefix + s }

var std = NewFormatter()

// Default returns the package's formatter.
func Default() *Formatter { return std }

// Format prefixes s with the default formatter, and says so when hooks
// are registered on it.
func Format(s string) string {
	if std.Hooks() > 0 {
		return "hooked " + std.Format(s)
	}
	return std.Format(s)
}
