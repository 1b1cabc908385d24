package runner

import (
	"slices"
	"sync"
	"time"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
)

// Observer stands between the search and the executor pool. It passes
// batches through unchanged (the search's choices do not depend on it) and
// keeps what progress reports and the explanation need: executions,
// covered blocks, per condition the outcomes seen and the closest distance
// to each one never taken with the sequence that came closest, and how
// often each operation was called.
type Observer struct {
	pool  executor.FullRunner
	table *instrument.Table
	tick  func(execs int, coverage float64)

	mu     sync.Mutex
	execs  int
	blocks []bool
	// clean marks the blocks seen in a run whose statements all returned
	// normally: the others were reached only by sequences that panicked,
	// which are no test (GENTEST_STAGES tells the two apart).
	clean []bool
	// firstBad marks the blocks first seen in a run that panicked.
	firstBad []bool
	stmts    int // statements in covered blocks
	total    int // statements in all blocks
	conds    []condSeen
	opCalls  []int // by operation ID
	lastTick time.Time
}

// condSeen is what the search saw of one condition.
type condSeen struct {
	nTrue, nFalse int
	// closest[o] is the smallest distance to outcome o (0 true, 1 false)
	// while it was never taken, and seq the sequence that reached it.
	closest [2]float64
	seq     [2]*rt.Request
	// ops are the operands of that evaluation, when the sequence ran with
	// operand recording (the search's input-to-state asks for it).
	ops [2]*rt.OperandObs
}

// NewObserver returns an observer of the runs made on pool, for a program
// of nOps operations instrumented as table. tick, when set, is told the
// executions and the coverage so far, at most every 200 ms.
func NewObserver(pool executor.FullRunner, table *instrument.Table, nOps int, tick func(execs int, coverage float64)) *Observer {
	o := &Observer{pool: pool, table: table, tick: tick, blocks: make([]bool, len(table.Blocks)), clean: make([]bool, len(table.Blocks)),
		firstBad: make([]bool, len(table.Blocks)),
		conds:    make([]condSeen, len(table.Conds)), opCalls: make([]int, nOps)}
	for _, b := range table.Blocks {
		o.total += b.NumStmt
	}
	for i := range o.conds {
		o.conds[i].closest = [2]float64{-1, -1}
	}
	return o
}

// Release implements executor.Releaser. The observer keeps no result past
// its run: what it keeps of the closest evaluations are pointers to
// operands, which a release does not reuse.
func (o *Observer) Release() { executor.Release(o.pool) }

// Run implements executor.Runner.
func (o *Observer) Run(seqs []rt.Request) []executor.Outcome {
	return o.RunUntil(seqs, time.Time{})
}

// RunUntil implements executor.DeadlineRunner.
func (o *Observer) RunUntil(seqs []rt.Request, deadline time.Time) []executor.Outcome {
	outs := o.pool.RunUntil(seqs, deadline)
	o.mu.Lock()
	defer o.mu.Unlock()
	for i, out := range outs {
		if out.Unrun {
			continue
		}
		o.execs++
		for _, st := range seqs[i].Stmts {
			if st.Op >= 0 && st.Op < len(o.opCalls) {
				o.opCalls[st.Op]++
			}
		}
		if out.Result == nil {
			continue
		}
		clean := out.Crash == nil && len(out.Result.Stmts) == len(seqs[i].Stmts)
		for _, sr := range out.Result.Stmts {
			clean = clean && sr.Outcome == rt.OutNormal
		}
		for _, b := range out.Result.Blocks {
			if int(b) < len(o.blocks) && b >= 0 && !o.blocks[b] {
				o.blocks[b] = true
				o.stmts += o.table.Blocks[b].NumStmt
				o.firstBad[b] = !clean
			}
			if clean && int(b) < len(o.clean) && b >= 0 {
				o.clean[b] = true
			}
		}
		for _, c := range out.Result.Conds {
			if c.ID < 0 || int(c.ID) >= len(o.conds) {
				continue
			}
			cs := &o.conds[c.ID]
			cs.nTrue += int(c.NTrue)
			cs.nFalse += int(c.NFalse)
			for side, d := range [2]float64{c.DistTrue, c.DistFalse} {
				n := [2]uint32{c.NTrue, c.NFalse}[side]
				if n > 0 || d <= 0 {
					continue
				}
				if cs.closest[side] < 0 || d < cs.closest[side] {
					cs.closest[side] = d
					s := seqs[i]
					cs.seq[side] = &s
					cs.ops[side] = operandsOf(out.Result.Operands, 2*c.ID+int32(side))
				}
			}
		}
	}
	if o.tick != nil && time.Since(o.lastTick) > 200*time.Millisecond {
		o.lastTick = time.Now()
		o.tick(o.execs, o.coverage())
	}
	return outs
}

