// Package executor is the parent side of gentest's executor processes: it
// starts them in scratch directories with a minimal environment, sends them
// batches of sequences over pipes, enforces time and memory limits, and
// classifies crashes. Results come back indexed by the order of the request,
// so what the search sees does not depend on how many executors ran or how
// fast they were.
//
// Files: pool.go is the Pool and what it reports; runner.go the interfaces
// the stages run sequences through, which *Pool implements; worker.go one
// executor process at a time (starting it, sending batches, replaying a
// crashed batch to name its culprit); crash.go how an executor died;
// memwatch.go the parent's watch of an executor's memory; protections.go
// what confines the code under test; proc_*.go the platforms' process
// groups and pipes.
package executor

import (
	"context"
	"os"
	"sync"
	"time"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// Config configures a pool of executors.
type Config struct {
	// Exe is the executor binary.
	Exe string
	// PkgPath is the import path of the package under test.
	PkgPath string
	// ScratchDir is where each executor gets its working directory, HOME
	// and TMPDIR. It must exist.
	ScratchDir string
	// Workers is the number of executor processes.
	Workers int
	// CallTimeout bounds one call's CPU time, and its wall time while it
	// is blocked (see rt's watchdog); 0 means one second.
	CallTimeout time.Duration
	// MemLimit is the per-executor memory cap in bytes: three quarters of
	// it is the Go runtime's soft limit, and the executor is stopped when
	// its RSS passes it (by the parent's watch where the platform has one,
	// and by the executor's own check of its peak RSS; see Protections).
	MemLimit int64
	// BatchSize is the number of sequences sent per request.
	BatchSize int
	// Sandbox confines each executor to its scratch directory with
	// Landlock (see harness/rt/sandbox_linux.go); the executor refuses to
	// run if it cannot.
	Sandbox bool
}

// SandboxAvailable reports whether executors can be sandboxed here.
func SandboxAvailable() bool { return rt.LandlockABI() >= 1 }

// Outcome is what happened to one sequence: a result, or a crash.
type Outcome struct {
	Result *rt.Result
	Crash  *Crash
	// Unrun is set for a sequence RunUntil left unrun (or whose run it
	// cut short) because its deadline passed; it has no result and no
	// crash.
	Unrun bool
}

// Stats counts executor activity.
type Stats struct {
	Sequences int
	Restarts  int
	Crashes   map[CrashKind]int
	// Replays counts batches whose unanswered sequences ran again, one
	// flush each, to find which of them killed an executor (see
	// worker.batch); Replayed counts those sequences. Each replay starts
	// an executor and counts as a restart.
	Replays, Replayed int
	// Unattributed counts executor deaths the replay did not repeat: the
	// sequences kept the replay's results and no sequence got the crash.
	Unattributed int
	// Alive counts the executors' FrameAlive reports: watchdog ticks
	// (a tenth of the call limit each) of calls past their limit on the
	// wall clock but within their CPU budget, which the machine's load
	// starved. Such calls run on (see rt's watchdog).
	Alive int
	// Time is where the executors' wall time went besides running
	// sequences to their end.
	Time TimeStats
	// PeakRSS is the largest RSS of any executor in bytes that the
	// parent's watch sampled; 0 where there is no watch (macOS). The
	// rusage of an exited executor is no substitute: on Linux a child
	// started by a Go program reports the parent's high-water mark.
	PeakRSS int64
}

// TimeStats is executor wall time lost to crashes and what they cost, summed
// over the workers (worker-seconds: with several workers the sum can exceed
// the wall time of the search). A call that times out costs its limit, the
// deadlock grace, an executor start and sometimes a replay; slow code and a
// few hanging inputs can spend most of a budget here.
type TimeStats struct {
	// Starts is the time spent starting executors after the first: after
	// a crash, a timeout, or a stop.
	Starts time.Duration
	// Timeouts is, for each call past its limit, the time from the last
	// answer the executor sent before it to the executor's end: the
	// limit itself, plus the grace for the runtime to find a deadlock.
	Timeouts time.Duration
	// Crashes is the same for every other executor death (hangs
	// included).
	Crashes time.Duration
	// Replays is the time spent re-running the suspects of a crash to
	// name its culprit (see worker.batch).
	Replays time.Duration
	// Alone is the time spent in RunAlone (crash attribution), its
	// executor starts included.
	Alone time.Duration
	// Exits is the part of the above that the code under test exiting
	// the process (os.Exit, log.Fatal, directly or through a handler
	// variable) cost: the time from the last answer to the executor's
	// end, the replay that named the culprit, and the start of the next
	// executor. Each exit is a restart, so a package whose error path
	// exits can spend most of a budget here (issue 34: a parser whose
	// error handler defaults to log.Fatal, 18 of 30 s).
	Exits time.Duration
}

// Pool is a set of executor processes.
type Pool struct {
	cfg     Config
	hooks   hooks
	workers []*worker
	mu      sync.Mutex
	stats   Stats
}

// Start starts cfg.Workers executors.
func Start(ctx context.Context, cfg Config) (*Pool, error) {
	return start(cfg, defaultHooks)
}

// start is Start with the given timing and platform knobs: tests change
// them per pool, so that tests that change them can run in parallel.
func start(cfg Config, hooks hooks) (*Pool, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.CallTimeout <= 0 {
		cfg.CallTimeout = time.Second
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 64
	}
	p := &Pool{cfg: cfg, hooks: hooks, stats: Stats{Crashes: map[CrashKind]int{}}}
	mode := os.Getenv("GENTEST_ARENA") // see Release
	for i := 0; i < cfg.Workers; i++ {
		w := &worker{pool: p, id: i}
		if mode != "off" {
			w.arena = rt.NewArena(mode == "poison")
		}
		if err := w.start(); err != nil {
			p.Close()
			return nil, err
		}
		p.workers = append(p.workers, w)
	}
	return p, nil
}

// Close stops all executors.
func (p *Pool) Close() {
	for _, w := range p.workers {
		w.stop()
	}
}

// Stats returns a copy of the pool's counters.
func (p *Pool) Stats() Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.stats
	s.Crashes = map[CrashKind]int{}
	for k, v := range p.stats.Crashes {
		s.Crashes[k] = v
	}
	return s
}

