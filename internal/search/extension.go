package search

import (
	"go/types"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// extension is Randoop's extension (thesis ch. 4-5) with GRT's components:
// it builds a sequence ending in a call of an operation from the pooled
// sequences that make its inputs and from literals, sharing values
// between arguments (aliasing), building a value the pool lacks from a
// producer the package does not provide (the detective), changing a
// pooled value's state first (impurity, with runs of keyed siblings),
// choosing pooled values by their cost (orienteering), and starting, now
// and then, with a configuration setting. The random search, DynaMOSA
// and the templates are given it.
type extension struct {
	prog   *model.Program
	rng    *rand.Rand
	values *Values
	lits   *literals
	// costly and hangs veto wirings and pooled values that cost a timeout
	// or hung before.
	costly *costly
	hangs  *hangs

	detective, impurity, orienteering bool

	// targets are the operations under test (targetsOf); mutators those
	// impurity may call (targets and configuration fields); config the
	// assignments to configuration variables (extension_config.go).
	targets, mutators, config []*model.Op
	// swaps are the handler assignments every sequence starts with
	// (costly_exit.go).
	swaps []exitSwap
	// funcs caches funcMade's answers.
	funcs map[types.Type]bool
}

func newExtension(prog *model.Program, rng *rand.Rand, targets []*model.Op, values *Values, lits *literals,
	costly *costly, hangs *hangs, cfg Config) *extension {
	x := &extension{prog: prog, rng: rng, values: values, lits: lits, costly: costly, hangs: hangs,
		detective: !cfg.NoDetective, impurity: !cfg.NoImpurity, orienteering: !cfg.NoOrienteering,
		targets: targets, funcs: map[types.Type]bool{}}
	// The mutators are the targets, and the assignments to configuration
	// fields (model/configfield.go), which exist only to change an object.
	x.mutators = append([]*model.Op{}, targets...)
	for _, op := range prog.Ops {
		if op.Kind == model.SetField {
			x.mutators = append(x.mutators, op)
		}
		if op.Kind == model.SetVar && !op.ExitSwap {
			x.config = append(x.config, op)
		}
	}
	x.swaps = exitSwapsOf(prog) // costly_exit.go
	return x
}

// extend builds a sequence ending in a call of op, with arguments from
// literals or from pooled sequences.
func (x *extension) extend(op *model.Op) (*seq.Seq, bool) {
	s := &seq.Seq{}
	x.configPrefix(s)
	args := make([]seq.Arg, len(op.Params))
	// included maps a pooled sequence to its offset in s, so that two
	// arguments can share one object (aliasing, thesis §5.1).
	included := map[*pooled]int{}
	for i, p := range op.Params {
		// Aliasing: reuse a value the sequence already makes, so that, for
		// example, an element is passed back to the list that made it.
		if len(s.Stmts) > 0 && x.rng.IntN(2) == 0 {
			if ref, ok := x.inSequence(s, p.Type); ok && !x.costly.avoid(s, op.ID, i, args[:i], ref) {
				args[i] = ref
				continue
			}
		}
		// A key its receiver already holds, or one of the kind it
		// accepted (extension_keyed.go).
		if l, ok := x.siblingLit(s, op, args, i, false); ok {
			args[i] = seq.LitArg(l)
			continue
		}
		cands := x.values.assignable(p.Type)
		useLit := p.Lit != model.LitNone && p.Lit != model.LitNilOK && (len(cands) == 0 || x.rng.IntN(4) == 0)
		if p.Lit == model.LitIfaceA && len(cands) > 0 && x.rng.IntN(2) == 0 {
			useLit = false
		}
		nilOK := p.Lit == model.LitNilOK && !p.Recv
		switch {
		case useLit:
			args[i] = x.lits.arg(op, p)
		case len(cands) > 0 && !(nilOK && !x.funcMade(p.Type) && x.rng.IntN(20) == 0):
			v := x.chooseNoHang(op.ID, i, x.costly.notWired(cands))
			off, ok := included[v]
			if !ok || x.rng.IntN(3) == 0 || x.costly.avoid(s, op.ID, i, args[:i], seq.Ref(off+v.stmt, v.result)) {
				off = s.Append(v.seq)
				included[v] = off
			}
			args[i] = seq.Ref(off+v.stmt, v.result)
			if x.impurity && x.rng.Float64() < PImpurity {
				x.mutate(s, args[i], op)
			}
		case x.detective && x.rng.IntN(8) != 0:
			// Detective: build a value of the type on demand from a
			// producer the package does not provide.
			if ref, ok := x.demand(s, p.Type, 0); ok {
				args[i] = ref
				break
			}
			if !nilOK || x.funcMade(p.Type) {
				return nil, false
			}
			args[i] = seq.LitArg(seq.Lit{Kind: seq.LitNil})
		case nilOK && !x.funcMade(p.Type):
			args[i] = seq.LitArg(seq.Lit{Kind: seq.LitNil})
		default:
			return nil, false
		}
	}
	s.Stmts = append(s.Stmts, seq.Stmt{Op: op.ID, Args: args})
	return s, true
}

// funcMade reports whether t is a func type that an operation of the
// program makes (a func literal, model/funclit.go). Such a parameter never
// gets nil: an API that runs its callback in a goroutine (errgroup's Go,
// lo.Async) crashes the whole process on a nil func, in the executor and
// in the written test alike, and a nil callback is an unchecked
// precondition anyway (docs/findings.md, rule 1). The sequence waits
// until the pool has a literal.
func (x *extension) funcMade(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Signature); !ok {
		return false
	}
	if v, ok := x.funcs[t]; ok { // a lookup only: no choice depends on map order
		return v
	}
	made := false
	for _, op := range x.prog.Ops {
		for _, res := range op.Results {
			made = made || types.AssignableTo(res, t)
		}
	}
	x.funcs[t] = made
	return made
}

