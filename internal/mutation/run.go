package mutation

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gentest-go/gentest/internal/bench/proc"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/sysmem"
)

// The test binary's environment variables for mutants (rt/mutant_env.go).
const (
	envMutant   = "GENTEST_MUTANT"
	envInfected = "GENTEST_INFECTED"
)

// killGrace is how long after its own -test.timeout a test binary gets to
// print which test hung before the parent kills its process group.
const killGrace = 5 * time.Second

// memWatchPeriod is how often the parent samples a test binary's RSS.
const memWatchPeriod = 20 * time.Millisecond

// runner runs one package's test binary, each run in a fresh scratch
// directory, with a minimal environment, in its own process group (killed
// whole on timeout), under the sandbox when on, its memory watched.
type runner struct {
	bin, dir, work string
	sandbox        bool
	memLimit       int64
}

// outcome is how one run of the test binary ended.
type outcome struct {
	passed   bool
	timedOut bool // the binary's own timeout, or the parent's kill after it
	canceled bool // the context (budget) ended first
	broken   bool // the run could not start: no verdict on the tests
	memory   bool // killed above the memory cap
	note     string
	output   string // the end of what it printed
	elapsed  time.Duration
}

// sandboxOn says whether runs are sandboxed: unless switched off, wherever
// Landlock is available.
func sandboxOn(off bool) bool { return !off && executor.SandboxAvailable() }

// defaultMemLimit keeps the test binaries together below a quarter of the
// machine's memory, each between 512 MiB and 2 GiB: a package's own tests
// may need more than an executor (768 MiB), and a mutant that allocates
// without end should still stop well before the machine does.
func defaultMemLimit(jobs int) int64 {
	total := sysmem.TotalMemory()
	if total <= 0 {
		total = 8 << 30
	}
	per := total / 4 / int64(jobs)
	return min(max(per, 512<<20), 2<<30)
}

// env is a run's environment: the executor's (executor.ScratchEnv), with
// its home and temporary directories inside scratch and nothing else of
// the user's; and the sandbox confining it to scratch when on.
func (r *runner) env(scratch string, extra ...string) []string {
	env := executor.ScratchEnv(filepath.Join(scratch, "home"), filepath.Join(scratch, "tmp"))
	if r.sandbox {
		env = append(env, rt.EnvSandbox+"="+scratch)
	}
	return append(env, extra...)
}

// run runs the test binary once in the scratch directory slot with the
// test flags args, the extra environment variables, and timeout, the
// binary's own -test.timeout.
func (r *runner) run(ctx context.Context, slot string, timeout time.Duration, args, extraEnv []string) outcome {
	scratch := filepath.Join(r.work, "run", slot)
	os.RemoveAll(scratch)
	for _, d := range []string{"home", "tmp"} {
		if err := os.MkdirAll(filepath.Join(scratch, d), 0o755); err != nil {
			return outcome{broken: true, note: err.Error()}
		}
	}
	rctx, cancel := context.WithTimeout(ctx, timeout+killGrace)
	defer cancel()
	args = append(append([]string{}, args...), "-test.count=1", "-test.timeout="+timeout.String())
	// The binary runs in the package directory as under go test: tests
	// read their testdata relative to it.
	cmd := proc.Command(rctx, r.dir, r.env(scratch, extraEnv...), r.bin, args...)
	out := &outBuf{max: 8 << 10}
	cmd.Stdout, cmd.Stderr = out, out
	start := time.Now()
	var o outcome
	if err := cmd.Start(); err != nil {
		return outcome{broken: true, note: "cannot start the test binary: " + err.Error()}
	}
	var memKilled atomic.Bool
	done := make(chan struct{})
	go r.watchMemory(cmd.Process.Pid, done, func() { memKilled.Store(true); cancel() })
	err := cmd.Wait()
	close(done)
	o.elapsed = time.Since(start)
	o.output = out.tailString()
	switch {
	case err == nil:
		o.passed = true
	case memKilled.Load():
		o.memory, o.note = true, "memory cap exceeded"
	case ctx.Err() != nil:
		o.canceled = true
	case rctx.Err() != nil || strings.Contains(o.output, "panic: test timed out after"):
		o.timedOut, o.note = true, "timeout"
	case out.firstFail != "":
		o.note = out.firstFail
	default:
		o.note = lastLine(o.output)
	}
	return o
}

// watchMemory kills the run (kill) when the process pid's resident memory
// passes the cap, until done closes. Where the parent cannot read it the
// cap is not enforced.
func (r *runner) watchMemory(pid int, done <-chan struct{}, kill func()) {
	if !sysmem.CanWatch() || r.memLimit <= 0 {
		return
	}
	p, err := sysmem.OpenProcess(pid)
	if err != nil {
		return
	}
	defer p.Close()
	tick := time.NewTicker(memWatchPeriod)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
		}
		if rss, err := p.RSS(); err == nil && rss > r.memLimit {
			kill()
			return
		}
	}
}

