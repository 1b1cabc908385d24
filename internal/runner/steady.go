package runner

import (
	"go/types"
	"strconv"
	"time"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// steadyRunner (Steady) hides the table's unsteady probes (blocks and conditions
// that depend on the clock or another nondeterministic source, see
// instrument/nondet.go) from the results it passes on: the search, the
// minimizer and suite reduction then decide on coverage that two runs of
// the same sequence agree on, so timing steers no choice. A probe
// unsteady through package state is hidden from every result; one
// unsteady only through what a call reads is hidden from the results of
// sequences that call a nondeterministic operation (its purity facts say
// so), since without one no such value exists. Unsteady probes the
// clock watch has confirmed steady (clockwatch.go) are shown all the
// same. The observer sits below it, so progress and the explanation
// still see everything, and the reported coverage is measured on the
// written file.
type steadyRunner struct {
	inner  executor.FullRunner
	blocks []instrument.Steadiness // by block ID
	conds  []instrument.Steadiness // by condition ID
	// mutBlock is the block of each mutant (by ID, index 0 unused): a
	// mutant infected in a hidden block is hidden too.
	mutBlock []int32
	nondet   []bool // by operation ID: nondeterministic
	ops      []*model.Op
	watch    *ClockWatch
}

// Steady wraps inner so that the results it passes on show only steady
// probes (see steadyRunner) when the table has unsteady probes or the
// program nondeterministic operations, and returns inner itself
// otherwise. The clock watch w is what the wrapper learns into and masks
// by: the generator shares one between the search's, the minimizer's and
// the judge's wrappers, and freezes it after the search.
func Steady(inner executor.FullRunner, t *instrument.Table, prog *model.Program, w *ClockWatch) executor.FullRunner {
	s := &steadyRunner{inner: inner, blocks: make([]instrument.Steadiness, len(t.Blocks)),
		conds: make([]instrument.Steadiness, len(t.Conds)), nondet: make([]bool, len(prog.Ops)), ops: prog.Ops, watch: w}
	var any instrument.Steadiness
	for _, b := range t.Blocks {
		s.blocks[b.ID] = b.Unsteady
		any |= b.Unsteady
	}
	for _, c := range t.Conds {
		s.conds[c.ID] = c.Unsteady
		any |= c.Unsteady
	}
	s.mutBlock = make([]int32, len(t.Mutants)+1)
	for _, m := range t.Mutants {
		if m.ID > 0 && m.ID <= len(t.Mutants) {
			s.mutBlock[m.ID] = int32(m.Block)
		}
	}
	nondet := false
	for i, op := range prog.Ops {
		s.nondet[i] = op.Effects.Nondeterministic
		nondet = nondet || s.nondet[i]
	}
	if any == 0 && !nondet {
		return inner
	}
	return s
}

// Release implements executor.Releaser.
func (s *steadyRunner) Release() { executor.Release(s.inner) }

// Run implements executor.Runner.
func (s *steadyRunner) Run(seqs []rt.Request) []executor.Outcome {
	outs := s.inner.Run(seqs)
	s.maskAll(seqs, outs)
	return outs
}

// maskAll masks the results of a batch: first the clock watch learns
// from all of them (and confirms what they would show for the first
// time), then each is masked.
func (s *steadyRunner) maskAll(seqs []rt.Request, outs []executor.Outcome) {
	infos := make([]seqInfo, len(outs))
	for i := range outs {
		if outs[i].Result != nil {
			infos[i] = s.info(&seqs[i], outs[i].Result)
		}
	}
	s.watch.learn(s, seqs, outs, infos)
	for i := range outs {
		s.mask(&seqs[i], outs[i].Result, infos[i])
	}
}

// seqInfo is what mask needs to know of a sequence: which statements'
// results may follow the clock (tainted), what its calls took of them,
// and which kinds of unsteady probes its results hide.
type seqInfo struct {
	taint    []bool
	consumed consumption
	hide     instrument.Steadiness
	// ownErr marks, in a run with rt.FlagRepeat, the tainted statements
	// whose error result is left as the executor's repeat saw it
	// (ownErrors).
	ownErr []bool
}

func (s *steadyRunner) info(q *rt.Request, r *rt.Result) seqInfo {
	in := seqInfo{hide: instrument.UnsteadyState}
	var own []bool
	in.taint, own, in.consumed = s.tainted(q, r)
	if q.Flags&rt.FlagRepeat != 0 {
		in.ownErr = s.ownErrors(q, in.taint, own)
	}
	for _, st := range q.Stmts {
		if st.Op < 0 || st.Op >= len(s.nondet) || s.nondet[st.Op] {
			in.hide |= instrument.UnsteadyCall
			break
		}
	}
	return in
}

// RunUntil implements executor.DeadlineRunner: without it the search's
// deadline would not reach the pool through this wrapper, and a batch
// started before the budget ended would run to completion.
func (s *steadyRunner) RunUntil(seqs []rt.Request, deadline time.Time) []executor.Outcome {
	outs := s.inner.RunUntil(seqs, deadline)
	s.maskAll(seqs, outs)
	return outs
}

// RunAlone implements executor.AloneRunner.
func (s *steadyRunner) RunAlone(q rt.Request, settle time.Duration) executor.Outcome {
	out := s.inner.RunAlone(q, settle)
	outs := []executor.Outcome{out}
	s.maskAll([]rt.Request{q}, outs)
	return outs[0]
}

// mask drops from r, in place, the probes unsteady for sequence q, and
// when a call of q took a value a nondeterministic call made (see
// tainted), every probe, and the hashes of the values so made. An
// unsteady probe the clock watch has seen steady stays (clockwatch.go).
func (s *steadyRunner) mask(q *rt.Request, r *rt.Result, in seqInfo) {
	if r == nil {
		return
	}
	var th taintedHasher
	for i, t := range in.taint {
		if !t || i >= len(r.Stmts) {
			continue
		}
		vals := r.Stmt(i).Values()
		for j := range vals {
			if vals[j].Nil {
				// A nil result (NewV7's error) is not a clock value:
				// its nil check stays asserted.
				continue
			}
			// Two runs of q give these values different hashes: the
			// search would tell them apart, or not, by the clock. The
			// sequence and the position name such a value instead, and
			// Unstable keeps it from being compared or asserted.
			vals[j].Hash = th.hash(q, i, j)
			if in.ownErr != nil && in.ownErr[i] && j == len(vals)-1 {
				// See ownErrors: the executor's repeats decide.
				continue
			}
			vals[j].Unstable = true
		}
	}
	switch in.consumed {
	case consumedData:
		// A call that took clock-made data (a time-based UUID or its
		// text parsed again, an ID's digits) ran code the
		// instrumentation could not tell steady from unsteady: nothing
		// of this run steers the search.
		r.Blocks, r.Conds, r.Operands, r.Infected = r.Blocks[:0], r.Conds[:0], r.Operands[:0], r.Infected[:0]
		return
	case consumedObject:
		// A call on an object that holds a clock reading (a Session
		// with its start time): the package's own code reads that
		// field, where instrument/nondet.go follows the clock, so its
		// blocks stay; the conditions' distances and operands steer
		// nothing. Dropping the blocks too would leave every method of
		// such a type uncovered.
		r.Conds, r.Operands = r.Conds[:0], r.Operands[:0]
		// Which mutants a run infects follows the values compared (a
		// relational mutant is infected at equality): with the
		// conditions, they steer nothing, neither the search's weak
		// mutation goals nor the judge's choice of mutant runs.
		r.Infected = r.Infected[:0]
	}
	hide := in.hide
	w := s.watch
	blocks := r.Blocks[:0]
	for _, b := range r.Blocks {
		if b < 0 || int(b) >= len(s.blocks) || s.blocks[b]&hide == 0 || w.showBlock(b) {
			blocks = append(blocks, b)
		}
	}
	r.Blocks = blocks
	infected := r.Infected[:0]
	for _, m := range r.Infected {
		if m <= 0 || int(m) >= len(s.mutBlock) {
			continue
		}
		if b := s.mutBlock[m]; b < 0 || int(b) >= len(s.blocks) || s.blocks[b]&hide == 0 || w.showBlock(b) {
			infected = append(infected, m)
		}
	}
	r.Infected = infected
	conds := r.Conds[:0]
	var shown map[int32]bool // unsteady conditions the watch shows
	for _, c := range r.Conds {
		switch {
		case c.ID < 0 || int(c.ID) >= len(s.conds) || s.conds[c.ID]&hide == 0:
		case w.showCond(c):
			if shown == nil {
				shown = map[int32]bool{}
			}
			shown[c.ID] = true
		default:
			continue
		}
		conds = append(conds, c)
	}
	r.Conds = conds
	ops := r.Operands[:0]
	for _, o := range r.Operands {
		if c := o.Branch / 2; c < 0 || int(c) >= len(s.conds) || s.conds[c]&hide == 0 || shown[c] {
			ops = append(ops, o)
		}
	}
	r.Operands = ops
}

// tainted follows, through q's arguments, the values a nondeterministic
// operation made: taint[i] says that statement i's results may differ
// between two runs of q (a call of a nondeterministic operation, a call
// that took such a value, or a value such a call took, which it may have
// changed: results are summarised after the whole sequence ran).
// consumed says that some call took such a value: the static taint of
// instrument/nondet.go follows the clock through the package's own code,
// not through a sequence's arguments (uuid.NewV7(), its String, then
// Parse: the distances of Parse's hex digit conditions follow the clock).
// An operation the clock watch trusts (opwatch.go: its results agreed in
// every run of several sequences) makes no tainted value.
func (s *steadyRunner) tainted(q *rt.Request, r *rt.Result) (taint, own []bool, consumed consumption) {
	for i, st := range q.Stmts {
		t := st.Op < 0 || st.Op >= len(s.nondet) || s.nondet[st.Op] && !s.watch.trustedOp(st.Op)
		if t && s.errChoice(st.Op) && choseNothing(s.ops[st.Op], i, r) {
			// An operation that may only choose which error it
			// returns (model.Effects.ErrChoiceOnly) chose nothing in a
			// run that returned none: whether it fails does not depend
			// on map order, only which error it returns does.
			t = false
		}
		if t && q.Flags&rt.FlagRepeat != 0 && s.drewAlike(st.Op, i, r) {
			// In the judge's runs, an operation whose only cause is a
			// random source returned what every repeat (each with
			// other random state) agreed on: the input fixed it
			// (Shuffle of one rune), and the oracle checks it
			// (oracle.drewAlike, which also asks the binary variants).
			t = false
		}
		self := t
		for _, a := range st.Args {
			if taint != nil && a.Kind == rt.ArgRef && a.Stmt >= 0 && a.Stmt < i && taint[a.Stmt] {
				t, self = true, false
				consumed = max(consumed, consumedObject)
				if s.isData(q.Stmts[a.Stmt].Op, a.Result) {
					consumed = consumedData
				}
			}
		}
		if taint == nil {
			if !t {
				continue
			}
			taint, own = make([]bool, len(q.Stmts)), make([]bool, len(q.Stmts))
		}
		taint[i], own[i] = t, self
		if t {
			for _, a := range st.Args {
				if a.Kind == rt.ArgRef && a.Stmt >= 0 && a.Stmt < i &&
					!(q.Flags&rt.FlagRepeat != 0 && s.unchangeable(q.Stmts[a.Stmt].Op, a.Result)) {
					taint[a.Stmt] = true
				}
			}
		}
	}
	return taint, own, consumed
}

// ownErrors marks the statements of q tainted (taint) by their own
// operation's nondeterminism and by no value they took when they ran (own:
// the values a nondeterministic call took are tainted after it, for what
// it may have changed, which says nothing of what it was given), whose
// operation returns an error: in a run with rt.FlagRepeat (the judge's),
// their error keeps the stability the executor's repeats gave it (each
// repeat with its own random streams), and only its hash is the
// sequence's. The oracle then checks it only where every run agreed: err
// != nil for an operation that may only choose which error it returns
// (oracle.failedChoice), a sentinel with errors.Is otherwise. Marking
// every such error unstable left toml.Decode("[-") unchecked, "may differ
// between runs", though it fails in the parser before any map is read,
// and stats' Sample(3, false) of two values, which fails with ErrBounds
// before any draw (issue 31).
func (s *steadyRunner) ownErrors(q *rt.Request, taint, own []bool) []bool {
	var out []bool
	for i, st := range q.Stmts {
		if taint == nil || !own[i] || st.Op < 0 || st.Op >= len(s.ops) || s.ops[st.Op] == nil || !s.ops[st.Op].ErrResult {
			continue
		}
		if out == nil {
			out = make([]bool, len(q.Stmts))
		}
		out[i] = true
	}
	return out
}

// drewAlike reports whether statement i of the run r, a call of op, is
// of an operation whose only nondeterminism is a random source
// (model.Effects.RandomOnly) and returned normally with results, none of
// which a repeat of the executor saw otherwise.
func (s *steadyRunner) drewAlike(op, i int, r *rt.Result) bool {
	if op < 0 || op >= len(s.ops) || s.ops[op] == nil || !s.ops[op].Effects.RandomOnly ||
		r == nil || i >= len(r.Stmts) || r.Stmts[i].Outcome != rt.OutNormal {
		return false
	}
	vals := r.Stmt(i).Values()
	if len(vals) == 0 {
		return false
	}
	for _, v := range vals {
		if v.Unstable {
			return false
		}
	}
	return true
}

// errChoice reports whether op's only nondeterminism is which of several
// errors it returns (model.Effects.ErrChoiceOnly), with an error result.
func (s *steadyRunner) errChoice(op int) bool {
	return op >= 0 && op < len(s.ops) && s.ops[op] != nil && s.ops[op].Effects.ErrChoiceOnly && s.ops[op].ErrResult
}

// choseNothing reports whether statement i, a call of op, returned
// normally with a nil error in the run r.
func choseNothing(op *model.Op, i int, r *rt.Result) bool {
	if r == nil || i >= len(r.Stmts) || r.Stmts[i].Outcome != rt.OutNormal {
		return false
	}
	vals := r.Stmt(i).Values()
	return len(vals) > 0 && len(vals) == len(op.Results) && vals[len(vals)-1].Nil
}

// consumption says what a sequence's calls took of the values a
// nondeterministic operation made: nothing, objects only, or data.
type consumption int

const (
	consumedNone consumption = iota
	consumedObject
	consumedData
)

// isData reports whether result r of operation op is plain data (numbers,
// strings, bytes, and arrays and slices of them, named or not), whose
// content the package's code compares without reading a clock, or of a
// type gentest does not know; not a pointer, struct, map or interface.
func (s *steadyRunner) isData(op, r int) bool {
	if op < 0 || op >= len(s.ops) || r < 0 || r >= len(s.ops[op].Results) {
		return true
	}
	return plainData(s.ops[op].Results[r], 3)
}

func plainData(t types.Type, depth int) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Slice:
		return depth > 0 && plainData(u.Elem(), depth-1)
	case *types.Array:
		return depth > 0 && plainData(u.Elem(), depth-1)
	}
	return false
}

