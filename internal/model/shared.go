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
	var shared []bool
	for k, st := range s.Stmts {
		op := p.Ops[st.Op]
		in := false // some argument is shared
		for i, a := range st.Args {
			if a.IsLit || a.Stmt >= len(shared) || !shared[a.Stmt] {
				continue
			}
			in = true
			// A function without effect facts may write anything it gets.
			if op.Func != nil && (!op.Effects.Known || op.Mutator(i)) {
				return k
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
	return -1
}
