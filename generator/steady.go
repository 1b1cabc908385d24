package generator

import (
	"time"

	gexec "github.com/gentest-go/gentest/generator/exec"
	"github.com/gentest-go/gentest/generator/harness/instrument"
	rt "github.com/gentest-go/gentest/generator/harness/rt"
	"github.com/gentest-go/gentest/generator/search"
)

// runner is what the search, minimization and judging run sequences on.
type runner interface {
	search.Runner
	search.AloneRunner
}

// steadyRunner hides the table's unsteady probes (blocks and conditions
// that depend on the clock or another nondeterministic source, see
// instrument/nondet.go) from the results it passes on: the search, the
// minimizer and suite reduction then decide on coverage that two runs of
// the same sequence agree on, so timing steers no choice. The observer
// sits below it, so progress and the explanation still see everything,
// and the reported coverage is measured on the written file.
type steadyRunner struct {
	inner  runner
	blocks []bool // by block ID: unsteady
	conds  []bool // by condition ID: unsteady
}

// steady wraps inner when the table has unsteady probes, and returns
// inner itself otherwise.
func steady(inner runner, t *instrument.Table) runner {
	s := &steadyRunner{inner: inner, blocks: make([]bool, len(t.Blocks)), conds: make([]bool, len(t.Conds))}
	any := false
	for _, b := range t.Blocks {
		s.blocks[b.ID] = b.Unsteady
		any = any || b.Unsteady
	}
	for _, c := range t.Conds {
		s.conds[c.ID] = c.Unsteady
		any = any || c.Unsteady
	}
	if !any {
		return inner
	}
	return s
}

// Run implements search.Runner.
func (s *steadyRunner) Run(seqs []rt.Seq) []gexec.Outcome {
	outs := s.inner.Run(seqs)
	for i := range outs {
		s.mask(outs[i].Result)
	}
	return outs
}

// RunAlone implements search.AloneRunner.
func (s *steadyRunner) RunAlone(q rt.Seq, settle time.Duration) gexec.Outcome {
	out := s.inner.RunAlone(q, settle)
	s.mask(out.Result)
	return out
}

// mask drops the unsteady probes from r, in place.
func (s *steadyRunner) mask(r *rt.Result) {
	if r == nil {
		return
	}
	blocks := r.Blocks[:0]
	for _, b := range r.Blocks {
		if b < 0 || int(b) >= len(s.blocks) || !s.blocks[b] {
			blocks = append(blocks, b)
		}
	}
	r.Blocks = blocks
	conds := r.Conds[:0]
	for _, c := range r.Conds {
		if c.ID < 0 || int(c.ID) >= len(s.conds) || !s.conds[c.ID] {
			conds = append(conds, c)
		}
	}
	r.Conds = conds
	ops := r.Operands[:0]
	for _, o := range r.Operands {
		if c := o.Branch / 2; c < 0 || int(c) >= len(s.conds) || !s.conds[c] {
			ops = append(ops, o)
		}
	}
	r.Operands = ops
}