// unchangeable reports whether result r of op is of a basic type (a
// number, a string, a bool; not unsafe.Pointer): a call that takes it gets a copy and cannot
// change it, so a nondeterministic call taking it leaves it as it was.
// Tainting it after such a call made stats' Less(n, 0), on n :=
// Float64Data{0}.Len() that StableSample(nil, n) had also taken, "not the
// same in two runs" (issue 31), though no run differed. Only the judge's
// runs (rt.FlagRepeat) use it: in the search's, the value stays tainted
// as before, so the search goes where it went (trusting such values there
// too sent toml's search to inputs that pass failed decodes' errors on,
// five notes instead of one).
func (s *steadyRunner) unchangeable(op, r int) bool {
	if op < 0 || op >= len(s.ops) || s.ops[op] == nil || r < 0 || r >= len(s.ops[op].Results) {
		return false
	}
	b, basic := s.ops[op].Results[r].Underlying().(*types.Basic)
	return basic && b.Kind() != types.UnsafePointer
}

// taintedHasher gives a tainted value the hash it gets in place of its
// own: the statement and result that made it, in the sequence that ran,
// as the FNV-1a hash of fmt's "%d %d %v" of the statement's index, the
// result's and the statements up to it. The hash is taken over the
// same bytes written by hand (appendStmt), each statement once per
// sequence: formatting the prefix with fmt for every value took a fifth
// of gentest's CPU on packages with nondeterministic operations (issue
// 14). TestTaintedHashUnchanged holds it to fmt's bytes.
type taintedHasher struct {
	q    *rt.Request
	text [][]byte // by statement: its %v
	buf  []byte
}

