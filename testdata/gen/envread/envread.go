// Package envread is a fixture of functions whose results depend on the
// process environment (as go-runewidth's IsEastAsian reads LC_ALL and
// LANG, and its width functions follow): a test run under another LANG
// sees other values, so a test never pins them. Width, which reads no
// environment, is checked as usual.
package envread

import (
	"os"
	"strings"
)

// Wide reports whether the locale is an East Asian one.
func Wide() bool {
	lang := os.Getenv("LANG")
	return strings.HasPrefix(lang, "ja") || strings.HasPrefix(lang, "zh") || strings.HasPrefix(lang, "ko")
}

// Cells returns the number of cells s takes: two a rune in an East Asian
// locale.
func Cells(s string) int {
	n := len([]rune(s))
	if Wide() {
		return 2 * n
	}
	return n
}

// Width returns the number of runes of s.
func Width(s string) int { return len([]rune(s)) }
