// Package broken does not compile.
package broken

// F returns an undefined name.
func F() int { return undefinedName }
