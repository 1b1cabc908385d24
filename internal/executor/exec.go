// Package exec is the parent side of gentest's executor processes: it
// starts them in scratch directories with a minimal environment, sends them
// batches of sequences over pipes, enforces time and memory limits, and
// classifies crashes. Results come back indexed by the order of the request,
// so what the search sees does not depend on how many executors ran or how
// fast they were.
package executor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/sysmem"
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

// CrashKind classifies how an executor died.
type CrashKind string

// Crash kinds.
const (
	CrashTimeout        CrashKind = "timeout"         // a call ran past the per-call limit (CPU time, or wall time blocked)
	CrashHang           CrashKind = "hang"            // the executor stopped answering
	CrashStackOverflow  CrashKind = "stack-overflow"  // fatal error: stack overflow
	CrashDeadlock       CrashKind = "deadlock"        // all goroutines asleep
	CrashConcurrentMap  CrashKind = "concurrent-map"  // fatal error: concurrent map access
	CrashOOM            CrashKind = "out-of-memory"   // the runtime ran out of memory
	CrashMemLimit       CrashKind = "memory-limit"    // killed by the parent for exceeding MemLimit
	CrashGoroutinePanic CrashKind = "goroutine-panic" // a panic on a goroutine the code under test started
	CrashFatal          CrashKind = "fatal-error"     // another fatal runtime error
	CrashExit           CrashKind = "exit"            // the code under test exited the process (os.Exit, log.Fatal)
	CrashSignal         CrashKind = "signal"          // killed by a signal
)

// Crash describes an executor that died running a sequence.
type Crash struct {
	Kind CrashKind
	// Stmt is the statement that was running, or -1 if unknown.
	Stmt int
	// ExitCode is the exit status, for CrashExit.
	ExitCode int
	// Message is the first line of the runtime's report, if any.
	Message string
	// Stderr is the tail of the executor's standard error.
	Stderr string
}

func (c *Crash) String() string {
	s := string(c.Kind)
	if c.Kind == CrashExit {
		s += " " + strconv.Itoa(c.ExitCode)
	}
	if c.Message != "" {
		s += ": " + c.Message
	}
	return s
}

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
}

// Pool is a set of executor processes.
type Pool struct {
	cfg     Config
	hooks   hooks // testHooks when the pool started
	workers []*worker
	mu      sync.Mutex
	stats   Stats
}

