package minimize

import (
	"testing"

	"github.com/gentest-go/gentest/internal/seq"
)

// A loop keeps the smallest count that keeps what the test covers (here:
// at least 65 calls, a split at 64 entries), and its index argument stays
// one while its literal shrinks.
func TestCountsShrinkToThreshold(t *testing.T) {
	prog, ids := testProgram(t)
	s := &seq.Seq{Stmts: []seq.Stmt{
		{Op: ids["NewBox"], Args: []seq.Arg{seq.LitArg(seq.Lit{Kind: seq.LitInt, I: 1})}},
		{Op: ids["Box.Set"], Repeat: 255, Args: []seq.Arg{seq.Ref(0, 0), {IsLit: true, Lit: seq.Lit{Kind: seq.LitInt, I: 40}, Index: true}}},
		{Op: ids["Box.Get"], Args: []seq.Arg{seq.Ref(0, 0)}},
	}}
	keep := func(trials []Trial) []bool {
		ok := make([]bool, len(trials))
		for i, tr := range trials {
			for _, st := range tr.Seq.Stmts {
				if st.Op == ids["Box.Set"] && st.Repeat >= 65 && st.Args[1].Index {
					ok[i] = true
				}
			}
		}
		return ok
	}
	got, _ := Minimize(prog, s, 2, keep)
	if n := got.Stmts[1].Repeat; n != 65 {
		t.Errorf("count %d, want 65: %s", n, got.Key())
	}
	if a := got.Stmts[1].Args[1]; !a.Index || a.Lit.I != 0 {
		t.Errorf("index argument %+v, want the index from 0", a)
	}
}

func TestSmallerCounts(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want []int
	}{{2, []int{1}}, {3, []int{1, 2}}, {64, []int{1, 8, 16, 32, 48, 56, 60, 63}}} {
		got := smallerCounts(tc.n)
		if len(got) != len(tc.want) {
			t.Errorf("smallerCounts(%d) = %v, want %v", tc.n, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("smallerCounts(%d) = %v, want %v", tc.n, got, tc.want)
				break
			}
		}
	}
}
