package model

import "github.com/gentest-go/gentest/internal/seq"

// SharedWrite returns the index of the first statement of s that may write
// package state through a shared value, or -1 when none does.
//
// A value is shared when it is a package singleton handed out by a getter
// (Effects.ResultShared: logrus.StandardLogger, a func returning &defaults)
// or derived from one: the result of a call whose results may point into a
// shared argument (Effects.ResultAliases), or of an address, conversion or
// assertion of a shared value. A call that may mutate a shared argument
// (Op.Mutator) writes package state although its own facts only say
// mutates-receiver: the change outlives the test, so other tests, the
// package's own included, would see it, and the executor would carry it
// into the sequences after it. Such a sequence is never run nor written;
// the setters of package state that can be restored are handled by
// Op.Restore instead.
func (p *Program) SharedWrite(s *seq.Seq) int {
	k, _ := p.sharedScan(s, true)
	return k
}

// SharedResults reports, per statement of s, whether its results may be
// shared (see SharedWrite), past any statement that may write through a
// shared value. The value pool keeps shared values apart from equal
// unshared ones: a singleton getter's result often equals a constructor's
// at first, and pruning one as the other's duplicate lost the value every
// mutator of the type can take.
func (p *Program) SharedResults(s *seq.Seq) []bool {
	_, shared := p.sharedScan(s, false)
	return shared
}

// sharedScan marks which statements' results may be shared; with
// stopAtWrite it stops at the first statement that may write through a
// shared argument and returns its index, else -1.
func (p *Program) sharedScan(s *seq.Seq, stopAtWrite bool) (int, []bool) {
	shared := make([]bool, 0, len(s.Stmts))
	for k, st := range s.Stmts {
		op := p.Ops[st.Op]
		in := false // some argument is shared
		for i, a := range st.Args {
			if a.IsLit || a.Stmt >= len(shared) || !shared[a.Stmt] {
				continue
			}
			in = true
			// A function without effect facts may write anything it gets.
			if stopAtWrite && op.Func != nil && (!op.Effects.Known || op.Mutator(i)) {
				return k, shared
			}
		}
		out := op.Effects.ResultShared
		switch {
		case op.Func == nil || !op.Effects.Known:
			// &v, T(v), v.(T) and unknown calls: the result is the
			// argument, or may be.
			out = out || in
		default:
			for _, i := range op.Effects.ResultAliases {
				if i < len(st.Args) && !st.Args[i].IsLit && st.Args[i].Stmt < len(shared) && shared[st.Args[i].Stmt] {
					out = true
				}
			}
		}
		shared = append(shared, out)
	}
	return -1, shared
}
