package executor

import (
	"context"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/sysmem"
)

// TestCrashClasses runs, on one executor, a sequence before the crash, the
// crashing sequence, and one after: the crash must be classified, recorded
// against the culprit alone, and the next sequence must run on a restarted
// executor.
func TestCrashClasses(t *testing.T) {
	t.Parallel()
	_, ops := fixture(t)
	type tc struct {
		name    string
		op      string
		args    []rt.Arg
		cfg     Config
		unix    bool
		want    CrashKind
		stmt    int    // the statement the crash is recorded against; -1 unknown
		message string // a substring of Crash.Message
		code    int    // ExitCode, for CrashExit
	}
	slow := 60 * time.Second // for crashes that must not be taken for timeouts on a loaded machine
	cases := []tc{
		{name: "timeout", op: "Spin", cfg: Config{CallTimeout: 300 * time.Millisecond},
			want: CrashTimeout, stmt: 1, message: "call exceeded 300ms"},
		{name: "timer-wait-is-not-deadlock", op: "WaitTimer", args: []rt.Arg{intArg(60000)}, cfg: Config{CallTimeout: 300 * time.Millisecond},
			want: CrashTimeout, stmt: 1},
		{name: "deadlock", op: "Deadlock", cfg: Config{CallTimeout: 300 * time.Millisecond},
			want: CrashDeadlock, stmt: 1, message: "all goroutines are asleep"},
		{name: "stack-overflow", op: "Recurse", args: []rt.Arg{intArg(0)}, cfg: Config{CallTimeout: slow},
			want: CrashStackOverflow, stmt: -1, message: "stack overflow"},
		{name: "concurrent-map", op: "ConcurrentMap", cfg: Config{CallTimeout: slow},
			want: CrashConcurrentMap, stmt: -1, message: "concurrent map writes"},
		{name: "out-of-memory", op: "OutOfMemory", cfg: Config{CallTimeout: slow},
			want: CrashOOM, stmt: -1, message: "out of memory"},
		{name: "memory-cap", op: "Grow", args: []rt.Arg{intArg(1024)}, cfg: Config{CallTimeout: slow, MemLimit: 64 << 20},
			want: CrashMemLimit, stmt: -1, message: "memory cap"},
		{name: "goroutine-panic", op: "GoroutinePanic", cfg: Config{CallTimeout: slow},
			want: CrashGoroutinePanic, stmt: -1, message: "panic: crash: panic on another goroutine"},
		{name: "fatal-error", op: "Fatal", cfg: Config{CallTimeout: slow},
			want: CrashFatal, stmt: -1, message: "fatal error: sync: unlock of unlocked mutex"},
		{name: "exit", op: "Exit", args: []rt.Arg{intArg(7)}, cfg: Config{CallTimeout: slow},
			want: CrashExit, stmt: -1, code: 7, message: "status 7"},
		{name: "signal", op: "KillSelf", cfg: Config{CallTimeout: slow}, unix: true,
			want: CrashSignal, stmt: -1, message: "killed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.unix && runtime.GOOS == "windows" {
				t.Skip("Unix signals")
			}
			if c.op == "WaitTimer" && testing.Short() {
				t.Skip("waits all of the deadlock grace")
			}
			set := func(*hooks) {}
			if c.want == CrashDeadlock || c.op == "WaitTimer" {
				// Generous: the runtime must find the deadlock on a
				// loaded machine, and must be given as long to find one
				// where there is none. The latter waits all of it.
				set = func(h *hooks) { h.deadlockGrace = 3 * time.Second }
			}
			cfg := c.cfg
			cfg.Workers = 1
			p, _ := startPoolWith(t, cfg, set)
			seqs := []rt.Request{
				{ID: 10, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Echo", intArg(1))}},
				{ID: 11, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Echo", intArg(2)), call(t, ops, c.op, c.args...)}},
				{ID: 12, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Echo", intArg(3))}},
			}
			out := p.Run(seqs)
			if got := echoed(t, out[0], 0); got != 1 {
				t.Errorf("before the crash: Echo returned %d", got)
			}
			cr := out[1].Crash
			if cr == nil {
				t.Fatalf("%s: no crash, result %+v", c.op, out[1].Result)
			}
			if cr.Kind != c.want || cr.Stmt != c.stmt || !strings.Contains(cr.Message, c.message) || cr.ExitCode != c.code {
				t.Errorf("%s: crash %q (stmt %d, exit code %d), want %s (stmt %d, exit code %d) with message containing %q\nstderr:\n%s",
					c.op, cr, cr.Stmt, cr.ExitCode, c.want, c.stmt, c.code, c.message, trimTail(cr.Stderr))
			}
			if got := echoed(t, out[2], 0); got != 3 {
				t.Errorf("after the crash: Echo returned %d", got)
			}
			st := p.Stats()
			// A crash the executor did not report itself (stmt -1) leaves
			// the unanswered sequences suspect: they are replayed once,
			// which starts one more executor. A reported timeout names
			// its sequence.
			if replayed := c.stmt < 0; (st.Replays == 1) != replayed || st.Replays > 1 {
				t.Errorf("stats %+v: %d replays, want replay %v", st, st.Replays, replayed)
			}
			if st.Sequences != 3 || st.Restarts != 1+st.Replays || st.Crashes[cr.Kind] != 1 || len(st.Crashes) != 1 {
				t.Errorf("stats %+v, want 3 sequences, 1 restart after the crash (+1 per replay), 1 crash", st)
			}
		})
	}
}

func trimTail(s string) string {
	if len(s) > 2000 {
		return "..." + s[len(s)-2000:]
	}
	return s
}

// TestHang: an executor that stops answering altogether (stopped by
// SIGSTOP, so no watchdog inside it can report) is killed after the idle
// deadline, with and without read deadlines on the pipe (Windows pipes
// have none, and a timer kills the executor instead).
func TestHang(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGSTOP")
	}
	if testing.Short() {
		t.Skip("waits for the hang deadline")
	}
	t.Parallel()
	for _, fallback := range []bool{false, true} {
		name := "deadline"
		if fallback {
			name = "timer"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, ops := startPoolWith(t, Config{Workers: 1, CallTimeout: 100 * time.Millisecond}, func(h *hooks) {
				h.hangGrace = 300 * time.Millisecond
				h.noDeadlines = fallback
			})
			out := p.Run([]rt.Request{
				{ID: 1, Stmts: []rt.Stmt{call(t, ops, "Stop")}},
				{ID: 2, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Echo", intArg(5))}},
			})
			if out[0].Crash == nil || out[0].Crash.Kind != CrashHang {
				t.Fatalf("Stop: outcome %+v (result %+v), want a hang", out[0], out[0].Result)
			}
			if got := echoed(t, out[1], 0); got != 5 {
				t.Errorf("after the hang: Echo returned %d", got)
			}
		})
	}
}

