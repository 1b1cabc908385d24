package minimize

import (
	"slices"

	"github.com/gentest-go/gentest/internal/seq"
)

// counts shortens loops (seq.Stmt.Repeat, issue 34): a test that fills a
// tree to its split needs 65 inserts, not the 255 the search happened to
// try. Each loop's count is tried at a spread of smaller values in one
// batch, the smallest the oracle keeps wins, and the loop is tried again
// from there until no smaller count keeps what the test covers.
func (m *minimizer) counts() {
	for i := 0; i < len(m.cur.Stmts) && !m.spent(); i++ {
		for !m.spent() && m.cur.Stmts[i].Repeat > 1 {
			n := m.cur.Stmts[i].Repeat
			var cands []Trial
			for _, k := range smallerCounts(n) {
				c := m.cur.Clone()
				c.Stmts[i].Repeat = k
				cands = append(cands, Trial{Seq: c, Target: m.target})
			}
			if m.try(cands) < 0 {
				break
			}
		}
	}
}

// smallerCounts are the counts below n tried in one batch, ascending: one
// call, fractions of n that halve the distance to the threshold each
// round, and n-1.
func smallerCounts(n int) []int {
	var out []int
	for _, k := range []int{1, n / 8, n / 4, n / 2, n - n/4, n - n/8, n - n/16, n - 1} {
		if k >= 1 && k < n && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// indexedLit is the argument l replacing literal argument a: a loop's
// index argument stays one while l's kind can take the index.
func indexedLit(a seq.Arg, l seq.Lit) seq.Arg {
	out := seq.LitArg(l)
	out.Index = a.Index && seq.Indexable(l.Kind)
	return out
}
