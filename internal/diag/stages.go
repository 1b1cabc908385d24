package diag

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/runner"
	"github.com/gentest-go/gentest/internal/seq"
	"github.com/gentest-go/gentest/internal/verify"
)

// Stages accounts, with GENTEST_STAGES=path, for the statements the
// search covered that the written file does not (issue 17): after each
// stage it runs the sequences that stage keeps on the executors, unwrapped
// (unsteady probes count), and writes to path how many statements they
// cover together and which blocks the stage lost against the one before.
// The stages: search (every sequence executed, the observer's view),
// corpus (the sequences the search kept), minimized, judged (the cases
// Judge made, observers added), reduced (suite reduction), verified (the
// cases in the file verification passed) and written (the file's go test
// profile). It changes no choice: it only runs extra sequences, after the
// stage whose output it measures, through the raw pool, whose runs no
// stage sees.
//
// A nil *Stages (GENTEST_STAGES unset) records nothing.
type Stages struct {
	pool  executor.Runner
	table *instrument.Table
	f     *os.File
	prev  []bool
	prevN string
	// hist holds every stage recorded, for the attribution at the end.
	hist []stageCov
	// judged are the judged cases and the blocks of each, for saying
	// which of them covered what the reduction lost.
	judged       []*oracle.Case
	judgedBlocks [][]int32
}

type stageCov struct {
	name    string
	covered []bool
}

// OpenStages opens the log named by GENTEST_STAGES for the package pkg,
// whose sequences run on pool; nil when the variable is unset. The pool
// must stay open until Verified.
func OpenStages(pkg string, pool executor.Runner, table *instrument.Table) (*Stages, error) {
	path := os.Getenv("GENTEST_STAGES")
	if path == "" {
		return nil, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("opening the stage log of %s: %w", pkg, err)
	}
	fmt.Fprintf(f, "package %s\n", pkg)
	return &Stages{pool: pool, table: table, f: f}, nil
}

// Close closes the log.
func (s *Stages) Close() {
	if s != nil {
		s.f.Close()
	}
}

// Searched records the search: every block the observer saw (unsteady
// probes included), the corpus entries whose blocks a second run does not
// reproduce, and the corpus the search kept.
func (s *Stages) Searched(obs *runner.Observer, kept []*corpus.Entry) {
	if s == nil {
		return
	}
	s.record("search", obs.Covered(), nil)
	s.reproduce(kept)
	s.seqs("corpus", entries(kept), obs.PanicNote)
}

// Minimized records the corpus after minimization.
func (s *Stages) Minimized(kept []*corpus.Entry) { s.seqs("minimized", entries(kept), nil) }

// Judged records the cases the judge made.
func (s *Stages) Judged(judged []*oracle.Case) {
	if s == nil {
		return
	}
	s.judged, s.judgedBlocks = judged, s.seqs("judged", cases(judged), nil)
}

// Reduced records the cases suite reduction kept, and for each block
// lost, up to three judged cases that covered it.
func (s *Stages) Reduced(reduced []*oracle.Case) {
	s.seqs("reduced", cases(reduced), func(b int) string {
		// Which judged cases covered it, for what the reduction left.
		var who []string
		for i, c := range s.judged {
			if slices.Contains(s.judgedBlocks[i], int32(b)) && len(who) < 3 {
				who = append(who, fmt.Sprintf("case %d (%d calls, panics=%v)", c.Key, c.Seq.Len(), c.Panics))
			}
		}
		return fmt.Sprint(who)
	})
}

// Verified records the coverage of the reduced cases the written file
// kept, and for each block lost, why the cases that covered it are not in
// the file: dropped by verification (with the reason) or never written
// (emit skipped it).
func (s *Stages) Verified(reduced []*oracle.Case, written map[int]bool, dropped []verify.Dropped) {
	if s == nil {
		return
	}
	_, each := s.blocksOf(cases(reduced))
	covered := make([]bool, len(s.table.Blocks))
	why := map[int32][]string{}
	reason := map[int]string{}
	for _, d := range dropped {
		reason[d.Key] = d.Test + ": " + d.Reason
	}
	for i, c := range reduced {
		for _, b := range each[i] {
			if written[c.Key] {
				covered[b] = true
				continue
			}
			r := reason[c.Key]
			if r == "" {
				r = fmt.Sprintf("case %d not rendered", c.Key)
			}
			if len(why[b]) < 2 {
				why[b] = append(why[b], r)
			}
		}
	}
	s.record("verified", covered, func(b int) string {
		return fmt.Sprintf("%q", why[int32(b)])
	})
}