// refType returns the static type of the value a reference names.
func (x *extension) refType(s *seq.Seq, a seq.Arg) types.Type {
	if a.IsLit || a.Stmt >= len(s.Stmts) {
		return nil
	}
	op := x.prog.Ops[s.Stmts[a.Stmt].Op]
	if a.Result >= len(op.Results) {
		return nil
	}
	return op.Results[a.Result]
}

// demand appends to s a call of a detective producer whose result is
// assignable to t, filling its own parameters from literals, the pools or,
// recursively, further producers, and returns a reference to the value.
func (x *extension) demand(s *seq.Seq, t types.Type, depth int) (seq.Arg, bool) {
	if depth > 3 {
		return seq.Arg{}, false
	}
	var prods []*model.Op
	for _, op := range x.prog.Ops {
		if op.Detective && len(op.Results) > 0 && types.AssignableTo(op.Results[0], t) {
			prods = append(prods, op)
		}
	}
	if len(prods) == 0 {
		return seq.Arg{}, false
	}
	op := prods[x.rng.IntN(len(prods))]
	args := make([]seq.Arg, len(op.Params))
	for i, p := range op.Params {
		switch {
		case p.Lit != model.LitNone && p.Lit != model.LitNilOK:
			args[i] = x.lits.arg(op, p)
		default:
			if cands := x.values.assignable(p.Type); len(cands) > 0 {
				args[i] = appendPooled(s, cands[x.rng.IntN(len(cands))])
			} else if ref, ok := x.demand(s, p.Type, depth+1); ok {
				args[i] = ref
			} else if p.Lit == model.LitNilOK && !x.funcMade(p.Type) {
				args[i] = seq.LitArg(seq.Lit{Kind: seq.LitNil})
			} else {
				return seq.Arg{}, false
			}
		}
	}
	s.Stmts = append(s.Stmts, seq.Stmt{Op: op.ID, Args: args})
	return seq.Ref(len(s.Stmts)-1, 0), true
}

// appendPooled appends pooled value v's sequence to s and returns the
// reference to the value there.
func appendPooled(s *seq.Seq, v *pooled) seq.Arg {
	off := s.Append(v.seq)
	return seq.Ref(off+v.stmt, v.result)
}

// inSequence picks a value of a type assignable to t among the results of
// s's statements (errors excluded), or reports false.
func (x *extension) inSequence(s *seq.Seq, t types.Type) (seq.Arg, bool) {
	var refs []seq.Arg
	for i, st := range s.Stmts {
		op := x.prog.Ops[st.Op]
		for j, rt := range op.Results {
			if op.ErrResult && j == len(op.Results)-1 {
				continue
			}
			if types.AssignableTo(rt, t) {
				refs = append(refs, seq.Ref(i, j))
			}
		}
	}
	if len(refs) == 0 {
		return seq.Arg{}, false
	}
	return refs[x.rng.IntN(len(refs))], true
}

// Orienteering (GRT §III-E): cost-guided input selection. GRT weighs a
// pooled sequence by 1/(Σ exec_time_i · √size) over its k selections;
// execution times differ from run to run, so gentest uses the number of
// calls in the sequence as its cost, which keeps runs reproducible:
// weight = 1 / ((k+1) · len · √len).
const orienteeringSample = 16

// choose picks one of cands by orienteering (uniformly with
// -no=orienteering) and counts the selection.
func (x *extension) choose(cands []*pooled) *pooled {
	if !x.orienteering || len(cands) == 1 {
		v := cands[x.rng.IntN(len(cands))]
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
		v := cands[x.rng.IntN(len(cands))]
		sample[i] = v
		total += poolWeight(v)
		weights[i] = total
	}
	i := sort.SearchFloat64s(weights, x.rng.Float64()*total)
	if i >= n {
		i = n - 1
	}
	sample[i].selected++
	return sample[i]
}

// chooseNoHang chooses among cands for parameter param of op as choose
// does, drawing again (hangRetries times) a value that would make a call
// that hung (hang.go).
func (x *extension) chooseNoHang(op, param int, cands []*pooled) *pooled {
	v := x.choose(cands)
	for k := 0; k < hangRetries && x.hangs.prone(op, param, v); k++ {
		v = x.choose(cands)
	}
	return v
}

// poolWeight is the orienteering weight of a pooled value: 1 / ((k+1) ·
// len · √len), len the position of the statement that made it.
func poolWeight(p *pooled) float64 {
	l := float64(p.stmt + 1)
	return 1 / (float64(p.selected+1) * l * math.Sqrt(l))
}
