package rt

import (
	"math"
	"runtime/metrics"
	"time"
)

// The watchdog: the executor's limits on the time of a call (see
// executor.watchdog) and on the depth of its recursion.

// watchdog ends the process when a call runs past its limit. Goroutines
// cannot be killed, so the only clean way out of an infinite loop or a
// deadlock in the code under test is to report it and exit. On each tick
// it also flushes results waiting in the buffer, so that a batch of slow
// sequences still reports progress to the parent.
//
// The limit is CPU time: the CPU the executor used since the call began
// (processCPU), so that a call that needs 0.8 s of work under a 1 s limit
// finishes, and one that needs 1.2 s is stopped, however loaded the machine
// is; timed by the wall clock, which the neighbours' load stretches, the
// same call would pass in one run and time out in the next, and a fixed
// seed would not give the same tests. A call that uses no CPU is timed by
// the wall clock: when its limit has passed on the wall clock and all the
// goroutines of the code under test are blocked (callBlocked), it ends
// then, as a call waiting on a channel, a lock or a pipe always did, and
// the deadlock check follows (deadlock.go). A call that is neither (busy
// but starved of CPU, or in a state callBlocked does not know) ends at the
// wall-clock cap of HardCapFactor limits, so that nothing runs unbounded;
// until then the watchdog tells the parent each tick that it is alive.
func (e *executor) watchdog() {
	tick := e.timeout / 10
	if tick < 5*time.Millisecond {
		tick = 5 * time.Millisecond
	}
	var seen uint64         // the running call (an odd e.calls) last seen
	var seenAt time.Time    // when it was first seen
	var cpuAt time.Duration // the process's CPU time then
	cpuOK := false          // whether cpuAt could be read
	var growth stackGrowth  // on the CPU time axis
	extensions := 0         // of the CPU limit, for a deep recursion
	blockedSeen := 0        // consecutive ticks the call was seen blocked
	var dump []byte         // the goroutine dump's buffer, kept
	for {
		time.Sleep(tick)
		c := e.calls.Load()
		if c&1 == 0 || c != seen {
			// No call runs, or a new one started since the last tick.
			// The call is timed from here, not from its start: a clock
			// read per call costs more than a cheap call, and a call that
			// uses its limit plus at most one tick's CPU is stopped all
			// the same.
			seen, seenAt = c, time.Now()
			cpuAt, cpuOK = processCPU()
			growth = stackGrowth{}
			extensions, blockedSeen = 0, 0
			if c&1 != 0 {
				growth.sample(0, stackBytes())
			}
			e.encMu.Lock()
			if e.enc.Buffered() {
				e.enc.Flush()
			}
			e.encMu.Unlock()
			continue
		}
		wall := time.Since(seenAt)
		used := wall
		if now, ok := processCPU(); ok && cpuOK {
			used = now - cpuAt
		}
		growth.sample(used, stackBytes())
		reason, over := TimeoutCPU, false
		switch {
		case used >= e.timeout*time.Duration(1+extensions):
			if extensions < maxStackExtensions && growth.overflowBy(maxStack) <= e.timeout*(1+maxStackExtensions) {
				// Runaway recursion: give it the CPU time to reach the
				// stack limit, so that it is reported as the stack
				// overflow it is rather than as a timeout. Only when its
				// growth so far says it gets there within the
				// extensions: a recursion that does more work at each
				// level (a writer writing to itself re-formats a growing
				// buffer) would spend all of them, five times the limit,
				// and time out anyway.
				extensions++
			} else {
				over = true
			}
		case wall >= e.timeout*HardCapFactor:
			reason, over = TimeoutWall, true
		case wall+2*tick > e.timeout:
			// From shortly before the limit, look at the goroutines each
			// tick; two blocked looks in a row, the last at or past the
			// limit, end the call. One look could catch a busy call in a
			// short system call or a lock hand-off.
			var blocked bool
			blocked, dump = callBlocked(dump)
			if !blocked {
				blockedSeen = 0
			} else if blockedSeen++; blockedSeen >= 2 && wall >= e.timeout {
				reason, over = TimeoutBlocked, true
			}
		}
		if !over {
			if wall >= e.timeout {
				// Past its limit on the wall clock but not on the CPU
				// clock: the parent, which only sees the wall clock, must
				// hear that the executor lives (see executor.worker.send).
				e.encMu.Lock()
				e.enc.Alive()
				e.enc.Flush()
				e.encMu.Unlock()
			}
			continue
		}
		e.encMu.Lock()
		e.enc.Timeout(TimeoutInfo{ID: e.curSeq.Load(), Stmt: int(c >> 32), Reason: reason})
		e.enc.Flush()
		e.encMu.Unlock()
		awaitDeadlock() // see deadlock.go; the parent ends the process
	}
}

// HardCapFactor is the wall-clock cap on a call, in limits, for a call that
// is neither past its CPU limit nor seen blocked. A call that needs 0.9 of
// its limit in CPU finishes within the cap while the executor gets more
// than 3% of a CPU: a load of 30 runnable threads per core. Past that the
// wall clock decides again; a blocked call in a state callBlocked does not
// know costs the cap instead of the limit.
const HardCapFactor = 30

// maxStack is the executor's goroutine stack limit: a deep recursion
// should fail fast instead of growing a 1 GB stack.
const maxStack = 64 << 20

// maxStackExtensions bounds how often a call in deep recursion gets its
// time limit extended.
const maxStackExtensions = 4

// deepStack is the stack memory no ordinary call needs (the limit is
// maxStack): past it, a running call is taken for a recursion that has
// not stopped.
const deepStack = 8 << 20

// stackBytes is the memory of all goroutine stacks, read without stopping
// the world (runtime.ReadMemStats would, on every tick).
func stackBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/stacks:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// stackGrowth follows the stack memory of one running call, sampled on the
// watchdog's ticks. A goroutine's stack doubles when it fills, so a
// recursion shows as steps: the stack memory at a step is twice what the
// recursion had used just before it. The times of the last two steps give
// how fast it deepens.
type stackGrowth struct {
	bytes      uint64        // the stack memory at the last sample
	prev, last time.Duration // when the last two steps were seen (0: none)
}

func (g *stackGrowth) sample(at time.Duration, bytes uint64) {
	if bytes > g.bytes && g.bytes > 0 && bytes >= deepStack/4 {
		g.prev, g.last = g.last, at
	}
	g.bytes = bytes
}

// overflowBy projects when the recursion passes limit, timed from the
// call's start; a large duration when it is no deep recursion at all. At
// the last step the recursion had used half the stack it has now; each
// further doubling takes the last step's time times the ratio of the last
// two steps' times (2 for a recursion that deepens at a constant rate,
// more for one that slows down as it deepens). Ticks make the first steps
// look later than they were, which makes the ratio smaller and the
// projection earlier: on doubt, extend.
func (g *stackGrowth) overflowBy(limit uint64) time.Duration {
	const never = time.Duration(math.MaxInt64)
	if g.bytes <= deepStack || g.last <= 0 {
		return never
	}
	ratio := 2.0
	if g.prev > 0 {
		ratio = math.Max(float64(g.last)/float64(g.prev), 1)
	}
	at := float64(g.last)
	for used := g.bytes / 2; used < limit; used *= 2 {
		at *= ratio
		if at > float64(never/2) {
			return never
		}
	}
	return time.Duration(at)
}
