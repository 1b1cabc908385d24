package search

import (
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// offspringOf makes one offspring, or nil: a random individual while the
// population is small, else a template for a state goal of sg (EvoObj's
// hook) with probability PApp, else a tournament winner crossed over and
// mutated.
func (d *dynamosa) offspringOf(sg []stateGoal) *seq.Seq {
	if len(d.pop) < PopSize/2 {
		// The initial population is random, but for the operations with
		// field branches: with probability PApp their inputs are built
		// by a template, as the random search builds them.
		op := d.targets[d.rng.IntN(len(d.targets))]
		s, ok := d.tmpl.call(op)
		if !ok {
			return nil
		}
		return s
	}
	if len(sg) > 0 && d.rng.Float64() < PApp {
		// EvoObj's hook: an offspring for a goal on object state is a
		// template, spliced into a parent or on its own.
		return d.templateMutation(d.tournament().s, sg)
	}
	s := d.tournament().s.Clone()
	if d.rng.Float64() < PCrossover {
		s = crossover(s, d.tournament().s, d.rng.IntN(s.Len()+1))
	}
	return d.mutateSeq(s)
}

// crossover returns the first i statements of a followed by all of b, whose
// references are renumbered: both parents' prefixes stay valid sequences.
func crossover(a, b *seq.Seq, i int) *seq.Seq {
	c := &seq.Seq{Stmts: append([]seq.Stmt(nil), a.Stmts[:i]...)}
	c.Append(b)
	return c
}

// mutateSeq deletes statements, changes literals and inserts calls, each
// with probability 1/3 (EvoSuite's test mutation), and with probability
// 1/repeatMutationOdds starts, retunes or ends a loop (repeat.go).
func (d *dynamosa) mutateSeq(s *seq.Seq) *seq.Seq {
	changed := false
	for tries := 0; !changed && tries < 10; tries++ {
		if d.rng.IntN(3) == 0 && s.Len() > 1 {
			// Delete each statement with probability 1/len, last first so
			// that indices stay valid; a statement whose results are used
			// stays.
			p := 1 / float64(s.Len())
			for k := s.Len() - 2; k >= 0; k-- {
				if d.rng.Float64() < p {
					if t, ok := s.Without(k); ok {
						s, changed = t, true
					}
				}
			}
		}
		if d.rng.IntN(3) == 0 {
			changed = d.changeLits(s) || changed
		}
		if d.rng.IntN(3) == 0 {
			changed = d.insertCall(s) || changed
		}
		if loops := loopRand(d.loops, d.rng); loops.IntN(repeatMutationOdds) == 0 {
			changed = changeRepeat(loops, d.prog, constantsOf(d.lits), s) || changed
		}
	}
	if !changed {
		return nil
	}
	return s
}

// changeLits changes each literal argument with probability 1/#literals
// to a fresh literal of its parameter.
func (d *dynamosa) changeLits(s *seq.Seq) bool {
	type at struct{ i, j int }
	var lits []at
	for i, st := range s.Stmts {
		for j, a := range st.Args {
			if a.IsLit && a.Lit.Kind != seq.LitNil && a.Lit.Kind != seq.LitZero {
				lits = append(lits, at{i, j})
			}
		}
	}
	if len(lits) == 0 {
		return false
	}
	changed := false
	p := 1 / float64(len(lits))
	for _, l := range lits {
		if d.rng.Float64() >= p {
			continue
		}
		st := &s.Stmts[l.i]
		op := d.prog.Ops[st.Op]
		if l.j >= len(op.Params) {
			continue
		}
		args := append([]seq.Arg(nil), st.Args...)
		idx := args[l.j].Index
		args[l.j] = d.lits.arg(op, op.Params[l.j])
		// A loop's argument stays one per call when its new literal can.
		args[l.j].Index = idx && seq.Indexable(args[l.j].Lit.Kind)
		st.Args = args
		changed = true
	}
	return changed
}

// insertCall appends a call of a random operation under test, taking its
// arguments from the sequence's own values, literals, or pooled values.
func (d *dynamosa) insertCall(s *seq.Seq) bool {
	if len(d.targets) == 0 {
		return false
	}
	op := pickTarget(d.picker, d.rng, d.targets)
	args := make([]seq.Arg, len(op.Params))
	for i, p := range op.Params {
		if ref, ok := d.ext.inSequence(s, p.Type); ok && d.rng.IntN(4) != 0 {
			args[i] = ref
			continue
		}
		if l, ok := d.ext.siblingLit(s, op, args, i, false); ok {
			args[i] = seq.LitArg(l)
			continue
		}
		if p.Lit != model.LitNone && p.Lit != model.LitNilOK {
			args[i] = d.lits.arg(op, p)
			continue
		}
		cands := d.values.assignable(p.Type)
		if len(cands) == 0 {
			if p.Lit == model.LitNilOK && !p.Recv && !d.ext.funcMade(p.Type) {
				args[i] = seq.LitArg(seq.Lit{Kind: seq.LitNil})
				continue
			}
			return false
		}
		args[i] = appendPooled(s, d.ext.choose(cands))
	}
	s.Stmts = append(s.Stmts, seq.Stmt{Op: op.ID, Args: args})
	return true
}

// stateGoal is a current goal on a condition that reads fields of an
// operation's inputs (construct's branch dependencies): a template for op
// and fb builds the inputs that decide it.
type stateGoal struct {
	op *model.Op
	fb *fieldBranch
}

// stateGoals returns, for the current goals in ascending order, the
// operations and field branches whose conditions they are on, one entry
// per condition even when both its sides are goals. Without construction
// facts it is empty, and DynaMOSA draws nothing for templates.
func (d *dynamosa) stateGoals() []stateGoal {
	if len(d.prog.Branches) == 0 || d.table == nil {
		return nil
	}
	if d.byCond == nil {
		// The index follows the operations and their branches in model
		// order, so that the goals' order alone decides the list's.
		d.byCond = map[int32][]stateGoal{}
		for _, op := range d.targets {
			for _, fb := range d.tmpl.fieldBranches(op) {
				for _, c := range fb.conds {
					d.byCond[int32(c)] = append(d.byCond[int32(c)], stateGoal{op: op, fb: fb})
				}
			}
		}
	}
	var out []stateGoal
	last := int32(-1)
	for _, g := range d.goals {
		c := g / 2
		if c == last {
			continue
		}
		last = c
		out = append(out, d.byCond[c]...)
	}
	return out
}

// templateMutation returns an offspring built by a template for one of
// the state goals sg: when parent calls a goal's operation, that call
// (chosen at random among such calls and goals) gets the template's
// inputs, built just before it, the rest of parent kept, so that the
// state parent's earlier calls gave a receiver or argument is kept where
// the branch does not read it; otherwise a new sequence calling a random
// goal's operation (EvoObj's seed test). Nil when the template cannot be
// built.
func (d *dynamosa) templateMutation(parent *seq.Seq, sg []stateGoal) *seq.Seq {
	type site struct {
		k int
		g stateGoal
	}
	var sites []site
	for k, st := range parent.Stmts {
		for _, g := range sg {
			if g.op.ID == st.Op {
				sites = append(sites, site{k, g})
			}
		}
	}
	if len(sites) == 0 {
		g := sg[d.rng.IntN(len(sg))]
		s, ok := d.tmpl.templateCall(g.op, g.fb)
		if !ok {
			return nil
		}
		return s
	}
	at := sites[d.rng.IntN(len(sites))]
	pre, set, ok := d.tmpl.templateInputs(at.g.op, at.g.fb)
	if !ok {
		return nil
	}
	d.stats.Templates++
	return splice(parent, at.k, pre, set)
}

// splice returns a copy of s with the statements of pre inserted before
// statement k, whose arguments named in set (indices into pre) are
// replaced; later references past k are renumbered.
func splice(s *seq.Seq, k int, pre *seq.Seq, set map[int]seq.Arg) *seq.Seq {
	out := &seq.Seq{Stmts: make([]seq.Stmt, 0, s.Len()+pre.Len())}
	out.Stmts = append(out.Stmts, s.Clone().Stmts[:k]...)
	off := out.Append(pre)
	n := pre.Len()
	for i := k; i < s.Len(); i++ {
		st := s.Stmts[i]
		args := make([]seq.Arg, len(st.Args))
		for j, a := range st.Args {
			if b, ok := set[j]; ok && i == k {
				if !b.IsLit {
					b.Stmt += off
				}
				args[j] = b
				continue
			}
			if !a.IsLit && a.Stmt >= k {
				a.Stmt += n
			}
			args[j] = a
		}
		out.Stmts = append(out.Stmts, seq.Stmt{Op: st.Op, Args: args, Repeat: st.Repeat})
	}
	return out
}
