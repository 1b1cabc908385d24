package search

import (
	"time"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// Stats counts what the search did.
type Stats struct {
	Generated, Executed, Normal, Illegal, Redundant, Crashed int
	Elapsed                                                  time.Duration
	// Climbs counts the local searches started on stalled branches,
	// ClimbsCovered those that covered their branch.
	Climbs, ClimbsCovered int
	// Sentences counts the inputs the sentence search proposed to
	// parse-like operations (parse.go), SentencesAccepted those the
	// parser accepted.
	Sentences, SentencesAccepted int
	// SharedWrites counts the sequences left unrun because they would
	// write package state through a package singleton (model.SharedWrite).
	SharedWrites int
	// AttributionRuns counts the executions that attributed crashes to
	// statements (attribute.go), CrashesDropped the revealing crashes that
	// did not reproduce alone or were past the attribution bound.
	AttributionRuns, CrashesDropped int
	// Templates counts the sequences built from EvoObj templates
	// (template.go).
	Templates int
	// CostlySkipped counts the sequences left unrun because they repeat
	// a self-wiring that cost a timeout (costly.go).
	CostlySkipped int
	// Hangs counts the sequences whose call ran until its limit,
	// HangSkipped those left unrun for making a call that hung before
	// with the same construction, HangExplored those run anyway to
	// explore one (hang.go).
	Hangs, HangSkipped, HangExplored int
	// Infected counts the mutants clean runs infected (with weak
	// mutation off too), Outputs the output classes, Exceptions the
	// panics and errors, Methods the operations returning normally: the
	// goals of smart selection's criteria beyond branches (goals.go)
	// covered so far.
	Infected, Outputs, Exceptions, Methods int
}

// Archive is what a search keeps for the stages after it: the corpus (the
// clean runs that were first to cover something, each with its target
// statement, DynaMOSA's archive too), the revealing failures, a few per
// kind and site, and the counts of what the search did.
type Archive struct {
	Corpus []*corpus.Entry
	// Failures are the revealing failures, a few per kind and site.
	Failures []*corpus.Failure
	Stats    Stats

	failKeys map[string]int
	// covered holds the blocks and branch sides (branchItem) the corpus
	// covers: a subset of the search's coverage, which also counts what
	// runs that panicked reached (see archive). coveredPanic holds what
	// the corpus's entries whose call panics as documented cover: apart,
	// so that a clean run is still kept for it.
	covered, coveredPanic map[int64]bool
	// mutants says infected mutants are goals of the archive too (weak
	// mutation is on and the build has mutants).
	mutants bool
}

func newArchive() Archive {
	return Archive{failKeys: map[string]int{}, covered: map[int64]bool{}, coveredPanic: map[int64]bool{}}
}

// maxFailuresPerKey bounds the failures kept per kind and site: the
// oracle reports one finding per key, and a long search must not keep
// every failing sequence with its result.
const maxFailuresPerKey = 3

// fail records a revealing or candidate failure (corpus.Failure.Candidate),
// a few per kind and site; the others (illegal inputs) are only counted.
func (a *Archive) fail(prog *model.Program, f *corpus.Failure) {
	if !f.Revealing && !f.Candidate {
		return
	}
	key := f.Kind + " " + prog.Ops[f.Seq.Stmts[f.Seq.Len()-1].Op].FullName()
	if f.Result != nil {
		key = f.Kind + " " + f.Result.Stmt(f.Seq.Len()-1).PanicSite()
	}
	if a.failKeys[key] >= maxFailuresPerKey {
		return
	}
	a.failKeys[key]++
	a.Failures = append(a.Failures, f)
}

// archive adds a clean run's blocks and branch sides to what the corpus
// covers and returns how many were new to it. The search's own coverage
// (coverage.add) also counts runs whose last call panicked, which are no
// test: a block such a run reached first earned the clean run that
// reached it later nothing, so no test kept it (issue 17: keyedtree's
// rebalancing after a removal, reached first by a removal whose
// comparator panicked on a key of another kind; semver's pre-release
// comparison). Keeping such a run as well costs a corpus entry, and the
// entries that earned new coverage are exactly those kept before.
func (a *Archive) archive(res *rt.Result) int { return archiveInto(a.covered, res, a.mutants) }

// archivePanic is archive for the runs whose last call panicked as its
// documentation says it may.
func (a *Archive) archivePanic(res *rt.Result) int {
	return archiveInto(a.coveredPanic, res, a.mutants)
}

// archiveInto adds res's blocks, branch sides and, with mutants, infected
// mutants to archived and returns how many were new.
func archiveInto(archived map[int64]bool, res *rt.Result, mutants bool) int {
	n := 0
	add := func(x int64) {
		if !archived[x] {
			archived[x] = true
			n++
		}
	}
	for _, b := range res.Blocks {
		add(int64(b))
	}
	for _, c := range res.Conds {
		if c.NTrue > 0 {
			add(branchItem | int64(2*c.ID))
		}
		if c.NFalse > 0 {
			add(branchItem | int64(2*c.ID+1))
		}
	}
	if mutants {
		for _, m := range res.Infected {
			add(mutantItem | int64(m))
		}
	}
	return n
}

// branchItem marks a branch side among archive's items, mutantItem an
// infected mutant (blocks are the others).
const (
	branchItem = int64(1) << 40
	mutantItem = int64(1) << 41
)

// coverage is what the search has covered, clean runs and runs whose last
// call panicked alike: the service the components read to know what is
// left (bloodhound's weights, the climbs' goals, DynaMOSA's goals, the
// templates' open branches).
// eachOpenSide calls f with every branch side of res's conditions that
// cov has not covered yet (2*cond for true, +1 for false) and res's
// distance to it: the goals local search and DSE keep their closest
// sequences for.
func (cov *coverage) eachOpenSide(res *rt.Result, f func(branch int32, dist float64)) {
	for _, c := range res.Conds {
		for side := int32(0); side < 2; side++ {
			b := 2*c.ID + side
			if cov.branches[b] {
				continue
			}
			dist := c.DistTrue
			if side == 1 {
				dist = c.DistFalse
			}
			f(b, dist)
		}
	}
}

type coverage struct {
	blocks   map[int32]bool
	branches map[int32]bool // 2*cond + 0 for true, +1 for false
	mutants  map[int32]bool // infected mutants, when the build has mutants
}

func newCoverage() *coverage {
	return &coverage{blocks: map[int32]bool{}, branches: map[int32]bool{}, mutants: map[int32]bool{}}
}

// addInfected adds the mutants res infected and returns how many were new.
// It is apart from add, whose count is of blocks and branch sides
// (corpus.Entry.NewCov).
func (c *coverage) addInfected(res *rt.Result) int {
	n := 0
	for _, m := range res.Infected {
		if !c.mutants[m] {
			c.mutants[m] = true
			n++
		}
	}
	return n
}

// add adds res's blocks and branch sides and returns how many were new.
func (c *coverage) add(res *rt.Result) int {
	n := 0
	for _, b := range res.Blocks {
		if !c.blocks[b] {
			c.blocks[b] = true
			n++
		}
	}
	for _, k := range res.Conds {
		if k.NTrue > 0 && !c.branches[2*k.ID] {
			c.branches[2*k.ID] = true
			n++
		}
		if k.NFalse > 0 && !c.branches[2*k.ID+1] {
			c.branches[2*k.ID+1] = true
			n++
		}
	}
	return n
}
