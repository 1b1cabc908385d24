package oracle

import (
	"math"
	"slices"
	"sync"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
)

// binaryChecked runs the judge's sequences on the executor and again on
// differently built copies of it (JudgeOptions.Variants), and marks what
// the copies saw differently as depending on the binary: code that reads
// its own executable (protobuf's internal/detrand hashes the file's size
// and samples of its content to pick the space after "proto:" in every
// error message) returns one value in the executor, another under go test
// and a third under go test -cover. A repeated run in one process cannot
// see that, and verification's two builds let it through one time in
// four. Such a value is marked Unstable, so it is never asserted (its nil
// check stays when every binary agreed on it); a statement that ran
// normally here and not in a copy counts as a panic, so Judge treats it
// as it treats one that panicked (a target: no test; an observer: taken
// out). Only the judge's runs are replayed, not the search's.
//
// The copies are also fresh processes, which lets one of them check for a
// second kind of value the written test cannot rely on: one that depends
// on what ran before it in the same process. uuid.NodeInterface() returns
// the name of the network interface that the first NodeID or NewUUID call
// picked, and "" before any did; the executor, which ran the whole search,
// sees "ifb0", and so does a copy that runs the sequences in their order
// when one that calls NodeID comes first. Under go test -shuffle the test
// runs first now and then, and fails. So the second copy runs the
// sequences that call an operation that may write package state
// (writesState) after all the others, in their order: every sequence that
// writes none sees the package as no sequence of the run left it, and a
// value it sees differently there than in the executor depends on the
// order of the tests.
type binaryChecked struct {
	inner    executor.Runner
	variants []executor.Runner
	// writesState reports whether a sequence calls an operation that may
	// change package-level state; nil: the copies run in the given order.
	writesState func(q *rt.Request) bool
}

// orderedCopy is the copy (an index into variants) that runs the
// sequences that write package state last.
const orderedCopy = 1

// writersLast returns the order in which orderedCopy runs seqs: those
// writesState says write package state after the others, each group in its
// given order.
func (b binaryChecked) writersLast(seqs []rt.Request) []int {
	order := make([]int, 0, len(seqs))
	var writers []int
	for i := range seqs {
		if b.writesState(&seqs[i]) {
			writers = append(writers, i)
		} else {
			order = append(order, i)
		}
	}
	return append(order, writers...)
}

// Run implements executor.Runner.
func (b binaryChecked) Run(seqs []rt.Request) []executor.Outcome {
	outs := b.inner.Run(seqs)
	// The copies need the value trees (an error's message is not in its
	// structural hash), not the in-process repeat or the purity check:
	// those the primary run did.
	reqs := make([]rt.Request, len(seqs))
	for i, q := range seqs {
		reqs[i] = q
		reqs[i].Flags = q.Flags &^ (rt.FlagRepeat | rt.FlagCheckPurity)
	}
	// One executor per copy, all at once: n copies cost about one run's
	// wall time on n cores. The marks are applied in the copies' order
	// afterwards, so scheduling decides nothing.
	vouts := make([][]executor.Outcome, len(b.variants))
	var wg sync.WaitGroup
	for n, v := range b.variants {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if n != orderedCopy || b.writesState == nil {
				vouts[n] = v.Run(slices.Clone(reqs))
				return
			}
			order := b.writersLast(reqs)
			permuted := make([]rt.Request, len(order))
			for k, i := range order {
				permuted[k] = reqs[i]
			}
			pouts := v.Run(permuted)
			vouts[n] = make([]executor.Outcome, len(reqs))
			for k, i := range order {
				if k < len(pouts) {
					vouts[n][i] = pouts[k]
				}
			}
		}()
	}
	wg.Wait()
	for _, vo := range vouts {
		for i := range outs {
			if i < len(vo) {
				markBinaryDependent(outs[i].Result, vo[i].Result)
			}
		}
	}
	return outs
}

