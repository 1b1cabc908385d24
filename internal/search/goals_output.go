package search

import "github.com/gentest-go/gentest/internal/corpus"

// The output criterion's classes are corpus.OutClass (shared with
// minimization, which keeps a target's classes while it shrinks a test).
type outClass = corpus.OutClass

const (
	classNil      = corpus.OutNil
	classNonNil   = corpus.OutNonNil
	classTrue     = corpus.OutTrue
	classFalse    = corpus.OutFalse
	classZero     = corpus.OutZero
	classNonZero  = corpus.OutNonZero
	classEmpty    = corpus.OutEmpty
	classNonEmpty = corpus.OutNonEmpty
)

// classOf is corpus.OutputClass.
var classOf = corpus.OutputClass
