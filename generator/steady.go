package generator

import (
	"time"

	gexec "github.com/gentest-go/gentest/generator/exec"
	"github.com/gentest-go/gentest/generator/harness/instrument"
	rt "github.com/gentest-go/gentest/generator/harness/rt"
	"github.com/gentest-go/gentest/generator/model"
	"github.com/gentest-go/gentest/generator/search"
)

// runner is what the search, minimization and judging run sequences on.
type runner interface {
	search.Runner
	search.AloneRunner
	search.DeadlineRunner
}

// steadyRunner hides the table's unsteady probes (blocks and conditions
// that depend on the clock or another nondeterministic source, see
// instrument/nondet.go) from the results it passes on: the search, the
// minimizer and suite reduction then decide on coverage that two runs of
// the same sequence agree on, so timing steers no choice. A probe
// unsteady through package state is hidden from every result; one
// unsteady only through what a call reads is hidden from the results of
// sequences that call a nondeterministic operation (its purity facts say
// so), since without one no such value exists. The observer sits below
// it, so progress and the explanation still see everything, and the
// reported coverage is measured on the written file.
type steadyRunner struct {
	inner  runner
	blocks []instrument.Steadiness // by block ID
	conds  []instrument.Steadiness // by condition ID
	nondet []bool                  // by operation ID: nondeterministic
}

// steady wraps inner when the table has unsteady probes, and returns
// inner itself otherwise.
func steady(inner runner, t *instrument.Table, prog *model.Program) runner {
	s := &steadyRunner{inner: inner, blocks: make([]instrument.Steadiness, len(t.Blocks)),
		conds: make([]instrument.Steadiness, len(t.Conds)), nondet: make([]bool, len(prog.Ops))}
	var any instrument.Steadiness
	for _, b := range t.Blocks {
		s.blocks[b.ID] = b.Unsteady
		any |= b.Unsteady
	}
	for _, c := range t.Conds {
		s.conds[c.ID] = c.Unsteady
		any |= c.Unsteady
	}
	if any == 0 {
		return inner
	}
	for i, op := range prog.Ops {
		s.nondet[i] = op.Effects.Nondeterministic
	}
	return s
}

// Run implements search.Runner.
func (s *steadyRunner) Run(seqs []rt.Seq) []gexec.Outcome {
	outs := s.inner.Run(seqs)
	for i := range outs {
		s.mask(&seqs[i], outs[i].Result)
	}
	return outs
}

// RunUntil implements search.DeadlineRunner: without it the search's
// deadline would not reach the pool through this wrapper, and a batch
// started before the budget ended would run to completion.
func (s *steadyRunner) RunUntil(seqs []rt.Seq, deadline time.Time) []gexec.Outcome {
	outs := s.inner.RunUntil(seqs, deadline)
	for i := range outs {
		s.mask(&seqs[i], outs[i].Result)
	}
	return outs
}

// RunAlone implements search.AloneRunner.
func (s *steadyRunner) RunAlone(q rt.Seq, settle time.Duration) gexec.Outcome {
	out := s.inner.RunAlone(q, settle)
	s.mask(&q, out.Result)
	return out
}

// mask drops from r, in place, the probes unsteady for sequence q.
func (s *steadyRunner) mask(q *rt.Seq, r *rt.Result) {
	if r == nil {
		return
	}
	hide := instrument.UnsteadyState
	for _, st := range q.Stmts {
		if st.Op < 0 || st.Op >= len(s.nondet) || s.nondet[st.Op] {
			hide |= instrument.UnsteadyCall
			break
		}
	}
	blocks := r.Blocks[:0]
	for _, b := range r.Blocks {
		if b < 0 || int(b) >= len(s.blocks) || s.blocks[b]&hide == 0 {
			blocks = append(blocks, b)
		}
	}
	r.Blocks = blocks
	conds := r.Conds[:0]
	for _, c := range r.Conds {
		if c.ID < 0 || int(c.ID) >= len(s.conds) || s.conds[c.ID]&hide == 0 {
			conds = append(conds, c)
		}
	}
	r.Conds = conds
	ops := r.Operands[:0]
	for _, o := range r.Operands {
		if c := o.Branch / 2; c < 0 || int(c) >= len(s.conds) || s.conds[c]&hide == 0 {
			ops = append(ops, o)
		}
	}
	r.Operands = ops
}
