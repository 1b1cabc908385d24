package search

import (
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
// So the search learns exits as it learns hangs: an exit is blamed on the
// sequence's last call (the executor cannot say which statement ran when
// the process ended; extension appends the new call last, after a prefix
// that ran normally), keyed by the call's operation and the construction
// of its inputs (stmtHangKeys: for a call on literals only, their shapes),
// and every call of an operation that has exited that returns counts as a
// normal run of its keys. A key whose exits outnumber its normal runs is
// exiting, and a proposal that would make such a call runs only once in
// exitEvery: exits depend on exact inputs more often than hangs do (one
// string parses, the next exits), so the key stays explored, at an eighth
// of its cost. The count is per key, not a random draw, so a fixed seed
// stays reproducible and a package that never exits searches as before.

// exitEvery is how many proposals making an exiting call it takes for one
// of them to run.
const exitEvery = 8

// exits is the exit learning, part of the costly learning.
type exits struct {
	prog *model.Program
	// keys holds, by call key, the calls that exited and returned; ops
	// the operations that have exited, with how often.
	keys map[uint64]*exitStat
	ops  map[int]int
	// skipped counts the proposals left unrun for an exiting call.
	skipped int
}

// exitStat counts a key's calls that exited and that returned, and the
// proposals that would have made it since it became exiting.
type exitStat struct {
	exits, normal, proposed int
}

func newExits(prog *model.Program) *exits {
	return &exits{prog: prog, keys: map[uint64]*exitStat{}, ops: map[int]int{}}
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

// note learns from a sequence whose statement c.Stmt (its last when
// unknown, as it is for an exit) ended the process.
func (x *exits) note(s *seq.Seq, c *executor.Crash) {
	k := c.Stmt
	if k < 0 || k >= s.Len() {
		k = s.Len() - 1
	}
	if k < 0 {
		return
	}
	x.ops[s.Stmts[k].Op]++
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
	x.returned(s, k)
}

// returned counts the first n statements of s, which returned, as normal
// runs of the keys of operations that have exited.
func (x *exits) returned(s *seq.Seq, n int) {
	if len(x.ops) == 0 {
		return
	}
	for k := 0; k < n && k < s.Len(); k++ {
		if x.ops[s.Stmts[k].Op] == 0 {
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
// one in exitEvery of them per key. The fine key decides when it has
// been run; else the coarse one.
func (x *exits) keep(s *seq.Seq) bool {
	if len(x.ops) == 0 {
		return true
	}
	for k, st := range s.Stmts {
		if x.ops[st.Op] == 0 {
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
			ks.proposed++
			if ks.proposed%exitEvery != 0 {
				x.skipped++
				return false
			}
		}
	}
	return true
}

// ExitReport is how often an operation ended the executor by exiting the
// process during the search.
type ExitReport struct {
	// Op is the operation's name as the model writes it (Type.Method).
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
		ops = append(ops, ExitReport{Op: e.prog.Ops[op].FullName(), Exits: n})
	}
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].Exits != ops[j].Exits {
			return ops[i].Exits > ops[j].Exits
		}
		return ops[i].Op < ops[j].Op
	})
	return ops, x.skipped
}
