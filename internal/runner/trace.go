package runner

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"io"
	"path/filepath"
	"sync"
	"time"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
)

// Trace writes every sequence the search, the minimizer and the oracle
// run, with what came back, one line each, to a writer (GENTEST_TRACE=path,
// see "Debugging switches" in docs/architecture.md). Two runs with the same seed and
// -execs must write the same trace; the first line where two traces differ
// is where determinism broke, and what the line holds (the sequence, or its
// result) says whether the choice or the execution differed.
type Trace struct {
	inner executor.FullRunner
	phase string

	mu *sync.Mutex
	w  *bufio.Writer
	n  *int
}

// NewTrace starts a trace on w with the table's conditions and blocks;
// Wrap gives the runners that write to it, Flush writes what is buffered.
func NewTrace(w io.Writer, table *instrument.Table) *Trace {
	t := &Trace{mu: &sync.Mutex{}, w: bufio.NewWriter(w), n: new(int)}
	for _, c := range table.Conds {
		fmt.Fprintf(t.w, "cond %d %s:%d %s %s nondet=%d unsteady=%d\n", c.ID, filepath.Base(c.File), c.Line, c.Func, c.Text, c.Nondet, c.Unsteady)
	}
	for _, b := range table.Blocks {
		fmt.Fprintf(t.w, "block %d %s:%d %s unsteady=%d\n", b.ID, filepath.Base(b.File), b.StartLine, b.Func, b.Unsteady)
	}
	return t
}

// Flush writes the buffered lines to the trace's writer.
func (t *Trace) Flush() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.w.Flush()
}

// Wrap returns inner traced under phase; t may be nil (no tracing).
func (t *Trace) Wrap(phase string, inner executor.FullRunner) executor.FullRunner {
	if t == nil {
		return inner
	}
	return &Trace{inner: inner, phase: phase, mu: t.mu, w: t.w, n: t.n}
}

func (t *Trace) log(seqs []rt.Request, outs []executor.Outcome) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i := range seqs {
		*t.n++
		q := &seqs[i]
		h := fnv.New64a()
		fmt.Fprintf(h, "%v", q.Stmts)
		fmt.Fprintf(t.w, "%d %s seq id=%d flags=%d len=%d h=%x\n", *t.n, t.phase, q.ID, q.Flags, len(q.Stmts), h.Sum64())
		for j, st := range q.Stmts {
			fmt.Fprintf(t.w, "  q%d op%d(", j, st.Op)
			for k, a := range st.Args {
				if k > 0 {
					fmt.Fprint(t.w, ", ")
				}
				if a.Kind == rt.ArgRef {
					fmt.Fprintf(t.w, "q%d.%d", a.Stmt, a.Result)
				} else {
					fmt.Fprintf(t.w, "%d:%v", a.Kind, a.Lit)
				}
			}
			fmt.Fprintln(t.w, ")")
		}
		o := outs[i]
		switch {
		case o.Unrun:
			fmt.Fprintf(t.w, "  unrun\n")
			continue
		case o.Crash != nil:
			fmt.Fprintf(t.w, "  crash %s stmt=%d\n", o.Crash.Kind, o.Crash.Stmt)
		}
		r := o.Result
		if r == nil {
			continue
		}
		fmt.Fprintf(t.w, "  blocks=%v\n", r.Blocks)
		fmt.Fprintf(t.w, "  conds=%v\n", r.Conds)
		for j := range r.Stmts {
			s := r.Stmt(j)
			fmt.Fprintf(t.w, "  s%d op=%d out=%d panic=%q", j, q.Stmts[j].Op, s.Outcome, s.PanicMsg())
			for _, v := range s.Values() {
				fmt.Fprintf(t.w, " [%s nil=%v h=%x u=%v]", v.Type, v.Nil, v.Hash, v.Unstable)
			}
			fmt.Fprintln(t.w)
		}
	}
}

// Run implements executor.Runner.
func (t *Trace) Run(seqs []rt.Request) []executor.Outcome {
	outs := t.inner.Run(seqs)
	t.log(seqs, outs)
	return outs
}

// RunUntil implements executor.DeadlineRunner.
func (t *Trace) RunUntil(seqs []rt.Request, deadline time.Time) []executor.Outcome {
	outs := t.inner.RunUntil(seqs, deadline)
	t.log(seqs, outs)
	return outs
}

// Release implements executor.Releaser.
func (t *Trace) Release() { executor.Release(t.inner) }

// RunAlone implements executor.AloneRunner.
func (t *Trace) RunAlone(q rt.Request, settle time.Duration) executor.Outcome {
	out := t.inner.RunAlone(q, settle)
	t.log([]rt.Request{q}, []executor.Outcome{out})
	return out
}
