// Package search holds gentest's search engines. Random is Randoop's
// feedback-directed random generation (thesis ch. 4-5): sequences are built
// bottom-up from pools of earlier sequences' values, executed at once, and
// only sequences that ran normally are extended later.
package search

import (
	"context"
	"go/types"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Config configures a search.
type Config struct {
	Seed int64
	// Budget bounds the search by wall time; ignored when MaxExecs > 0, so
	// that a fixed execution budget gives the same result on any machine.
	Budget time.Duration
	// MaxExecs bounds the number of executed sequences.
	MaxExecs int
	// Batch is the number of sequences generated from one pool state and
	// executed together.
	Batch int
	// MaxLen bounds the statements per sequence.
	MaxLen int
	// Constants are the mined constant pools; nil disables constant
	// mining.
	Constants *Constants
	// NoDetective switches off on-demand construction of inputs.
	NoDetective bool
	// NoElephant switches off pooling values by their run-time type.
	NoElephant bool
	// NoBloodhound, NoOrienteering and NoImpurity switch off GRT's
	// coverage-guided method selection, cost-guided input selection and
	// state fuzzing.
	NoBloodhound, NoOrienteering, NoImpurity bool
	// Code maps operation IDs to their own coverage items, for Bloodhound.
	Code map[int]OpCode
	// NoLocalSearch and NoInputToState switch off the climbs on stalled
	// branches (AVM on literals) and input-to-state replacements (see
	// local.go, i2s.go).
	NoLocalSearch, NoInputToState bool
	// Trace, when set, receives a line per finished climb (debugging).
	Trace func(format string, args ...any)
	// Engine is EngineRandom, EngineSBST or EngineHybrid; empty means
	// DefaultEngine.
	Engine string
	// Workers is the number of executors the runner spreads a batch
	// over, in contiguous parts (exec.Pool); 0 means one. Staggered
	// batches keep each executor's part (hang.go).
	Workers int
	// Table describes the probes: which conditions measure distances and
	// which operands are lengths. Nil treats every condition as measuring
	// distances.
	Table *instrument.Table
}

// Stats counts what the search did.
type Stats struct {
	Generated, Executed, Normal, Illegal, Redundant, Crashed int
	Elapsed                                                  time.Duration
	// Climbs counts the local searches started on stalled branches,
	// ClimbsCovered those that covered their branch.
	Climbs, ClimbsCovered int
	// SharedWrites counts the sequences left unrun because they would
	// write package state through a package singleton (model.SharedWrite).
	SharedWrites int
	// AttributionRuns counts the executions that attributed crashes to
	// statements (attribute.go), CrashesDropped the revealing crashes that
	// did not reproduce alone or were past the attribution bound.
	AttributionRuns, CrashesDropped int
	// Templates counts the sequences built from EvoObj templates
	// (template.go).
	Templates int
	// CostlySkipped counts the sequences left unrun because they repeat
	// a self-wiring that cost a timeout (costly.go).
	CostlySkipped int
	// Hangs counts the sequences whose call ran until its limit,
	// HangSkipped those left unrun for making a call that hung before
	// with the same construction, HangExplored those run anyway to
	// explore one (hang.go).
	Hangs, HangSkipped, HangExplored int
}

// Random is the feedback-directed random engine.
type Random struct {
	prog   *model.Program
	cfg    Config
	rng    *rand.Rand
	values *Values

	seen     *recentHashes       // hashes of the sequences already generated (recent.go)
	funcMemo map[types.Type]bool // funcMade's answers
	blocks   map[int32]bool
	branches map[int32]bool // 2*cond + 0 for true, +1 for false
	// archived holds the blocks and branch sides (branchItem) the corpus
	// covers: a subset of blocks and branches, which also count what runs
	// that panicked reached (see archive).
	archived map[int64]bool
	// archivedPanic holds what the corpus's entries whose call panics as
	// documented cover: apart, so that a clean run is still kept for it.
	archivedPanic map[int64]bool

	targetOps  []*model.Op
	configOps  []*model.Op // SetVar operations (configvar.go); nil until computed
	mutatorOps []*model.Op // see mutators; nil until computed
	configSet  bool
	targetIdx  map[int]int            // op ID -> index in targetOps
	asserts    map[string][]*model.Op // run-time type name -> assertions
	hound      *bloodhound

	Corpus []*corpus.Entry
	// Failures are the revealing failures, a few per kind and site.
	Failures []*corpus.Failure
	failKeys map[string]int
	Stats    Stats
	nextID   uint64

	// Local search (local.go).
	goals     map[int32]*goal
	goalOrder []*goal
	climbs    []*climb
	climbTurn int
	tags      map[*seq.Seq]*climb // proposals in flight, by climb

	dyna  *dyna // DynaMOSA's state (dynamosa.go)
	start time.Time

	runner       executor.Runner // for crash attribution (attribute.go), set by Run
	attributions int
	// attributionTime is the wall time attribution has spent, charged
	// against its share of a time budget (attribute.go).
	attributionTime time.Duration
	// costlyWiring holds the self-wirings that cost a timeout
	// (costly.go).
	costlyWiring map[wiring]bool
	// costlySize holds, per parameter, the smallest large integer that
	// made a call time out (costly.go).
	costlySize map[sizeParam]uint64
	// costlyEnum holds the enum types (by typeKey) a value outside whose
	// members was in a sequence that ran past its limit (costly.go).
	costlyEnum map[string]bool
	// hangStats holds, by call key, the calls that hung and returned;
	// hangOps the operations that have hung; hangSpent the sequences
	// counted against the hang budget; hangTried the explorations in
	// flight; planned the sequences sent so far (hang.go).
	hangStats map[uint64]*hangStat
	hangOps   map[int]bool
	hangSpent int
	hangTried map[*seq.Seq]bool
	planned   int
	// batches counts the batches launched, lastHangBatch the batch
	// during which the last hang was learned (hang.go).
	batches, lastHangBatch int
	fbranches              map[int][]*fieldBranch // templates' branches by op ID (template.go)
}

// NewRandom returns a random engine over prog.
func NewRandom(prog *model.Program, cfg Config) *Random {
	if cfg.Batch <= 0 {
		cfg.Batch = 128
	}
	if cfg.MaxLen <= 0 {
		cfg.MaxLen = 40
	}
	if cfg.Engine == "" {
		cfg.Engine = DefaultEngine
	}
	return &Random{
		prog:          prog,
		cfg:           cfg,
		rng:           rand.New(rand.NewPCG(uint64(cfg.Seed), 0x9e3779b97f4a7c15)),
		values:        newValues(),
		seen:          newRecentHashes(seenGeneration),
		blocks:        map[int32]bool{},
		branches:      map[int32]bool{},
		archived:      map[int64]bool{},
		archivedPanic: map[int64]bool{},
		tags:          map[*seq.Seq]*climb{},
	}
}

// Covered returns the numbers of distinct blocks and branch sides covered.
func (r *Random) Covered() (blocks, branches int) { return len(r.blocks), len(r.branches) }

// Run searches until the budget is spent or ctx is done.
//
// Generation and execution overlap: while the executors run batch k, the
// search generates batch k+1 from the pools as they were after batch k-1.
// The schedule does not depend on timing, so a fixed execution budget still
// gives the same sequences.
func (r *Random) Run(ctx context.Context, runner executor.Runner) {
	start := time.Now()
	r.start = start
	r.runner = runner
	type inflight struct {
		batch   []*seq.Seq
		done    chan []executor.Outcome
		skipped []bool // left unrun by runStaggered
	}
	var cur *inflight
	planned := 0 // sequences generated and sent (and run), for the execution budget
	launch := func(batch []*seq.Seq) *inflight {
		// The batch was generated before the one before it came
		// back: what that one taught about hangs filters it now.
		batch = r.refilterHangs(batch, &planned)
		reqs := make([]rt.Request, len(batch))
		var flags uint64
		if !r.cfg.NoInputToState {
			flags = rt.FlagOperands
		}
		for i, s := range batch {
			reqs[i] = s.Wire(r.nextID, flags)
			r.nextID++
		}
		f := &inflight{batch: batch, done: make(chan []executor.Outcome, 1)}
		run := runner.Run
		if dr, ok := runner.(executor.DeadlineRunner); r.cfg.MaxExecs <= 0 && ok {
			end := start.Add(r.cfg.Budget)
			run = func(reqs []rt.Request) []executor.Outcome { return dr.RunUntil(reqs, end) }
		}
		if r.stagger() {
			f.skipped = make([]bool, len(batch))
			go func() { f.done <- runStaggered(r.prog, run, reqs, batch, f.skipped, r.cfg.Workers) }()
		} else {
			go func() { f.done <- run(reqs) }()
		}
		r.batches++
		return f
	}
	finish := func(f *inflight) {
		outs := <-f.done
		for i, s := range f.batch {
			if f.skipped != nil && f.skipped[i] {
				// Left unrun after a call of the same construction
				// hung earlier in the batch (hang.go): another
				// sequence is planned in its place.
				r.Stats.HangSkipped++
				planned--
				r.unrun(s)
				continue
			}
			if outs[i].Unrun {
				// The budget ended first: neither executed nor
				// learned from.
				r.unrun(s)
				continue
			}
			r.Stats.Executed++
			r.process(s, outs[i])
		}
		if rel, ok := runner.(executor.Releaser); ok {
			rel.Release()
		}
	}
	stale := 0
	for {
		more := true
		if r.cfg.MaxExecs > 0 {
			more = planned < r.cfg.MaxExecs
		} else {
			more = time.Since(start) < r.cfg.Budget
		}
		more = more && ctx.Err() == nil
		var next []*seq.Seq
		if more {
			n := r.cfg.Batch
			if r.cfg.MaxExecs > 0 && r.cfg.MaxExecs-planned < n {
				n = r.cfg.MaxExecs - planned
			}
			next = r.generate(n)
		}
		if cur != nil {
			finish(cur)
			cur = nil
		}
		if len(next) == 0 {
			if !more && r.cfg.MaxExecs > 0 && planned < r.cfg.MaxExecs && ctx.Err() == nil {
				// The last batch had sequences left unrun after a
				// hang (hang.go): plan others in their place.
				continue
			}
			if !more {
				break
			}
			// Nothing new can be built right now; give up after a few
			// tries rather than spin.
			stale++
			if stale > 50 {
				break
			}
			continue
		}
		stale = 0
		planned += len(next)
		r.planned = planned
		cur = launch(next)
	}
	r.Stats.Elapsed = time.Since(start)
}

// generate builds up to n new sequences from the current pools, and
// leaves out those that would write package state through a package
// singleton: neither the executor, which would carry the change into the
// sequences after it, nor a written test may make it.
func (r *Random) generate(n int) []*seq.Seq {
	out := r.propose(n)
	keep := out[:0]
	for _, s := range out {
		if r.prog.SharedWrite(s) >= 0 {
			r.Stats.SharedWrites++
			r.unrun(s)
			continue
		}
		if r.seqWiredCostly(s) {
			// From any source (DynaMOSA's crossover carries prefixes
			// along): a self-wiring that cost a timeout (costly.go).
			r.Stats.CostlySkipped++
			r.unrun(s)
			continue
		}
		if !r.admitHang(s, r.seqHangRisk(s), r.planned) {
			// A call that hung before on the same construction
			// (hang.go).
			r.Stats.HangSkipped++
			r.unrun(s)
			continue
		}
		keep = append(keep, s)
	}
	return keep
}

// unrun tells whoever proposed s that it will not run: left out by a
// filter, skipped after a hang in its batch, or past the budget. The
// climb that proposed it counts it as a failed neighbour, as a crash
// would be counted; DynaMOSA and the hang explorer forget it. Without
// this, the climb waited for it forever (it never proposed again), and
// DynaMOSA's tags kept every such sequence: on huandu/xstrings, whose
// sequences the shared-write filter often drops, gentest's live heap grew
// by 20 MB in a 40 s run's DynaMOSA half.
func (r *Random) unrun(s *seq.Seq) {
	if c := r.tags[s]; c != nil {
		delete(r.tags, s)
		r.report(c, s, nil, false)
	}
	if r.dyna != nil {
		delete(r.dyna.tagged, s)
	}
	delete(r.hangTried, s)
}

// propose builds up to n new sequences from the current pools.
func (r *Random) propose(n int) []*seq.Seq {
	var out []*seq.Seq
	targets := r.targets()
	if len(targets) == 0 {
		return nil
	}
	if r.hound == nil && !r.cfg.NoBloodhound {
		r.hound = newBloodhound(targets, r.cfg.Code)
	}
	// Climbs on stalled branches take at most half of a batch, so that
	// random search keeps building the objects and states they start from.
	out = r.climbProposals(n / 2)
	if r.engineNow(r.start) == EngineSBST {
		return append(out, r.evolve(n-len(out))...)
	}
	for tries := 0; len(out) < n && tries < n*20; tries++ {
		var op *model.Op
		if r.hound != nil {
			op = targets[r.hound.pick(r)]
		} else {
			op = targets[r.rng.IntN(len(targets))]
		}
		var s *seq.Seq
		ok := false
		// No draw for operations without field branches: without
		// construction facts the sequences stay those of before.
		if len(r.prog.Branches[op.ID]) > 0 && r.rng.Float64() < PApp {
			s, ok = r.template(op)
		}
		if !ok {
			s, ok = r.extend(op)
		}
		if !ok || s.Len() > r.cfg.MaxLen {
			continue
		}
		k := s.Hash()
		if r.seen.has(k) {
			r.Stats.Redundant++
			continue
		}
		r.seen.add(k)
		r.Stats.Generated++
		out = append(out, s)
	}
	return out
}

// extend builds a sequence ending in a call of op, with arguments from
// literals or from pooled sequences.
func (r *Random) extend(op *model.Op) (*seq.Seq, bool) {
	s := &seq.Seq{}
	r.configPrefix(s)
	args := make([]seq.Arg, len(op.Params))
	// included maps a pooled sequence to its offset in s, so that two
	// arguments can share one object (aliasing, thesis §5.1).
	included := map[*pooled]int{}
	for i, p := range op.Params {
		// Aliasing: reuse a value the sequence already makes, so that, for
		// example, an element is passed back to the list that made it.
		if len(s.Stmts) > 0 && r.rng.IntN(2) == 0 {
			if ref, ok := r.inSequence(s, p.Type); ok && !r.avoidWiring(s, op.ID, i, args[:i], ref) {
				args[i] = ref
				continue
			}
		}
		// A key its receiver already holds, or one of the kind it
		// accepted (keyed.go).
		if l, ok := r.siblingLit(s, op, args, i, false); ok {
			args[i] = seq.LitArg(l)
			continue
		}
		cands := r.values.assignable(p.Type)
		useLit := p.Lit != model.LitNone && p.Lit != model.LitNilOK && (len(cands) == 0 || r.rng.IntN(4) == 0)
		if p.Lit == model.LitIfaceA && len(cands) > 0 && r.rng.IntN(2) == 0 {
			useLit = false
		}
		switch {
		case useLit:
			args[i] = r.litArg(op, p)
		case len(cands) > 0 && !(p.Lit == model.LitNilOK && !p.Recv && !r.funcMade(p.Type) && r.rng.IntN(20) == 0):
			v := r.choosePooledNoHang(op.ID, i, r.notWiredCostly(cands))
			off, ok := included[v]
			if !ok || r.rng.IntN(3) == 0 || r.avoidWiring(s, op.ID, i, args[:i], seq.Ref(off+v.stmt, v.result)) {
				off = s.Append(v.seq)
				included[v] = off
			}
			args[i] = seq.Ref(off+v.stmt, v.result)
			if !r.cfg.NoImpurity && r.rng.Float64() < PImpurity {
				r.mutate(s, args[i], op)
			}
		case !r.cfg.NoDetective && r.rng.IntN(8) != 0:
			// Detective: build a value of the type on demand from a
			// producer the package does not provide.
			ref, ok := r.demand(s, p.Type, 0)
			if ok {
				args[i] = ref
				break
			}
			if p.Lit == model.LitNilOK && !p.Recv && !r.funcMade(p.Type) {
				args[i] = seq.LitArg(seq.Lit{Kind: seq.LitNil})
				break
			}
			return nil, false
		case p.Lit == model.LitNilOK && !p.Recv && !r.funcMade(p.Type):
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
func (r *Random) funcMade(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Signature); !ok {
		return false
	}
	if v, ok := r.funcMemo[t]; ok { // a lookup only: no choice depends on map order
		return v
	}
	made := false
	for _, op := range r.prog.Ops {
		for _, res := range op.Results {
			made = made || types.AssignableTo(res, t)
		}
	}
	if r.funcMemo == nil {
		r.funcMemo = map[types.Type]bool{}
	}
	r.funcMemo[t] = made
	return made
}

// elephant pools values by their run-time type (GRT §III-C): a value
// returned as an interface whose dynamic type is one the model has an
// assertion for is pooled again as that type, through the assertion.
func (r *Random) elephant(s *seq.Seq, res *rt.Result) {
	if r.asserts == nil {
		r.asserts = map[string][]*model.Op{}
		for _, op := range r.prog.Ops {
			if op.Kind == model.Assert {
				k := types.TypeString(op.Type, func(p *types.Package) string { return p.Name() })
				r.asserts[k] = append(r.asserts[k], op)
			}
		}
	}
	if len(r.asserts) == 0 {
		return
	}
	for i, st := range s.Stmts {
		op := r.prog.Ops[st.Op]
		for j, v := range res.Stmt(i).Values() {
			if j >= len(op.Results) || v.Nil || v.Type == 0 {
				continue
			}
			if _, iface := op.Results[j].Underlying().(*types.Interface); !iface {
				continue
			}
			for _, a := range r.asserts[v.Type.String()] {
				if !types.AssignableTo(op.Results[j], a.Params[0].Type) {
					continue
				}
				key := types.TypeString(a.Type, nil)
				hs := r.values.hashes[key]
				if hs == nil {
					hs = newRecentHashes(pooledGeneration)
					r.values.hashes[key] = hs
				}
				if hs.has(v.Hash) {
					continue
				}
				hs.add(v.Hash)
				ext := &seq.Seq{Stmts: append(append([]seq.Stmt{}, s.Stmts...), seq.Stmt{Op: a.ID, Args: []seq.Arg{seq.Ref(i, j)}})}
				if _, ok := r.values.byType[key]; !ok {
					r.values.types = append(r.values.types, a.Type)
				}
				r.values.byType[key] = append(r.values.byType[key], &pooled{seq: ext, stmt: ext.Len() - 1, result: 0, typ: a.Type, earned: r.values.earning})
				r.values.dirty = true
				r.values.bound(key)
			}
		}
	}
}

// targets are the operations the search calls as the subject of a new
// sequence: everything but the detective's producers and the assignments
// to configuration variables and fields, which make nothing to test.
func (r *Random) targets() []*model.Op {
	if r.targetOps == nil {
		for _, op := range r.prog.Ops {
			if !op.Detective && !op.Support && op.Kind != model.SetVar && op.Kind != model.SetField {
				r.targetOps = append(r.targetOps, op)
			}
		}
	}
	return r.targetOps
}

// mutators are the operations impurity may call to change a value before
// it is used: the targets, and the assignments to configuration fields
// (model/configfield.go), which exist only to change an object.
func (r *Random) mutators() []*model.Op {
	if r.mutatorOps == nil {
		r.mutatorOps = append([]*model.Op{}, r.targets()...)
		for _, op := range r.prog.Ops {
			if op.Kind == model.SetField {
				r.mutatorOps = append(r.mutatorOps, op)
			}
		}
	}
	return r.mutatorOps
}

func (r *Random) targetIndex(opID int) (int, bool) {
	if r.targetIdx == nil {
		r.targetIdx = map[int]int{}
		for i, op := range r.targets() {
			r.targetIdx[op.ID] = i
		}
	}
	i, ok := r.targetIdx[opID]
	return i, ok
}

// refType returns the static type of the value a reference names.
func (r *Random) refType(s *seq.Seq, a seq.Arg) types.Type {
	if a.IsLit || a.Stmt >= len(s.Stmts) {
		return nil
	}
	op := r.prog.Ops[s.Stmts[a.Stmt].Op]
	if a.Result >= len(op.Results) {
		return nil
	}
	return op.Results[a.Result]
}

func assignable(v, t types.Type) bool { return types.AssignableTo(v, t) }

// demand appends to s a call of a detective producer whose result is
// assignable to t, filling its own parameters from literals, the pools or,
// recursively, further producers, and returns a reference to the value.
func (r *Random) demand(s *seq.Seq, t types.Type, depth int) (seq.Arg, bool) {
	if depth > 3 {
		return seq.Arg{}, false
	}
	var prods []*model.Op
	for _, op := range r.prog.Ops {
		if op.Detective && len(op.Results) > 0 && types.AssignableTo(op.Results[0], t) {
			prods = append(prods, op)
		}
	}
	if len(prods) == 0 {
		return seq.Arg{}, false
	}
	op := prods[r.rng.IntN(len(prods))]
	args := make([]seq.Arg, len(op.Params))
	for i, p := range op.Params {
		switch {
		case p.Lit != model.LitNone && p.Lit != model.LitNilOK:
			args[i] = r.litArg(op, p)
		default:
			if cands := r.values.assignable(p.Type); len(cands) > 0 {
				v := cands[r.rng.IntN(len(cands))]
				off := s.Append(v.seq)
				args[i] = seq.Ref(off+v.stmt, v.result)
			} else if ref, ok := r.demand(s, p.Type, depth+1); ok {
				args[i] = ref
			} else if p.Lit == model.LitNilOK && !r.funcMade(p.Type) {
				args[i] = seq.LitArg(seq.Lit{Kind: seq.LitNil})
			} else {
				return seq.Arg{}, false
			}
		}
	}
	s.Stmts = append(s.Stmts, seq.Stmt{Op: op.ID, Args: args})
	return seq.Ref(len(s.Stmts)-1, 0), true
}

// inSequence picks a value of a type assignable to t among the results of
// s's statements (errors excluded), or reports false.
func (r *Random) inSequence(s *seq.Seq, t types.Type) (seq.Arg, bool) {
	var refs []seq.Arg
	for i, st := range s.Stmts {
		op := r.prog.Ops[st.Op]
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
	return refs[r.rng.IntN(len(refs))], true
}

// litArg draws a literal for parameter p of op: from the mined constants
// when constant mining picks one, else from the defaults.
func (r *Random) litArg(op *model.Op, p model.Param) seq.Arg {
	l := r.drawLit(op, p)
	// A size that cost a timeout, or a value outside an enum's members
	// after one did, is drawn again (costly.go).
	for k := 0; k < costlyRetries && r.tooCostly(op, p, l); k++ {
		l = r.drawLit(op, p)
	}
	for k := 0; k < costlyEnumRetries && r.outsideCostlyEnum(p.Type, l); k++ {
		l = r.drawLit(op, p)
	}
	return seq.LitArg(l)
}

func (r *Random) drawLit(op *model.Op, p model.Param) seq.Lit {
	if l, ok := r.cfg.Constants.pick(r, op, p.Type, p.Lit); ok {
		return l
	}
	return r.literal(p.Type, p.Lit)
}

// Default literal pools, as in Randoop: a few small values that reach
// common boundaries. Constant mining adds the package's own constants.
var (
	defaultInts    = []int64{-1, 0, 1, 2, 3, 5, 10, 100, -10, 1000}
	defaultFloats  = []float64{0, 1, -1, 0.5, 2.5, 100, -0.25}
	defaultStrings = []string{"", "a", "abc", "hello", "Hello, World!", " ", "0", "42", "-1", "a b", "x,y"}
)

func (r *Random) literal(t types.Type, class model.LitClass) seq.Lit {
	switch class {
	case model.LitBool:
		return seq.Lit{Kind: seq.LitBool, B: r.rng.IntN(2) == 0}
	case model.LitInt:
		return seq.Lit{Kind: seq.LitInt, I: r.intValue()}
	case model.LitUint:
		v := r.intValue()
		if v < 0 {
			v = -v
		}
		return seq.Lit{Kind: seq.LitUint, U: uint64(v)}
	case model.LitFloat:
		return seq.Lit{Kind: seq.LitFloat, F: defaultFloats[r.rng.IntN(len(defaultFloats))]}
	case model.LitString:
		return seq.Lit{Kind: seq.LitString, S: r.stringValue()}
	case model.LitBytes:
		return seq.Lit{Kind: seq.LitBytes, S: r.stringValue()}
	case model.LitSlice:
		n := r.rng.IntN(4)
		l := seq.Lit{Kind: seq.LitSlice}
		ec := model.ElemLit(t)
		et := t.Underlying().(*types.Slice).Elem()
		for i := 0; i < n; i++ {
			l.Elems = append(l.Elems, r.literal(et, ec))
		}
		return l
	case model.LitIfaceA:
		switch r.rng.IntN(3) {
		case 0:
			return seq.Lit{Kind: seq.LitInt, I: r.intValue()}
		case 1:
			return seq.Lit{Kind: seq.LitString, S: r.stringValue()}
		}
		return seq.Lit{Kind: seq.LitBool, B: r.rng.IntN(2) == 0}
	}
	return seq.Lit{Kind: seq.LitNil}
}

func (r *Random) intValue() int64 {
	if r.rng.IntN(4) == 0 {
		return int64(r.rng.IntN(201) - 100)
	}
	v := defaultInts[r.rng.IntN(len(defaultInts))]
	if !r.cfg.NoImpurity && r.rng.Float64() < PFuzz {
		// GRT's primitive fuzzing: a Gaussian around the chosen value.
		v += int64(math.Round(r.rng.NormFloat64() * Sigma))
	}
	return v
}

// stringValue draws a default string, and with GRT's fuzzing probability
// edits it or composes one from characters of every class (cases, digits,
// punctuation, space, non-ASCII): a package that compares no string
// constant still gets inputs beyond the defaults, and a function of one
// string parameter never runs out of new sequences.
func (r *Random) stringValue() string {
	s := defaultStrings[r.rng.IntN(len(defaultStrings))]
	if r.cfg.NoImpurity || r.rng.Float64() >= 2*PFuzz {
		return s
	}
	if r.rng.IntN(2) == 0 {
		return fuzzString(r, s, nil)
	}
	n := 1 + r.rng.IntN(8)
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(stringPieces[r.rng.IntN(len(stringPieces))])
	}
	return b.String()
}

// stringPieces are what composed strings are made of: a few characters of
// each class and common short words.
var stringPieces = []string{"a", "b", "z", "A", "B", "Z", "0", "1", "9", " ", "_", "-", ".", ",", ":", "/", "\t", "é", "世",
	"ab", "AB", "Ab", "aB", "12", "go", "Go", "GO", "ID", "JSON", "HTTPServer"}

// maxFailuresPerKey bounds the failures kept per kind and site: the
// oracle reports one finding per key, and a long search must not keep
// every failing sequence with its result.
const maxFailuresPerKey = 3

// fail records a revealing failure, a few per kind and site; the others
// (illegal inputs) are only counted.
func (r *Random) fail(f *corpus.Failure) {
	if !f.Revealing {
		return
	}
	key := f.Kind + " " + r.prog.Ops[f.Seq.Stmts[f.Seq.Len()-1].Op].FullName()
	if f.Result != nil {
		key = f.Kind + " " + f.Result.Stmt(f.Seq.Len()-1).PanicSite()
	}
	if r.failKeys == nil {
		r.failKeys = map[string]int{}
	}
	if r.failKeys[key] >= maxFailuresPerKey {
		return
	}
	r.failKeys[key]++
	r.Failures = append(r.Failures, f)
}

// process classifies an executed sequence and updates pools, coverage,
// corpus and failures.
func (r *Random) process(s *seq.Seq, out executor.Outcome) {
	last := s.Len() - 1
	if r.hangTried != nil {
		defer delete(r.hangTried, s)
	}
	c := r.tags[s]
	if c != nil || (r.dyna != nil && r.dyna.tagged[s]) {
		// After the classification below, so that coverage is up to
		// date: hand the outcome to the climb or the population that
		// asked for it.
		defer func() {
			res := out.Result
			clean := out.Crash == nil && res != nil && len(res.Stmts) == s.Len()
			for i := 0; clean && i < last; i++ {
				clean = res.Stmts[i].Outcome == rt.OutNormal
			}
			if out.Crash != nil {
				res = nil
			}
			if c != nil {
				delete(r.tags, s)
				r.report(c, s, res, clean)
			}
			if clean {
				r.dynaEvaluated(s, res)
			} else {
				r.dynaEvaluated(s, nil)
			}
		}()
	}
	if out.Crash != nil {
		r.Stats.Crashed++

		// fs, not s: the deferred hand-off above needs the sequence that
		// was proposed.
		fs, crash := s, out.Crash
		if k := crash.Stmt; k >= 0 && k < s.Len()-1 {
			// The process died in an earlier statement than the last
			// (DynaMOSA's crossover and mutation, unlike the random
			// engine's extension, put calls after one that crashes): the
			// failure is that statement's, and what follows it never ran.
			fs = &seq.Seq{Stmts: append([]seq.Stmt(nil), s.Stmts[:k+1]...)}
		}
		r.noteCostly(s, crash)
		if crashHung(crash) {
			r.noteHang(s, crash)
		} else {
			r.noteReturned(s, crash.Stmt)
		}
		revealing := false
		switch crash.Kind {
		case executor.CrashStackOverflow, executor.CrashGoroutinePanic, executor.CrashConcurrentMap:
			// A deadlock or a hang is not among them: a call that blocks
			// forever (select {}, a channel nobody writes) is as often what
			// the API says it does as a bug.
			revealing = true
		}
		if revealing && crash.Stmt < 0 {
			// The executor could not say which statement was running (or
			// whether this sequence was: see attribute). Never guess: a
			// crash that does not reproduce alone is dropped.
			if fs, crash = r.attribute(s, crash); fs == nil {
				return
			}
		}
		r.fail(&corpus.Failure{Seq: fs, Crash: crash, Message: crash.String(), Kind: string(crash.Kind), Revealing: revealing})
		return
	}
	res := out.Result
	if res != nil {
		ran := 0
		for ran < len(res.Stmts) && res.Stmts[ran].Outcome != rt.OutSkipped {
			ran++
		}
		r.noteReturned(s, ran)
	}
	if res == nil || len(res.Stmts) != s.Len() {
		r.Stats.Illegal++
		return
	}
	for i := 0; i < last; i++ {
		if res.Stmts[i].Outcome != rt.OutNormal {
			// A component that ran normally before now fails: the package
			// has global state. Not a clean sequence to build on.
			r.Stats.Illegal++
			return
		}
	}
	newCov := r.addCoverage(res)
	r.observe(s, res)
	lastRes := res.Stmt(last)
	if lastRes.Outcome != rt.OutNormal {
		r.Stats.Illegal++
		if lastRes.Outcome == rt.OutPanic {
			// Kept: a clone, which does not keep the decoder's slabs
			// alive (rt.Result.Clone).
			kept := res.Clone()
			f := &corpus.Failure{Seq: s, Result: kept, Message: lastRes.PanicMsg()}
			f.Kind, f.Revealing = corpus.ClassifyPanic(lastRes, s.Stmts[last], res)
			r.fail(f)
			if !f.Revealing && r.prog.Ops[s.Stmts[last].Op].DocPanics != "" && r.archivePanic(res) > 0 {
				// A panic the call's documentation announces is behaviour
				// a test can assert (the oracle's Case.Panics), and the
				// statements that lead to it are covered only so.
				r.Corpus = append(r.Corpus, &corpus.Entry{Seq: s, Result: kept, Target: last})
			}
		}
		return
	}
	r.Stats.Normal++
	if r.hound != nil {
		if i, ok := r.targetIndex(s.Stmts[last].Op); ok {
			r.hound.succ[i]++
		}
	}
	if r.archive(res) > 0 {
		r.Corpus = append(r.Corpus, &corpus.Entry{Seq: s, Result: res.Clone(), Target: last, NewCov: newCov})
	}
	r.values.earning = newCov > 0
	r.values.addFrom(r.prog, s, res)
	if !r.cfg.NoElephant {
		r.elephant(s, res)
	}
}

// Pool returns the pooled values, in the order they were pooled.
func (r *Random) Pool() []corpus.Pooled {
	var out []corpus.Pooled
	for _, t := range r.values.types {
		for _, v := range r.values.byType[types.TypeString(t, nil)] {
			out = append(out, corpus.Pooled{Seq: v.seq, Stmt: v.stmt, Result: v.result, Type: v.typ, Earned: v.earned})
		}
	}
	return out
}

func (r *Random) addCoverage(res *rt.Result) int {
	n := 0
	for _, b := range res.Blocks {
		if !r.blocks[b] {
			r.blocks[b] = true
			n++
		}
	}
	for _, c := range res.Conds {
		if c.NTrue > 0 && !r.branches[2*c.ID] {
			r.branches[2*c.ID] = true
			n++
		}
		if c.NFalse > 0 && !r.branches[2*c.ID+1] {
			r.branches[2*c.ID+1] = true
			n++
		}
	}
	return n
}

// archive adds a clean run's blocks and branch sides to what the corpus
// covers and returns how many were new to it. The search's own coverage
// (addCoverage) also counts runs whose last call panicked, which are no
// test: a block such a run reached first earned the clean run that
// reached it later nothing, so no test kept it (issue 17: keyedtree's
// rebalancing after a removal, reached first by a removal whose
// comparator panicked on a key of another kind; semver's pre-release
// comparison). Keeping such a run as well costs a corpus entry, and the
// entries that earned new coverage are exactly those kept before.
func (r *Random) archive(res *rt.Result) int { return archiveInto(r.archived, res) }

// archivePanic is archive for the runs whose last call panicked as its
// documentation says it may.
func (r *Random) archivePanic(res *rt.Result) int { return archiveInto(r.archivedPanic, res) }

func archiveInto(archived map[int64]bool, res *rt.Result) int {
	n := 0
	add := func(x int64) {
		if !archived[x] {
			archived[x] = true
			n++
		}
	}
	for _, b := range res.Blocks {
		add(int64(b))
	}
	for _, c := range res.Conds {
		if c.NTrue > 0 {
			add(branchItem | int64(2*c.ID))
		}
		if c.NFalse > 0 {
			add(branchItem | int64(2*c.ID+1))
		}
	}
	return n
}

// branchItem marks a branch side among archive's items (blocks are the
// others).
const branchItem = int64(1) << 40

// pooled is one reusable value: result Result of statement Stmt of Seq,
// whose static type is Type.
type pooled struct {
	seq      *seq.Seq
	stmt     int
	result   int
	typ      types.Type
	selected int  // times chosen as an input (orienteering)
	earned   bool // its sequence added coverage: kept when the pool is full (pool.go)
	// wired caches wiredCostly's answer, valid while the search knows
	// wiredSeen costly self-wirings and enums together (costly.go).
	wired     bool
	wiredSeen int
	// pathCoarse and pathFine are the value's construction paths, once
	// pathSet (hang.go).
	pathCoarse, pathFine uint64
	pathSet              bool
}

// Values is the pool of reusable values, keyed by static type, with index
// pruning by structural hash (thesis §7.4): a value equal to one already
// pooled for its type is not pooled again.
type Values struct {
	byType map[string][]*pooled
	types  []types.Type // distinct pooled types, in order of first appearance
	hashes map[string]*recentHashes
	assign map[string][]*pooled // cache: parameter type -> candidates, rebuilt when pools grow
	// funcs caches holdsFunc per result type: pooling asks for every
	// result of every executed sequence.
	funcs map[types.Type]bool
	dirty bool
	// earning says whether the sequence being pooled added coverage;
	// limit, when positive, replaces PoolCap; evicted counts the values
	// bound dropped (pool.go).
	earning bool
	limit   int
	evicted int
}

func newValues() *Values {
	return &Values{byType: map[string][]*pooled{}, hashes: map[string]*recentHashes{}, assign: map[string][]*pooled{},
		funcs: map[types.Type]bool{}}
}

func (v *Values) addFrom(prog *model.Program, s *seq.Seq, res *rt.Result) {
	last := s.Len() - 1
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		sr := res.Stmt(i)
		errReturned := op.ErrResult && len(sr.Values()) == len(op.Results) && !sr.Values()[len(op.Results)-1].Nil
		for j, val := range sr.Values() {
			if j >= len(op.Results) || val.Nil {
				continue
			}
			t := op.Results[j]
			// With a non-nil error, Go leaves the other results
			// unspecified: not reused. Errors themselves are not reused
			// either.
			if errReturned || (op.ErrResult && j == len(op.Results)-1) {
				continue
			}
			key := types.TypeString(t, nil)
			hs := v.hashes[key]
			if hs == nil {
				hs = newRecentHashes(pooledGeneration)
				v.hashes[key] = hs
			}
			h := val.Hash
			hf, known := v.funcs[t]
			if !known {
				hf = holdsFunc(t, 0)
				v.funcs[t] = hf
			}
			if hf {
				// Every func hashes alike: WithTimeout(3) and a func
				// literal, or []Option{WithTimeout(3)} and
				// []Option{WithTLS(true)}, are told apart by the calls
				// that made them.
				h ^= (&seq.Seq{Stmts: s.Stmts[:i+1]}).Hash()
			}
			if hs.has(h) {
				continue
			}
			hs.add(h)
			if _, ok := v.byType[key]; !ok {
				v.types = append(v.types, t)
			}
			// Pool the shortest prefix that produces the value.
			prefix := &seq.Seq{Stmts: s.Stmts[:last+1]}
			v.byType[key] = append(v.byType[key], &pooled{seq: prefix, stmt: i, result: j, typ: t, earned: v.earning})
			v.dirty = true
			v.bound(key)
		}
	}
}

// assignable returns the pooled values assignable to t, in a deterministic
// order.
func (v *Values) assignable(t types.Type) []*pooled {
	key := types.TypeString(t, nil)
	if v.dirty {
		v.assign = map[string][]*pooled{}
		v.dirty = false
	}
	if c, ok := v.assign[key]; ok {
		return c
	}
	var out []*pooled
	var keys []string
	for _, pt := range v.types {
		if types.AssignableTo(pt, t) {
			keys = append(keys, types.TypeString(pt, nil))
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		out = append(out, v.byType[k]...)
	}
	v.assign[key] = out
	return out
}

// holdsFunc reports whether values of t may hold a func, whose structural
// hash says nothing of what it does.
func holdsFunc(t types.Type, depth int) bool {
	if depth > 4 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Pointer:
		return holdsFunc(u.Elem(), depth+1)
	case *types.Slice:
		return holdsFunc(u.Elem(), depth+1)
	case *types.Array:
		return holdsFunc(u.Elem(), depth+1)
	case *types.Map:
		return holdsFunc(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsFunc(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}
