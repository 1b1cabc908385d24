package oracle

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// A case's goals are those of the test the emitter writes. Case 0 is
// Twice(Twice(1)): judged, its inner call covers block 9 and its check
// kills mutant 5 there; the emitter writes it as Twice(2) (the inner
// call's value inlined, JudgeOptions.Written), which covers block 7 only.
// Case 1, Twice(4), covers block 9 and kills 5. Counted on the judged
// sequence, case 0 holds all of case 1's goals and the reduction wrote
// case 0 alone: the file lost block 9 and the kill (google/uuid's
// MarshalBinary, issue 30). Where the written form still covers 9 and
// kills 5, case 0 alone is enough, and its kill, run again on the written
// form, stands.
func TestReducedByWrittenForm(t *testing.T) {
	prog := testProgram(t)
	twice := modeltest.Op(t, prog, "Twice")
	entries := func() []*corpus.Entry {
		return []*corpus.Entry{
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(1)), modeltest.Call(twice, seq.Ref(0, 0))), Target: 1},
			{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(4))), Target: 0},
		}
	}
	// written inlines the inner call of a two-call case as the literal 2.
	written := func(c *Case) *Case {
		if c.Seq.Len() != 2 {
			return c
		}
		w := *c
		w.Seq, w.Target, w.Asserts = modeltest.Seq(modeltest.Call(twice, modeltest.Int(2))), 0, nil
		for _, a := range c.Asserts {
			if a.Stmt == 1 {
				a.Stmt = 0
				w.Asserts = append(w.Asserts, a)
			}
		}
		return &w
	}
	for _, tc := range []struct {
		name string
		// inlinedReaches: the written form Twice(2) covers block 9
		// and kills mutant 5 as the judged sequence did.
		inlinedReaches bool
		written        func(*Case) *Case
		want           []string
	}{
		{"as judged", false, nil, []string{"0 [5]"}}, // the defect: what the file would lose
		{"written form", false, written, []string{"0 []", "1 [5]"}},
		{"written form reaches 9", true, written, []string{"0 [5]"}},
	} {
		f := fakeRunner(prog, nil)
		f.Edit = func(q rt.Request, out *executor.Outcome) {
			var reaches bool // the run calls what covers 9 and infects 5
			switch {
			case len(q.Stmts) == 2:
				reaches = true
				out.Result.Blocks = []int32{7, 9}
			case q.Stmts[0].Args[0].Lit.I == 4:
				reaches = true
				out.Result.Blocks = []int32{9}
			default: // Twice(2), the written form of case 0
				reaches = tc.inlinedReaches
				out.Result.Blocks = []int32{7}
				if reaches {
					out.Result.Blocks = []int32{7, 9}
				}
			}
			switch {
			case q.Mutant == 0 && reaches:
				out.Result.Infected = []int32{5}
			case q.Mutant == 5 && reaches:
				last := len(q.Stmts) - 1
				setVal(out.Result, last, 0, tv{Hash: 98, Tree: &rt.Tree{Kind: rt.TInt, I: 98}})
			}
		}
		j := Judge(prog, f, entries(), JudgeOptions{Mutants: 6, Written: tc.written})
		var got []string
		for _, c := range j.Reduced() {
			got = append(got, fmt.Sprint(c.Key, " ", c.Mutation.Killed))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: reduced to %v, want %v", tc.name, got, tc.want)
		}
	}
}
