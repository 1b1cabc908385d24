// Package minimize shrinks generated tests and reduces the suite they form.
//
// Minimize simplifies one sequence while a property holds, in three phases
// repeated until none makes progress: statement deletion (chunked, from the
// end towards the start, as delta debugging does), Randoop's
// replacement-based simplification (thesis §6.1: a reference to a value
// built by a chain of statements is replaced by a literal, an existing
// value, a one-statement constructor or a shorter component sequence, and
// the chain goes), and literal simplification (smaller numbers, shorter
// strings, fewer slice elements). The property is an Oracle over batches of
// candidates, so the caller can run a batch on several executors at once;
// KeepsCoverage and KeepsFailure build the two properties the generator
// needs from executor results.
//
// Reduce picks, from minimized tests with their coverage, a subset that
// covers the same and keeps every distinct asserted behaviour.
//
// Everything here is deterministic: candidates are built and tried in a
// fixed order, the first accepted candidate of a batch wins whatever the
// others say, and no decision depends on map iteration order.
package minimize

import (
	"go/types"
	"sort"
	"strconv"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Trial is a candidate sequence with the index of its target statement,
// the statement the test is about. The target moves as statements before
// it are removed or inserted, and a property needs to know where it is
// (its outcome is what must be kept), so candidates carry it.
type Trial struct {
	Seq    *seq.Seq
	Target int
}

// Oracle decides, for each candidate of a batch, whether it still shows
// what the original showed. Executing candidates is the expensive part;
// batching lets the caller run them in parallel. An Oracle must be a
// function of each candidate alone: the same trial must get the same
// answer whatever else is in the batch.
type Oracle func(trials []Trial) []bool

// Component is a value that replacement-based simplification may splice
// in: result Result of statement Stmt of Seq, typically from the search's
// value pools (Randoop's replacement set). Seq is used whole and must be
// valid on its own.
type Component struct {
	Seq          *seq.Seq
	Stmt, Result int
}

// Options tune MinimizeWith. The zero value is what Minimize uses.
type Options struct {
	// MaxTrials bounds the candidates evaluated; 0 means 2000. When it is
	// reached, the smallest sequence found so far is returned.
	MaxTrials int
	// Components is the replacement set: candidates for replacing a value,
	// tried after literals, existing values and constructors, shortest
	// first. Nil means replacements come from the sequence and the model
	// only.
	Components []Component
	// MaxCtors bounds the one-statement constructors (operations whose
	// parameters all take literals) tried per replaced value; 0 means 8.
	MaxCtors int
	// MaxRounds bounds the rounds of the three phases; 0 means 4.
	MaxRounds int
}

// Result is what MinimizeWith returns.
type Result struct {
	Seq    *seq.Seq
	Target int
	// Trials is the number of candidates evaluated; Accepted how many of
	// them were kept.
	Trials, Accepted int
}

// Minimize shrinks s while keep holds and returns the smaller sequence with
// the new index of the target statement. The target statement is never
// removed or replaced, though its literal arguments may be simplified. s is
// not modified; keep is assumed to hold for s itself.
func Minimize(prog *model.Program, s *seq.Seq, target int, keep Oracle) (*seq.Seq, int) {
	r := MinimizeWith(prog, s, target, keep, Options{})
	return r.Seq, r.Target
}

// MinimizeWith is Minimize with options and statistics.
func MinimizeWith(prog *model.Program, s *seq.Seq, target int, keep Oracle, opts Options) Result {
	if target < 0 || target >= len(s.Stmts) {
		return Result{Seq: s.Clone(), Target: target}
	}
	if opts.MaxTrials <= 0 {
		opts.MaxTrials = 2000
	}
	if opts.MaxCtors <= 0 {
		opts.MaxCtors = 8
	}
	if opts.MaxRounds <= 0 {
		opts.MaxRounds = 4
	}
	m := &minimizer{prog: prog, keep: keep, opts: opts, cur: s.Clone(), target: target, failed: map[string]bool{}}
	for round := 0; round < opts.MaxRounds && !m.spent(); round++ {
		before := m.accepted
		m.deletion()
		m.replacement()
		m.literals()
		m.counts()
		if m.accepted == before {
			break
		}
	}
	return Result{Seq: m.cur, Target: m.target, Trials: m.trials, Accepted: m.accepted}
}

type minimizer struct {
	prog   *model.Program
	keep   Oracle
	opts   Options
	cur    *seq.Seq
	target int

	trials, accepted int
	// failed remembers rejected candidates, so that a later phase or round
	// does not pay to run them again.
	failed map[string]bool
}

func (m *minimizer) spent() bool { return m.trials >= m.opts.MaxTrials }

func trialKey(t Trial) string { return t.Seq.Key() + "@" + strconv.Itoa(t.Target) }

// try evaluates candidates in one batch and makes the first one the oracle
// accepts, in the given order, the current sequence; it returns that
// candidate's index in cands, or -1. Candidates already rejected, or
// repeated within the batch, are not run again; the batch is cut to the
// remaining trial budget.
func (m *minimizer) try(cands []Trial) int {
	var batch []Trial
	var from []int
	inBatch := map[string]bool{}
	for i, c := range cands {
		if m.trials+len(batch) >= m.opts.MaxTrials {
			break
		}
		k := trialKey(c)
		if m.failed[k] || inBatch[k] {
			continue
		}
		inBatch[k] = true
		batch = append(batch, c)
		from = append(from, i)
	}
	if len(batch) == 0 {
		return -1
	}
	m.trials += len(batch)
	ok := m.keep(batch)
	for i, c := range batch {
		if i < len(ok) && ok[i] {
			m.cur, m.target = c.Seq, c.Target
			m.accepted++
			return from[i]
		}
		m.failed[trialKey(c)] = true
	}
	return -1
}

// deletion removes statements (phase 1). A unit is a statement other than
// the target together with everything that uses its results, when that
// does not include the target. Units are listed from the last statement to
// the first (Randoop's order) and tried in chunks, all of them at first,
// then halves, quarters, down to single units, the way delta debugging
// narrows down; a chunk's removal also drops the producers that only fed
// it. After an accepted chunk the chunk size stays, so a run of removable
// statements goes in few batches. At chunk size one, every unit is also
// tried without dropping its producers, for a producer whose effect
// matters on its own (a constructor that registers something globally).
func (m *minimizer) deletion() {
	chunk := -1
	for !m.spent() {
		s, target := m.cur, m.target
		var units [][]bool
		for i := len(s.Stmts) - 1; i >= 0; i-- {
			if i == target {
				continue
			}
			mark := make([]bool, len(s.Stmts))
			dependents(s, i, mark)
			if !mark[target] && !dropsExitSwap(m.prog, s, mark) {
				units = append(units, mark)
			}
		}
		if len(units) == 0 {
			return
		}
		if chunk < 0 || chunk > len(units) {
			chunk = len(units)
		}
		used := s.Uses()
		var cands []Trial
		for lo := 0; lo < len(units); lo += chunk {
			hi := min(lo+chunk, len(units))
			drop := make([]bool, len(s.Stmts))
			for _, u := range units[lo:hi] {
				for k, d := range u {
					drop[k] = drop[k] || d
				}
			}
			bare := append([]bool(nil), drop...)
			dropDead(s, drop, used, target)
			if t, ok := removal(s, drop, target); ok {
				cands = append(cands, t)
			}
			if chunk == 1 {
				if t, ok := removal(s, bare, target); ok {
					cands = append(cands, t)
				}
			}
		}
		if m.try(cands) >= 0 {
			continue
		}
		if chunk == 1 {
			return
		}
		chunk = (chunk + 1) / 2
	}
}

// dropsExitSwap reports whether drop removes the first assignment of an
// exiting handler variable's swap (model.Op.ExitSwap) in s: without it the
// package's error paths exit, so the trial would only end an executor
// (testdata/gen/exithandler: 70-100 exits in minimization). Later copies
// of the same swap, which pooled prefixes bring along, may go.
func dropsExitSwap(prog *model.Program, s *seq.Seq, drop []bool) bool {
	seen := map[int]bool{}
	for k, st := range s.Stmts {
		op := prog.Ops[st.Op]
		if !op.ExitSwap || seen[op.ID] {
			continue
		}
		seen[op.ID] = true
		if drop[k] {
			return true
		}
	}
	return false
}

func removal(s *seq.Seq, drop []bool, target int) (Trial, bool) {
	out, idx, ok := removeStmts(s, drop)
	if !ok || idx[target] < 0 {
		return Trial{}, false
	}
	return Trial{Seq: out, Target: idx[target]}, true
}

// use is one argument that refers to the value being replaced.
type use struct {
	stmt, arg int
	param     model.Param
}

// uses lists the arguments referring to result r of statement p, with the
// parameters they fill.
func (m *minimizer) uses(s *seq.Seq, p, r int) []use {
	var out []use
	for i := p + 1; i < len(s.Stmts); i++ {
		op := m.prog.Ops[s.Stmts[i].Op]
		for j, a := range s.Stmts[i].Args {
			if !a.IsLit && a.Stmt == p && a.Result == r && j < len(op.Params) {
				out = append(out, use{stmt: i, arg: j, param: op.Params[j]})
			}
		}
	}
	return out
}

// assignableToAll reports whether a value of static type t can fill every
// use. Assignability to each parameter type is what the registry's typed
// closure needs; for a receiver it also means the method is in t's method
// set, since the receiver parameter has the method's receiver type.
func assignableToAll(t types.Type, us []use) bool {
	for _, u := range us {
		if !types.AssignableTo(t, u.param.Type) {
			return false
		}
	}
	return true
}

// reusable reports whether result r of op may feed another statement:
// error results are not, as in the search, since a test that threads an
// error value through calls is not one a person would write.
func reusable(op *model.Op, r int) bool {
	return r < len(op.Results) && !(op.ErrResult && r == len(op.Results)-1)
}

// replacement is phase 2, Randoop's §6.1 replacement-based simplification.
// Statements are processed from the last to the first; for each result of
// a statement that later statements use, the candidates replace every use
// with, in order:
//
//  1. a small literal that fits every use (0, "", false, nil, ...), or
//     the zero value of an array or struct type a caller would write as a
//     composite literal (uuid.UUID{});
//  2. a result of an earlier statement of an assignable type, earliest
//     (shortest prefix) first;
//  3. a new statement calling an operation whose parameters all take small
//     literals (a zero value, a constructor), fewest parameters first;
//  4. a component of the replacement set, shortest first.
//
// The statements that only fed the replaced value go with it. A candidate
// is built only if the sequence gets smaller (fewer statements, or as many
// with fewer references), which is Randoop's "shorter than N" rule and
// makes the phase terminate.
func (m *minimizer) replacement() {
	idx := len(m.cur.Stmts) - 1
	for idx >= 0 && !m.spent() {
		if idx == m.target {
			idx--
			continue
		}
		next := idx - 1
		s := m.cur
		op := m.prog.Ops[s.Stmts[idx].Op]
		for r := range op.Results {
			us := m.uses(s, idx, r)
			if len(us) == 0 {
				continue
			}
			cands, nexts := m.replacements(s, idx, r, us)
			if k := m.try(cands); k >= 0 {
				// Continue just below where the old statement idx+1 now
				// is: the replacement's own statements come first, and when
				// idx survived (a literal took one of its uses) it is
				// looked at again for its other results.
				next = nexts[k] - 1
				break
			}
		}
		idx = next
	}
}

// replacements builds the candidates replacing result r of statement p,
// and for each the index where the backward scan continues.
func (m *minimizer) replacements(s *seq.Seq, p, r int, us []use) ([]Trial, []int) {
	var cands []Trial
	var nexts []int
	base := sizeOf(s)
	aliased := aliasedCalls(s)
	add := func(rep replacement) {
		out, target, next, ok := replaceRef(s, p, r, rep, m.target)
		if ok && sizeOf(out).less(base) && aliasedCalls(out) <= aliased {
			cands = append(cands, Trial{Seq: out, Target: target})
			nexts = append(nexts, next)
		}
	}
	// 1. Literals fitting every use.
	for _, l := range smallLits(us[0].param.Lit) {
		fits := true
		for _, u := range us {
			fits = fits && litFits(l.Kind, u.param)
		}
		if fits {
			l := l
			add(replacement{lit: &l})
		}
	}
	// 1b. The zero value of a type a caller writes as a composite literal.
	zero := true
	for _, u := range us {
		zero = zero && zeroFits(u.param) && types.Identical(u.param.Type, us[0].param.Type)
	}
	if zero {
		add(replacement{lit: &seq.Lit{Kind: seq.LitZero}})
	}
	// 2. Existing values, shortest prefix first. Only statements before
	// the first use can be referred to; the value being replaced is not a
	// candidate, nor results of the statements that produce it (they go
	// with it).
	first := us[0].stmt
	for i := 0; i < first; i++ {
		op := m.prog.Ops[s.Stmts[i].Op]
		for j, t := range op.Results {
			if (i == p && j == r) || !reusable(op, j) || !assignableToAll(t, us) {
				continue
			}
			a := seq.Ref(i, j)
			add(replacement{ref: &a})
		}
	}
	// 3. One-statement constructors.
	for _, c := range m.ctors(us) {
		add(c)
	}
	// 4. Components, shortest first (stable on input order).
	comps := make([]int, 0, len(m.opts.Components))
	for i, c := range m.opts.Components {
		if c.Stmt < len(c.Seq.Stmts) && len(c.Seq.Stmts) < len(s.Stmts) {
			op := m.prog.Ops[c.Seq.Stmts[c.Stmt].Op]
			if reusable(op, c.Result) && assignableToAll(op.Results[c.Result], us) {
				comps = append(comps, i)
			}
		}
	}
	sort.SliceStable(comps, func(a, b int) bool {
		return len(m.opts.Components[comps[a]].Seq.Stmts) < len(m.opts.Components[comps[b]].Seq.Stmts)
	})
	for _, i := range comps {
		c := m.opts.Components[i]
		add(replacement{snip: c.Seq.Stmts, snipRef: seq.Ref(c.Stmt, c.Result)})
	}
	return cands, nexts
}

// ctors lists one-statement replacements for a value used by us: calls of
// package-level functions and zero-value constructions whose parameters
// all take a small literal, with a reusable result assignable to every use.
// Methods are left out: they need a receiver, which is a value again.
func (m *minimizer) ctors(us []use) []replacement {
	type ctor struct {
		op *model.Op
		r  int
	}
	var found []ctor
	for _, op := range m.prog.Ops {
		if op.Kind == model.Method {
			continue
		}
		r := -1
		for j, t := range op.Results {
			if reusable(op, j) && assignableToAll(t, us) {
				r = j
				break
			}
		}
		if r < 0 {
			continue
		}
		ok := true
		for _, prm := range op.Params {
			ls := smallLits(prm.Lit)
			ok = ok && len(ls) > 0 && litFits(ls[0].Kind, prm)
		}
		if ok {
			found = append(found, ctor{op, r})
		}
	}
	sort.SliceStable(found, func(a, b int) bool { return len(found[a].op.Params) < len(found[b].op.Params) })
	if len(found) > m.opts.MaxCtors {
		found = found[:m.opts.MaxCtors]
	}
	out := make([]replacement, len(found))
	for i, c := range found {
		args := make([]seq.Arg, len(c.op.Params))
		for k, prm := range c.op.Params {
			args[k] = seq.LitArg(smallLits(prm.Lit)[0])
		}
		out[i] = replacement{snip: []seq.Stmt{{Op: c.op.ID, Args: args}}, snipRef: seq.Ref(0, c.r)}
	}
	return out
}

// literals is phase 3: each literal argument, first statement to last, is
// replaced by the simplest smaller literal the oracle accepts, repeatedly,
// until none is accepted. Every accepted literal is strictly smaller in
// litLess, so this ends. A literal equal to others of its type (the key of
// a Put and of the Get that finds it) is first tried with all of them
// replaced together, which keeps the relation the test depends on; alone,
// it is never made equal to a literal it differed from (mergesLiterals).
func (m *minimizer) literals() {
	for i := 0; i < len(m.cur.Stmts) && !m.spent(); i++ {
		for j := 0; j < len(m.cur.Stmts[i].Args) && !m.spent(); j++ {
			for !m.spent() {
				s := m.cur
				a := s.Stmts[i].Args[j]
				op := m.prog.Ops[s.Stmts[i].Op]
				if !a.IsLit || j >= len(op.Params) {
					break
				}
				group := m.equalLiterals(s, i, j)
				var cands []Trial
				for _, l := range shrinkLit(a.Lit, op.Params[j]) {
					if len(group) > 1 && !m.mergesLiterals(s, group, l) {
						c := s.Clone()
						for _, at := range group {
							c.Stmts[at[0]].Args[at[1]] = indexedLit(c.Stmts[at[0]].Args[at[1]], l)
						}
						cands = append(cands, Trial{Seq: c, Target: m.target})
					}
					if m.mergesLiterals(s, [][2]int{{i, j}}, l) {
						continue
					}
					c := s.Clone()
					c.Stmts[i].Args[j] = indexedLit(a, l)
					cands = append(cands, Trial{Seq: c, Target: m.target})
				}
				if m.try(cands) < 0 {
					break
				}
			}
		}
	}
}

// distinctKind reports whether simplification keeps literals of kind k
// apart (mergesLiterals): booleans have too few values to stay apart, and
// nil is no value to tell from another.
func distinctKind(k seq.LitKind) bool {
	switch k {
	case seq.LitInt, seq.LitUint, seq.LitFloat, seq.LitString, seq.LitBytes:
		return true
	}
	return false
}

// sameTypeLiterals calls f with the position of every literal argument of
// s that plays a part like that of argument j of statement i: at a
// non-receiver parameter of the same type, in the same call or in a call
// of a method of the same receiver type (PushBack's and PushFront's
// elements, Set's and Get's keys). A literal of another call (ring.New's
// size and Unlink's count) is another quantity, however typed.
func (m *minimizer) sameTypeLiterals(s *seq.Seq, i, j int, f func(i, j int, l seq.Lit)) {
	op := m.prog.Ops[s.Stmts[i].Op]
	t := op.Params[j].Type
	for i2, st := range s.Stmts {
		op2 := m.prog.Ops[st.Op]
		if i2 != i && !sameReceiver(op, op2) {
			continue
		}
		for j2, a := range st.Args {
			if a.IsLit && j2 < len(op2.Params) && !op2.Params[j2].Recv && types.Identical(op2.Params[j2].Type, t) {
				f(i2, j2, a.Lit)
			}
		}
	}
}

// sameReceiver reports whether a and b are methods of one receiver type.
func sameReceiver(a, b *model.Op) bool {
	return a.Kind == model.Method && b.Kind == model.Method && len(a.Params) > 0 && len(b.Params) > 0 &&
		types.Identical(a.Params[0].Type, b.Params[0].Type)
}

// equalLiterals returns the positions of the literal arguments of s of the
// type of argument j of statement i and equal to it, that one included.
func (m *minimizer) equalLiterals(s *seq.Seq, i, j int) [][2]int {
	a := s.Stmts[i].Args[j]
	if !distinctKind(a.Lit.Kind) {
		return [][2]int{{i, j}}
	}
	key := a.Lit.Key()
	var out [][2]int
	m.sameTypeLiterals(s, i, j, func(i2, j2 int, l seq.Lit) {
		if l.Key() == key {
			out = append(out, [2]int{i2, j2})
		}
	})
	return out
}

// mergesLiterals reports whether putting l in place of the literals at
// the positions at (equal literals of one type) makes them equal to
// another literal argument of that type that they differed from.
// Simplification keeps distinct values distinct: a deque filled by
// PushBack(7), PushBack(9) and rotated shows the rotation, one filled with
// two zeros does not, and a test passing x twice (AddMod(x, x, x)) checks
// less than one passing different values. Such a pair costs the test
// nothing in coverage, so the rule has to be kept here rather than found
// by the property.
func (m *minimizer) mergesLiterals(s *seq.Seq, at [][2]int, l seq.Lit) bool {
	if !distinctKind(l.Kind) {
		return false
	}
	i, j := at[0][0], at[0][1]
	oldKey, key := s.Stmts[i].Args[j].Lit.Key(), l.Key()
	in := func(i2, j2 int) bool {
		for _, p := range at {
			if p == [2]int{i2, j2} {
				return true
			}
		}
		return false
	}
	merges := false
	m.sameTypeLiterals(s, i, j, func(i2, j2 int, o seq.Lit) {
		if !in(i2, j2) {
			if k := o.Key(); k == key && k != oldKey {
				merges = true
			}
		}
	})
	return merges
}

// aliasedCalls counts the statements of s that take one value for two of
// their arguments. Replacement never adds one: a writer initialised to
// write into itself (w.Init(w, ...)) or AddMod(x, x, x) is shorter than
// the test the search found, but tests less and reads as a mistake.
func aliasedCalls(s *seq.Seq) int {
	n := 0
	for _, st := range s.Stmts {
	args:
		for j, a := range st.Args {
			if a.IsLit {
				continue
			}
			for _, b := range st.Args[:j] {
				if !b.IsLit && a.Value() == b.Value() {
					n++
					break args
				}
			}
		}
	}
	return n
}