// Start starts cfg.Workers executors.
func Start(ctx context.Context, cfg Config) (*Pool, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.CallTimeout <= 0 {
		cfg.CallTimeout = time.Second
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 64
	}
	p := &Pool{cfg: cfg, hooks: testHooks, stats: Stats{Crashes: map[CrashKind]int{}}}
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
			c := classify(exitOf(w.cur.waitErr), w.stderr.String(), w.cur.memKilled.Load())
			w.finishCrash(c)
			out[0].Crash = c
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

// A worker runs one executor process at a time, restarting it after a
// crash. Its fields are used only by the goroutine running its runAll, or
// by Start and Close, never concurrently.
type worker struct {
	pool *Pool
	id   int
	cur  *child   // the running executor, nil after a crash or stop
	req  *os.File // our end of the request pipe
	enc  *rt.Encoder
	res  *os.File // our end of the result pipe
	dec  *rt.Decoder
	// arena is the memory results are decoded into, kept across restarts
	// (see Pool.Release); nil for RunAlone's worker, whose one result is
	// the caller's to keep, and with GENTEST_ARENA=off.
	arena  *rt.Arena
	stderr *tailBuffer
	// flushLeft counts the sequences still to run with FlagFlush after
	// a replay (see batch).
	flushLeft int
	// last is when the executor last answered (or was sent a batch),
	// for the time a crash cost (Stats.Time).
	last time.Time
	// deadline, when set, is when RunUntil stops waiting for answers.
	deadline time.Time
}

// child is one executor process. The memory watch and the wait goroutine
// get the child, not the worker, so that they never see the worker move on
// to the next process.
type child struct {
	cmd   *osexec.Cmd
	group *procGroup    // kills the executor and everything it started
	done  chan struct{} // closed when the process has been waited for
	// waitErr is written before done is closed and read after.
	waitErr error
	// memKilled is set by the memory watch before it kills the process.
	memKilled atomic.Bool
	// hung is set when a read deadline that the pipe cannot enforce
	// itself (Windows) expired and the process was killed for it.
	hung atomic.Bool
	// deadlines is true when the result pipe supports read deadlines.
	deadlines bool
}

// kill kills the executor's process group. It is safe from any goroutine
// and after the process has exited.
func (c *child) kill() {
	c.group.kill(c.cmd.Process)
}

type frame struct {
	kind    uint8
	result  *rt.Result
	timeout rt.TimeoutInfo
	hello   rt.Hello
	err     error
	// read is set when the frame was read from the pipe rather than
	// found in the decoder's buffer, where it arrived with an earlier one.
	read bool
}

func (w *worker) scratch() string {
	return filepath.Join(w.pool.cfg.ScratchDir, "w"+strconv.Itoa(w.id))
}

// env is the executor's whole environment: nothing of the user's, so the
// code under test cannot find their home, credentials or config.
func (w *worker) env(dir string) []string {
	cfg := w.pool.cfg
	home := filepath.Join(dir, "home")
	tmp := filepath.Join(dir, "tmp")
	env := append(platformEnv(home, tmp),
		"GOMAXPROCS=1",
		"GOTRACEBACK=single",
		rt.EnvExecutor+"=1",
		rt.EnvPkgPath+"="+cfg.PkgPath,
		rt.EnvCallTimeout+"="+cfg.CallTimeout.String(),
	)
	if cfg.MemLimit > 0 {
		env = append(env, rt.EnvMemLimit+"="+strconv.FormatInt(cfg.MemLimit*3/4, 10))
		if !w.pool.hooks.noSelfCap {
			env = append(env, rt.EnvMemCap+"="+strconv.FormatInt(cfg.MemLimit, 10))
		}
	}
	if cfg.Sandbox {
		env = append(env, rt.EnvSandbox+"="+dir)
	}
	if os.Getenv(rt.EnvCPUProfile) != "" {
		// Written in the scratch directory, where the sandbox lets the
		// executor write, and copied out by stop.
		env = append(env, rt.EnvCPUProfile+"="+filepath.Join(dir, "cpu.pprof"))
	}
	return env
}

// saveProfile copies the CPU profile an executor that exited cleanly
// wrote in its scratch directory to the path GENTEST_EXECUTOR_CPUPROFILE
// names, suffixed with the worker's number.
func (w *worker) saveProfile() {
	p := os.Getenv(rt.EnvCPUProfile)
	if p == "" {
		return
	}
	data, err := os.ReadFile(filepath.Join(w.scratch(), "cpu.pprof"))
	if err != nil {
		return
	}
	os.WriteFile(p+"."+strconv.Itoa(w.id), data, 0o644)
}

func (w *worker) start() error {
	dir := w.scratch()
	for _, d := range []string{dir, filepath.Join(dir, "home"), filepath.Join(dir, "tmp", "run")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return fmt.Errorf("executor scratch dir: %w", err)
		}
	}
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("executor pipe: %w", err)
	}
	resR, resW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return fmt.Errorf("executor pipe: %w", err)
	}
	cmd := osexec.Command(w.pool.cfg.Exe)
	cmd.Dir = dir
	cmd.Env = w.env(dir)
	w.stderr = &tailBuffer{max: 64 << 10}
	cmd.Stderr = w.stderr
	cmd.Stdout = io.Discard
	// The executor gets the pipes, and its own process group (Unix) or job
	// object (Windows) so that anything it starts dies with it.
	passPipes(cmd, reqR, resW)
	setGroup(cmd)
	if err := cmd.Start(); err != nil {
		reqR.Close()
		reqW.Close()
		resR.Close()
		resW.Close()
		return fmt.Errorf("starting executor: %w", err)
	}
	reqR.Close()
	resW.Close()
	c := &child{cmd: cmd, group: joinGroup(cmd.Process), done: make(chan struct{})}
	// A read deadline on a pipe needs the runtime's poller: Unix pipes have
	// it, Windows anonymous pipes do not (os.ErrNoDeadline).
	c.deadlines = resR.SetReadDeadline(time.Time{}) == nil && !w.pool.hooks.noDeadlines
	w.cur, w.req, w.enc = c, reqW, rt.NewEncoder(reqW)
	w.res, w.dec = resR, rt.NewDecoder(resR)
	if w.arena != nil {
		w.dec.UseArena(w.arena)
	}
	go func() {
		c.waitErr = cmd.Wait()
		close(c.done)
	}()
	go w.pool.watchMemory(c)
	// The first frame is the hello.
	f := w.readFrame(30 * time.Second)
	if f.err != nil || f.kind != rt.FrameHello {
		w.abort()
		return fmt.Errorf("executor did not start: %v %s", f.err, firstLine(w.stderr.String()))
	}
	if w.pool.cfg.Sandbox && !f.hello.Sandboxed {
		w.abort()
		return errors.New("executor did not confirm its sandbox")
	}
	return nil
}

