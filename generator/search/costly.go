package search

import (
	"github.com/gentest-go/gentest/generator/exec"
	"github.com/gentest-go/gentest/generator/seq"
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
// parameter, and extend no longer hands that parameter a value the call
// already gets. Other aliasing stays, and so do fresh values of the type.

// wiring is an operation's parameter that got the same value as an earlier
// parameter of the same call.
type wiring struct {
	op, param int
}

// noteCostly records the self-wiring in the statements of s up to and
// including the one crash c ran too long in.
func (r *Random) noteCostly(s *seq.Seq, c *exec.Crash) {
	if c.Kind != exec.CrashTimeout && c.Kind != exec.CrashHang {
		return
	}
	last := s.Len() - 1
	if c.Stmt >= 0 && c.Stmt < last {
		last = c.Stmt
	}
	for _, st := range s.Stmts[:last+1] {
		for j, b := range st.Args {
			if selfWired(st.Args[:j], b) {
				if r.costlyWiring == nil {
					r.costlyWiring = map[wiring]bool{}
				}
				r.costlyWiring[wiring{st.Op, j}] = true
			}
		}
	}
}

// selfWired reports whether b refers to the value one of args refers to.
func selfWired(args []seq.Arg, b seq.Arg) bool {
	if b.IsLit {
		return false
	}
	for _, a := range args {
		if !a.IsLit && a.Stmt == b.Stmt && a.Result == b.Result {
			return true
		}
	}
	return false
}

// avoidWiring reports whether giving parameter j of op the value ref, with
// the call's earlier arguments args, repeats a self-wiring that cost a
// timeout.
func (r *Random) avoidWiring(op, j int, args []seq.Arg, ref seq.Arg) bool {
	return r.costlyWiring[wiring{op, j}] && selfWired(args, ref) // a lookup only: no choice depends on map order
}

// wiredCostly reports whether the sequence that makes pooled value v has a
// call with a self-wiring that cost a timeout: values pooled before the
// search learned it, such as a writer whose output is itself, that would
// set off the same recursion in the next call that uses them. The answer
// is kept until the search learns another costly self-wiring.
func (r *Random) wiredCostly(v *pooled) bool {
	if len(r.costlyWiring) == 0 {
		return false
	}
	if v.wiredSeen == len(r.costlyWiring) {
		return v.wired
	}
	v.wiredSeen, v.wired = len(r.costlyWiring), false
	for _, st := range v.seq.Stmts {
		for j, b := range st.Args {
			if r.costlyWiring[wiring{st.Op, j}] && selfWired(st.Args[:j], b) {
				v.wired = true
				return true
			}
		}
	}
	return false
}

// costlyRetries is how often extend draws another pooled value in place of
// one wiredCostly rejects; after that it keeps the last, so that a pool
// holding nothing else still gets used.
const costlyRetries = 3
