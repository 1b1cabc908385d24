package search

import (
	"go/types"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Self-wiring. Aliasing (thesis §5.1) passes a value the sequence already
// holds as another argument of the same call, and sometimes that is the
// receiver itself: w.Init(w, ...) makes a writer whose output is itself,
// l.Append(l) a list that holds itself. Using such a value recurses without
// end (Write flushes into Write), and when every level does more work than
// the one before, the recursion reaches the stack limit only after many
// call limits: each use is a timeout, an executor restart and, for the
// search, a second or more of nothing learned. The aliasing that built it
// is cheap to draw again, so the same trap is set again and again
// (text/tabwriter: half the Init calls on a pooled writer).
//
// So the search learns it: when a sequence times out (or hangs), every
// call in it up to the one that ran too long that got one value as two
// arguments is noted as costly self-wiring of that operation's later
// parameter, and extension no longer hands that parameter a value the call
// already gets. Other aliasing stays, and so do fresh values of the type.
//
// A stack overflow is the same trap when each level does little work: a
// list that holds itself (l.Set(0, l), s.Push(s)) overflows in its String
// or MarshalJSON within the call's limit instead of timing out. It costs
// as much or more: a fifth of a CPU second to reach the stack limit, an
// executor restart, and the attribution runs that find the statement (a
// fatal error says none). Without the learning the gods containers spent
// 27 overflows in 3000 sequences, three quarters of the search's executor
// time (bench/results/2026-11-27-rate14g). So an overflow is learned from
// too; it has no statement, so every self-wiring in the sequence counts.

// costly is the costly learning: the self-wirings, sizes and enum values
// that cost a timeout (or a stack overflow), learned from crashes, and
// avoided afterwards by extension, literal drawing and its filter of
// proposals.
type costly struct {
	prog      *model.Program
	constants *Constants
	stats     *Stats
	// wirings holds the self-wirings that cost a timeout.
	wirings map[wiring]bool
	// sizes holds, per parameter, the smallest large integer that made a
	// call time out.
	sizes map[sizeParam]uint64
	// enums holds the enum types (by typeKey) a value outside whose
	// members was in a sequence that ran past its limit.
	enums map[string]bool
	// exits is the learning of the calls that exited the process
	// (costly_exit.go).
	exits *exits
}

func newCostly(prog *model.Program, constants *Constants, stats *Stats) *costly {
	return &costly{prog: prog, constants: constants, stats: stats,
		wirings: map[wiring]bool{}, sizes: map[sizeParam]uint64{}, enums: map[string]bool{}, exits: newExits(prog)}
}

// wiring is an operation's parameter that got the same value as an earlier
// parameter of the same call.
type wiring struct {
	op, param int
}

// learn notes the costly inputs of a sequence that crashed.
func (c *costly) learn(o *outcome) {
	if o.crash != nil {
		c.note(o.s, o.crash)
	}
	c.exits.learn(o)
}

// keep vetoes a proposal with a self-wiring that cost a timeout, from any
// source (DynaMOSA's crossover carries prefixes along), or one that would
// repeat a call that exited the process (costly_exit.go).
func (c *costly) keep(s *seq.Seq) bool {
	if c.seqWired(s) || !c.exits.keep(s) {
		c.stats.CostlySkipped++
		return false
	}
	return true
}

// note records the self-wiring in the statements of s up to and including
// the one crash k ran too long in (all of them when k names no statement,
// as a stack overflow does), and the sizes and enum values there.
func (c *costly) note(s *seq.Seq, k *executor.Crash) {
	if k.Kind != executor.CrashTimeout && k.Kind != executor.CrashHang && k.Kind != executor.CrashStackOverflow {
		return
	}
	last := s.Len() - 1
	if k.Stmt >= 0 && k.Stmt < last {
		last = k.Stmt
	}
	if k.Stmt >= 0 {
		c.noteSizes(s, last)
	}
	c.noteEnums(s, last)
	var h seq.Holdings
	for _, st := range s.Stmts[:last+1] {
		for j, b := range st.Args {
			if selfWired(&h, st.Args[:j], b) {
				c.wirings[wiring{st.Op, j}] = true
			}
		}
		h.Add(st, c.prog.Ops[st.Op].Mutator)
	}
}

// selfWired reports whether b refers to the value one of args refers to,
// or to a value that holds it as far as h knows (seq.Holdings): a writer
// whose output writes into the receiver closes a cycle as surely as the
// receiver itself does (text/tabwriter: w2 := NewWriter(w1, ...);
// w1.Init(w2, ...)).
func selfWired(h *seq.Holdings, args []seq.Arg, b seq.Arg) bool {
	if b.IsLit {
		return false
	}
	for _, a := range args {
		if a.IsLit {
			continue
		}
		if a.Stmt == b.Stmt {
			if a.Result == b.Result {
				return true
			}
		} else if h.Holds(b, a) {
			return true
		}
	}
	return false
}

// avoid reports whether giving parameter j of op the value ref, with the
// call's earlier arguments args, in a call appended to s, repeats a
// self-wiring that cost a timeout.
func (c *costly) avoid(s *seq.Seq, op, j int, args []seq.Arg, ref seq.Arg) bool {
	if !c.wirings[wiring{op, j}] { // a lookup only: no choice depends on map order
		return false
	}
	var h seq.Holdings
	for _, st := range s.Stmts {
		h.Add(st, c.prog.Ops[st.Op].Mutator)
	}
	return selfWired(&h, args, ref)
}

// seqWired reports whether s has a call with a self-wiring that cost a
// timeout.
func (c *costly) seqWired(s *seq.Seq) bool {
	if len(c.wirings) == 0 || !c.hasParam(s) {
		return false
	}
	var h seq.Holdings
	for _, st := range s.Stmts {
		for j, b := range st.Args {
			if c.wirings[wiring{st.Op, j}] && selfWired(&h, st.Args[:j], b) {
				return true
			}
		}
		h.Add(st, c.prog.Ops[st.Op].Mutator)
	}
	return false
}

// hasParam reports whether a call of s gives a value (not a literal) to a
// parameter with a learned costly wiring. The filter asks seqWired of
// every proposal once anything is learned, and most have no such call:
// they skip building the holdings, a map per statement.
func (c *costly) hasParam(s *seq.Seq) bool {
	for _, st := range s.Stmts {
		for j, b := range st.Args {
			if !b.IsLit && c.wirings[wiring{st.Op, j}] {
				return true
			}
		}
	}
	return false
}

// wired reports whether the sequence that makes pooled value v has a call
// with a self-wiring that cost a timeout, or a literal outside the members
// of an enum type that did: values pooled before the search learned it,
// such as a writer whose output is itself or a Diff{Type: 5}, that would
// set off the same recursion or loop in the next call that uses them. The
// answer is kept on v until the search learns another.
func (c *costly) wired(v *pooled) bool {
	learned := len(c.wirings) + len(c.enums) // both only grow
	if learned == 0 {
		return false
	}
	if v.wiredSeen == learned {
		return v.wired
	}
	v.wiredSeen, v.wired = learned, c.seqWired(v.seq) || c.seqOutsideEnum(v.seq)
	return v.wired
}

// notWired returns the candidates wired does not reject, or all of them
// when it rejects every one: a pool holding nothing else still gets used.
func (c *costly) notWired(cands []*pooled) []*pooled {
	if len(c.wirings)+len(c.enums) == 0 {
		return cands
	}
	var keep []*pooled
	for _, v := range cands {
		if !c.wired(v) {
			keep = append(keep, v)
		}
	}
	if len(keep) == 0 {
		return cands
	}
	return keep
}

// costlyRetries is how often literal drawing draws another literal in place of a
// size that cost a timeout; after that it keeps the last.
const costlyRetries = 3

// Costly sizes. Many operations do work that grows with an integer
// argument: a precision, a width, a padding, a count, an exponent
// (decimal's RootRound(x, 2147483647), a formatter's minimum width). The
// constant pools hand out the package's large constants (math.MaxInt32
// compared against as a limit) as readily as small ones, and at such a
// value a call runs past its limit: a timeout, a restart, nothing learned.
// When a call times out with a large integer literal, the search notes its
// magnitude for that parameter, and later literals for it at or past that
// magnitude are drawn again (costlyRetries times): the parameter keeps
// values up to just below the one that cost a timeout, so its branches on
// size stay reachable.

// largeInt is the magnitude from which an integer literal of a call that
// timed out is taken for its cause; smaller ones are the ordinary values
// (the default pool, fuzzing around them), whose cost is no explanation.
const largeInt = 64

// sizeParam is an operation's parameter, by its name and type (literals.arg
// gets the parameter, not its position).
type sizeParam struct {
	op   int
	name string
	typ  string
}

func sizeKey(op int, p model.Param) sizeParam {
	return sizeParam{op, p.Name, types.TypeString(p.Type, nil)}
}

// noteSizes records the large integer literals of statement k of s, which
// ran past its limit.
func (c *costly) noteSizes(s *seq.Seq, k int) {
	st := s.Stmts[k]
	op := c.prog.Ops[st.Op]
	for j, a := range st.Args {
		if !a.IsLit || j >= len(op.Params) {
			continue
		}
		m, ok := litMagnitude(a.Lit)
		if !ok || m < largeInt {
			continue
		}
		key := sizeKey(op.ID, op.Params[j])
		if b, seen := c.sizes[key]; !seen || m < b {
			c.sizes[key] = m
		}
	}
}

// litMagnitude is the absolute value of an integer literal.
func litMagnitude(l seq.Lit) (uint64, bool) {
	switch l.Kind {
	case seq.LitInt:
		if l.I < 0 {
			return uint64(-(l.I + 1)) + 1, true
		}
		return uint64(l.I), true
	case seq.LitUint:
		return l.U, true
	}
	return 0, false
}

// tooCostly reports whether literal l for parameter p of op is at least as
// large as one that made the call time out.
func (c *costly) tooCostly(op *model.Op, p model.Param, l seq.Lit) bool {
	if len(c.sizes) == 0 {
		return false
	}
	b, ok := c.sizes[sizeKey(op.ID, p)] // a lookup only: no choice depends on map order
	if !ok {
		return false
	}
	m, isInt := litMagnitude(l)
	return isInt && m >= b
}

// Enum values outside their members. A loop that switches on a closed
// enum (closedEnum: not a quantity with named values, not flags) and
// advances only in the members' cases never ends for any other value:
// go-diff's DiffCleanupMerge over a Diff{Type: 5}. The literals of an
// enum type are its members with probability PEnum, so the rest, and a
// []Diff holds several, keep setting the same trap: a timeout or a hang,
// a restart, a second of nothing learned (go-diff: 26-47 timeouts, half
// its executors' time in a 30 s search). So once a sequence that ran past
// its limit holds a literal of an enum type outside its members, later
// literals of that type outside its members are drawn again
// (costlyEnumRetries times), and pooled values made with one are not
// used: the members stay, and other values become rare (about one draw
// in 80,000; a mutation of a literal can still make one).

// costlyEnumRetries is how often literal drawing draws another literal in place of
// one outside a costly enum's members. A literal is a member with
// probability PEnum (0.8), so after the retries another value is drawn
// with probability 0.2^7, about 1 in 80,000: an enum literal is drawn
// thousands of times in a search, and 0.2^4 (costlyRetries) still set the
// trap once in 600 (go-diff: 9 DiffCleanupMerge timeouts in 4000
// sequences).
const costlyEnumRetries = 6

// noteEnums records the enum types of the literals outside their members
// in the statements of s up to and including statement last.
func (c *costly) noteEnums(s *seq.Seq, last int) {
	for _, st := range s.Stmts[:last+1] {
		op := c.prog.Ops[st.Op]
		for j, a := range st.Args {
			if !a.IsLit || j >= len(op.Params) {
				continue
			}
			if key, ok := c.constants.outsideEnum(op.Params[j].Type, a.Lit); ok {
				c.enums[key] = true
			}
		}
	}
}

// outsideCostlyEnum reports whether l, a literal of type t, is outside the
// members of an enum type a timeout was learned for.
func (c *costly) outsideCostlyEnum(t types.Type, l seq.Lit) bool {
	if len(c.enums) == 0 {
		return false
	}
	key, ok := c.constants.outsideEnum(t, l)
	return ok && c.enums[key] // a lookup only: no choice depends on map order
}

// seqOutsideEnum reports whether a statement of s has a literal outside
// the members of an enum type a timeout was learned for.
func (c *costly) seqOutsideEnum(s *seq.Seq) bool {
	if len(c.enums) == 0 {
		return false
	}
	for _, st := range s.Stmts {
		op := c.prog.Ops[st.Op]
		for j, a := range st.Args {
			if a.IsLit && j < len(op.Params) && c.outsideCostlyEnum(op.Params[j].Type, a.Lit) {
				return true
			}
		}
	}
	return false
}