// FNV-1a, 64 bits (hash/fnv's New64a).
const (
	fnvOffset64 = 14695981039346656037
	fnvPrime64  = 1099511628211
)

func fnvAdd(h uint64, b []byte) uint64 {
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime64
	}
	return h
}

// hash is the hash of result of statement stmt of q.
func (t *taintedHasher) hash(q *rt.Request, stmt, result int) uint64 {
	if t.q != q {
		t.q, t.text = q, t.text[:0]
	}
	for len(t.text) <= stmt {
		t.text = append(t.text, appendStmt(nil, q.Stmts[len(t.text)]))
	}
	b := strconv.AppendInt(t.buf[:0], int64(stmt), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(result), 10)
	b = append(b, ' ', '[')
	t.buf = b
	h := fnvAdd(fnvOffset64, b)
	for k := 0; k <= stmt; k++ {
		if k > 0 {
			h = fnvAdd(h, space)
		}
		h = fnvAdd(h, t.text[k])
	}
	return fnvAdd(h, closeBracket)
}

var space, closeBracket = []byte{' '}, []byte{']'}

// appendStmt appends fmt's %v of st: a struct's fields space-separated
// between braces, a slice's elements between brackets, floats as
// strconv's shortest 'g', strings as they are.
func appendStmt(b []byte, st rt.Stmt) []byte {
	b = append(b, '{')
	b = strconv.AppendInt(b, int64(st.Op), 10)
	b = append(b, ' ', '[')
	for i, a := range st.Args {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, '{')
		b = strconv.AppendUint(b, uint64(a.Kind), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(a.Stmt), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(a.Result), 10)
		b = append(b, ' ')
		b = appendLit(b, a.Lit)
		b = append(b, '}')
	}
	// The repeat count too, as fmt prints it: a loop of 64 calls is
	// another statement than one call.
	b = append(b, ']', ' ')
	b = strconv.AppendInt(b, int64(st.Repeat), 10)
	return append(b, '}')
}

func appendLit(b []byte, l rt.Lit) []byte {
	b = append(b, '{')
	b = strconv.AppendUint(b, uint64(l.Kind), 10)
	b = append(b, ' ')
	b = strconv.AppendBool(b, l.B)
	b = append(b, ' ')
	b = strconv.AppendInt(b, l.I, 10)
	b = append(b, ' ')
	b = strconv.AppendUint(b, l.U, 10)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, l.F, 'g', -1, 64)
	b = append(b, ' ')
	b = append(b, l.S...)
	b = append(b, ' ', '[')
	for i, e := range l.Elems {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendLit(b, e)
	}
	return append(b, ']', '}')
}