// abort kills the executor that start could not finish starting.
func (w *worker) abort() {
	w.cur.kill()
	<-w.cur.done
	w.cur.group.close()
	w.req.Close()
	w.res.Close()
	w.cur = nil
}

// addTime adds d to the counter *field picks out of the pool's time stats.
func (p *Pool) addTime(field func(*TimeStats) *time.Duration, d time.Duration) {
	p.mu.Lock()
	*field(&p.stats.Time) += d
	p.mu.Unlock()
}

func (p *Pool) notePeak(rss int64) {
	p.mu.Lock()
	if rss > p.stats.PeakRSS {
		p.stats.PeakRSS = rss
	}
	p.mu.Unlock()
}

// readFrame reads the next frame, giving up after d. Frames are read on
// the calling goroutine, with a deadline on the pipe, rather than through a
// reader goroutine: a hand-off per frame costs more than a cheap sequence.
// Where the pipe takes no deadline (Windows), a timer kills the executor
// instead, which ends the read; the error is then os.ErrDeadlineExceeded
// all the same.
func (w *worker) readFrame(d time.Duration) frame {
	c := w.cur
	buffered := w.dec.Buffered()
	if buffered {
		// The frame is in the buffer: no read, so no deadline to arm (a
		// timer update per frame costs as much as decoding it).
	} else if c.deadlines {
		w.res.SetReadDeadline(time.Now().Add(d))
	} else {
		t := time.AfterFunc(d, func() {
			c.hung.Store(true)
			c.kill()
		})
		defer t.Stop()
	}
	kind, err := w.dec.Next()
	if err != nil {
		if c.hung.Load() {
			err = os.ErrDeadlineExceeded
		}
		return frame{err: err}
	}
	f := frame{kind: kind, read: !buffered}
	switch kind {
	case rt.FrameResult:
		f.result, f.err = w.dec.Result()
	case rt.FrameTimeout:
		f.timeout, f.err = w.dec.Timeout()
	case rt.FrameHello:
		f.hello, f.err = w.dec.Hello()
	}
	return f
}

// hangGrace is how long the parent waits for an answer beyond the calls'
// own limits before it declares the executor hung. A variable so that the
// hang test does not wait this long.
var hangGrace = 5 * time.Second

// deadlockGrace is how long the parent waits, after an executor reported a
// call past its limit, for the runtime to declare a deadlock before it
// kills the executor (see rt/deadlock.go). The runtime needs one tick of the
// executor's memory watch (10 ms) and a scheduling round.
var deadlockGrace = 250 * time.Millisecond

// testHooks make the paths other platforms take reachable in tests here.
// A pool copies them when it starts.
var testHooks hooks

type hooks struct {
	noDeadlines bool // use the timer fallback for read deadlines (Windows pipes)
	noWatch     bool // no parent memory watch (macOS)
	noSelfCap   bool // do not ask executors to check their own memory
}

// watchPeriod is how often the parent samples an executor's RSS.
const watchPeriod = 10 * time.Millisecond

// watchMemory samples the executor's RSS until it exits, for the peak in
// Stats, and kills it when the RSS passes the cap. The Go soft limit makes
// the runtime collect harder first; this is the hard stop. Where the parent
// cannot read another process's RSS (sysmem.CanWatch is false), the
// executor's own check (rt/memcap.go) is the stop.
func (p *Pool) watchMemory(c *child) {
	if !sysmem.CanWatch() || p.hooks.noWatch {
		return
	}
	proc, err := sysmem.OpenProcess(c.cmd.Process.Pid)
	if err != nil {
		return // exited already, or not watchable
	}
	defer proc.Close()
	tick := time.NewTicker(watchPeriod)
	defer tick.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-tick.C:
		}
		rss, err := proc.RSS()
		if err != nil {
			continue // exited: done is about to close
		}
		p.notePeak(rss)
		if p.cfg.MemLimit > 0 && rss > p.cfg.MemLimit {
			c.memKilled.Store(true)
			c.kill()
			return
		}
	}
}

