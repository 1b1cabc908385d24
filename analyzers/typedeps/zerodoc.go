package typedeps

import (
	"go/ast"
	"go/types"
)

// ZeroDocumented returns, for the named types declared in files, whether
// their doc comment says their zero value is ready to use ("The zero
// value for List is an empty list ready to use"): a promise the package
// makes to its users, whatever constructors it also offers, so the zero
// value is an input a test may start from.
func ZeroDocumented(files []*ast.File, info *types.Info) map[*types.TypeName]bool {
	out := make(map[*types.TypeName]bool)
	for tn, doc := range typeDocs(files, info) {
		if zeroDoc.MatchString(doc) {
			out[tn] = true
		}
	}
	return out
}
