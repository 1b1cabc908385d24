package search

import (
	"math/rand/v2"
	"sort"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Hanging calls. Some operations, given some receivers or arguments, never
// return: a reader over a source that never ends or never delivers reads
// on until its delimiter comes, a scanner over a stalled stream waits, a
// zero-value buffered writer or reader (no buffer, no underlying stream)
// loops forever making no progress, a Wait waits for what nobody does.
// Each such call runs until the executor's call limit, then costs a
// restart: a second or more of the budget, with nothing learned. The
// construction that hangs is as cheap to draw again as any other, so a
// package like bufio, whose zero Reader and zero Writer are a pool's first
// readers and writers, spends its whole time budget on call limits (10 s:
// 71 sequences, 17 executor-seconds lost to timeouts).
//
// So the search learns, from every call that ran past its limit (a timeout,
// a hang, or a deadlock the runtime found after it), which operation hung
// on which inputs, described by what the search can see before it runs a
// call: for a method, its receiver's construction path (for a function,
// each value argument's): the operation that made it, with the operations
// or literal shapes that operation got and which of them were the same
// value (NewReader(Repeat) is not NewReader(strings.NewReader)), coarse,
// and the same with the operations that used the value before the call,
// fine (a zero Reader that Reset gave a buffer and a source does not hang
// where a bare one does); for a call without value arguments, its
// literals' shapes. A method whose argument was built on a value its
// receiver was also built on is keyed by the operation alone, and a hang
// after a value was wired into itself is not learned (stmtHangKeys,
// wiredIntoItself). Every call that returns counts as a normal run of its
// keys, once its coarse key has hung.
//
// A key that hung, and has not since run normally hangWeight times per
// hang, is hanging. Extend redraws pooled values that would make a
// hanging call (hangRetries times), and generate leaves out the sequences
// that still make one, except a few it lets through to explore: the
// explorations stay under hangFree plus one per hangEvery sequences
// planned, so that, once the hanging constructions are known, at most
// about one sequence in hangEvery spends a call limit however many of
// them the pools hold. An exploration prefers an unseen variant
// (a fine key never run, under a hanging coarse key: the zero Reader after
// a Reset) to a construction already seen hanging, so the calls' normal
// paths stay reachable. Sequences never grow past a call that hung either:
// only sequences that ran normally are pooled and extended. The budget is
// counted in sequences, not seconds, so that a fixed -execs search stays
// reproducible.

const (
	// hangWeight is how many normal runs per hang keep a key in use: a
	// call limit costs hundreds of normal runs' time.
	hangWeight = 10
	// hangRetries is how often extend draws another pooled value in place
	// of one that would make a hanging call.
	hangRetries = 4
	// hangFree and hangEvery bound the explorations of hanging keys:
	// they stay under hangFree + planned/hangEvery.
	hangFree  = 2
	hangEvery = 2000
)

// hangs is the hang learning: which calls ran until their limit on which
// constructions, learned from every outcome; extension's redraws, the
// filter of proposals (at generation and again at launch) and the
// staggered batches avoid them.
type hangs struct {
	prog   *model.Program
	rng    *rand.Rand
	stats  *Stats
	budget *budget
	// keys holds, by call key, the calls that hung and returned; ops the
	// operations that have hung.
	keys map[uint64]*hangStat
	ops  map[int]bool
	// spent counts the sequences counted against the hang budget; tried
	// the explorations admitted at generation, not yet launched.
	spent int
	tried map[*seq.Seq]bool
	// lastHangBatch is the batch during which the last hang was learned.
	lastHangBatch int
}

func newHangs(prog *model.Program, rng *rand.Rand, stats *Stats, b *budget) *hangs {
	return &hangs{prog: prog, rng: rng, stats: stats, budget: b,
		keys: map[uint64]*hangStat{}, ops: map[int]bool{}, tried: map[*seq.Seq]bool{}}
}

// hangStat counts a key's calls that hung and that returned.
type hangStat struct {
	hangs, normal int
}

// learned reports whether any call has hung.
func (h *hangs) learned() bool { return len(h.ops) > 0 }

// learn counts the calls of a sequence that ran as hangs or normal runs.
func (h *hangs) learn(o *outcome) {
	switch {
	case o.crash != nil && crashHung(o.crash):
		h.note(o.s, o.crash)
	case o.crash != nil:
		h.returned(o.s, o.crash.Stmt)
	case o.res != nil:
		ran := 0
		for ran < len(o.res.Stmts) && o.res.Stmts[ran].Outcome != rt.OutSkipped {
			ran++
		}
		h.returned(o.s, ran)
	}
}

// keep vetoes a proposal that makes a call that hung before on the same
// construction, but for the explorations admit lets through.
func (h *hangs) keep(s *seq.Seq) bool {
	if !h.admit(s, h.risk(s), h.budget.planned) {
		h.stats.HangSkipped++
		return false
	}
	return true
}

// keepAgain is keep at launch, for a batch generated before the outcomes
// of the batch before it were learned from; an exploration admitted at
// generation stays.
func (h *hangs) keepAgain(s *seq.Seq) bool {
	if h.tried[s] {
		delete(h.tried, s)
		return true
	}
	return h.keep(s)
}

// Hang risks of a call, from none to known.
const (
	riskNone    = iota
	riskVariant // an unseen variant of a construction that hung
	riskKnown   // a construction seen hanging
)

// hangKeys are the coarse and fine keys of one argument (or of the
// literals) of a call.
type hangKeys struct {
	coarse, fine uint64
}

// crashHung reports whether a crash is a call that ran until its limit.
func crashHung(c *executor.Crash) bool {
	switch c.Kind {
	case executor.CrashTimeout, executor.CrashHang, executor.CrashDeadlock:
		return true
	}
	return false
}

// litShape is a coarse class of a literal: its kind and whether it is
// empty, negative, small or large. Hangs follow shapes (an empty source
// never delivers), rarely exact values.
func litShape(l seq.Lit) uint64 {
	sz := uint64(0)
	switch l.Kind {
	case seq.LitInt, seq.LitUint:
		m, _ := litMagnitude(l)
		switch {
		case l.Kind == seq.LitInt && l.I < 0:
			sz = 1
		case m == 0:
			sz = 2
		case m < largeInt:
			sz = 3
		default:
			sz = 4
		}
	case seq.LitString, seq.LitBytes:
		switch {
		case l.S == "":
			sz = 2
		case len(l.S) < largeInt:
			sz = 3
		default:
			sz = 4
		}
	case seq.LitSlice:
		sz = 2
		if len(l.Elems) > 0 {
			sz = 3
		}
	case seq.LitBool:
		if l.B {
			sz = 1
		}
	}
	return uint64(l.Kind)<<8 | sz
}

// hasher is a small FNV-1a over words.
type hasher struct{ h uint64 }

func newHasher() hasher { return hasher{14695981039346656037} }

func (h *hasher) word(w uint64) {
	for i := 0; i < 8; i++ {
		h.h ^= w & 0xff
		h.h *= 1099511628211
		w >>= 8
	}
}

// valuePath returns the coarse and fine construction paths of result res
// of statement st of s, as used by a call at statement upto (exclusive).
func valuePath(s *seq.Seq, st, res, upto int) (coarse, fine uint64) {
	h := newHasher()
	p := s.Stmts[st]
	h.word(uint64(p.Op))
	h.word(uint64(res))
	for i, a := range p.Args {
		if a.IsLit {
			h.word(1<<32 | litShape(a.Lit))
			continue
		}
		// Which earlier argument, if any, was the same value: a writer
		// Init'ed with itself as output is not one with another
		// writer of the same making (text/tabwriter).
		same := uint64(0)
		for k, b := range p.Args[:i] {
			if !b.IsLit && b.Stmt == a.Stmt && b.Result == a.Result {
				same = uint64(k + 1)
				break
			}
		}
		h.word(2<<32 | same<<40 | uint64(s.Stmts[a.Stmt].Op)<<8 | uint64(a.Result))
	}
	coarse = h.h
	// The operations that used the value before the call, as a set: the
	// order of calls on it matters less than which ones prepared it.
	var used []int
	for i := st + 1; i < upto && i < len(s.Stmts); i++ {
		for _, a := range s.Stmts[i].Args {
			if !a.IsLit && a.Stmt == st && a.Result == res {
				used = append(used, s.Stmts[i].Op)
				break
			}
		}
	}
	sort.Ints(used)
	for i, op := range used {
		if i == 0 || used[i-1] != op {
			h.word(3<<32 | uint64(op))
		}
	}
	return coarse, h.h
}

// callKey combines an operation, a parameter and a path into a key.
func callKey(op, param int, path uint64) uint64 {
	h := newHasher()
	h.word(uint64(op))
	h.word(uint64(param + 1))
	h.word(path)
	return h.h
}

// stmtHangKeys returns the keys of statement k of s: the receiver's, for
// a method called on a value of the sequence (what a method loops or waits
// on is its receiver's state: a reader's source, a gate's channel, a zero
// value's missing buffer; blaming its other arguments too would keep the
// method from every value they could take); else one per argument that is
// a value of the sequence, or one for the literals when there is none.
func stmtHangKeys(prog *model.Program, s *seq.Seq, k int) []hangKeys {
	st := s.Stmts[k]
	op := prog.Ops[st.Op]
	method := len(op.Params) > 0 && op.Params[0].Recv
	var keys []hangKeys
	for j, a := range st.Args {
		if a.IsLit || a.Stmt >= k {
			continue
		}
		if method && j > 0 {
			if recv := st.Args[0]; !recv.IsLit && recv.Stmt < k && sharesSource(s, recv.Stmt, a.Stmt) {
				// The argument and the receiver were built on one
				// value: a writer filling the buffer its reader
				// drains (bufio's w.ReadFrom(r) with w and r over
				// one bytes.Buffer). That, not the receiver's
				// construction, is what loops: keyed by the
				// operation alone, it is learned once for every
				// construction.
				key := callKey(st.Op, -2, 1)
				keys = append(keys, hangKeys{key, key})
				break
			}
			continue
		}
		c, f := valuePath(s, a.Stmt, a.Result, k)
		keys = append(keys, hangKeys{callKey(st.Op, j, c), callKey(st.Op, j, f)})
	}
	if len(keys) == 0 {
		h := newHasher()
		for _, a := range st.Args {
			h.word(litShape(a.Lit))
		}
		key := callKey(st.Op, -1, h.h)
		keys = append(keys, hangKeys{key, key})
	}
	return keys
}

// note learns from a sequence whose statement c.Stmt (the last when
// unknown) ran until its limit.
func (h *hangs) note(s *seq.Seq, c *executor.Crash) {
	k := c.Stmt
	if k < 0 || k >= s.Len() {
		k = s.Len() - 1
	}
	if k < 0 {
		return
	}
	if wiredIntoItself(h.prog, s, k) {
		// A value wired into itself recurses whatever its
		// construction (costly.go learns the direct case): a key for
		// its construction would keep the call from the values of
		// that making that were wired to something else
		// (text/tabwriter: every Writer is a zero Writer Init'ed).
		h.returned(s, k)
		return
	}
	h.ops[s.Stmts[k].Op] = true
	for _, key := range stmtHangKeys(h.prog, s, k) {
		for _, x := range []uint64{key.coarse, key.fine} {
			st := h.keys[x]
			if st == nil {
				st = &hangStat{}
				h.keys[x] = st
			}
			st.hangs++
			if key.coarse == key.fine {
				break
			}
		}
	}
	h.stats.Hangs++
	h.lastHangBatch = h.budget.batches
	// Statements before k returned.
	h.returned(s, k)
}

// returned counts the first n statements of s, which returned, as normal
// runs of the keys of operations that have hung.
func (h *hangs) returned(s *seq.Seq, n int) {
	if len(h.ops) == 0 {
		return
	}
	for k := 0; k < n && k < s.Len(); k++ {
		if !h.ops[s.Stmts[k].Op] {
			continue
		}
		for _, key := range stmtHangKeys(h.prog, s, k) {
			cs := h.keys[key.coarse] // a lookup only: no choice depends on map order
			if cs == nil {
				continue
			}
			if key.coarse == key.fine {
				cs.normal++
				continue
			}
			cs.normal++
			fs := h.keys[key.fine]
			if fs == nil {
				fs = &hangStat{}
				h.keys[key.fine] = fs
			}
			fs.normal++
		}
	}
}

// hanging reports whether a key's hangs outweigh its normal runs.
func hanging(st *hangStat) bool {
	return st != nil && st.hangs > 0 && st.normal < hangWeight*st.hangs
}

// keyRisk is the hang risk of one argument's keys.
func (h *hangs) keyRisk(key hangKeys) int {
	if fs := h.keys[key.fine]; fs != nil && (fs.hangs > 0 || fs.normal > 0) {
		// The fine key has been run: its own record decides.
		if hanging(fs) {
			return riskKnown
		}
		return riskNone
	}
	if hanging(h.keys[key.coarse]) {
		return riskVariant
	}
	return riskNone
}

// risk is the highest hang risk of the calls of s.
func (h *hangs) risk(s *seq.Seq) int {
	if len(h.ops) == 0 {
		return riskNone
	}
	risk := riskNone
	for k, st := range s.Stmts {
		if !h.ops[st.Op] {
			continue
		}
		for _, key := range stmtHangKeys(h.prog, s, k) {
			risk = max(risk, h.keyRisk(key))
			if risk == riskKnown {
				return risk
			}
		}
	}
	return risk
}

// prone reports whether passing pooled value v as parameter param of op
// would make a call that hung.
func (h *hangs) prone(op, param int, v *pooled) bool {
	if !h.ops[op] {
		return false
	}
	if !v.pathSet {
		v.pathCoarse, v.pathFine = valuePath(v.seq, v.stmt, v.result, v.seq.Len())
		v.pathSet = true
	}
	key := hangKeys{callKey(op, param, v.pathCoarse), callKey(op, param, v.pathFine)}
	return h.keyRisk(key) != riskNone
}

// admit decides whether a generated sequence with hang risk risk is run:
// those without risk always are; of the others, an exploration while the
// budget of sequences that may hang has room, unseen variants first.
func (h *hangs) admit(s *seq.Seq, risk int, planned int) bool {
	if risk == riskNone {
		return true
	}
	if h.spent >= hangFree+planned/hangEvery {
		return false
	}
	if risk == riskKnown && h.rng.IntN(4) != 0 {
		return false
	}
	h.spent++
	h.tried[s] = true
	h.stats.HangExplored++
	return true
}

// Staggered batches. The search generates a whole batch (128 sequences)
// from one pool state, before any of it runs; at the start of a search of
// a package like bufio, a tenth of the first batches' sequences call a
// zero Reader's ReadString or a zero Writer's WriteString, each one a call
// limit: learning between batches comes a batch too late. So while the
// search has reason to expect hangs (during its first staggerBatches
// batches, and for staggerBatches batches after one), a batch is sent in
// chunks, staggerFirst sequences first (spread over the executors as the
// whole batch would be) and twice as many each time after a chunk
// without a hang; after a chunk with one, the sequences of the
// batch left that make a call with the same operation and construction
// (the same coarse key) are left unrun, and the chunks start small again.
// Whether a sequence runs depends only on the outcomes before it, so a
// fixed -execs search stays reproducible; a package that never hangs gets
// the same sequences, run by the same executors in the same order, as
// before.

const (
	// staggerBatches is how many batches are staggered at the start and
	// after a hang.
	staggerBatches = 8
	// staggerFirst is the size of the first chunk of a staggered batch.
	staggerFirst = 8
)

// stagger reports whether the next batch is sent in chunks.
func (h *hangs) stagger() bool {
	b := h.budget.batches
	return b < staggerBatches || (h.stats.Hangs > 0 && b-h.lastHangBatch < staggerBatches)
}

// runStaggered runs reqs (the wire form of batch) with run in growing
// chunks, and leaves unrun, marking them in skipped, the sequences that
// repeat a call which hung in an earlier chunk. It runs on the batch's own
// goroutine: it reads only the batch, never the search's state.
func runStaggered(prog *model.Program, run func([]rt.Request) []executor.Outcome, reqs []rt.Request, batch []*seq.Seq, skipped []bool, workers int) []executor.Outcome {
	outs := make([]executor.Outcome, len(reqs))
	hung := map[uint64]bool{}
	// The executor pool gives each of its workers a contiguous part of
	// what it is sent, ceil(len/workers) sequences each. Each chunk takes
	// as many sequences from each worker's part of the whole batch, so
	// that every worker runs the sequences it would have run had the
	// batch been sent at once, in the same order: a package with global
	// state, whose outcomes depend on what ran before in the same
	// executor, gets the same outcomes as unstaggered while nothing
	// hangs.
	n := max(workers, 1)
	per := (len(reqs) + n - 1) / n
	pos := make([]int, n) // next sequence of each worker's part
	for w := range pos {
		pos[w] = w * per
	}
	end := func(w int) int { return min((w+1)*per, len(reqs)) }
	size := max(staggerFirst/n, 1) // per worker
	for {
		var idx []int
		var chunk []rt.Request
		for w := 0; w < n; w++ {
			for taken := 0; pos[w] < end(w) && taken < size; pos[w]++ {
				i := pos[w]
				if len(hung) > 0 && repeatsHang(prog, batch[i], hung) {
					skipped[i] = true
					outs[i].Unrun = true
					continue
				}
				idx = append(idx, i)
				chunk = append(chunk, reqs[i])
				taken++
			}
		}
		if len(chunk) == 0 {
			break
		}
		got := run(chunk)
		hangs := false
		for i, o := range got {
			outs[idx[i]] = o
			if o.Crash != nil && crashHung(o.Crash) {
				hangs = true
				s := batch[idx[i]]
				k := o.Crash.Stmt
				if k < 0 || k >= s.Len() {
					k = s.Len() - 1
				}
				if wiredIntoItself(prog, s, k) {
					continue
				}
				for _, key := range stmtHangKeys(prog, s, k) {
					hung[key.coarse] = true
				}
			}
		}
		if hangs {
			size = max(staggerFirst/n, 1)
		} else {
			size *= 2
		}
	}
	return outs
}

// repeatsHang reports whether a call of s has a coarse key in hung.
func repeatsHang(prog *model.Program, s *seq.Seq, hung map[uint64]bool) bool {
	for k := range s.Stmts {
		for _, key := range stmtHangKeys(prog, s, k) {
			if hung[key.coarse] {
				return true
			}
		}
	}
	return false
}

// sharesSource reports whether the values of statements a and b of s were
// built on a common value: one is the other's input, or both have one,
// however deep in their construction.
func sharesSource(s *seq.Seq, a, b int) bool {
	anc := map[int]bool{}
	var mark func(i int)
	mark = func(i int) {
		if anc[i] {
			return
		}
		anc[i] = true
		for _, x := range s.Stmts[i].Args {
			if !x.IsLit && x.Stmt < i {
				mark(x.Stmt)
			}
		}
	}
	mark(a)
	seen := map[int]bool{}
	var shared func(i int) bool
	shared = func(i int) bool {
		if anc[i] {
			return true
		}
		if seen[i] {
			return false
		}
		seen[i] = true
		for _, x := range s.Stmts[i].Args {
			if !x.IsLit && x.Stmt < i && shared(x.Stmt) {
				return true
			}
		}
		return false
	}
	return shared(b)
}

// wiredIntoItself reports whether a method call among the first k+1
// statements of s got, besides its receiver, the receiver itself or a
// value built on it (w.Init(w, ...), or w.Init(v) where v is what an
// earlier w.Init returned): a writer whose output is itself, the cause of
// a hang whatever the receiver's construction.
func wiredIntoItself(prog *model.Program, s *seq.Seq, k int) bool {
	for i := 0; i <= k && i < s.Len(); i++ {
		st := s.Stmts[i]
		op := prog.Ops[st.Op]
		if len(op.Params) == 0 || !op.Params[0].Recv || len(st.Args) == 0 || st.Args[0].IsLit {
			continue
		}
		recv := st.Args[0]
		for _, a := range st.Args[1:] {
			if a.IsLit {
				continue
			}
			if a.Stmt == recv.Stmt && a.Result == recv.Result {
				return true
			}
			if a.Stmt != recv.Stmt && builtOn(s, a.Stmt, recv) {
				return true
			}
		}
	}
	return false
}

// builtOn reports whether the value of statement i of s was made by a
// method called on v, or by a call that got such a value, however deep.
func builtOn(s *seq.Seq, i int, v seq.Arg) bool {
	seen := map[int]bool{}
	var on func(i int) bool
	on = func(i int) bool {
		if seen[i] {
			return false
		}
		seen[i] = true
		for _, a := range s.Stmts[i].Args {
			if a.IsLit || a.Stmt >= i {
				continue
			}
			if a.Stmt == v.Stmt && a.Result == v.Result || on(a.Stmt) {
				return true
			}
		}
		return false
	}
	return on(i)
}
