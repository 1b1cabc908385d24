package search

import (
	"sort"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
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
