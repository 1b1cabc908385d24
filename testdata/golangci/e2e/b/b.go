// Package b uses package a; its diagnostics depend on purity facts that
// golangci-lint must compute for a first.
package b

import "example.com/gentest/e2e/a"

// Use discards results of calls into a.
func Use() {
	a.Sum(3, 4) // want `result of example.com/gentest/e2e/a.Sum is discarded`
	a.Bump()
	var c a.Counter
	c.Len() // want `result of \(\*example.com/gentest/e2e/a.Counter\).Len is discarded`
}
