package search

import (
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Staggered batches. The search generates a whole batch (128 sequences)
// from one pool state, before any of it runs; at the start of a search of
// a package like bufio, a tenth of the first batches' sequences call a
// zero Reader's ReadString or a zero Writer's WriteString, each one a call
// limit: learning between batches comes a batch too late. So while the
// search has reason to expect hangs (during its first staggerBatches
// batches, and for staggerBatches batches after one), a batch is sent in
// chunks, staggerFirst sequences first (spread over the executors as the
// whole batch would be) and twice as many each time after a chunk
// without a hang; after a chunk with one, the sequences of the
// batch left that make a call with the same operation and construction
// (the same coarse key) are left unrun, and the chunks start small again.
// Whether a sequence runs depends only on the outcomes before it, so a
// fixed -execs search stays reproducible; a package that never hangs gets
// the same sequences, run by the same executors in the same order, as
// before.

const (
	// staggerBatches is how many batches are staggered at the start and
	// after a hang.
	staggerBatches = 8
	// staggerFirst is the size of the first chunk of a staggered batch.
	staggerFirst = 8
)

// stagger reports whether the next batch is sent in chunks.
func (h *hangs) stagger() bool {
	b := h.budget.batches
	return b < staggerBatches || (h.stats.Hangs > 0 && b-h.lastHangBatch < staggerBatches)
}

// runStaggered runs reqs (the wire form of batch) with run in growing
// chunks, and leaves unrun, marking them in skipped, the sequences that
// repeat a call which hung in an earlier chunk. It runs on the batch's own
// goroutine: it reads only the batch, never the search's state.
func runStaggered(prog *model.Program, run func([]rt.Request) []executor.Outcome, reqs []rt.Request, batch []*seq.Seq, skipped []bool, workers int) []executor.Outcome {
	outs := make([]executor.Outcome, len(reqs))
	hung := map[uint64]bool{}
	// The executor pool gives each of its workers a contiguous part of
	// what it is sent, ceil(len/workers) sequences each. Each chunk takes
	// as many sequences from each worker's part of the whole batch, so
	// that every worker runs the sequences it would have run had the
	// batch been sent at once, in the same order: a package with global
	// state, whose outcomes depend on what ran before in the same
	// executor, gets the same outcomes as unstaggered while nothing
	// hangs.
	n := max(workers, 1)
	per := (len(reqs) + n - 1) / n
	pos := make([]int, n) // next sequence of each worker's part
	for w := range pos {
		pos[w] = w * per
	}
	end := func(w int) int { return min((w+1)*per, len(reqs)) }
	size := max(staggerFirst/n, 1) // per worker
	for {
		var idx []int
		var chunk []rt.Request
		for w := 0; w < n; w++ {
			for taken := 0; pos[w] < end(w) && taken < size; pos[w]++ {
				i := pos[w]
				if len(hung) > 0 && repeatsHang(prog, batch[i], hung) {
					skipped[i] = true
					outs[i].Unrun = true
					continue
				}
				idx = append(idx, i)
				chunk = append(chunk, reqs[i])
				taken++
			}
		}
		if len(chunk) == 0 {
			break
		}
		got := run(chunk)
		hangs := false
		for i, o := range got {
			outs[idx[i]] = o
			if o.Crash != nil && crashHung(o.Crash) {
				hangs = true
				s := batch[idx[i]]
				k := o.Crash.Stmt
				if k < 0 || k >= s.Len() {
					k = s.Len() - 1
				}
				if wiredIntoItself(prog, s, k) {
					continue
				}
				for _, key := range stmtHangKeys(prog, s, k) {
					hung[key.coarse] = true
				}
			}
		}
		if hangs {
			size = max(staggerFirst/n, 1)
		} else {
			size *= 2
		}
	}
	return outs
}

// repeatsHang reports whether a call of s has a coarse key in hung.
func repeatsHang(prog *model.Program, s *seq.Seq, hung map[uint64]bool) bool {
	for k := range s.Stmts {
		for _, key := range stmtHangKeys(prog, s, k) {
			if hung[key.coarse] {
				return true
			}
		}
	}
	return false
}
