// Package beta is in shard 2/2.
package beta

import "strings"

// Initials are the first letters of the words of s, upper-cased.
func Initials(s string) string {
	var b strings.Builder
	for _, w := range strings.Fields(s) {
		b.WriteString(strings.ToUpper(w[:1]))
	}
	return b.String()
}
