//go:build unix

package executor

import (
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// starve takes the CPU from process pid as a loaded machine would, but
// predictably: it stops the process for stop, lets it run for run, and so
// on until the returned function is called (which leaves it running). A
// stopped process's wall clock runs on, its CPU clock does not.
func starve(pid int, stop, run time.Duration) (end func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			syscall.Kill(pid, syscall.SIGSTOP)
			select {
			case <-done:
				syscall.Kill(pid, syscall.SIGCONT)
				return
			case <-time.After(stop):
			}
			syscall.Kill(pid, syscall.SIGCONT)
			select {
			case <-done:
				return
			case <-time.After(run):
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// TestCallLimitUnderStarvation: the call limit is CPU time, so a call
// that needs a fixed amount of CPU (0.6 of the limit) gets the same outcome
// whether its executor runs freely or gets a fifth of the CPU it would
// (stopped for 40 ms out of every 50), for a call that computes itself and
// for one that waits on a goroutine that computes; a call that spins
// without end still times out; a call that sleeps is blocked, and ends at
// the limit (not at the wall-clock cap of 30 limits); a deadlock is still
// a deadlock. A starved burn passes its limit on the wall clock, so the
// executor sends FrameAlive reports; the parent's hang deadline is cut to 4
// limits plus 2 s (3.2 s), which the starved burns take longer than on a
// loaded machine (5 s at a load of 36 on 2 cores): the reports keep the
// parent from killing the executor.
//
// A machine loaded besides can starve the executor past the wall-clock cap
// (it then gets under 1/30 of the CPU it asks for): the burns cannot be
// told apart from a spin then, and are skipped; the spin may end by either
// limit.
func TestCallLimitUnderStarvation(t *testing.T) {
	const limit = 300 * time.Millisecond
	burn := int(limit.Milliseconds() * 6 / 10)
	cases := []struct {
		name     string
		op       string
		args     []rt.Arg
		starved  bool
		want     CrashKind // "" for a result
		messages []string  // one of them is in the crash message
	}{
		{name: "burn", op: "BurnCPU", args: []rt.Arg{intArg(burn)}},
		{name: "burn-starved", op: "BurnCPU", args: []rt.Arg{intArg(burn)}, starved: true},
		{name: "burn-goroutine-starved", op: "BurnCPUAsync", args: []rt.Arg{intArg(burn)}, starved: true},
		{name: "spin-starved", op: "Spin", starved: true, want: CrashTimeout, messages: []string{"of CPU time", "wall-clock cap"}},
		{name: "sleep-starved", op: "Sleep", args: []rt.Arg{intArg(60000)}, starved: true, want: CrashTimeout, messages: []string{"blocked"}},
		{name: "deadlock-starved", op: "Deadlock", starved: true, want: CrashDeadlock, messages: []string{"all goroutines are asleep"}},
	}
	if testing.Short() {
		t.Skip("starved calls take seconds")
	}
	t.Parallel()
	set := func(h *hooks) {
		h.hangGrace = 2 * time.Second
		// The runtime finds a deadlock within a tick of the executor's
		// memory watch, which gets a fifth of the CPU here.
		h.deadlockGrace = 3 * time.Second
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			// With a memory cap the executor's memory watch runs: a
			// goroutine of its own, often runnable after a stop, which
			// must not make a blocked call look starved.
			p, ops := startPoolWith(t, Config{Workers: 1, CallTimeout: limit, MemLimit: 512 << 20}, set)
			deadlockGrace := p.hooks.deadlockGrace
			if c.starved {
				end := starve(p.workers[0].cur.cmd.Process.Pid, 40*time.Millisecond, 10*time.Millisecond)
				defer end()
			}
			start := time.Now()
			out := p.Run([]rt.Request{{ID: 1, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, c.op, c.args...)}}})
			took := time.Since(start)
			st := p.Stats()
			t.Logf("%s: %v, %d alive reports", c.name, took, st.Alive)
			cr := out[0].Crash
			if c.want == "" {
				if cr != nil && strings.Contains(cr.Message, "wall-clock cap") {
					t.Skipf("the machine starved the executor past the wall-clock cap: %v", cr)
				}
				if got := echoed(t, out[0], 0); got != int64(burn) {
					t.Errorf("%s returned %d, want %d", c.op, got, burn)
				}
				if c.starved && st.Alive == 0 {
					t.Errorf("a starved burn of %v took %v with no alive report", time.Duration(burn)*time.Millisecond, took)
				}
				return
			}
			matched := false
			for _, m := range c.messages {
				matched = matched || cr != nil && strings.Contains(cr.Message, m)
			}
			if cr == nil || cr.Kind != c.want || cr.Stmt != 0 || !matched {
				t.Fatalf("%s: outcome %+v, want %s at statement 0 with one of %q", c.op, out[0], c.want, c.messages)
			}
			// A blocked call ends at its limit, not at the cap. A sleep is
			// no deadlock: the parent waits all of deadlockGrace before
			// it ends the executor.
			if (c.op == "Sleep" || c.op == "Deadlock") && took > deadlockGrace+rt.HardCapFactor*limit/3 {
				t.Errorf("%s ended after %v (%v of them waiting for a deadlock), near the wall-clock cap of %v: not taken for blocked",
					c.op, took, deadlockGrace, rt.HardCapFactor*limit)
			}
		})
	}
}
