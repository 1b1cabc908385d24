package executor

import (
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// TestRunUntilDeadline: a batch of calls that each run to the call limit
// (5 x 1 s, plus the grace and a restart each) stops at the deadline: the
// sequences not answered by then are Unrun, neither results nor crashes,
// and the pool runs the next batch on a new executor. The time the timeout
// cost is in Stats.Time. The calls sleep: a blocked call ends at the limit
// on the wall clock, where a spinning one ends at the limit of CPU time,
// which a loaded machine stretches past any deadline.
func TestRunUntilDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("calls that run to a 1 s limit")
	}
	t.Parallel()
	p, ops := startPool(t, Config{Workers: 1, CallTimeout: time.Second})
	seqs := []rt.Request{{ID: 1, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Echo", intArg(1))}}}
	for i := 0; i < 5; i++ {
		seqs = append(seqs, rt.Request{ID: uint64(2 + i), Stmts: []rt.Stmt{call(t, ops, "Sleep", intArg(60000))}})
	}
	start := time.Now()
	out := p.RunUntil(seqs, start.Add(1500*time.Millisecond))
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("RunUntil with a 1.5s deadline took %v", d)
	}
	if got := echoed(t, out[0], 0); got != 1 {
		t.Errorf("Echo before the deadline returned %d", got)
	}
	unrun := 0
	for i, o := range out[1:] {
		switch {
		case o.Unrun:
			unrun++
			if o.Result != nil || o.Crash != nil {
				t.Errorf("sequence %d is unrun but has an outcome: %+v", i+1, o)
			}
		case o.Crash == nil || o.Crash.Kind != CrashTimeout:
			t.Errorf("sequence %d: %+v, want a timeout or unrun", i+1, o)
		}
	}
	if unrun < 3 {
		t.Errorf("%d of 5 sleeping sequences unrun, want at least 3 past a 1.5s deadline", unrun)
	}
	st := p.Stats()
	if st.Sequences != len(seqs)-unrun {
		t.Errorf("stats count %d sequences, want the %d that ran", st.Sequences, len(seqs)-unrun)
	}
	if st.Time.Timeouts < time.Second {
		t.Errorf("time lost to timeouts %v, want at least the call limit", st.Time.Timeouts)
	}
	after := p.Run([]rt.Request{{ID: 9, Flags: rt.FlagDetail, Stmts: []rt.Stmt{call(t, ops, "Echo", intArg(2))}}})
	if got := echoed(t, after[0], 0); got != 2 {
		t.Errorf("after the deadline: Echo returned %d", got)
	}
}