// Written records the blocks the written file's profile covers (final;
// nil when there was none), then writes the attribution of what each
// stage lost for good.
func (s *Stages) Written(final []bool) {
	if s == nil {
		return
	}
	if final != nil {
		s.record("written", final, nil)
	}
	s.attribute()
}

// record writes stage's coverage and the blocks it lost against the
// stage before, each with note(block) when note is set.
func (s *Stages) record(stage string, covered []bool, note func(b int) string) {
	if s == nil {
		return
	}
	n, total := 0, 0
	for i, b := range s.table.Blocks {
		total += b.NumStmt
		if covered[i] {
			n += b.NumStmt
		}
	}
	fmt.Fprintf(s.f, "stage %-10s %4d/%d statements %.1f%%\n", stage, n, total, 100*float64(n)/float64(max(total, 1)))
	for i, b := range s.table.Blocks {
		if s.prev == nil || !s.prev[i] || covered[i] {
			continue
		}
		extra := ""
		if note != nil {
			extra = " " + note(i)
		}
		fmt.Fprintf(s.f, "  lost %s->%s %s:%d %s stmts=%d unsteady=%d%s\n", s.prevN, stage,
			filepath.Base(b.File), b.StartLine, b.Func, b.NumStmt, b.Unsteady, extra)
	}
	for i, b := range s.table.Blocks {
		if s.prev != nil && !s.prev[i] && covered[i] {
			fmt.Fprintf(s.f, "  gained %s->%s %s:%d %s stmts=%d\n", s.prevN, stage, filepath.Base(b.File), b.StartLine, b.Func, b.NumStmt)
		}
	}
	s.prev, s.prevN = covered, stage
	s.hist = append(s.hist, stageCov{stage, covered})
}

// seqs records the coverage of a stage's sequences and returns the
// blocks of each.
func (s *Stages) seqs(stage string, qs []*seq.Seq, note func(b int) string) [][]int32 {
	if s == nil {
		return nil
	}
	covered, each := s.blocksOf(qs)
	s.record(stage, covered, note)
	return each
}

// blocksOf runs seqs and returns the blocks they cover together, and
// the blocks of each.
func (s *Stages) blocksOf(seqs []*seq.Seq) ([]bool, [][]int32) {
	covered := make([]bool, len(s.table.Blocks))
	reqs := make([]rt.Request, len(seqs))
	for i, q := range seqs {
		reqs[i] = q.Wire(uint64(1<<40+i), 0)
	}
	each := make([][]int32, len(seqs))
	for i, out := range s.pool.Run(reqs) {
		if out.Result == nil {
			continue
		}
		for _, b := range out.Result.Blocks {
			if b >= 0 && int(b) < len(covered) {
				covered[b] = true
				each[i] = append(each[i], b)
			}
		}
	}
	return covered, each
}

// reproduce writes the corpus entries whose blocks, run again, differ
// from those their search run recorded.
func (s *Stages) reproduce(corpus []*corpus.Entry) {
	_, each := s.blocksOf(entries(corpus))
	for i, e := range corpus {
		if e.Result == nil {
			continue
		}
		was := map[int32]bool{}
		for _, b := range e.Result.Blocks {
			was[b] = true
		}
		for _, b := range each[i] {
			delete(was, b)
		}
		for b := range was {
			blk := s.table.Blocks[b]
			fmt.Fprintf(s.f, "  unreproduced corpus[%d] %s:%d %s (%d stmts of %s)\n", i, filepath.Base(blk.File), blk.StartLine, blk.Func, e.Seq.Len(), "entry")
		}
	}
}

// attribute writes, per stage, the statements the first stage covered
// and the last does not that this stage lost for good: the block was
// covered before it and in no stage after.
func (s *Stages) attribute() {
	if s == nil || len(s.hist) < 2 {
		return
	}
	lost := make([]int, len(s.hist))
	first, last := s.hist[0].covered, s.hist[len(s.hist)-1].covered
	for b, blk := range s.table.Blocks {
		if !first[b] || last[b] {
			continue
		}
		k := len(s.hist) - 1
		for !s.hist[k-1].covered[b] {
			k--
		}
		lost[k] += blk.NumStmt
	}
	for k := 1; k < len(s.hist); k++ {
		fmt.Fprintf(s.f, "attribution %s->%s %d\n", s.hist[k-1].name, s.hist[k].name, lost[k])
	}
}

// entries, cases: the sequences of a stage's output.
func entries(es []*corpus.Entry) []*seq.Seq {
	out := make([]*seq.Seq, len(es))
	for i, e := range es {
		out[i] = e.Seq
	}
	return out
}

func cases(cs []*oracle.Case) []*seq.Seq {
	out := make([]*seq.Seq, len(cs))
	for i, c := range cs {
		out[i] = c.Seq
	}
	return out
}
