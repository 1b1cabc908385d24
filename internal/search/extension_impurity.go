package search

import (
	"go/types"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Impurity (GRT §III-B): before an object from the pool is passed to the
// operation under test, sometimes change its state first with a method the
// purity facts say mutates it (Push before Pop), so that the operation sees
// states the pool does not hold yet. Primitive values are fuzzed with a
// Gaussian around the chosen value (see Constants.vary and literals.intValue).
const PImpurity = 0.3

// mutate appends to s a call of an impure operation on the value at ref,
// of type t, and reports whether it did. The value keeps its reference:
// the mutation changes it in place.
func (x *extension) mutate(s *seq.Seq, ref seq.Arg, op0 *model.Op) bool {
	t := x.refType(s, ref)
	if t == nil {
		return false
	}
	var muts []*model.Op
	var idx []int
	for _, op := range x.mutators {
		if op == op0 {
			continue
		}
		for i, p := range op.Params {
			if op.Mutator(i) && types.AssignableTo(t, p.Type) {
				muts = append(muts, op)
				idx = append(idx, i)
				break
			}
		}
	}
	if len(muts) == 0 {
		return false
	}
	j := x.rng.IntN(len(muts))
	op, at := muts[j], idx[j]
	// Sometimes a run of calls of the mutator, so that a container
	// grows by several elements at once (extension_keyed.go).
	calls := 1
	if x.rng.Float64() < PRun {
		calls = 2 + x.rng.IntN(MaxRun-1)
	}
	made := false
	for c := 0; c < calls; c++ {
		if !x.callMutator(s, ref, op, at, c > 0) {
			break
		}
		made = true
	}
	return made
}

// callMutator appends to s a call of op with the value at ref as its
// parameter at, and the other parameters from the receiver's siblings
// (extension_keyed.go), literals or the sequence's own values.
func (x *extension) callMutator(s *seq.Seq, ref seq.Arg, op *model.Op, at int, inRun bool) bool {
	args := make([]seq.Arg, len(op.Params))
	for i, p := range op.Params {
		if i == at {
			args[i] = ref
			continue
		}
		if l, ok := x.siblingLit(s, op, args, i, inRun); ok {
			args[i] = seq.LitArg(l)
			continue
		}
		switch {
		case p.Lit != model.LitNone && p.Lit != model.LitNilOK:
			args[i] = x.lits.arg(op, p)
		default:
			a, ok := x.inSequence(s, p.Type)
			if !ok || x.costly.avoid(s, op.ID, i, args[:i], a) {
				return false
			}
			args[i] = a
		}
	}
	s.Stmts = append(s.Stmts, seq.Stmt{Op: op.ID, Args: args})
	return true
}
