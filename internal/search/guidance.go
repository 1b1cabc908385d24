package search

import (
	"math"
	"sort"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Bloodhound (GRT §III-F): coverage-guided method selection. Each
// operation under test is weighted by how much of its own code is still
// uncovered and how rarely it ran successfully, and the weight decays
// logarithmically each time the operation is chosen, back towards uniform:
//
//	w(m, 0) = α·uncovRatio(m) + (1-α)·(1 - succ(m)/maxSucc)
//	w(m, k) = max(-3/ln(1-p) · p^k/k, 1/ln(|M|+3)) · w(m, 0)   for k ≥ 1
//
// with p = 0.99 and α = 0.9 as in GRT. GRT refreshes coverage every 50 s;
// gentest refreshes every BloodhoundInterval executed sequences, which keeps
// runs with a fixed execution budget reproducible.
const (
	BloodhoundP        = 0.99
	BloodhoundAlpha    = 0.9
	BloodhoundInterval = 1024
)

// OpCode says which coverage items belong to an operation's own function:
// blocks and conditions of its body and closures.
type OpCode struct {
	Blocks []int32
	Conds  []int32
}

type bloodhound struct {
	ops     []*model.Op
	code    map[int]OpCode // by op ID
	base    []float64      // w(m, 0)
	k       []int          // selections since the last refresh
	succ    []int          // successful runs as the target
	cum     []float64
	updated int // executed sequences at the last refresh
}

func newBloodhound(ops []*model.Op, code map[int]OpCode) *bloodhound {
	b := &bloodhound{ops: ops, code: code, base: make([]float64, len(ops)), k: make([]int, len(ops)), succ: make([]int, len(ops))}
	for i := range b.base {
		b.base[i] = 1
	}
	return b
}

// refresh recomputes w(m, 0) from the coverage so far and resets k.
func (b *bloodhound) refresh(r *Random) {
	maxSucc := 0
	for _, s := range b.succ {
		if s > maxSucc {
			maxSucc = s
		}
	}
	for i, op := range b.ops {
		c := b.code[op.ID]
		uncov := 0.0
		switch {
		case len(c.Conds) > 0:
			n := 0
			for _, id := range c.Conds {
				if !r.branches[2*id] {
					n++
				}
				if !r.branches[2*id+1] {
					n++
				}
			}
			uncov = float64(n) / float64(2*len(c.Conds))
		case len(c.Blocks) > 0:
			n := 0
			for _, id := range c.Blocks {
				if !r.blocks[id] {
					n++
				}
			}
			uncov = float64(n) / float64(len(c.Blocks))
		}
		succ := 0.0
		if maxSucc > 0 {
			succ = float64(b.succ[i]) / float64(maxSucc)
		}
		// A small floor keeps every operation reachable: a fully covered
		// one still builds objects other operations need.
		b.base[i] = math.Max(BloodhoundAlpha*uncov+(1-BloodhoundAlpha)*(1-succ), 0.02)
		b.k[i] = 0
	}
	b.updated = r.Stats.Executed
}

func (b *bloodhound) weight(i int) float64 {
	k := b.k[i]
	if k == 0 {
		return b.base[i]
	}
	decay := -3 / math.Log(1-BloodhoundP) * math.Pow(BloodhoundP, float64(k)) / float64(k)
	floor := 1 / math.Log(float64(len(b.ops))+3)
	return math.Max(decay, floor) * b.base[i]
}

// pick chooses an operation by weight.
func (b *bloodhound) pick(r *Random) int {
	if r.Stats.Executed-b.updated >= BloodhoundInterval {
		b.refresh(r)
	}
	total := 0.0
	if cap(b.cum) < len(b.ops) {
		b.cum = make([]float64, len(b.ops))
	}
	b.cum = b.cum[:len(b.ops)]
	for i := range b.ops {
		total += b.weight(i)
		b.cum[i] = total
	}
	x := r.rng.Float64() * total
	i := sort.SearchFloat64s(b.cum, x)
	if i >= len(b.ops) {
		i = len(b.ops) - 1
	}
	b.k[i]++
	return i
}

// Orienteering (GRT §III-E): cost-guided input selection. GRT weighs a
// pooled sequence by 1/(Σ exec_time_i · √size) over its k selections;
// execution times differ from run to run, so gentest uses the number of
// calls in the sequence as its cost, which keeps runs reproducible:
// weight = 1 / ((k+1) · len · √len).
const orienteeringSample = 16

func (r *Random) choosePooled(cands []*pooled) *pooled {
	if r.cfg.NoOrienteering || len(cands) == 1 {
		v := cands[r.rng.IntN(len(cands))]
		v.selected++
		return v
	}
	// Weigh a sample rather than the whole pool: the pool grows large and
	// this runs for every argument.
	n := len(cands)
	if n > orienteeringSample {
		n = orienteeringSample
	}
	sample := make([]*pooled, n)
	weights := make([]float64, n)
	total := 0.0
	for i := range sample {
		v := cands[r.rng.IntN(len(cands))]
		sample[i] = v
		l := float64(v.stmt + 1)
		w := 1 / (float64(v.selected+1) * l * math.Sqrt(l))
		total += w
		weights[i] = total
	}
	x := r.rng.Float64() * total
	i := sort.SearchFloat64s(weights, x)
	if i >= n {
		i = n - 1
	}
	sample[i].selected++
	return sample[i]
}

// Impurity (GRT §III-B): before an object from the pool is passed to the
// operation under test, sometimes change its state first with a method the
// purity facts say mutates it (Push before Pop), so that the operation sees
// states the pool does not hold yet. Primitive values are fuzzed with a
// Gaussian around the chosen value (see Constants.vary and fuzzInt).
const PImpurity = 0.3

// mutate appends to s a call of an impure operation on the value at ref,
// of type t, and reports whether it did. The value keeps its reference:
// the mutation changes it in place.
func (r *Random) mutate(s *seq.Seq, ref seq.Arg, op0 *model.Op) bool {
	t := r.refType(s, ref)
	if t == nil {
		return false
	}
	var muts []*model.Op
	var idx []int
	for _, op := range r.mutators() {
		if op == op0 {
			continue
		}
		for i, p := range op.Params {
			if op.Mutator(i) && assignable(t, p.Type) {
				muts = append(muts, op)
				idx = append(idx, i)
				break
			}
		}
	}
	if len(muts) == 0 {
		return false
	}
	j := r.rng.IntN(len(muts))
	op, at := muts[j], idx[j]
	// Sometimes a run of calls of the mutator, so that a container
	// grows by several elements at once (keyed.go).
	calls := 1
	if r.rng.Float64() < PRun {
		calls = 2 + r.rng.IntN(MaxRun-1)
	}
	made := false
	for c := 0; c < calls; c++ {
		if !r.callMutator(s, ref, op, at, c > 0) {
			break
		}
		made = true
	}
	return made
}

// callMutator appends to s a call of op with the value at ref as its
// parameter at, and the other parameters from the receiver's siblings
// (keyed.go), literals or the sequence's own values.
func (r *Random) callMutator(s *seq.Seq, ref seq.Arg, op *model.Op, at int, inRun bool) bool {
	args := make([]seq.Arg, len(op.Params))
	for i, p := range op.Params {
		if i == at {
			args[i] = ref
			continue
		}
		if l, ok := r.siblingLit(s, op, args, i, inRun); ok {
			args[i] = seq.LitArg(l)
			continue
		}
		switch {
		case p.Lit != model.LitNone && p.Lit != model.LitNilOK:
			args[i] = r.litArg(op, p)
		default:
			a, ok := r.inSequence(s, p.Type)
			if !ok || r.avoidWiring(s, op.ID, i, args[:i], a) {
				return false
			}
			args[i] = a
		}
	}
	s.Stmts = append(s.Stmts, seq.Stmt{Op: op.ID, Args: args})
	return true
}
