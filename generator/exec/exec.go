// Package exec is the parent side of gentest's executor processes: it
// starts them in scratch directories with a minimal environment, sends them
// batches of sequences over pipes, enforces time and memory limits, and
// classifies crashes. Results come back indexed by the order of the request,
// so what the search sees does not depend on how many executors ran or how
// fast they were.
package exec

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
	"syscall"
	"time"

	rt "github.com/gentest-go/gentest/generator/harness/rt"
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
	// CallTimeout bounds one call; 0 means one second.
	CallTimeout time.Duration
	// MemLimit is the per-executor memory cap in bytes: the soft limit of
	// the Go runtime and the RSS at which the parent kills the executor.
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
	CrashTimeout        CrashKind = "timeout"         // a call ran past the per-call limit
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
}

// Stats counts executor activity.
type Stats struct {
	Sequences int
	Restarts  int
	Crashes   map[CrashKind]int
	PeakRSS   int64 // bytes, the largest RSS seen of any executor
}

// Pool is a set of executor processes.
type Pool struct {
	cfg     Config
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
	p := &Pool{cfg: cfg, stats: Stats{Crashes: map[CrashKind]int{}}}
	for i := 0; i < cfg.Workers; i++ {
		w := &worker{pool: p, id: i}
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

// Run executes seqs and returns their outcomes in the same order. Sequence
// IDs must be unique within the call.
func (p *Pool) Run(seqs []rt.Seq) []Outcome {
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
			w.runAll(seqs[lo:hi], out[lo:hi])
		}(w, lo, hi)
	}
	wg.Wait()
	p.mu.Lock()
	p.stats.Sequences += len(seqs)
	for _, o := range out {
		if o.Crash != nil {
			p.stats.Crashes[o.Crash.Kind]++
		}
	}
	p.mu.Unlock()
	return out
}

type worker struct {
	pool      *Pool
	id        int
	cmd       *osexec.Cmd
	req       *os.File // our end of the request pipe
	enc       *rt.Encoder
	res       *os.File // our end of the result pipe
	dec       *rt.Decoder
	stderr    *tailBuffer
	done      chan struct{} // closed when the process has been waited for
	waitErr   error
	memKilled bool
	memMu     sync.Mutex
}

type frame struct {
	kind    uint8
	result  *rt.Result
	timeout rt.TimeoutInfo
	hello   rt.Hello
	err     error
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
	env := []string{
		"PATH=/usr/local/bin:/usr/bin:/bin",
		"HOME=" + home,
		"TMPDIR=" + tmp,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"XDG_RUNTIME_DIR=" + filepath.Join(tmp, "run"),
		"GOMAXPROCS=1",
		"GOTRACEBACK=single",
		rt.EnvExecutor + "=1",
		rt.EnvPkgPath + "=" + cfg.PkgPath,
		rt.EnvCallTimeout + "=" + cfg.CallTimeout.String(),
	}
	if cfg.MemLimit > 0 {
		env = append(env, rt.EnvMemLimit+"="+strconv.FormatInt(cfg.MemLimit*3/4, 10))
	}
	if cfg.Sandbox {
		env = append(env, rt.EnvSandbox+"="+dir)
	}
	if p := os.Getenv(rt.EnvCPUProfile); p != "" {
		env = append(env, rt.EnvCPUProfile+"="+p+"."+strconv.Itoa(w.id))
	}
	return env
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
		return err
	}
	resR, resW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return err
	}
	cmd := osexec.Command(w.pool.cfg.Exe)
	cmd.Dir = dir
	cmd.Env = w.env(dir)
	cmd.ExtraFiles = []*os.File{reqR, resW}
	w.stderr = &tailBuffer{max: 64 << 10}
	cmd.Stderr = w.stderr
	cmd.Stdout = io.Discard
	// Its own process group, so that anything it starts dies with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		reqR.Close()
		reqW.Close()
		resR.Close()
		resW.Close()
		return fmt.Errorf("starting executor: %w", err)
	}
	reqR.Close()
	resW.Close()
	w.cmd, w.req, w.enc = cmd, reqW, rt.NewEncoder(reqW)
	w.res, w.dec = resR, rt.NewDecoder(resR)
	w.done = make(chan struct{})
	w.memKilled = false
	go func() {
		w.waitErr = cmd.Wait()
		close(w.done)
	}()
	go w.watchMemory(cmd.Process.Pid, w.done)
	// The first frame is the hello.
	f := w.readFrame(30 * time.Second)
	if f.err != nil || f.kind != rt.FrameHello {
		w.kill()
		<-w.done
		w.res.Close()
		return fmt.Errorf("executor did not start: %v %s", f.err, firstLine(w.stderr.String()))
	}
	if w.pool.cfg.Sandbox && !f.hello.Sandboxed {
		w.kill()
		<-w.done
		w.res.Close()
		return errors.New("executor did not confirm its sandbox")
	}
	return nil
}

// readFrame reads the next frame, giving up after d. Frames are read on
// the calling goroutine, with a deadline on the pipe, rather than through a
// reader goroutine: a hand-off per frame costs more than a cheap sequence.
func (w *worker) readFrame(d time.Duration) frame {
	w.res.SetReadDeadline(time.Now().Add(d))
	kind, err := w.dec.Next()
	if err != nil {
		return frame{err: err}
	}
	f := frame{kind: kind}
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

// watchMemory kills the executor when its RSS passes the cap. The Go soft
// limit makes the runtime collect harder first; this is the hard stop.
func (w *worker) watchMemory(pid int, done chan struct{}) {
	cfg := w.pool.cfg
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
		}
		rss := readRSS(pid)
		w.pool.mu.Lock()
		if rss > w.pool.stats.PeakRSS {
			w.pool.stats.PeakRSS = rss
		}
		w.pool.mu.Unlock()
		if cfg.MemLimit > 0 && rss > cfg.MemLimit {
			w.memMu.Lock()
			w.memKilled = true
			w.memMu.Unlock()
			w.kill()
			return
		}
	}
}

