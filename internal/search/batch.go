package search

import (
	"context"
	"time"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// budget is what the search may spend and what it has spent: the engine
// advances it, the components read it to pace themselves (the hybrid's
// switch, the hang explorations per sequence planned, the staggered
// batches, crash attribution's share of the time).
type budget struct {
	maxExecs int           // sequences, when positive (Config.MaxExecs)
	time     time.Duration // wall time otherwise (Config.Budget)
	start    time.Time
	// planned is the number of sequences sent so far, as of the last
	// launch; batches the number of batches launched.
	planned, batches int
}

// halfSpent reports whether the first half of the budget is spent, with
// generated sequences generated.
func (b *budget) halfSpent(generated int) bool {
	if b.maxExecs > 0 {
		return generated >= b.maxExecs/2
	}
	return time.Since(b.start) >= b.time/2
}

// requestIDs numbers the requests the search sends, batches and
// attribution runs alike.
type requestIDs struct{ n uint64 }

func (ids *requestIDs) next() uint64 {
	id := ids.n
	ids.n++
	return id
}

// Run searches until the budget is spent or ctx is done.
//
// Generation and execution overlap: while the executors run batch k, the
// search generates batch k+1 from the pools as they were after batch k-1.
// The schedule does not depend on timing, so a fixed execution budget still
// gives the same sequences.
func (e *Engine) Run(ctx context.Context, runner executor.Runner) {
	e.budget.start = time.Now()
	e.attrib.runner = runner
	b := &batches{e: e, runner: runner, run: runner.Run}
	if dr, ok := runner.(executor.DeadlineRunner); e.cfg.MaxExecs <= 0 && ok {
		end := e.budget.start.Add(e.cfg.Budget)
		b.run = func(reqs []rt.Request) []executor.Outcome { return dr.RunUntil(reqs, end) }
	}
	b.loop(ctx)
	e.Stats.Elapsed = time.Since(e.budget.start)
}

// batches is Run's loop: the batch in flight and the sequences sent.
type batches struct {
	e      *Engine
	runner executor.Runner
	// run runs a batch: the runner's Run, or its RunUntil the end of a
	// time budget.
	run func([]rt.Request) []executor.Outcome
	// sent counts the sequences generated and sent (and run), for the
	// execution budget; those left unrun come off it, so that others are
	// planned in their place.
	sent int
}

// inflight is a batch the executors are running.
type inflight struct {
	batch   []*seq.Seq
	done    chan []executor.Outcome
	skipped []bool // left unrun by runStaggered
}

func (b *batches) loop(ctx context.Context) {
	e := b.e
	var cur *inflight
	stale := 0
	for {
		more := true
		if e.cfg.MaxExecs > 0 {
			more = b.sent < e.cfg.MaxExecs
		} else {
			more = time.Since(e.budget.start) < e.cfg.Budget
		}
		more = more && ctx.Err() == nil
		var next []*seq.Seq
		if more {
			n := e.cfg.Batch
			if e.cfg.MaxExecs > 0 && e.cfg.MaxExecs-b.sent < n {
				n = e.cfg.MaxExecs - b.sent
			}
			next = e.generate(n)
		}
		if cur != nil {
			b.finish(cur)
			cur = nil
		}
		if len(next) == 0 {
			if !more && e.cfg.MaxExecs > 0 && b.sent < e.cfg.MaxExecs && ctx.Err() == nil {
				// The last batch had sequences left unrun after a
				// hang (hang.go): plan others in their place.
				continue
			}
			if !more {
				break
			}
			// Nothing new can be built right now; give up after a few
			// tries rather than spin.
			stale++
			if stale > 50 {
				break
			}
			continue
		}
		stale = 0
		b.sent += len(next)
		e.budget.planned = b.sent
		cur = b.launch(next)
	}
}

// launch sends a batch to the executors.
func (b *batches) launch(batch []*seq.Seq) *inflight {
	e := b.e
	// The batch was generated before the one before it came back: what
	// that one taught about hangs filters it now.
	batch = b.refilterHangs(batch)
	reqs := make([]rt.Request, len(batch))
	var flags uint64
	if !e.cfg.NoInputToState {
		flags = rt.FlagOperands
	}
	for i, s := range batch {
		reqs[i] = s.Wire(e.ids.next(), flags)
	}
	f := &inflight{batch: batch, done: make(chan []executor.Outcome, 1)}
	if e.hangs.stagger() {
		f.skipped = make([]bool, len(batch))
		go func() { f.done <- runStaggered(e.prog, b.run, reqs, batch, f.skipped, e.cfg.Workers) }()
	} else {
		go func() { f.done <- b.run(reqs) }()
	}
	e.budget.batches++
	return f
}

// refilterHangs leaves out of batch the sequences the hang filter now
// vetoes (hangs.keepAgain); each one comes off the sequences sent, so that
// another is planned in its place.
func (b *batches) refilterHangs(batch []*seq.Seq) []*seq.Seq {
	e := b.e
	if !e.hangs.learned() {
		return batch
	}
	keep := batch[:0:0]
	for _, s := range batch {
		if !e.hangs.keepAgain(s) {
			b.sent--
			e.unrun(s)
			continue
		}
		keep = append(keep, s)
	}
	return keep
}

// finish waits for a batch and processes its outcomes, in batch order.
func (b *batches) finish(f *inflight) {
	e := b.e
	outs := <-f.done
	for i, s := range f.batch {
		if f.skipped != nil && f.skipped[i] {
			// Left unrun after a call of the same construction hung
			// earlier in the batch (hang_stagger.go): another sequence is
			// planned in its place.
			e.Stats.HangSkipped++
			b.sent--
			e.unrun(s)
			continue
		}
		if outs[i].Unrun {
			// The budget ended first: neither executed nor learned
			// from.
			e.unrun(s)
			continue
		}
		e.Stats.Executed++
		e.process(s, outs[i])
	}
	executor.Release(b.runner)
}
