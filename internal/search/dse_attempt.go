package search

import (
	"path/filepath"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/concolic"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
	"github.com/gentest-go/gentest/internal/smt"
	"golang.org/x/tools/go/ssa"
)

// attempt tries goal g: the path conditions of the calls of its closest
// sequence, from the last, negated at the goal's line; each model is a
// proposal, until batch holds limit.
func (d *dse) attempt(g *dseGoal, batch []proposal, limit int) []proposal {
	g.tries++
	d.stats.Attempts++
	file, line, ok := d.conds(g.branch / 2)
	if !ok {
		g.futile = true
		return batch
	}
	symbolic := false
	tried := 0
	for k := g.best.Len() - 1; k >= 0 && tried < dseMaxStmts && len(batch) < limit; k-- {
		st := g.best.Stmts[k]
		op := d.prog.Ops[st.Op]
		if op.Kind != model.Call && op.Kind != model.Method {
			continue
		}
		fn := d.cfg.Prog.Func(op.Func)
		if fn == nil {
			continue
		}
		args := inputsOf(st, op)
		if len(args) != len(fn.Params) {
			continue
		}
		tried++
		for _, pad := range dsePads {
			in := padded(args, pad)
			if in == nil {
				break
			}
			var reached, solved bool
			batch, reached, solved = d.negate(g, k, fn, in, pad > 0, file, line, batch, limit)
			symbolic = symbolic || reached
			if solved || !reached {
				break
			}
		}
	}
	if !symbolic && g.tries == 1 {
		// Its condition does not depend on inputs the modelled subset
		// reaches: nothing to solve, now or later.
		g.futile = true
	}
	return batch
}

// dsePads are the lengths added to a call's string inputs when the path
// condition at the goal has no model: a loop over a string fixes its
// length, a checksum over 2 bytes may have no solution where one over 10
// has, and a length limit (len(s) > 256) is past the length bound of the
// observed input's condition. The longer inputs are run concretely too,
// so their path condition is as sound as the first, and they are
// proposed themselves (they may take the goal's side at once).
var dsePads = []int{0, 8, 24, 256}

// padded returns args with pad more bytes ('a') on each string input,
// nil when pad > 0 and there is none.
func padded(args []concolic.Input, pad int) []concolic.Input {
	if pad == 0 {
		return args
	}
	out := append([]concolic.Input(nil), args...)
	any := false
	for i := range out {
		if out[i].Kind == concolic.String || out[i].Kind == concolic.Bytes {
			out[i].S += strings.Repeat("a", pad)
			any = true
		}
	}
	if !any {
		return nil
	}
	return out
}

// negate computes the path condition of statement k of g's sequence on
// inputs in and proposes the models of its negations at file:line, and
// with self the inputs themselves; reached says whether the path met a
// symbolic branch there, solved whether a negation had a model.
func (d *dse) negate(g *dseGoal, k int, fn *ssa.Function, in []concolic.Input, self bool, file string, line int, batch []proposal, limit int) (out []proposal, reached, solved bool) {
	d.stats.Paths++
	d.spent++
	pa := d.cfg.Prog.Run(fn, in)
	if !pa.Symbolic() {
		return batch, false, false
	}
	at := pa.Branches(file, line)
	if d.trace != nil {
		d.trace("dse: branch %d at %s:%d, call %d (%s): %d conjuncts, %d at the line, ended: %q",
			g.branch, filepath.Base(file), line, k, fn.Name(), len(pa.Cons), len(at), pa.Ended)
	}
	if len(at) == 0 {
		return batch, false, false
	}
	if self && len(batch) < limit {
		batch = d.propose1(g, k, in, batch)
	}
	for _, i := range negations(at) {
		if len(batch) >= limit || d.allowance() < dseQueryCost {
			break
		}
		next, ok := d.solve(pa, i, in)
		if !ok {
			continue
		}
		solved = true
		batch = d.propose1(g, k, next, batch)
		batch = d.deepen(g, k, fn, next, len(at), file, line, batch, limit)
	}
	return batch, true, solved
}

// dseDeepen bounds the rounds of deepen.
const dseDeepen = 3

// deepen is the generational step done in process: the model's own path
// (computed exactly, on the modelled subset) may meet more conditions at
// the goal's line than the path it came from (the next conjunct of an
// &&, once the first holds); then the newest one is negated in turn,
// without waiting for the executors. n is how many the path before met.
func (d *dse) deepen(g *dseGoal, k int, fn *ssa.Function, in []concolic.Input, n int, file string, line int, batch []proposal, limit int) []proposal {
	for round := 0; round < dseDeepen && len(batch) < limit && d.allowance() >= dseQueryCost; round++ {
		d.stats.Paths++
		d.spent++
		pa := d.cfg.Prog.Run(fn, in)
		at := pa.Branches(file, line)
		if len(at) <= n {
			return batch
		}
		next, ok := d.solve(pa, at[len(at)-1], in)
		if !ok {
			return batch
		}
		batch = d.propose1(g, k, next, batch)
		in, n = next, len(at)
	}
	return batch
}