// TestMemoryCap stops an executor that grows past its cap by each of the
// two mechanisms alone: the parent's RSS watch (Linux, Windows) and the
// executor's check of its own memory (every platform; the only one on
// macOS).
func TestMemoryCap(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name             string
		noWatch, noSelf  bool
		wantMarker       bool
		needsParentWatch bool
	}{
		{name: "self", noWatch: true, wantMarker: true},
		{name: "parent", noSelf: true, needsParentWatch: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.needsParentWatch && !sysmem.CanWatch() {
				t.Skip("no parent memory watch on " + runtime.GOOS)
			}
			p, ops := startPoolWith(t, Config{Workers: 1, CallTimeout: 60 * time.Second, MemLimit: 64 << 20}, func(h *hooks) {
				h.noWatch, h.noSelfCap = c.noWatch, c.noSelf
			})
			out := p.Run([]rt.Request{{ID: 1, Stmts: []rt.Stmt{call(t, ops, "Grow", intArg(1024))}}})
			cr := out[0].Crash
			if cr == nil || cr.Kind != CrashMemLimit {
				t.Fatalf("Grow(1024) under a 64 MiB cap: outcome %+v", out[0])
			}
			if got := strings.Contains(cr.Stderr, rt.MemCapMarker); got != c.wantMarker {
				t.Errorf("stderr has the executor's memory cap report: %v, want %v\n%s", got, c.wantMarker, trimTail(cr.Stderr))
			}
			if st := p.Stats(); !c.noWatch && st.PeakRSS < 32<<20 {
				t.Errorf("PeakRSS = %d, want near the 64 MiB cap", st.PeakRSS)
			}
		})
	}
}