// RunAlone implements executor.AloneRunner. Its runs only attribute
// crashes the search already saw, so they are not observed.
func (o *Observer) RunAlone(s rt.Request, settle time.Duration) executor.Outcome {
	return o.pool.RunAlone(s, settle)
}

// Coverage is the statement coverage the observed runs reached together.
func (o *Observer) Coverage() float64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.coverage()
}

// Execs is the number of sequences the observed runs executed.
func (o *Observer) Execs() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.execs
}

// Covered returns the blocks the observed runs covered, by block ID.
func (o *Observer) Covered() []bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]bool(nil), o.blocks...)
}

// PanicNote says, for the stage log, whether block b was covered only by
// runs in which a statement panicked, which are no test, or first by
// such a run; "" otherwise.
func (o *Observer) PanicNote(b int) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch {
	case !o.clean[b]:
		return "(only in runs that panicked)"
	case o.firstBad[b]:
		return "(first in a run that panicked)"
	}
	return ""
}

// coverage is the statement coverage reached so far; the caller holds mu.
func (o *Observer) coverage() float64 {
	if o.total == 0 {
		return 0
	}
	return float64(o.stmts) / float64(o.total)
}

// Seen is a copy of what the observer saw: the blocks covered, per
// condition the outcomes seen and, for each outcome never taken, the
// closest distance and the sequence (and its operands, when recorded)
// that came closest, and the calls per operation. The explanation is
// built from it (explain.Gather).
func (o *Observer) Seen() Seen {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := Seen{Blocks: append([]bool(nil), o.blocks...), Conds: make([]CondSeen, len(o.conds)), OpCalls: append([]int(nil), o.opCalls...)}
	for i, cs := range o.conds {
		out.Conds[i] = CondSeen{NTrue: cs.nTrue, NFalse: cs.nFalse, Closest: cs.closest, Seq: cs.seq, Operands: cs.ops}
	}
	return out
}

// Seen is what the observer saw of the runs (Observer.Seen).
type Seen struct {
	// Blocks marks the covered blocks, by block ID.
	Blocks []bool
	// Conds is, per condition ID, what the runs saw of it.
	Conds []CondSeen
	// OpCalls counts the calls of each operation, by operation ID.
	OpCalls []int
}

// CondSeen is what the runs saw of one condition: how often each outcome
// was taken and, per outcome (0 true, 1 false) never taken, the smallest
// distance to it (-1: none measured), the sequence that came that close,
// and the operands of that evaluation if the sequence ran with operand
// recording.
type CondSeen struct {
	NTrue, NFalse int
	Closest       [2]float64
	Seq           [2]*rt.Request
	Operands      [2]*rt.OperandObs
}

// operandsOf finds branch's operands in a result's list (ascending by
// branch), or nil.
func operandsOf(obs []rt.OperandObs, branch int32) *rt.OperandObs {
	i, ok := slices.BinarySearchFunc(obs, branch, func(o rt.OperandObs, b int32) int { return int(o.Branch - b) })
	if !ok {
		return nil
	}
	ob := obs[i]
	return &ob
}
