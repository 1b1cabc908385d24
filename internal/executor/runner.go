package executor

import (
	"time"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// Runner runs a batch of sequences and returns one Outcome per request, in
// request order. *Pool is the runner of real executors; the generator
// wraps it (steadiness, observation, tracing) and the search, the
// minimizer and the oracle run on whatever they are given.
type Runner interface {
	Run(seqs []rt.Request) []Outcome
}

// Releaser is a Runner whose results' memory can be used again for later
// results once the caller says it no longer uses them (*Pool). The search
// releases after it has processed each batch: what it keeps of a result by
// then is a Clone (corpus entries, failures, DynaMOSA's offspring) or a
// copy (pooled values), and its climbs' pointers to closest operands point
// into memory a release never reuses.
type Releaser interface {
	Release()
}

// DeadlineRunner is a Runner that can stop at a deadline, leaving the
// sequences it did not get to unrun (*Pool). With a time budget the
// search gives its executors the budget's end, so that a last batch of
// slow or hanging calls cannot run the search past it.
type DeadlineRunner interface {
	RunUntil(seqs []rt.Request, deadline time.Time) []Outcome
}

// AloneRunner is a Runner that can also run one sequence by itself in a
// fresh executor and wait for it to settle (*Pool). Crash attribution uses
// it where the runner has it; otherwise it runs one-sequence batches,
// which catch every crash that happens while a call runs but not one that
// happens after the last call answered.
type AloneRunner interface {
	RunAlone(s rt.Request, settle time.Duration) Outcome
}

// FullRunner has every capability *Pool has: what the generator's
// wrappers take and give, so that wrapping keeps deadlines, crash
// attribution and releases working.
type FullRunner interface {
	Runner
	DeadlineRunner
	AloneRunner
}

// Release releases r's results when it can (Releaser); wrappers pass a
// release on to what they wrap with it.
func Release(r Runner) {
	if rel, ok := r.(Releaser); ok {
		rel.Release()
	}
}