// Release declares that no result of the pool's runs so far is used any
// more: later runs decode their results into the same memory, instead of
// allocating and leaving the old to the collector, which was a third of
// the parent's time on cheap sequences. A caller that keeps a result past
// Release keeps a Result.Clone. Notes, trees and Operands are never
// reused (see rt.Arena), nor RunAlone's results. Release must not be
// called while Run is running.
//
// GENTEST_ARENA in the environment when the pool starts tests a caller's
// use of Release: "poison" overwrites the memory Release releases, so that
// a result used after its release reads garbage, and "off" reuses nothing.
// A caller whose output differs between the two uses a released result.
func (p *Pool) Release() {
	for _, w := range p.workers {
		if w.arena != nil {
			w.arena.Release()
		}
	}
}

// Restart stops every executor, so that the next run starts fresh ones:
// what earlier runs left in the executors' package state is gone. The
// executor restores only the state of the operations that declare it
// (rt.Op's Save and Restore), so a run under a mutant can leave a global
// changed that a later stage would take for the package's own behavior.
// It costs a process start per worker at the next run (counted in
// Stats.Restarts and Time.Starts); results released or not are
// unaffected, since they live in the parent (see Release). Restart must
// not be called while Run is running.
func (p *Pool) Restart() {
	var wg sync.WaitGroup
	for _, w := range p.workers {
		if w.cur == nil {
			continue
		}
		wg.Add(1)
		go func(w *worker) { // the stops wait for the processes to exit
			defer wg.Done()
			w.stop()
		}(w)
	}
	wg.Wait()
}