func (w *worker) stop() {
	c := w.cur
	if c == nil {
		return
	}
	w.req.Close() // the executor exits when its request pipe closes
	select {
	case <-c.done:
		w.saveProfile()
	case <-time.After(2 * time.Second):
		c.kill()
		<-c.done
	}
	// Anything it started goes with it.
	c.kill()
	c.group.close()
	w.res.Close()
	w.cur = nil
}

// runAll runs seqs on this worker, restarting it after crashes, and fills
// out in order.
func (w *worker) runAll(seqs []rt.Request, out []Outcome) {
	bs := w.pool.cfg.BatchSize
	for i := 0; i < len(seqs); {
		if w.pastDeadline() {
			for j := i; j < len(seqs); j++ {
				out[j] = Outcome{Unrun: true}
			}
			return
		}
		if w.cur == nil {
			t0 := time.Now()
			err := w.start()
			w.pool.addTime(func(t *TimeStats) *time.Duration { return &t.Starts }, time.Since(t0))
			if err != nil {
				// The executor no longer starts: report the rest as crashed
				// rather than loop.
				for j := i; j < len(seqs); j++ {
					out[j] = Outcome{Crash: &Crash{Kind: CrashFatal, Stmt: -1, Message: err.Error()}}
				}
				return
			}
			w.pool.mu.Lock()
			w.pool.stats.Restarts++
			w.pool.mu.Unlock()
		}
		hi := i + bs
		if hi > len(seqs) {
			hi = len(seqs)
		}
		n := w.batch(seqs[i:hi], out[i:hi])
		i += n
	}
}

// batch sends one batch and collects its results. It returns how many
// sequences got an outcome; after a crash, that is up to and including the
// culprit, and the worker is stopped so runAll restarts it.
//
// The executor flushes results with the batch, not one by one (see
// rt.FlagFlush), so when it dies the sequences it sent no result for are
// all suspects. Unless the culprit is known (a timeout report names it, or
// one suspect is left), the suspects run again in a new executor that
// flushes after each sequence, which names the culprit exactly. When the
// replay does not crash (a crash that depends on what ran before, or on
// memory), the suspects keep the replay's results and the crash is counted
// in Stats.Unattributed.
func (w *worker) batch(seqs []rt.Request, out []Outcome) int {
	send := seqs
	if w.flushLeft > 0 {
		// Shortly after a crash that took a replay: crashes come in runs
		// (the search varies what crashed), so flush after each sequence
		// and let the stream name the culprit instead of replaying.
		send = withFlush(seqs)
		w.flushLeft -= len(seqs)
	}
	got, c, exact := w.send(send, out)
	exact = exact || len(send) > 0 && send[0].Flags&rt.FlagFlush != 0
	if c == nil || got >= len(seqs) {
		// All results arrived: a death after the last one is no
		// sequence's; the next batch starts a new executor.
		return got
	}
	if exact || got+1 >= len(seqs) {
		out[got] = Outcome{Crash: c}
		return got + 1
	}
	if w.pastDeadline() {
		// No time for a replay: the suspects stay unrun (runAll), and the
		// crash, whose culprit is unknown, goes with them.
		return got
	}
	t0 := time.Now()
	if err := w.start(); err != nil {
		// Without an executor there is no replay: blame the first suspect,
		// as the runtime would have without batching.
		out[got] = Outcome{Crash: c}
		return got + 1
	}
	suspects := withFlush(seqs[got:])
	w.flushLeft = flushAfterReplay
	w.pool.mu.Lock()
	w.pool.stats.Restarts++
	w.pool.stats.Replays++
	w.pool.stats.Replayed += len(suspects)
	w.pool.mu.Unlock()
	n, c2, _ := w.send(suspects, out[got:])
	w.pool.addTime(func(t *TimeStats) *time.Duration { return &t.Replays }, time.Since(t0))
	if c2 == nil && w.cur == nil && got+n < len(seqs) {
		return got + n // cut at the deadline
	}
	if c2 == nil || got+n >= len(seqs) {
		w.pool.mu.Lock()
		w.pool.stats.Unattributed++
		w.pool.mu.Unlock()
		return got + n
	}
	out[got+n] = Outcome{Crash: c2}
	return got + n + 1
}

// pastDeadline reports whether the worker's deadline has passed.
func (w *worker) pastDeadline() bool {
	return !w.deadline.IsZero() && !time.Now().Before(w.deadline)
}

// cut ends the executor at the deadline: what it has not answered stays
// unrun, and the next batch starts a new executor.
func (w *worker) cut() {
	w.cur.kill()
	<-w.cur.done
	w.cur.group.close()
	w.cur = nil
	w.req.Close()
	w.res.Close()
}

