package search

import (
	"go/types"
	"sort"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Exiting calls. Some operations end the process on some inputs: they call
// os.Exit or log.Fatal, directly or through a package variable that holds
// an exiting handler (`var ErrorHandler = func(err error) { log.Fatal(err) }`,
// `var exit = os.Exit`). The effect facts leave out what they can prove
// exits (policy.Safety), but a call through an exported variable, whose
// value a caller may change, has unknown effects, and under the sandbox
// such an operation is called. Each exit ends an executor: the batch's
// unanswered sequences run again to name the culprit, and a new executor
// starts. That is cheap next to a call limit, but a parser whose every
// syntax error exits spends most of its budget on it (issue 34: 1,364
// exits, 18 of 30 s, 284 sequences/s).
//
// So the search learns exits as it learns hangs: an exit counts against
// every call of the sequence (the executor cannot say which statement ran
// when the process ended, see note), keyed by the call's operation and
// the construction of its inputs (stmtHangKeys: for a call on literals
// only, their shapes), and every call of such an operation that returns
// counts as a normal run of its keys. A key whose exits outnumber its
// normal runs is exiting, and a proposal that would make such a call runs
// only within a budget of explorations (exitFree, exitEvery): exits
// depend on exact inputs more often than hangs do (one string parses, the
// next exits), so the key stays explored, at a bounded cost. The budget is
// counted in proposals, not drawn at random, so a fixed seed stays
// reproducible, and a package that never exits searches as before.
//
// On testdata/gen/exitonly at -execs 3000, seed 1: 1,255 exits in the
// search without the learning, 521 with it.

// exitFree and exitEvery bound the proposals that make an exiting call
// and still run: they stay under exitFree plus one per exitEvery
// proposals checked, so that the inputs of an exiting key that return
// stay reachable while exits cost at most about one sequence in
// exitEvery. An exit costs a restart, tens of normal sequences' time.
const (
	exitFree  = 8
	exitEvery = 64
)

// exits is the exit learning, part of the costly learning.
type exits struct {
	prog *model.Program
	// keys holds, by call key, the calls that exited and returned; ops
	// the operations that were last in a sequence that exited, with how
	// often (the report's); blamed the operations of such sequences.
	keys   map[uint64]*exitStat
	ops    map[int]int
	blamed map[int]bool
	// seen counts the proposals checked since the first exit, explored
	// those admitted although they make an exiting call.
	seen, explored int
	// skipped counts the proposals left unrun for an exiting call.
	skipped int
	// swaps are the program's handler swaps; unswapped counts the
	// proposals left unrun for calling the package before them.
	swaps     []exitSwap
	unswapped int
}

// exitStat counts a key's calls that exited and that returned.
type exitStat struct {
	exits, normal int
}

func newExits(prog *model.Program) *exits {
	return &exits{prog: prog, keys: map[uint64]*exitStat{}, ops: map[int]int{}, blamed: map[int]bool{}, swaps: exitSwapsOf(prog)}
}

// learn counts the calls of a sequence that ran as exits or normal runs.
func (x *exits) learn(o *outcome) {
	switch {
	case o.crash != nil && o.crash.Kind == executor.CrashExit:
		x.note(o.s, o.crash)
	case o.crash != nil:
		x.returned(o.s, o.crash.Stmt)
	case o.res != nil:
		ran := 0
		for ran < len(o.res.Stmts) && o.res.Stmts[ran].Outcome != rt.OutSkipped {
			ran++
		}
		x.returned(o.s, ran)
	}
}

// note learns from a sequence that ended the process. The executor cannot
// say which statement ran (c.Stmt is -1 for an exit), and the last is not
// always the culprit: the detective builds a receiver in front of the
// call (Parse(s) before Get), and that producer exits as often. So every
// call of the sequence counts an exit of its keys; those that are
// innocent run normally far more often elsewhere and stay below
// exiting.
func (x *exits) note(s *seq.Seq, c *executor.Crash) {
	last := s.Len() - 1
	if k := c.Stmt; k >= 0 && k < last {
		last = k
	}
	if last < 0 {
		return
	}
	x.ops[s.Stmts[last].Op]++
	for k := 0; k <= last; k++ {
		if x.prog.Ops[s.Stmts[k].Op].Kind == model.FuncLit || x.prog.Ops[s.Stmts[k].Op].ExitSwap {
			continue
		}
		x.blamed[s.Stmts[k].Op] = true
		for _, key := range stmtHangKeys(x.prog, s, k) {
			for _, id := range []uint64{key.coarse, key.fine} {
				st := x.keys[id]
				if st == nil {
					st = &exitStat{}
					x.keys[id] = st
				}
				st.exits++
				if key.coarse == key.fine {
					break
				}
			}
		}
	}
}

// returned counts the first n statements of s, which returned, as normal
// runs of the keys of operations that have exited.
func (x *exits) returned(s *seq.Seq, n int) {
	if len(x.blamed) == 0 {
		return
	}
	for k := 0; k < n && k < s.Len(); k++ {
		if !x.blamed[s.Stmts[k].Op] {
			continue
		}
		for _, key := range stmtHangKeys(x.prog, s, k) {
			for _, id := range []uint64{key.coarse, key.fine} {
				if st := x.keys[id]; st != nil { // a lookup only: no choice depends on map order
					st.normal++
				}
				if key.coarse == key.fine {
					break
				}
			}
		}
	}
}

// exiting reports whether a key's exits outnumber its normal runs.
func exiting(st *exitStat) bool {
	return st != nil && st.exits > st.normal
}

// keep vetoes a proposal that makes a call whose key is exiting, but for
// the explorations exitFree and exitEvery allow. The fine key decides
// when it has been run; else the coarse one.
func (x *exits) keep(s *seq.Seq) bool {
	if !x.swapped(s) {
		x.unswapped++
		return false
	}
	if len(x.blamed) == 0 {
		return true
	}
	x.seen++
	for k, st := range s.Stmts {
		if !x.blamed[st.Op] {
			continue
		}
		for _, key := range stmtHangKeys(x.prog, s, k) {
			ks := x.keys[key.fine]
			if ks == nil || ks.exits+ks.normal == 0 {
				ks = x.keys[key.coarse]
			}
			if !exiting(ks) {
				continue
			}
			if x.explored >= exitFree+x.seen/exitEvery {
				x.skipped++
				return false
			}
			x.explored++
		}
	}
	return true
}

// ExitReport is how often an operation ended the executor by exiting the
// process during the search.
type ExitReport struct {
	// Op is the operation's name as the model writes it ("F", "T.M"),
	// which is also the explain report's.
	Op string
	// Exits counts the executors it ended.
	Exits int
}

// ExitOps returns the operations that exited the process during the
// search, most exits first (then by name), and the proposals left unrun
// for repeating an exiting call.
func (e *Engine) ExitOps() (ops []ExitReport, skipped int) {
	x := e.costly.exits
	for op, n := range x.ops {
		ops = append(ops, ExitReport{Op: e.prog.Ops[op].Name, Exits: n})
	}
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].Exits != ops[j].Exits {
			return ops[i].Exits > ops[j].Exits
		}
		return ops[i].Op < ops[j].Op
	})
	return ops, x.skipped
}

