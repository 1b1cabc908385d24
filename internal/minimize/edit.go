package minimize

import "github.com/gentest-go/gentest/internal/seq"

// The edits below work on whole sequences and always return fresh copies:
// a candidate that the oracle rejects must leave the current sequence
// untouched, and candidates of one batch are built from the same base.

// removeStmts returns s without the statements marked in drop, references
// renumbered, and the new index of every old statement (-1 when dropped).
// It reports false when a kept statement refers to a dropped one, which
// would leave a dangling reference.
func removeStmts(s *seq.Seq, drop []bool) (*seq.Seq, []int, bool) {
	idx := make([]int, len(s.Stmts))
	out := &seq.Seq{Stmts: make([]seq.Stmt, 0, len(s.Stmts))}
	for i, st := range s.Stmts {
		if drop[i] {
			idx[i] = -1
			continue
		}
		args := make([]seq.Arg, len(st.Args))
		for j, a := range st.Args {
			if !a.IsLit {
				if idx[a.Stmt] < 0 {
					return nil, nil, false
				}
				a.Stmt = idx[a.Stmt]
			}
			args[j] = a
		}
		idx[i] = len(out.Stmts)
		out.Stmts = append(out.Stmts, seq.Stmt{Op: st.Op, Args: args, Repeat: st.Repeat})
	}
	return out, idx, true
}

// dependents marks statement i and every statement that uses its results,
// directly or through other statements: what must go if i goes.
func dependents(s *seq.Seq, i int, mark []bool) {
	mark[i] = true
	for k := i + 1; k < len(s.Stmts); k++ {
		if mark[k] {
			continue
		}
		for _, a := range s.Stmts[k].Args {
			if !a.IsLit && mark[a.Stmt] {
				mark[k] = true
				break
			}
		}
	}
}

// dropDead extends drop with the producers that only fed dropped
// statements: statements that were used before the edit (usedBefore) and no
// kept statement uses any more. A statement nobody used to begin with is
// left alone: it is in the test for its effect, and deleting it is the
// deletion phase's decision, not a side effect of another edit. protect is
// never dropped.
//
// References only point backwards, so one pass from the end sees every
// user of a statement decided before the statement itself.
func dropDead(s *seq.Seq, drop []bool, usedBefore []bool, protect int) {
	used := make([]bool, len(s.Stmts))
	for k := len(s.Stmts) - 1; k >= 0; k-- {
		if !drop[k] && k != protect && usedBefore[k] && !used[k] {
			drop[k] = true
		}
		if drop[k] {
			continue
		}
		for _, a := range s.Stmts[k].Args {
			if !a.IsLit {
				used[a.Stmt] = true
			}
		}
	}
}

// replacement is what a placeholder reference is replaced with: a literal,
// a reference to an existing statement's result (Ref, in the coordinates
// of the sequence being edited), or a reference into a snippet of new
// statements (Snip, in the snippet's own coordinates; the snippet is
// self-contained and inserted just before the placeholder's producer).
type replacement struct {
	lit     *seq.Lit
	ref     *seq.Arg
	snip    []seq.Stmt
	snipRef seq.Arg
}

// replaceRef replaces every use of result r of statement p with rep,
// inserts rep's snippet before p, and drops the statements that thereby
// became unused (p itself, if no other result of it is used, and its
// now-unused producers: Randoop's steps (a), (b) and (d) of §6.1). It
// returns the new sequence, the new index of target, and the new index of
// the statement that followed p (the length of the sequence when p was
// last), from which the caller continues its backward scan.
func replaceRef(s *seq.Seq, p, r int, rep replacement, target int) (*seq.Seq, int, int, bool) {
	n := len(s.Stmts)
	usedBefore := s.Uses()
	mid := &seq.Seq{Stmts: make([]seq.Stmt, 0, n+len(rep.snip))}
	idx := make([]int, n+1)
	var usedMid []bool
	off := -1
	for i := 0; i <= n; i++ {
		if i == p {
			off = len(mid.Stmts)
			for _, st := range rep.snip {
				args := make([]seq.Arg, len(st.Args))
				for j, a := range st.Args {
					if !a.IsLit {
						a.Stmt += off
					}
					args[j] = a
				}
				mid.Stmts = append(mid.Stmts, seq.Stmt{Op: st.Op, Args: args, Repeat: st.Repeat})
				// New statements are not "producers that became unused":
				// whatever the snippet makes stays.
				usedMid = append(usedMid, false)
			}
		}
		idx[i] = len(mid.Stmts)
		if i == n {
			break
		}
		st := s.Stmts[i]
		args := make([]seq.Arg, len(st.Args))
		for j, a := range st.Args {
			switch {
			case a.IsLit:
			case a.Stmt == p && a.Result == r:
				switch {
				case rep.lit != nil:
					a = seq.LitArg(*rep.lit)
				case rep.ref != nil:
					if rep.ref.Stmt >= i {
						return nil, 0, 0, false // would refer forwards
					}
					a = seq.Ref(idx[rep.ref.Stmt], rep.ref.Result)
				default:
					a = seq.Ref(off+rep.snipRef.Stmt, rep.snipRef.Result)
				}
			default:
				a.Stmt = idx[a.Stmt]
			}
			args[j] = a
		}
		mid.Stmts = append(mid.Stmts, seq.Stmt{Op: st.Op, Args: args, Repeat: st.Repeat})
		usedMid = append(usedMid, usedBefore[i])
	}
	drop := make([]bool, len(mid.Stmts))
	dropDead(mid, drop, usedMid, idx[target])
	out, after, ok := removeStmts(mid, drop)
	if !ok {
		return nil, 0, 0, false
	}
	next := len(out.Stmts)
	if p+1 < n {
		next = after[idx[p+1]]
	}
	return out, after[idx[target]], next, true
}

// size is the measure every accepted edit of the first two phases must
// decrease, which is what makes minimization terminate: fewer statements
// first, then fewer references between them (a reference replaced by a
// literal is one less variable for the reader).
type size struct{ stmts, refs int }

func sizeOf(s *seq.Seq) size {
	z := size{stmts: len(s.Stmts)}
	for _, st := range s.Stmts {
		for _, a := range st.Args {
			if !a.IsLit {
				z.refs++
			}
		}
	}
	return z
}

func (a size) less(b size) bool {
	if a.stmts != b.stmts {
		return a.stmts < b.stmts
	}
	return a.refs < b.refs
}

// valid reports whether every reference of s points to an earlier
// statement; the minimizer only builds valid sequences, and tests check it.
func valid(s *seq.Seq) bool {
	for i, st := range s.Stmts {
		for _, a := range st.Args {
			if !a.IsLit && (a.Stmt < 0 || a.Stmt >= i || a.Result < 0) {
				return false
			}
		}
	}
	return true
}