// flushAfterReplay is how many sequences a worker runs with FlagFlush
// after a replay, so that a run of crashes costs one replay, not one each
// (gods' containers: a stack overflow in a String of a container holding
// itself, again and again).
const flushAfterReplay = 4096

// withFlush returns a copy of seqs with FlagFlush set.
func withFlush(seqs []rt.Request) []rt.Request {
	out := make([]rt.Request, len(seqs))
	copy(out, seqs)
	for i := range out {
		out[i].Flags |= rt.FlagFlush
	}
	return out
}

// send sends one batch and collects its results into out. It returns how
// many results arrived and, if the executor died first, the crash (the
// worker is then stopped) and whether the crash is known to belong to
// seqs[got] (the executor reported a timeout in it).
func (w *worker) send(seqs []rt.Request, out []Outcome) (got int, c *Crash, exact bool) {
	w.last = time.Now()
	defer func() {
		if c != nil {
			field := func(t *TimeStats) *time.Duration { return &t.Crashes }
			if c.Kind == CrashTimeout {
				field = func(t *TimeStats) *time.Duration { return &t.Timeouts }
			}
			w.pool.addTime(field, time.Since(w.last))
		}
	}()
	if err := w.enc.Batch(seqs); err == nil {
		err = w.enc.Flush()
	}
	// A write error means the executor is gone; the read side reports why.
	maxStmts := 0
	for _, s := range seqs {
		if len(s.Stmts) > maxStmts {
			maxStmts = len(s.Stmts)
		}
	}
	// The executor's own watchdog reports slow calls and flushes results
	// every tick; this deadline only catches an executor that stopped
	// responding altogether. A call the executor lets run past its limit
	// on the wall clock, because it has not used its limit of CPU time (a
	// loaded machine starves it), is not silent: the watchdog sends
	// FrameAlive every tick, and each frame restarts the deadline. So
	// the parent never ends a call the executor would let finish.
	idle := w.pool.cfg.CallTimeout*time.Duration(2*maxStmts+2) + hangGrace
	for {
		wait := idle
		if !w.deadline.IsZero() {
			wait = min(wait, max(time.Until(w.deadline), time.Millisecond))
		}
		f := w.readFrame(wait)
		if f.err != nil {
			if errors.Is(f.err, os.ErrDeadlineExceeded) && w.pastDeadline() {
				w.cut()
				return got, nil, false
			}
			if errors.Is(f.err, os.ErrDeadlineExceeded) {
				w.cur.kill()
				<-w.cur.done
				c := &Crash{Kind: CrashHang, Stmt: -1, Stderr: w.stderr.String(),
					Message: fmt.Sprintf("no answer for %v", idle)}
				return got, w.finishCrash(c), false
			}
			return got, w.crashed(nil), false
		}
		switch f.kind {
		case rt.FrameResult:
			if f.read {
				// A buffered frame arrived with the last one read: no
				// clock read for it (one per result cost as much as
				// decoding it).
				w.last = time.Now()
			}
			if got < len(seqs) && f.result.ID == seqs[got].ID {
				out[got] = Outcome{Result: f.result}
				got++
			}
		case rt.FrameTimeout:
			return got, w.crashed(&f.timeout), got < len(seqs) && f.timeout.ID == seqs[got].ID
		case rt.FrameAlive:
			// A starved call lives on; the next read has a new
			// deadline.
			w.pool.mu.Lock()
			w.pool.stats.Alive++
			w.pool.mu.Unlock()
		case rt.FrameBatch:
			if got == len(seqs) {
				return got, nil, false
			}
		}
	}
}

// crashed waits for the executor that died (or reported a timeout) to
// end, and classifies its end.
func (w *worker) crashed(to *rt.TimeoutInfo) *Crash {
	cur := w.cur
	// After a timeout report the executor waits for the runtime to find a
	// deadlock (rt/deadlock.go); otherwise it has exited or is about to.
	wait := 5 * time.Second
	if to != nil {
		wait = deadlockGrace
	}
	killed := false
	select {
	case <-cur.done:
	case <-time.After(wait):
		killed = true
		cur.kill()
		<-cur.done
	}
	c := classify(exitOf(cur.waitErr), w.stderr.String(), cur.memKilled.Load())
	if to != nil {
		if killed {
			c = &Crash{Kind: CrashTimeout, Stmt: to.Stmt, Stderr: w.stderr.String(),
				Message: timeoutMessage(to.Reason, w.pool.cfg.CallTimeout)}
		} else {
			// It died by itself after the timeout: a deadlock the
			// runtime found, or a slow call that went on to crash.
			c.Stmt = to.Stmt
		}
	}
	return w.finishCrash(c)
}