// TestPerCallTimeout: the limit bounds each call, not the sequence.
func TestPerCallTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("calls of 300 ms and a 1 s timeout")
	}
	t.Parallel()
	p, ops := startPoolWith(t, Config{Workers: 1, CallTimeout: time.Second}, func(h *hooks) { h.deadlockGrace = 100 * time.Millisecond })
	sleep := func(ms int) rt.Stmt { return call(t, ops, "Sleep", intArg(ms)) }
	out := p.Run([]rt.Request{
		{ID: 1, Flags: rt.FlagDetail, Stmts: []rt.Stmt{sleep(300), sleep(300), sleep(300), sleep(300)}},
		{ID: 2, Stmts: []rt.Stmt{sleep(10), sleep(30000)}},
	})
	if out[0].Result == nil {
		t.Fatalf("four 300 ms calls under a 1 s per-call limit: %v", out[0].Crash)
	}
	if got := echoed(t, out[0], 3); got != 300 {
		t.Errorf("Sleep returned %d", got)
	}
	if cr := out[1].Crash; cr == nil || cr.Kind != CrashTimeout || cr.Stmt != 1 {
		t.Errorf("a 30 s call: outcome %+v, want a timeout at statement 1", out[1])
	}
}

// TestRestartRecordsCulprit: across batches, each crash is recorded against
// its own sequence, and every other sequence runs.
func TestRestartRecordsCulprit(t *testing.T) {
	t.Parallel()
	p, ops := startPool(t, Config{Workers: 1, BatchSize: 8, CallTimeout: 30 * time.Second})
	crashAt := map[int]bool{4: true, 15: true}
	var seqs []rt.Request
	for i := 0; i < 20; i++ {
		s := rt.Request{ID: uint64(100 + i), Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Echo", intArg(i))}}
		if crashAt[i] {
			s.Stmts = append(s.Stmts, call(t, ops, "Exit", intArg(3)))
		}
		seqs = append(seqs, s)
	}
	out := p.Run(seqs)
	for i, o := range out {
		if crashAt[i] {
			if o.Crash == nil || o.Crash.Kind != CrashExit || o.Crash.ExitCode != 3 {
				t.Errorf("sequence %d: outcome %+v, want exit 3", i, o)
			}
			continue
		}
		if o.Result == nil || o.Result.ID != seqs[i].ID {
			t.Errorf("sequence %d: outcome %+v", i, o)
			continue
		}
		if got := echoed(t, o, 0); got != int64(i) {
			t.Errorf("sequence %d: Echo returned %d", i, got)
		}
	}
	// The first crash's batch is replayed to find its culprit (one more
	// executor); the worker then flushes after each sequence for a while,
	// so the second crash names its culprit without a replay. The
	// executor restarts after each culprit.
	if st := p.Stats(); st.Restarts != 2+st.Replays || st.Replays != 1 || st.Replayed != 8 || st.Unattributed != 0 || st.Crashes[CrashExit] != 2 || st.Sequences != 20 {
		t.Errorf("stats %+v, want 1 replay of 8 sequences, 3 restarts, 2 exits, 20 sequences", st)
	}
	// The time lost to the exits is theirs: the crashes, the replay and
	// the restart after the second; nothing else crashed.
	if tm := p.Stats().Time; tm.Exits <= 0 || tm.Exits > tm.Crashes+tm.Replays+tm.Starts {
		t.Errorf("time %+v, want the exits' time counted, within their crashes, replay and starts", tm)
	}
}

// TestRestartForgetsState: package state a request changed (Grow's held
// memory, which no operation restores) is seen by the next request until
// Restart, and gone after it; Restart is safe after Release and twice.
func TestRestartForgetsState(t *testing.T) {
	t.Parallel()
	p, ops := startPool(t, Config{Workers: 2, CallTimeout: 30 * time.Second})
	held := func(id uint64) int64 {
		t.Helper()
		return echoed(t, p.Run([]rt.Request{{ID: id, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Grow", intArg(0))}}})[0], 0)
	}
	p.Run([]rt.Request{{ID: 1, Stmts: []rt.Stmt{call(t, ops, "Grow", intArg(1))}}})
	if got := held(2); got != 1 {
		t.Fatalf("before Restart: %d MiB held, want 1 (the state a request left)", got)
	}
	before := p.Stats().Restarts
	p.Release()
	p.Restart()
	p.Restart()
	if got := held(3); got != 0 {
		t.Errorf("after Restart: %d MiB held, want 0", got)
	}
	if st := p.Stats(); st.Restarts != before+1 {
		t.Errorf("restarts %d, want %d (one worker ran)", st.Restarts, before+1)
	}
}

// TestRunAloneAttributes: a goroutine that panics after its call returned
// kills the executor while a later sequence of the batch runs, and the
// crash is recorded against that innocent sequence; run alone with time to
// settle, the culprit crashes and the innocent one does not. A crash inside
// the call (Recurse's stack overflow) is caught alone as well, and the
// pool's own executors are not disturbed.
func TestRunAloneAttributes(t *testing.T) {
	if testing.Short() {
		t.Skip("sequences that sleep and settle for seconds")
	}
	t.Parallel()
	p, ops := startPool(t, Config{Workers: 1, BatchSize: 8, CallTimeout: 30 * time.Second})
	culprit := rt.Request{ID: 1, Stmts: []rt.Stmt{call(t, ops, "Echo", intArg(1)), call(t, ops, "LatePanic", intArg(50))}}
	innocent := rt.Request{ID: 2, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Sleep", intArg(2000))}}
	out := p.Run([]rt.Request{culprit, innocent})
	if out[0].Crash != nil || out[1].Crash == nil || out[1].Crash.Kind != CrashGoroutinePanic {
		t.Fatalf("in a batch: outcomes %+v, %+v; want the late panic to fall on the second sequence", out[0], out[1])
	}

	o := p.RunAlone(culprit, 2*time.Second)
	if o.Crash == nil || o.Crash.Kind != CrashGoroutinePanic || o.Crash.Stmt != -1 || !strings.Contains(o.Crash.Message, "late panic") {
		t.Errorf("culprit alone: %+v, want its goroutine panic", o)
	}
	if o := p.RunAlone(rt.Request{ID: 3, Flags: rt.FlagDetail, Stmts: innocent.Stmts[:1]}, 100*time.Millisecond); o.Crash != nil || o.Result == nil {
		t.Errorf("innocent alone: %+v, want a result and no crash", o)
	}
	if o := p.RunAlone(rt.Request{ID: 4, Stmts: culprit.Stmts[:1]}, 200*time.Millisecond); o.Crash != nil {
		t.Errorf("the culprit's first statement alone: %+v, want no crash", o)
	}
	if o := p.RunAlone(rt.Request{ID: 5, Stmts: []rt.Stmt{call(t, ops, "Recurse", intArg(0)), call(t, ops, "Echo", intArg(1))}}, 0); o.Crash == nil || o.Crash.Kind != CrashStackOverflow {
		t.Errorf("Recurse alone: %+v, want a stack overflow", o)
	}
	// The pool's executor keeps working.
	if got := echoed(t, p.Run([]rt.Request{{ID: 6, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Echo", intArg(42))}}})[0], 0); got != 42 {
		t.Errorf("after RunAlone: Echo returned %d", got)
	}
}

// TestBatchOrder: outcomes come back in request order whatever the number
// of workers and however long each sequence takes, and are the same.
func TestBatchOrder(t *testing.T) {
	t.Parallel()
	_, ops := fixture(t)
	rng := rand.New(rand.NewPCG(3, 4))
	var seqs []rt.Request
	for i := 0; i < 30; i++ {
		s := rt.Request{ID: uint64(1000 + i), Flags: rt.FlagDetail, Stmts: []rt.Stmt{
			call(t, ops, "Sleep", intArg(rng.IntN(8))),
			call(t, ops, "Echo", intArg(i)),
		}}
		if i == 13 {
			s.Stmts = append(s.Stmts, call(t, ops, "Exit", intArg(9)))
		}
		seqs = append(seqs, s)
	}
	var runs [][]Outcome
	for _, workers := range []int{1, 3} {
		p, _ := startPool(t, Config{Workers: workers, BatchSize: 4, CallTimeout: 30 * time.Second})
		out := p.Run(seqs)
		p.Close()
		for i, o := range out {
			if i == 13 {
				if o.Crash == nil || o.Crash.ExitCode != 9 {
					t.Errorf("%d workers: sequence 13: %+v, want exit 9", workers, o)
				}
				continue
			}
			if o.Result == nil || o.Result.ID != seqs[i].ID {
				t.Fatalf("%d workers: outcome %d is %+v, want sequence %d", workers, i, o, seqs[i].ID)
			}
			if got := echoed(t, o, 1); got != int64(i) {
				t.Errorf("%d workers: sequence %d: Echo returned %d", workers, i, got)
			}
		}
		runs = append(runs, out)
	}
	for i := range seqs {
		a, b := runs[0][i], runs[1][i]
		if (a.Result == nil) != (b.Result == nil) {
			t.Errorf("sequence %d: 1 worker %+v, 3 workers %+v", i, a, b)
			continue
		}
		if a.Result != nil && a.Result.Stmt(1).Values()[0].Hash != b.Result.Stmt(1).Values()[0].Hash {
			t.Errorf("sequence %d: value hashes differ between 1 and 3 workers", i)
		}
	}
}

// TestSandboxRefusesOutsideScratch shows the kernel, not the effect
// policy, stopping the code under test: WriteFile writes through a function
// value, so its effects are unknown to the analysis and it is called when
// the sandbox is on. Inside the sandbox a write outside the scratch
// directory fails with EACCES and leaves no file, while a write inside
// succeeds; the same call without the sandbox writes the file, so it is
// the sandbox that refused. TCP (ABI 4), device ioctls (ABI 5) and signals
// to other processes (ABI 6) are checked the same way where the kernel has
// them.
func TestSandboxRefusesOutsideScratch(t *testing.T) {
	t.Parallel()
	if !SandboxAvailable() {
		t.Skip("no Landlock here")
	}
	abi := rt.LandlockABI()
	_, ops := fixture(t)
	outside := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	type probe struct {
		name   string
		stmt   rt.Stmt
		minABI int
		// refused and allowed are substrings of the error inside and
		// outside the sandbox ("" for no error).
		refused, allowed string
	}
	probes := []probe{
		{"write outside", call(t, ops, "WriteFile", strArg(filepath.Join(outside, "%s.txt")), strArg("x")), 1, "permission denied", ""},
		{"write inside", call(t, ops, "WriteFile", strArg("inside.txt"), strArg("x")), 1, "", ""},
		{"tcp connect", call(t, ops, "Dial", strArg(ln.Addr().String())), 4, "permission denied", ""},
		{"device ioctl", call(t, ops, "IoctlTTY", strArg(os.DevNull)), 5, "permission denied", "inappropriate ioctl"},
		{"signal outside", call(t, ops, "Signal", intArg(os.Getpid())), 6, "operation not permitted", ""},
	}
	for _, sandbox := range []bool{true, false} {
		scratch := t.TempDir()
		p, _ := startPool(t, Config{Workers: 1, Sandbox: sandbox, ScratchDir: scratch, CallTimeout: 30 * time.Second})
		tag := map[bool]string{true: "sandboxed", false: "unsandboxed"}[sandbox]
		var seqs []rt.Request
		var run []probe
		for _, pr := range probes {
			if pr.minABI > abi {
				continue
			}
			st := pr.stmt
			if pr.name == "write outside" {
				// A file per run, so the control run cannot mask the other.
				st.Args = []rt.Arg{strArg(filepath.Join(outside, tag+".txt")), strArg("x")}
			}
			seqs = append(seqs, rt.Request{ID: uint64(len(seqs)), Flags: rt.FlagDetail, Stmts: []rt.Stmt{st}})
			run = append(run, pr)
		}
		out := p.Run(seqs)
		for i, pr := range run {
			o := out[i]
			if o.Result == nil || o.Result.Stmts[0].Outcome != rt.OutNormal {
				t.Errorf("%s, %s: outcome %+v", tag, pr.name, o)
				continue
			}
			v := o.Result.Stmt(0).Values()[0]
			msg := ""
			if !v.Nil {
				msg = o.Result.Stmt(0).Tree(0).S
			}
			want := pr.allowed
			if sandbox {
				want = pr.refused
			}
			if (want == "") != (msg == "") || !strings.Contains(msg, want) {
				t.Errorf("%s, %s: error %q, want one containing %q", tag, pr.name, msg, want)
			}
		}
		_, err := os.Stat(filepath.Join(outside, tag+".txt"))
		if sandbox && !os.IsNotExist(err) {
			t.Errorf("the sandboxed write outside scratch left a file (stat: %v)", err)
		}
		if !sandbox && err != nil {
			t.Errorf("the unsandboxed write outside scratch: %v", err)
		}
		if _, err := os.Stat(filepath.Join(scratch, "w0", "inside.txt")); err != nil {
			t.Errorf("%s: the write inside scratch: %v", tag, err)
		}
	}
}

// TestActiveProtections: what is reported is what the executor applies.
func TestActiveProtections(t *testing.T) {
	on, off := ActiveProtections(true), ActiveProtections(false)
	if !on.EffectPolicy || !off.EffectPolicy {
		t.Error("the effect policy is always on")
	}
	if off.Landlock.ABI != 0 || off.Note() == "" || !strings.Contains(off.String(), "effect policy only") {
		t.Errorf("sandbox off: %+v, note %q", off, off.Note())
	}
	abi := rt.LandlockABI()
	if abi < 1 {
		if on.Landlock.ABI != 0 || on.Note() == "" {
			t.Errorf("no Landlock: %+v", on)
		}
		return
	}
	if on.Landlock != rt.RulesFor(abi) || on.Note() != "" || !strings.Contains(on.String(), "Landlock ABI") {
		t.Errorf("Landlock ABI %d: %+v, note %q", abi, on, on.Note())
	}
}

// TestCachedExecutor: a second build of the same package comes from the
// cache, and the executor it hands out runs.
func TestCachedExecutor(t *testing.T) {
	t.Parallel()
	fixture(t)
	f := &crashFixture
	work := t.TempDir()
	h, err := harness.Build(context.Background(), f.pkg, f.prog, harness.Options{WorkDir: work, CacheDir: filepath.Join(f.dir, "cache")})
	if err != nil {
		t.Fatal(err)
	}
	if !h.Cached || !strings.HasPrefix(h.Exe, work) {
		t.Fatalf("second build: cached %v, executor %s (want one in %s)", h.Cached, h.Exe, work)
	}
	p, err := Start(context.Background(), Config{Exe: h.Exe, PkgPath: f.pkg.PkgPath, ScratchDir: t.TempDir(), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	_, ops := fixture(t)
	out := p.Run([]rt.Request{{ID: 1, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Echo", intArg(42))}}})
	if got := echoed(t, out[0], 0); got != 42 {
		t.Errorf("Echo returned %d", got)
	}
}

// TestReplayFromBatchStart: when an executor dies without saying which
// sequence killed it (an exit, a stack overflow), the sequences it sent no
// result for run again in a fresh executor. How many results it had sent
// depends on when its watchdog's tick last flushed, so a sequence before
// the culprit ran in the old process in one run and in the fresh one in
// another, and package state a sequence leaves behind (the crash fixture's
// Count) gave it another result. The replay starts at the batch's first
// sequence: here a Sleep across several ticks makes the old executor flush
// the first Count's result before the exit, and without it none, and the
// Counts must return the same either way.
func TestReplayFromBatchStart(t *testing.T) {
	t.Parallel()
	counts := func(middle string, args ...rt.Arg) [2]int64 {
		// A 1 s limit: the watchdog ticks every 100 ms.
		p, ops := startPool(t, Config{Workers: 1, BatchSize: 8, CallTimeout: time.Second})
		// A batch before, so that the old executor's count is ahead of
		// a fresh one's.
		p.Run([]rt.Request{{ID: 1, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Count")}}})
		out := p.Run([]rt.Request{
			{ID: 2, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Count")}},
			{ID: 3, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, middle, args...)}},
			{ID: 4, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Count")}},
			{ID: 5, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Exit", intArg(3))}},
		})
		if c := out[3].Crash; c == nil || c.Kind != CrashExit {
			t.Fatalf("with %s: sequence 5: outcome %+v, want exit 3", middle, out[3])
		}
		return [2]int64{echoed(t, out[0], 0), echoed(t, out[2], 0)}
	}
	slow := counts("Sleep", intArg(600))
	fast := counts("Echo", intArg(600))
	if slow != fast {
		t.Errorf("Counts before and after a slow sequence returned %v, after a fast one %v", slow, fast)
	}
}
