// Package srcpos orders source positions the same way on every run.
//
// go/packages parses a package's files in parallel into one token.FileSet,
// so the order in which the files enter the set, and with it the order of
// token.Pos values across files, depends on goroutine scheduling: sorting
// a package's declarations by Pos gives "declaration order" within a file
// and an order that varies from run to run across files. Compare orders by
// file name first, then by offset, which is what "declaration order" means
// for a package of several files, and does not depend on the load.
package srcpos

import (
	"cmp"
	"go/token"
)

// Compare orders a and b by the name of their file, then by their offset
// in it. A position fset does not know (token.NoPos, or fset nil) sorts by
// its value, before those it knows.
func Compare(fset *token.FileSet, a, b token.Pos) int {
	if fset == nil {
		return cmp.Compare(a, b)
	}
	fa, fb := fset.File(a), fset.File(b)
	switch {
	case fa == nil || fb == nil:
		if fa == nil && fb == nil {
			return cmp.Compare(a, b)
		}
		if fa == nil {
			return -1
		}
		return 1
	case fa == fb:
		return cmp.Compare(a, b)
	}
	if c := cmp.Compare(fa.Name(), fb.Name()); c != 0 {
		return c
	}
	return cmp.Compare(fa.Offset(a), fb.Offset(b))
}
