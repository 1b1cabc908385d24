package seq

import "github.com/gentest-go/gentest/internal/harness/rt"

// Wire converts the sequence into the request an executor runs: id names
// it in the results, flags ask for extra observations (rt.FlagDetail,
// rt.FlagOperands, ...).
func (s *Seq) Wire(id uint64, flags uint64) rt.Request {
	w := rt.Request{ID: id, Flags: flags, Stmts: make([]rt.Stmt, len(s.Stmts))}
	for i, st := range s.Stmts {
		ws := rt.Stmt{Op: st.Op, Args: make([]rt.Arg, len(st.Args))}
		if st.Repeat > 1 {
			ws.Repeat = min(st.Repeat, MaxRepeat)
		}
		for j, a := range st.Args {
			if a.IsLit {
				kind := uint8(rt.ArgLit)
				if a.Index && ws.Repeat > 1 {
					kind = rt.ArgIndex
				}
				ws.Args[j] = rt.Arg{Kind: kind, Lit: a.Lit.wire()}
			} else {
				ws.Args[j] = rt.Arg{Kind: rt.ArgRef, Stmt: a.Stmt, Result: a.Result}
			}
		}
		w.Stmts[i] = ws
	}
	return w
}

// wire converts a literal for the executor.
func (l Lit) wire() rt.Lit {
	w := rt.Lit{Kind: uint8(l.Kind), B: l.B, I: l.I, U: l.U, F: l.F, S: l.S}
	for _, e := range l.Elems {
		w.Elems = append(w.Elems, e.wire())
	}
	return w
}