// baseline runs the tests without an active mutant, recording the mutants
// they infect. An error means the run could not be judged (the budget ran
// out); failing tests are a Baseline that did not pass.
func (r *runner) baseline(ctx context.Context, timeout time.Duration) (Baseline, map[int]bool, error) {
	scratch := filepath.Join(r.work, "run", "base")
	infFile := filepath.Join(scratch, "infected")
	o := r.run(ctx, "base", timeout, nil, []string{envInfected + "=" + infFile})
	b := Baseline{Passed: o.passed, Elapsed: o.elapsed}
	if o.canceled {
		return b, nil, fmt.Errorf("mutation: the budget ran out in the run without mutants: %w", ctx.Err())
	}
	if o.broken {
		return b, nil, fmt.Errorf("mutation: %s", o.note)
	}
	if !o.passed {
		why := o.note
		if r.sandbox {
			why += " (in the Landlock sandbox, which forbids writes outside a scratch directory, running programs and TCP; the tests may need one of those)"
		}
		b.Output = why + "\n" + proc.Tail(strings.TrimSpace(o.output), 30)
		return b, nil, nil
	}
	infected, err := readInfected(infFile)
	if err != nil {
		return b, nil, err
	}
	b.Infected = len(infected)
	return b, infected, nil
}

// readInfected reads the ids the runtime appended to file, one per line;
// no file means none.
func readInfected(file string) (map[int]bool, error) {
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return map[int]bool{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("mutation: reading the infected mutants: %w", err)
	}
	ids := map[int]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if id, err := strconv.Atoi(line); err == nil && id > 0 {
			ids[id] = true
		}
	}
	return ids, nil
}

// runMutants runs the mutants rep.Mutants[i] for i in todo, jobs at a
// time, and sets their statuses. Each worker writes only its own
// mutants' entries.
func (r *runner) runMutants(ctx context.Context, rep *Report, todo []int, jobs int) {
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func(slot string) {
			defer wg.Done()
			for i := range next {
				m := &rep.Mutants[i]
				if ctx.Err() != nil {
					m.Status = Skipped
					continue
				}
				o := r.run(ctx, slot, rep.Timeout, []string{"-test.failfast"},
					[]string{envMutant + "=" + strconv.Itoa(m.ID)})
				m.Elapsed, m.Note = o.elapsed, o.note
				switch {
				case o.canceled:
					m.Status, m.Note = Skipped, ""
				case o.broken:
					// A failure of ours, not the tests': no verdict.
					m.Status = Skipped
				case o.passed:
					m.Status = Survived
				case o.timedOut:
					m.Status = KilledTimeout
				default:
					m.Status = Killed
				}
			}
		}("w" + strconv.Itoa(w))
	}
	for _, i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
}

// outBuf keeps the end of a run's output and its first line saying why it
// failed (see failLine).
// exec.Cmd calls Write from one goroutine when Stdout and Stderr are the
// same writer.
type outBuf struct {
	max       int
	tail      []byte
	line      []byte // the current line's start, at most maxLine bytes
	firstFail string
}

const maxLine = 256

func (b *outBuf) Write(p []byte) (int, error) {
	b.tail = append(b.tail, p...)
	if len(b.tail) > 2*b.max {
		b.tail = append(b.tail[:0:0], b.tail[len(b.tail)-b.max:]...)
	}
	for rest := p; len(rest) > 0; {
		i := bytes.IndexByte(rest, '\n')
		chunk := rest
		if i >= 0 {
			chunk = rest[:i]
		}
		if room := maxLine - len(b.line); room > 0 {
			b.line = append(b.line, chunk[:min(room, len(chunk))]...)
		}
		if i < 0 {
			break
		}
		if b.firstFail == "" {
			b.firstFail = failLine(b.line)
		}
		b.line = b.line[:0]
		rest = rest[i+1:]
	}
	return len(p), nil
}

func (b *outBuf) tailString() string {
	if len(b.tail) > b.max {
		return string(b.tail[len(b.tail)-b.max:])
	}
	return string(b.tail)
}

// lastLine is s's last non-empty line.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// failLine returns what a line of a test binary's output says about why it
// failed: the failing test ("FAIL: TestX (0.01s)"), a panic or a fatal
// runtime error; "" for other lines.
func failLine(line []byte) string {
	switch {
	case bytes.HasPrefix(line, []byte("--- FAIL: ")):
		return string(line[len("--- "):])
	case bytes.HasPrefix(line, []byte("panic: ")), bytes.HasPrefix(line, []byte("fatal error: ")):
		return string(line)
	}
	return ""
}