// propose1 appends the sequence of g's with statement k's inputs from
// a model, unless it was proposed before.
func (d *dse) propose1(g *dseGoal, k int, in []concolic.Input, batch []proposal) []proposal {
	s := withInputs(g.best, k, in)
	if !d.gen.fresh(s) {
		return batch
	}
	d.pending[s] = g.branch
	d.stats.Proposed++
	return append(batch, proposal{s: s, by: d})
}

// negations picks the conjuncts to negate among those at the goal's
// line: the last, the one before it and the first (a loop meets one
// condition many times).
func negations(at []int) []int {
	var out []int
	seen := map[int]bool{}
	for _, j := range []int{len(at) - 1, len(at) - 2, 0} {
		if j >= 0 && !seen[j] && len(out) < dseMaxNeg {
			seen[j] = true
			out = append(out, at[j])
		}
	}
	return out
}

// solve asks the solver for the inputs of the path that takes the other
// side of conjunct i.
func (d *dse) solve(pa *concolic.Path, i int, args []concolic.Input) ([]concolic.Input, bool) {
	decls, asserts := pa.Negate(i)
	d.spent += dseQueryCost
	d.stats.Queries++
	t0 := time.Now()
	res, vals, bytes, err := d.cfg.Solver.CheckThen(decls, asserts, pa.Terms(), pa.ByteTerms)
	d.stats.QuerySeconds = append(d.stats.QuerySeconds, time.Since(t0).Seconds())
	switch {
	case err != nil:
		d.stats.Errors++
		return nil, false
	case res == smt.Sat:
		d.stats.Sat++
	case res == smt.Unsat:
		d.stats.Unsat++
		return nil, false
	default:
		d.stats.Unknown++
		return nil, false
	}
	next, err := pa.Decode(args, vals, bytes)
	if err != nil {
		d.stats.Errors++
		return nil, false
	}
	return next, true
}

// inputsOf returns the primitive inputs of a statement: its literals of
// the kinds DSE models, and in place of a reference to an earlier
// result of such a kind, whose value the search does not see, a zero
// literal (the path condition is computed on what the new sequence will
// pass); Unknown for the others.
func inputsOf(st seq.Stmt, op *model.Op) []concolic.Input {
	out := make([]concolic.Input, len(st.Args))
	for j, a := range st.Args {
		if !a.IsLit {
			if j < len(op.Params) && (!op.Variadic || j < len(op.Params)-1) {
				out[j] = zeroInput(op.Params[j].Lit)
			}
			continue
		}
		l := a.Lit
		switch l.Kind {
		case seq.LitInt:
			out[j] = concolic.Input{Kind: concolic.Int, I: l.I}
		case seq.LitUint:
			out[j] = concolic.Input{Kind: concolic.Uint, U: l.U}
		case seq.LitBool:
			out[j] = concolic.Input{Kind: concolic.Bool, B: l.B}
		case seq.LitString:
			out[j] = concolic.Input{Kind: concolic.String, S: l.S}
		case seq.LitBytes:
			out[j] = concolic.Input{Kind: concolic.Bytes, S: l.S}
		}
	}
	return out
}

// zeroInput is the zero input of a parameter's literal class, Unknown
// for the classes DSE does not model.
func zeroInput(c model.LitClass) concolic.Input {
	switch c {
	case model.LitInt:
		return concolic.Input{Kind: concolic.Int}
	case model.LitUint:
		return concolic.Input{Kind: concolic.Uint}
	case model.LitBool:
		return concolic.Input{Kind: concolic.Bool}
	case model.LitString:
		return concolic.Input{Kind: concolic.String}
	case model.LitBytes:
		return concolic.Input{Kind: concolic.Bytes}
	}
	return concolic.Input{}
}

// withInputs returns a copy of s whose statement k has the literals of
// ins (a reference inputsOf replaced becomes a literal).
func withInputs(s *seq.Seq, k int, ins []concolic.Input) *seq.Seq {
	c := s.Clone()
	args := c.Stmts[k].Args
	for j, in := range ins {
		if in.Kind == concolic.Unknown {
			continue
		}
		var l seq.Lit
		switch in.Kind {
		case concolic.Int:
			l = seq.Lit{Kind: seq.LitInt, I: in.I}
		case concolic.Uint:
			l = seq.Lit{Kind: seq.LitUint, U: in.U}
		case concolic.Bool:
			l = seq.Lit{Kind: seq.LitBool, B: in.B}
		case concolic.String:
			l = seq.Lit{Kind: seq.LitString, S: in.S}
		case concolic.Bytes:
			l = seq.Lit{Kind: seq.LitBytes, S: in.S}
		}
		args[j] = seq.LitArg(l)
	}
	return c
}