func readRSS(pid int) int64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			f := strings.Fields(line)
			if len(f) >= 2 {
				kb, _ := strconv.ParseInt(f[1], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}

func (w *worker) kill() {
	if w.cmd != nil && w.cmd.Process != nil {
		syscall.Kill(-w.cmd.Process.Pid, syscall.SIGKILL)
		w.cmd.Process.Kill()
	}
}

func (w *worker) stop() {
	if w.cmd == nil {
		return
	}
	w.req.Close() // the executor exits when its request pipe closes
	select {
	case <-w.done:
	case <-time.After(2 * time.Second):
		w.kill()
		<-w.done
	}
	w.res.Close()
	w.cmd = nil
}

// runAll runs seqs on this worker, restarting it after crashes, and fills
// out in order.
func (w *worker) runAll(seqs []rt.Seq, out []Outcome) {
	bs := w.pool.cfg.BatchSize
	for i := 0; i < len(seqs); {
		if w.cmd == nil {
			if err := w.start(); err != nil {
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
func (w *worker) batch(seqs []rt.Seq, out []Outcome) int {
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
	// The executor's own watchdog reports slow calls; this deadline only
	// catches an executor that stopped responding altogether.
	idle := w.pool.cfg.CallTimeout*time.Duration(2*maxStmts+2) + 5*time.Second
	got := 0
	for {
		f := w.readFrame(idle)
		if f.err != nil {
			if errors.Is(f.err, os.ErrDeadlineExceeded) {
				w.kill()
				<-w.done
				c := &Crash{Kind: CrashHang, Stmt: -1, Stderr: w.stderr.String()}
				return w.finishCrash(seqs, out, got, c)
			}
			return w.crashed(seqs, out, got, nil)
		}
		switch f.kind {
		case rt.FrameResult:
			if got < len(seqs) && f.result.ID == seqs[got].ID {
				out[got] = Outcome{Result: f.result}
				got++
			}
		case rt.FrameTimeout:
			return w.crashed(seqs, out, got, &f.timeout)
		case rt.FrameBatch:
			if got == len(seqs) {
				return got
			}
		}
	}
}

func (w *worker) crashed(seqs []rt.Seq, out []Outcome, got int, to *rt.TimeoutInfo) int {
	select {
	case <-w.done:
	case <-time.After(5 * time.Second):
		w.kill()
		<-w.done
	}
	w.memMu.Lock()
	memKilled := w.memKilled
	w.memMu.Unlock()
	c := classify(w.waitErr, w.stderr.String(), memKilled)
	if to != nil {
		c = &Crash{Kind: CrashTimeout, Stmt: to.Stmt, Stderr: w.stderr.String(),
			Message: fmt.Sprintf("call exceeded %v", w.pool.cfg.CallTimeout)}
	}
	return w.finishCrash(seqs, out, got, c)
}

func (w *worker) finishCrash(seqs []rt.Seq, out []Outcome, got int, c *Crash) int {
	w.cmd = nil
	w.req.Close()
	w.res.Close()
	if got >= len(seqs) {
		return got
	}
	out[got] = Outcome{Crash: c}
	return got + 1
}

// classify reads the exit status and the runtime's report on stderr.
func classify(waitErr error, stderr string, memKilled bool) *Crash {
	c := &Crash{Stmt: -1, Stderr: stderr}
	if memKilled {
		c.Kind = CrashMemLimit
		c.Message = "executor exceeded its memory cap"
		return c
	}
	line := func(prefix string) string {
		for _, l := range strings.Split(stderr, "\n") {
			if strings.HasPrefix(l, prefix) {
				return strings.TrimSpace(l)
			}
		}
		return ""
	}
	switch {
	case strings.Contains(stderr, "stack exceeds") || strings.Contains(stderr, "fatal error: stack overflow"):
		c.Kind, c.Message = CrashStackOverflow, "stack overflow"
	case strings.Contains(stderr, "all goroutines are asleep"):
		c.Kind, c.Message = CrashDeadlock, line("fatal error:")
	case strings.Contains(stderr, "concurrent map"):
		c.Kind, c.Message = CrashConcurrentMap, line("fatal error:")
	case strings.Contains(stderr, "out of memory"):
		c.Kind, c.Message = CrashOOM, line("fatal error:")
	case strings.Contains(stderr, "fatal error:"):
		c.Kind, c.Message = CrashFatal, line("fatal error:")
	case strings.Contains(stderr, "panic: ") && strings.Contains(stderr, "goroutine "):
		c.Kind, c.Message = CrashGoroutinePanic, line("panic:")
	default:
		var ee *osexec.ExitError
		if errors.As(waitErr, &ee) {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				c.Kind, c.Message = CrashSignal, ws.Signal().String()
				return c
			}
			c.Kind, c.ExitCode = CrashExit, ee.ExitCode()
		} else {
			c.Kind = CrashExit
		}
		c.Message = "process exited with status " + strconv.Itoa(c.ExitCode)
		if l := lastLine(stderr); l != "" {
			c.Message += ": " + l
		}
	}
	return c
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