// Where the package exports the handler variable that exits
// (model/exitvar.go), no sequence needs to exit: extension starts every
// sequence by storing a handler that returns (the FuncZero literal of the
// variable's type), so the error paths run to their end in the executor
// and in the written test, which restores the default with t.Cleanup.

// exitPrefix starts s with the ExitSwap assignments of the program, each
// given the returning literal of its handler type. With none it adds
// nothing and draws nothing.
func (x *extension) exitPrefix(s *seq.Seq) {
	for _, sw := range x.swaps {
		s.Stmts = append(s.Stmts, seq.Stmt{Op: sw.lit.ID})
		s.Stmts = append(s.Stmts, seq.Stmt{Op: sw.set.ID, Args: []seq.Arg{seq.Ref(len(s.Stmts)-1, 0)}})
	}
}

// exitSwap is an ExitSwap assignment and the literal it stores.
type exitSwap struct {
	set, lit *model.Op
}

// exitSwapsOf pairs each ExitSwap assignment of prog with the FuncZero
// literal of its variable's type; an assignment without one is left out.
func exitSwapsOf(prog *model.Program) []exitSwap {
	var out []exitSwap
	for _, set := range prog.ExitSwaps() {
		for _, op := range prog.Ops {
			if op.Kind == model.FuncLit && op.Variant == model.FuncZero && types.Identical(op.Type, set.Params[0].Type) {
				out = append(out, exitSwap{set, op})
				break
			}
		}
	}
	return out
}

// swapped reports whether s stores each handler swap's literal before its
// first call of anything else. Extension and templates start every
// sequence so; DynaMOSA's deletion and crossover can lose the
// assignment, and such a sequence would exit where the package's error
// paths call the handler: it is not run.
func (x *exits) swapped(s *seq.Seq) bool {
	if len(x.swaps) == 0 {
		return true
	}
	seen := make([]bool, len(x.swaps))
	done := 0
	for _, st := range s.Stmts {
		if done == len(x.swaps) {
			return true
		}
		op := x.prog.Ops[st.Op]
		switch {
		case op.Kind == model.FuncLit:
		case op.ExitSwap:
			for i, sw := range x.swaps {
				if sw.set == op && !seen[i] && !st.Args[0].IsLit && s.Stmts[st.Args[0].Stmt].Op == sw.lit.ID {
					seen[i] = true
					done++
				}
			}
		default:
			return false
		}
	}
	return true
}
