package b

import "apidoc/a"

// MustGrow is Grow, and panics if a.Grow does.
func MustGrow(n int) int { return a.Grow(n) } // want MustGrow:"panics: MustGrow is Grow, and panics if a.Grow does."