// Run executes seqs and returns their outcomes in the same order. Sequence
// IDs must be unique within the call.
func (p *Pool) Run(seqs []rt.Request) []Outcome {
	return p.RunUntil(seqs, time.Time{})
}

// RunUntil is Run that stops at deadline (none if zero): sequences that have
// not answered by then are left Unrun, and an executor still running one is
// ended (the next run starts a new one). A search's time budget is then a
// bound on the search, not on when its last batch starts: a batch of slow
// or hanging calls started just before the end would otherwise run to its
// end, timeouts, restarts and all.
func (p *Pool) RunUntil(seqs []rt.Request, deadline time.Time) []Outcome {
	out := make([]Outcome, len(seqs))
	if len(seqs) == 0 {
		return out
	}
	n := len(p.workers)
	chunk := (len(seqs) + n - 1) / n
	var wg sync.WaitGroup
	for i, w := range p.workers {
		lo := i * chunk
		if lo >= len(seqs) {
			break
		}
		hi := lo + chunk
		if hi > len(seqs) {
			hi = len(seqs)
		}
		wg.Add(1)
		go func(w *worker, lo, hi int) {
			defer wg.Done()
			w.deadline = deadline
			w.runAll(seqs[lo:hi], out[lo:hi])
			w.deadline = time.Time{}
		}(w, lo, hi)
	}
	wg.Wait()
	p.mu.Lock()
	for _, o := range out {
		if !o.Unrun {
			p.stats.Sequences++
		}
		if o.Crash != nil {
			p.stats.Crashes[o.Crash.Kind]++
		}
	}
	p.mu.Unlock()
	return out
}

// RunAlone runs s by itself in a fresh executor of its own, then gives the
// process settle to die before stopping it. It is how the search
// attributes a crash the executor could not tie to a statement (a panic on
// a goroutine a call started, a stack overflow) and tells it from a flaky
// one: in a batch, such a crash falls on whichever sequence is running when
// it happens, possibly a later one than the culprit, and a goroutine that
// panics after its call returned kills the process only after the result
// was sent. Alone, in a fresh process, with settle to wait, a crash is s's
// own. A crash during settle is reported with Stmt -1 and the result s had
// already returned. RunAlone must not be called while Run is running.
func (p *Pool) RunAlone(s rt.Request, settle time.Duration) Outcome {
	// An id past the pool's workers: its own scratch directory, and no
	// process of the pool is disturbed.
	w := &worker{pool: p, id: len(p.workers)}
	t0 := time.Now()
	defer func() { p.addTime(func(t *TimeStats) *time.Duration { return &t.Alone }, time.Since(t0)) }()
	if err := w.start(); err != nil {
		return Outcome{Crash: &Crash{Kind: CrashFatal, Stmt: -1, Message: err.Error()}}
	}
	out := make([]Outcome, 1)
	w.batch([]rt.Request{s}, out)
	if w.cur != nil {
		select {
		case <-w.cur.done:
			// It died after answering: something s started crashed it.
			out[0].Crash = classify(exitOf(w.cur.waitErr), w.stderr.String(), w.cur.memKilled.Load())
			w.end()
		case <-time.After(settle):
			w.stop()
		}
	}
	p.mu.Lock()
	p.stats.Sequences++
	p.stats.Restarts++
	if out[0].Crash != nil {
		p.stats.Crashes[out[0].Crash.Kind]++
	}
	p.mu.Unlock()
	return out[0]
}

// addTime adds d to the counter *field picks out of the pool's time stats.
func (p *Pool) addTime(field func(*TimeStats) *time.Duration, d time.Duration) {
	p.mu.Lock()
	*field(&p.stats.Time) += d
	p.mu.Unlock()
}

// notePeak raises the pool's peak RSS to rss.
func (p *Pool) notePeak(rss int64) {
	p.mu.Lock()
	if rss > p.stats.PeakRSS {
		p.stats.PeakRSS = rss
	}
	p.mu.Unlock()
}
