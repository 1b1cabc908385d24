// Package use imports purityfactsonly, whose facts its own checks read.
package use

import "purityfactsonly"

// Drop discards an imported pure call's result (discard check).
func Drop() {
	purityfactsonly.Sum(3, 4)
}
