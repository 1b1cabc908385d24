package search

import (
	"go/types"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/model"
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

// targetPicker is bloodhound: it picks the operation under test of a new
// sequence (for the random search and DynaMOSA's insertions), and learns
// from every normal run which operations ran successfully.
type targetPicker struct {
	ops     []*model.Op
	index   map[int]int    // op ID -> index in ops
	code    map[int]OpCode // by op ID
	base    []float64      // w(m, 0)
	k       []int          // selections since the last refresh
	succ    []int          // successful runs as the target
	cum     []float64
	updated int // executed sequences at the last refresh

	rng   *rand.Rand
	cov   *coverage
	stats *Stats
}

func newTargetPicker(ops []*model.Op, code map[int]OpCode, rng *rand.Rand, cov *coverage, stats *Stats) *targetPicker {
	b := &targetPicker{ops: ops, index: map[int]int{}, code: code, base: make([]float64, len(ops)), k: make([]int, len(ops)),
		succ: make([]int, len(ops)), rng: rng, cov: cov, stats: stats}
	for i, op := range ops {
		b.base[i] = 1
		b.index[op.ID] = i
	}
	return b
}

// learn counts a normal run as a success of its target.
func (b *targetPicker) learn(o *outcome) {
	if !o.normal {
		return
	}
	if i, ok := b.index[o.s.Stmts[o.s.Len()-1].Op]; ok {
		b.succ[i]++
	}
}

// refresh recomputes w(m, 0) from the coverage so far and resets k.
func (b *targetPicker) refresh() {
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
				if !b.cov.branches[2*id] {
					n++
				}
				if !b.cov.branches[2*id+1] {
					n++
				}
			}
			uncov = float64(n) / float64(2*len(c.Conds))
		case len(c.Blocks) > 0:
			n := 0
			for _, id := range c.Blocks {
				if !b.cov.blocks[id] {
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
	b.updated = b.stats.Executed
}

func (b *targetPicker) weight(i int) float64 {
	k := b.k[i]
	if k == 0 {
		return b.base[i]
	}
	decay := -3 / math.Log(1-BloodhoundP) * math.Pow(BloodhoundP, float64(k)) / float64(k)
	floor := 1 / math.Log(float64(len(b.ops))+3)
	return math.Max(decay, floor) * b.base[i]
}

// pick chooses an operation by weight.
func (b *targetPicker) pick() int {
	if b.stats.Executed-b.updated >= BloodhoundInterval {
		b.refresh()
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
	x := b.rng.Float64() * total
	i := sort.SearchFloat64s(b.cum, x)
	if i >= len(b.ops) {
		i = len(b.ops) - 1
	}
	b.k[i]++
	return i
}

// pickTarget picks the operation under test of a new sequence: by
// bloodhound's weights, or uniformly with -no=bloodhound (picker nil).
func pickTarget(picker *targetPicker, rng *rand.Rand, targets []*model.Op) *model.Op {
	if picker != nil {
		return targets[picker.pick()]
	}
	return targets[rng.IntN(len(targets))]
}

// OpCodes maps each operation of the package under test to the blocks and
// conditions of its own function and its closures, for Bloodhound.
func OpCodes(prog *model.Program, t *instrument.Table) map[int]OpCode {
	byFunc := map[string]*OpCode{}
	get := func(name string) *OpCode {
		// Closures F.func1 belong to F.
		if i := strings.Index(name, ".func"); i > 0 {
			name = name[:i]
		}
		c := byFunc[name]
		if c == nil {
			c = &OpCode{}
			byFunc[name] = c
		}
		return c
	}
	// Probes unsteady through package state are hidden from every result
	// the search sees (instrument/nondet.go): never covered in its eyes,
	// they would weigh their operations for ever.
	for _, b := range t.Blocks {
		if b.Unsteady&instrument.UnsteadyState != 0 {
			continue
		}
		c := get(b.Func)
		c.Blocks = append(c.Blocks, int32(b.ID))
	}
	for _, k := range t.Conds {
		if k.Unsteady&instrument.UnsteadyState != 0 {
			continue
		}
		c := get(k.Func)
		c.Conds = append(c.Conds, int32(k.ID))
	}
	out := map[int]OpCode{}
	for _, op := range prog.Ops {
		if op.Func == nil || op.Func.Pkg() != prog.Pkg {
			continue
		}
		name := op.Func.Name()
		if recv := op.Func.Type().(*types.Signature).Recv(); recv != nil {
			rt := recv.Type()
			if p, ok := rt.(*types.Pointer); ok {
				name = "(*" + namedName(p.Elem()) + ")." + name
			} else {
				name = namedName(rt) + "." + name
			}
		}
		if c, ok := byFunc[name]; ok {
			out[op.ID] = *c
		}
	}
	return out
}

func namedName(t types.Type) string {
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return types.TypeString(t, nil)
}

// targetsOf returns the operations the search calls as the subject of a
// new sequence: everything but the detective's producers and the
// assignments to configuration variables and fields, which make nothing to
// test.
func targetsOf(prog *model.Program) []*model.Op {
	var out []*model.Op
	for _, op := range prog.Ops {
		if !op.Detective && !op.Support && op.Kind != model.SetVar && op.Kind != model.SetField {
			out = append(out, op)
		}
	}
	return out
}