// timeoutMessage says which of the executor's limits a call passed.
func timeoutMessage(r rt.TimeoutReason, limit time.Duration) string {
	switch r {
	case rt.TimeoutBlocked:
		return fmt.Sprintf("call exceeded %v blocked", limit)
	case rt.TimeoutWall:
		return fmt.Sprintf("call exceeded %v wall-clock cap (%v limit)", limit*rt.HardCapFactor, limit)
	}
	return fmt.Sprintf("call exceeded %v of CPU time", limit)
}

// finishCrash stops what is left of the crashed executor and returns c.
func (w *worker) finishCrash(c *Crash) *Crash {
	// Whatever the executor started goes with it.
	w.cur.kill()
	w.cur.group.close()
	w.cur = nil
	w.req.Close()
	w.res.Close()
	return c
}

// exitStatus is how a process ended, as far as classify needs it.
type exitStatus struct {
	known  bool   // the process was waited for and its status is known
	code   int    // exit code, when it exited
	signal string // the signal that killed it, "" if none
}

func exitOf(waitErr error) exitStatus {
	var ee *osexec.ExitError
	if !errors.As(waitErr, &ee) {
		return exitStatus{known: waitErr == nil}
	}
	if sig, ok := signaled(ee.ProcessState); ok {
		return exitStatus{known: true, code: -1, signal: sig}
	}
	return exitStatus{known: true, code: ee.ExitCode()}
}

// runtimeExitCode is the status the Go runtime exits with after an
// unrecovered panic or a fatal error.
const runtimeExitCode = 2

// classify tells how an executor died from its exit status and the
// runtime's report on stderr. The report is the first line that starts
// with "fatal error: ", "panic: " or "runtime: goroutine stack exceeds",
// and counts only if the process exited with the runtime's status 2: code
// under test may print such text itself, and a panic message may contain
// "fatal error:" or "out of memory", so the words are looked for in that
// line alone.
func classify(st exitStatus, stderr string, memKilled bool) *Crash {
	c := &Crash{Stmt: -1, Stderr: stderr}
	if memKilled || hasLinePrefix(stderr, rt.MemCapMarker) {
		c.Kind = CrashMemLimit
		c.Message = "executor exceeded its memory cap"
		return c
	}
	report := ""
	if !st.known || (st.signal == "" && st.code == runtimeExitCode) {
		report = runtimeReport(stderr)
	}
	switch {
	case strings.HasPrefix(report, "runtime: goroutine stack exceeds") || report == "fatal error: stack overflow":
		c.Kind, c.Message = CrashStackOverflow, "stack overflow"
	case strings.HasPrefix(report, "fatal error: all goroutines are asleep"):
		c.Kind, c.Message = CrashDeadlock, report
	case strings.HasPrefix(report, "fatal error: concurrent map"):
		c.Kind, c.Message = CrashConcurrentMap, report
	case strings.HasPrefix(report, "fatal error:") && strings.Contains(report, "out of memory"):
		c.Kind, c.Message = CrashOOM, report
	case strings.HasPrefix(report, "fatal error:"):
		c.Kind, c.Message = CrashFatal, report
	case strings.HasPrefix(report, "panic: "):
		// The executor recovers panics of the calls it makes, so a panic
		// that ends the process was on another goroutine.
		c.Kind, c.Message = CrashGoroutinePanic, report
	case st.signal != "":
		c.Kind, c.Message = CrashSignal, st.signal
	default:
		c.Kind, c.ExitCode = CrashExit, st.code
		c.Message = "process exited with status " + strconv.Itoa(c.ExitCode)
		if l := lastLine(stderr); l != "" {
			c.Message += ": " + l
		}
	}
	return c
}

// runtimeReport returns the first line of stderr that starts a Go runtime
// crash report, trimmed, or "".
func runtimeReport(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "panic: ") ||
			strings.HasPrefix(l, "runtime: goroutine stack exceeds") {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

func hasLinePrefix(s, prefix string) bool {
	return strings.HasPrefix(s, prefix) || strings.Contains(s, "\n"+prefix)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if t.buf.Len() > t.max {
		b := t.buf.Bytes()
		keep := append([]byte(nil), b[len(b)-t.max:]...)
		t.buf.Reset()
		t.buf.Write(keep)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
