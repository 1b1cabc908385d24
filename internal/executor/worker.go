package executor

import (
	"errors"
	"fmt"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// One executor process at a time: starting it, sending it batches and
// reading its frames, and what happens when it dies.

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
	// exited is set when the last executor ended because the code under
	// test exited the process, so that the next start counts as time lost
	// to exits (TimeStats.Exits).
	exited bool
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
		// math/rand's Seed does nothing, as since Go 1.24: a module whose
		// go.mod declares an older go line gets the old default, under
		// which code that seeds the global source from the clock
		// (montanaflynn/stats' NormPpfRvs, go 1.13) replaced the
		// per-run source the executor installs (rt's mathrand.go) with
		// a clock-seeded one, and what it drew then, nil or an error,
		// steered the search differently in every run. Its results stay
		// random to the judge, whose repeats draw differently.
		"GODEBUG=randseednop=1",
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
		w.end()
		return fmt.Errorf("executor did not start: %v %s", f.err, firstLine(w.stderr.String()))
	}
	if w.pool.cfg.Sandbox && !f.hello.Sandboxed {
		w.end()
		return errors.New("executor did not confirm its sandbox")
	}
	return nil
}

// end ends the executor at once, and whatever it started: after it died,
// when start could not finish starting it, or when a deadline passes.
// What it did not answer stays unanswered, and the next batch starts a new
// executor.
func (w *worker) end() {
	w.cur.kill()
	<-w.cur.done
	w.cur.group.close()
	w.req.Close()
	w.res.Close()
	w.cur = nil
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

// hooks are the pool's timing and platform knobs: defaultHooks, except in
// tests, which shorten the waits and reach the paths other platforms take.
// A pool copies them when it starts.
type hooks struct {
	// hangGrace is how long the parent waits for an answer beyond the
	// calls' own limits before it declares the executor hung.
	hangGrace time.Duration
	// deadlockGrace is how long the parent waits, after an executor
	// reported a call past its limit, for the runtime to declare a
	// deadlock before it kills the executor (see rt/deadlock.go). The
	// runtime needs one tick of the executor's memory watch (10 ms) and a
	// scheduling round.
	deadlockGrace time.Duration

	noDeadlines bool // use the timer fallback for read deadlines (Windows pipes)
	noWatch     bool // no parent memory watch (macOS)
	noSelfCap   bool // do not ask executors to check their own memory
}

// defaultHooks are the knobs of every pool but the tests'.
var defaultHooks = hooks{hangGrace: 5 * time.Second, deadlockGrace: 250 * time.Millisecond}

// stop ends the executor the ordinary way: it closes the request pipe, on
// which the executor exits (and writes its CPU profile, if asked), and
// kills it if it has not within 2 s.
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
			d := time.Since(t0)
			w.pool.addTime(func(t *TimeStats) *time.Duration { return &t.Starts }, d)
			w.exitCost(d)
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
//
// The replay starts at the batch's first sequence, not at the first one
// unanswered, and its results replace those the dead executor sent: how
// many it sent depends on when its watchdog's tick last flushed, a matter
// of timing, and a sequence answered by the old process (after everything
// it ran before) and one run again in the fresh one can differ, in package
// state a sequence leaves behind (a counter, a cache, a lazily built
// table). Either way the batch's results are then the fresh executor's,
// whatever the timing.
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
	if exact || len(seqs) == 1 {
		// Not when one suspect is left after others answered: that the
		// others' results arrived is the tick's timing (see above).
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
	suspects := withFlush(seqs)
	w.flushLeft = flushAfterReplay
	w.pool.mu.Lock()
	w.pool.stats.Restarts++
	w.pool.stats.Replays++
	w.pool.stats.Replayed += len(suspects)
	w.pool.mu.Unlock()
	clear(out[:got])
	n, c2, _ := w.send(suspects, out)
	d := time.Since(t0)
	w.pool.addTime(func(t *TimeStats) *time.Duration { return &t.Replays }, d)
	if c.Kind == CrashExit {
		w.pool.addTime(func(t *TimeStats) *time.Duration { return &t.Exits }, d)
	}
	if c2 == nil && w.cur == nil && n < len(seqs) {
		return n // cut at the deadline
	}
	if c2 == nil || n >= len(seqs) {
		w.pool.mu.Lock()
		w.pool.stats.Unattributed++
		w.pool.mu.Unlock()
		return n
	}
	out[n] = Outcome{Crash: c2}
	return n + 1
}

// pastDeadline reports whether the worker's deadline has passed.
func (w *worker) pastDeadline() bool {
	return !w.deadline.IsZero() && !time.Now().Before(w.deadline)
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
			d := time.Since(w.last)
			w.pool.addTime(field, d)
			if c.Kind == CrashExit {
				w.exited = true
				w.pool.addTime(func(t *TimeStats) *time.Duration { return &t.Exits }, d)
			}
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
	idle := w.pool.cfg.CallTimeout*time.Duration(2*maxStmts+2) + w.pool.hooks.hangGrace
	for {
		wait := idle
		if !w.deadline.IsZero() {
			wait = min(wait, max(time.Until(w.deadline), time.Millisecond))
		}
		f := w.readFrame(wait)
		if f.err != nil {
			if errors.Is(f.err, os.ErrDeadlineExceeded) && w.pastDeadline() {
				w.end()
				return got, nil, false
			}
			if errors.Is(f.err, os.ErrDeadlineExceeded) {
				w.end()
				return got, &Crash{Kind: CrashHang, Stmt: -1, Stderr: w.stderr.String(),
					Message: fmt.Sprintf("no answer for %v", idle)}, false
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
// end, classifies its end, and ends what is left of it.
func (w *worker) crashed(to *rt.TimeoutInfo) *Crash {
	cur := w.cur
	// After a timeout report the executor waits for the runtime to find a
	// deadlock (rt/deadlock.go); otherwise it has exited or is about to.
	wait := 5 * time.Second
	if to != nil {
		wait = w.pool.hooks.deadlockGrace
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
	w.end()
	return c
}

// ScratchEnv is the environment code under test gets: its home, temporary
// and per-user directories inside its scratch directory (home and tmp),
// a fixed PATH, and nothing else of the user's. The executor's workers
// use it, and so do the other processes that run the package's code (the
// mutation analysis's test binaries).
func ScratchEnv(home, tmp string) []string { return platformEnv(home, tmp) }

// exitCost adds the start of an executor that replaced one the code under
// test exited (d) to TimeStats.Exits.
func (w *worker) exitCost(d time.Duration) {
	if w.exited {
		w.exited = false
		w.pool.addTime(func(t *TimeStats) *time.Duration { return &t.Exits }, d)
	}
}
