package oracle

// The goals of a case are those of the test the file holds. The emitter
// writes a value that a pure call before the target built as a literal and
// leaves the call out (emit's inlined: uuid's UnmarshalBinary of the bytes
// UUID{}.MarshalBinary returned is written as UnmarshalBinary of those
// bytes), so the blocks of that call, and the mutants in it the case's
// checks told apart, are no goals the written test meets. Counted as the
// case's, they let suite reduction leave out the tests that do call it:
// google/uuid's file lost MarshalBinary, NullUUID.MarshalJSON and URN
// (a coverage point) and kills with the prime cover (issue 30).

import (
	"slices"
	"time"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/minimize"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// writtenForm is a judged case as the emitter writes it: its sequence and
// target, the run of that sequence, and the assertions the test makes
// (indices into that sequence).
type writtenForm struct {
	judged
	asserts []Assertion
}

// writtenForms returns each case's written form (opts.Written), and where
// it differs from the judged sequence makes the case's reduction goals
// that form's: its blocks are those a run of the written sequence covers,
// and of its kills those stay that the written test still makes (a mutant
// the written run does not infect is not killed by it; one it infects is
// run again, on the written sequence with the written checks). A kill by
// timeout the written run still infects stands without a run (each costs
// a call limit), as does one the deadline left unrun. The written forms
// are what confirmKills runs. Without opts.Written, or for a case written
// as judged, the form is the judged case and nothing is run.
func (j *Judgement) writtenForms(prog *model.Program, plain executor.Runner, items []judged, opts JudgeOptions) []writtenForm {
	forms := make([]writtenForm, len(items))
	var reqs []rt.Request
	var which []int // reqs' case
	for n, it := range items {
		c := j.Cases[n]
		forms[n] = writtenForm{judged: it, asserts: writtenAssertions(c.Asserts, c.Target)}
		if opts.Written == nil || len(items) != len(j.Cases) {
			continue
		}
		w := opts.Written(c)
		if w == nil || w.Target == c.Target && seqEqual(w.Seq, c.Seq) {
			continue
		}
		forms[n].e = &corpus.Entry{Seq: w.Seq, Target: w.Target}
		forms[n].asserts = writtenAssertions(w.Asserts, w.Target)
		reqs = append(reqs, judgeRequest(prog, w.Seq, uint64(len(reqs))))
		which = append(which, n)
	}
	if len(reqs) == 0 {
		return forms
	}
	var kreqs []rt.Request
	var kpairs [][2]int // case, mutant
	for k, out := range plain.Run(reqs) {
		n := which[k]
		forms[n].o = out
		var res *rt.Result
		if out.Crash == nil {
			res = out.Result
		}
		cover := minimize.CoverageOf(res)
		j.Cases[n].Blocks = blocksOnly(cover)
		if opts.Mutants > 0 {
			cover = blocksOnly(cover)
		}
		j.Cands[n].Cover = cover
		v := j.Cases[n].Mutation
		if v == nil || len(v.Killed) == 0 {
			continue
		}
		var infects []int32
		if res != nil && ranToTarget(forms[n].e, out) {
			infects = validMutants(res.Infected, opts.Mutants)
		}
		var keep []int32
		for _, m := range v.Killed {
			switch {
			case !slices.Contains(infects, m):
				// Not reached by the written test: not its kill.
			case slices.Contains(v.ByTimeout, m):
				keep = append(keep, m)
			default:
				q := forms[n].e.Seq.Wire(uint64(len(kreqs)), rt.FlagDetail)
				q.Mutant = m
				kreqs = append(kreqs, q)
				kpairs = append(kpairs, [2]int{n, int(m)})
			}
		}
		v.Killed = keep
	}
	var kouts []executor.Outcome
	if dr, ok := plain.(executor.DeadlineRunner); ok && !opts.MutantDeadline.IsZero() && len(kreqs) > 0 {
		if time.Now().Before(opts.MutantDeadline) {
			kouts = dr.RunUntil(kreqs, opts.MutantDeadline)
		} else {
			kouts = make([]executor.Outcome, len(kreqs))
			for k := range kouts {
				kouts[k].Unrun = true
			}
		}
	} else if len(kreqs) > 0 {
		kouts = plain.Run(kreqs)
	}
	for k, out := range kouts {
		n, m := kpairs[k][0], int32(kpairs[k][1])
		scratch := &CaseMutation{ByAssert: map[seq.ValueID][]int32{}}
		told := recordKill(scratch, forms[n].judged, forms[n].asserts, j.Cases[n].PanicMsg, m, out)
		if !told || len(scratch.Killed) > 0 {
			// Killed on the written form, or not run by the deadline:
			// an unconfirmed kill stands (a test kept, not a kill lost).
			v := j.Cases[n].Mutation
			v.Killed = insertSorted(v.Killed, m)
		}
	}
	for _, n := range which {
		if v := j.Cases[n].Mutation; v != nil {
			v.ByTimeout = slices.DeleteFunc(v.ByTimeout, func(m int32) bool { return !slices.Contains(v.Killed, m) })
			j.Cands[n].Kills = v.Killed
		}
	}
	return forms
}
