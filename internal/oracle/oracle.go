// Package oracle decides what a generated test asserts. Regression
// assertions capture what the code does now (Randoop thesis §7.2): returned
// errors and values, but never a value that differed between two runs of the
// same sequence, nor text that embeds a pointer address.
package oracle

import (
	"go/types"
	"regexp"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// Kind is the kind of an assertion.
type Kind int

// Assertion kinds.
const (
	ErrNil    Kind = iota // the error result is nil
	ErrNonNil             // the error result is non-nil; Want, if set, is its message
	Equal                 // the result equals Want (go-cmp)
	Same                  // the result is the very pointer Other is (got == x)
	NotSame               // the result is not the pointer Other is (got != x)
)

// Assertion is one check on result Result of statement Stmt.
type Assertion struct {
	Stmt, Result int
	Kind         Kind
	Type         types.Type // static type of the result
	Want         *rt.Tree
	// Err, for ErrNonNil, is the error's tree even when its message is
	// not asserted: the package's sentinels it matches (Err.Is) and, for
	// a pointer to a struct, the struct (Err.Elems[0]), for errors.Is and
	// errors.As checks.
	Err *rt.Tree
	// EquateEmpty says the operation was seen returning both nil and an
	// empty slice or map for this result: nil and empty mean the same to
	// the package, and the test does not tell them apart.
	EquateEmpty bool
	// Other, for Same and NotSame, is the value the result is compared
	// with by identity: a statement at or before the target.
	Other seq.ValueID
}

// Identity reports whether a compares pointers (Same, NotSame).
func (a Assertion) Identity() bool { return a.Kind == Same || a.Kind == NotSame }

// Refers reports whether a reads a result of statement stmt: the value it
// checks, or the value an identity check compares it with.
func (a Assertion) Refers(stmt int) bool {
	return a.Stmt == stmt || a.Identity() && a.Other.Stmt == stmt
}

// Value names the result the assertion checks.
func (a Assertion) Value() seq.ValueID { return seq.ValueID{Stmt: a.Stmt, Result: a.Result} }

var addressRE = regexp.MustCompile(`0x[0-9a-f]{6,}`)