// markBinaryDependent marks in r, the result of the executor, what other,
// the result of the same sequence on a differently built copy, saw
// differently. A copy that gave no result (it crashed or timed out) says
// nothing.
func markBinaryDependent(r, other *rt.Result) {
	if r == nil || other == nil {
		return
	}
	for k := range r.Stmts {
		sr := r.Stmt(k)
		if sr.Outcome != rt.OutNormal {
			return // nothing after it is judged
		}
		if k >= len(other.Stmts) || other.Stmts[k].Outcome != rt.OutNormal {
			// Normal here, not there: what follows is judged as after a
			// panic (cut off), never asserted.
			sr.Outcome = rt.OutPanic
			sr.SetNote(rt.StmtNote{PanicMsg: "outcome depends on the binary or on what ran before"})
			sr.SetValues(nil)
			for k2 := k + 1; k2 < len(r.Stmts); k2++ {
				r.Stmts[k2] = rt.StmtResult{Outcome: rt.OutSkipped}
			}
			return
		}
		osr := other.Stmt(k)
		ov := osr.Values()
		for j := range sr.Values() {
			v := &sr.Values()[j]
			if v.Unstable {
				// Set aside already (by the repeat, or the steady mask),
				// but an error's message may still be checked when its
				// only taint is a stack trace it carries (Assertions): a
				// message the copy saw otherwise marks it as varying.
				if at := sr.Tree(j); at != nil && at.Kind == rt.TError && !at.Varies {
					var bt *rt.Tree
					if j < len(ov) {
						bt = osr.Tree(j)
					}
					if bt == nil || bt.Kind != rt.TError || bt.S != at.S {
						t := *at
						t.Varies = true
						sr.SetTree(j, &t)
					}
				}
				continue
			}
			switch {
			case j < len(ov) && sameValue(v, sr.Tree(j), &ov[j], osr.Tree(j)):
			case j < len(ov) && sameError(v, sr.Tree(j), &ov[j], osr.Tree(j)):
				// An error in both, matching the same sentinels, told
				// apart by its message (detrand's "proto:" space): that
				// there is one, and which sentinels it is, can still be
				// asserted; the message cannot, nor fields that differ.
				t := *sr.Tree(j)
				t.Varies = true
				if !sameTrees(t.Elems, osr.Tree(j).Elems) {
					t.Elems = nil
				}
				sr.SetTree(j, &t)
			default:
				v.Unstable = true
			}
		}
	}
}

// sameValue reports whether two runs' summaries of a value agree: nil-ness,
// run-time type, structural hash and, when both have one, the tree (which
// holds what the hash does not: an error's message, a String result).
func sameValue(a *rt.Value, at *rt.Tree, b *rt.Value, bt *rt.Tree) bool {
	if a.Nil != b.Nil || a.Type != b.Type || a.Hash != b.Hash {
		return false
	}
	if at == nil || bt == nil {
		return true
	}
	return sameTree(at, bt)
}

// sameError reports whether two runs' summaries are both a non-nil error
// of the same run-time type matching the same sentinels.
func sameError(a *rt.Value, at *rt.Tree, b *rt.Value, bt *rt.Tree) bool {
	if a.Nil || b.Nil || a.Type != b.Type || at == nil || bt == nil ||
		at.Kind != rt.TError || bt.Kind != rt.TError || at.Type != bt.Type {
		return false
	}
	return slices.Equal(at.Is, bt.Is)
}

func sameTrees(a, b []rt.Tree) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameTree(&a[i], &b[i]) {
			return false
		}
	}
	return true
}

// sameTree compares two value trees field by field; floats by their bits,
// so that a NaN equals itself (whatever its payload: a test checks it with
// math.IsNaN) and -0 differs from +0 (the test checks the sign).
func sameTree(a, b *rt.Tree) bool {
	if a.Kind != b.Kind || a.Type != b.Type || a.Named != b.Named || a.Exported != b.Exported ||
		a.B != b.B || a.I != b.I || a.U != b.U || a.S != b.S || a.Truncated != b.Truncated ||
		!sameFloat(a.F, b.F) || !sameFloat(a.Imag, b.Imag) ||
		len(a.Elems) != len(b.Elems) || len(a.Fields) != len(b.Fields) || len(a.Is) != len(b.Is) {
		return false
	}
	if a.Varies != b.Varies {
		return false
	}
	for i := range a.Fields {
		if a.Fields[i] != b.Fields[i] {
			return false
		}
	}
	for i := range a.Is {
		if a.Is[i] != b.Is[i] {
			return false
		}
	}
	for i := range a.Elems {
		if !sameTree(&a.Elems[i], &b.Elems[i]) {
			return false
		}
	}
	return true
}

// sameFloat reports whether two floats are the same result as a test sees
// it: equal bits, or both NaN.
func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || a != a && b != b
}
