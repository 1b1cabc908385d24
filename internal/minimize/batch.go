package minimize

import (
	"context"
	"sort"
	"sync"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Job is one test for MinimizeAll: a sequence, its target statement, and
// the property to keep.
type Job struct {
	Seq    *seq.Seq
	Target int
	Keep   Property
}

// MinimizeAll minimizes every job and returns the results in job order.
//
// One test's batches are small (a handful of candidates per step), too
// small to keep several executors busy, so up to parallel jobs (0: all)
// run at once and their batches are merged into one runner call: the call
// is made when every running job is waiting for an answer. Each job's
// result depends only on the answers to its own trials, which executors
// give independently of what else is in the batch, so the results are the
// same as minimizing the jobs one by one. For code that keeps state across
// sequences the batch order matters too: a merged batch lists the trials
// by job index, which makes it independent of goroutine scheduling.
//
// When ctx is done, trials are no longer run (they count as not keeping
// the property), so every job ends at once with what it had.
func MinimizeAll(ctx context.Context, prog *model.Program, runner executor.Runner, jobs []Job, parallel int, opts Options) []Result {
	if parallel <= 0 || parallel > len(jobs) {
		parallel = len(jobs)
	}
	out := make([]Result, len(jobs))
	b := &merger{ctx: ctx, runner: runner, active: parallel}
	var wg sync.WaitGroup
	var nextMu sync.Mutex
	next := 0
	for w := 0; w < parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer b.leave()
			for {
				nextMu.Lock()
				i := next
				next++
				nextMu.Unlock()
				if i >= len(jobs) {
					return
				}
				j := jobs[i]
				keep := func(trials []Trial) []bool { return b.judge(i, trials, j.Keep) }
				out[i] = MinimizeWith(prog, j.Seq, j.Target, keep, opts)
			}
		}()
	}
	wg.Wait()
	return out
}

// merger collects the batches of concurrently running minimizations and
// runs them together once all of them wait.
type merger struct {
	ctx     context.Context
	runner  executor.Runner
	mu      sync.Mutex
	active  int
	pending []*request
}

type request struct {
	job    int
	trials []Trial
	prop   Property
	reply  chan []bool
}

func (b *merger) judge(job int, trials []Trial, prop Property) []bool {
	if b.ctx.Err() != nil {
		return make([]bool, len(trials))
	}
	r := &request{job: job, trials: trials, prop: prop, reply: make(chan []bool, 1)}
	b.mu.Lock()
	b.pending = append(b.pending, r)
	b.flushLocked()
	b.mu.Unlock()
	return <-r.reply
}

// leave is called by a worker that has no more jobs.
func (b *merger) leave() {
	b.mu.Lock()
	b.active--
	b.flushLocked()
	b.mu.Unlock()
}

// flushLocked runs the pending requests when every active worker is
// waiting. It runs under the lock, which costs nothing: every other
// worker is blocked on its reply anyway.
func (b *merger) flushLocked() {
	if len(b.pending) == 0 || len(b.pending) < b.active {
		return
	}
	reqs := b.pending
	b.pending = nil
	sort.Slice(reqs, func(i, j int) bool { return reqs[i].job < reqs[j].job })
	var wire []rt.Request
	for _, r := range reqs {
		for _, t := range r.trials {
			wire = append(wire, t.Seq.Wire(uint64(len(wire)), 0))
		}
	}
	outs := b.run(wire)
	k := 0
	for _, r := range reqs {
		ok := make([]bool, len(r.trials))
		for i, t := range r.trials {
			ok[i] = k < len(outs) && r.prop(t, outs[k])
			k++
		}
		r.reply <- ok
	}
}

// run runs one merged batch, stopping at ctx's deadline when the runner
// can (executor.DeadlineRunner): the trials it did not get to come back
// unrun and count as not keeping the property. Without it a batch
// started just before the deadline runs to its end, and a package with
// slow calls overshoots the phase's budget by a batch of them
// (cockroachdb/apd at 30 s: minimization 67.5 s, bench/results/
// 2026-11-29-exits34).
func (b *merger) run(wire []rt.Request) []executor.Outcome {
	if dl, ok := b.ctx.Deadline(); ok {
		if dr, ok := b.runner.(executor.DeadlineRunner); ok {
			return dr.RunUntil(wire, dl)
		}
	}
	return b.runner.Run(wire)
}
