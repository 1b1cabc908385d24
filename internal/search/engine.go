package search

import (
	"go/types"
	"math/rand/v2"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Engine is the search: it owns the budget, the batches (batch.go) and the
// archive (archive.go), and runs the components that propose sequences
// (the random search, DynaMOSA, the climbs), veto them (the shared-write,
// costly-wiring and hang filters) and learn from what they did (doc.go).
// The components own their state; the engine holds them and the services
// they share.
type Engine struct {
	// Archive is what the search keeps for the later stages: the corpus,
	// the failures and the counts of what it did.
	Archive

	prog   *model.Program
	cfg    Config
	budget budget
	ids    requestIDs

	// The services the components are given. rng is the search's one
	// random stream: every component draws from it, and the order of the
	// draws decides everything a fixed seed and -execs reproduce.
	rng    *rand.Rand
	values *Values
	lits   *literals
	cov    *coverage
	gen    *generated

	// The components the engine itself calls; the others (EvoObj's
	// templates, bloodhound, the elephant brain) it only hands to them or
	// lists among the learners.
	ext    *extension    // Randoop's extension with GRT's components (extension.go)
	random *randomSearch // random.go
	dyna   *dynamosa     // dynamosa.go
	climbs *localSearch  // local.go
	dse    *dse          // dse.go, nil when off
	costly *costly       // costly.go
	hangs  *hangs        // hang.go
	attrib *attribution  // attribute.go
	// sentences grows inputs parse-like operations accept (parse.go);
	// nil when off or the package has none.
	sentences *sentenceSearch
	// wm is weak mutation (goals_mutant.go), nil when off or without
	// mutants; crit collects the output, method and exception goals
	// (goals.go).
	wm   *weakMutation
	crit *criteria
	// mutants says the build has mutants: the mutants runs infect are
	// counted (Stats.Infected) even with weak mutation off, for the
	// ablation.
	mutants bool

	// filters veto proposals before they run, in order; learners hear
	// every outcome, in order (outcome.go).
	filters  []filter
	learners []learner
	// tags routes each proposal in flight to the component that waits
	// for its outcome (a climb, DynaMOSA); the others are not in it.
	tags map[*seq.Seq]listener
}

// A proposer makes sequences: propose appends proposals to batch until it
// holds n or the proposer gives up, and returns it.
type proposer interface {
	propose(batch []proposal, n int) []proposal
}

// A proposal is a sequence and the component waiting for its outcome, if
// any.
type proposal struct {
	s  *seq.Seq
	by listener
}

// A listener waits for the outcomes of the sequences it proposed: ran with
// the result (nil after a crash) and whether every statement before the
// last ran normally, or unrun when the sequence will not run (a filter
// left it out, a hang in its batch skipped it, the budget ended first).
// Each proposal hears exactly one of the two.
type listener interface {
	ran(s *seq.Seq, res *rt.Result, clean bool)
	unrun(s *seq.Seq)
}

// A learner hears the outcome of every sequence that ran, whoever
// proposed it, after the engine has classified it (outcome.go).
type learner interface {
	learn(o *outcome)
}

// A filter vetoes a proposal before it runs; a filter that says no counts
// it in the stats.
type filter interface {
	keep(s *seq.Seq) bool
}

// New returns a search over prog.
func New(prog *model.Program, cfg Config) *Engine {
	if cfg.Batch <= 0 {
		cfg.Batch = 128
	}
	if cfg.MaxLen <= 0 {
		cfg.MaxLen = 40
	}
	if cfg.Engine == "" {
		cfg.Engine = DefaultEngine
	}
	e := &Engine{
		Archive: newArchive(),
		prog:    prog,
		cfg:     cfg,
		budget:  budget{maxExecs: cfg.MaxExecs, time: cfg.Budget},
		rng:     rand.New(rand.NewPCG(uint64(cfg.Seed), 0x9e3779b97f4a7c15)),
		values:  newValues(),
		cov:     newCoverage(),
		tags:    map[*seq.Seq]listener{},
	}
	for b, ok := range cfg.Covered {
		if ok {
			e.Archive.covered[int64(b)] = true
		}
	}
	stats := &e.Stats
	targets := targetsOf(prog)
	e.gen = &generated{seen: newRecentHashes(seenGeneration), stats: stats}
	e.costly = newCostly(prog, cfg.Constants, stats)
	e.hangs = newHangs(prog, e.rng, stats, &e.budget)
	e.lits = &literals{rng: e.rng, constants: cfg.Constants, fuzz: !cfg.NoImpurity, veto: e.costly}
	e.ext = newExtension(prog, e.rng, targets, e.values, e.lits, e.costly, e.hangs, cfg)
	tmpl := newTemplates(prog, e.rng, e.ext, e.lits, e.values, e.cov, cfg.Table, stats)
	var picker *targetPicker
	if !cfg.NoBloodhound {
		picker = newTargetPicker(targets, cfg.Code, e.rng, e.cov, stats)
	}
	loops := newLoopRand(cfg.Seed)
	e.random = &randomSearch{targets: targets, rng: e.rng, loops: loops, picker: picker, tmpl: tmpl, gen: e.gen, maxLen: cfg.MaxLen}
	e.dyna = &dynamosa{prog: prog, rng: e.rng, loops: loops, targets: targets, table: cfg.Table, maxLen: cfg.MaxLen, ext: e.ext, tmpl: tmpl,
		picker: picker, lits: e.lits, values: e.values, cov: e.cov, stats: stats, gen: e.gen, archive: &e.Archive}
	e.climbs = newLocalSearch(e.rng, e.cov, stats, e.gen, cfg)
	if !cfg.NoSentences {
		e.sentences = newSentenceSearch(e.rng, e.lits, e.gen, stats, prog, targets, cfg.Trace)
	}
	e.attrib = &attribution{ids: &e.ids, stats: stats, budget: &e.budget}
	e.setMutants(mutantsOf(cfg.Table))

	e.filters = []filter{sharedWrites{prog, stats}, e.costly, e.hangs}
	// In the order the search learned before the components were types:
	// the order changes nothing today (each learner keeps its own state),
	// but a learner added later may read another's.
	e.learners = []learner{e.costly, e.hangs, e.climbs}
	if picker != nil {
		e.learners = append(e.learners, picker)
	}
	if !cfg.NoElephant {
		e.learners = append(e.learners, newRunTypePooler(prog, e.values))
	}
	if cfg.DSE != nil {
		e.dse = newDSE(cfg, prog, e.cov, e.gen, stats)
		e.learners = append(e.learners, e.dse)
	}
	return e
}

// setMutants gives the search the build's mutants (mutantsOf): they turn
// on smart selection's criteria beyond branches that -no leaves on
// (goals.go). Without mutants every criterion is off, and the search is
// the branch search.
func (e *Engine) setMutants(mutants []mutantGoal) {
	for i := range mutants {
		mutants[i].target = targetedOps[mutants[i].op] && !e.cfg.Killed[mutants[i].id]
	}
	cfg := e.cfg
	e.mutants = len(mutants) > 0
	if !e.mutants {
		cfg.NoWeakMutation, cfg.NoOutput, cfg.NoException, cfg.NoMethod = true, true, true, true
	}
	e.wm = nil
	if !cfg.NoWeakMutation {
		e.wm = newWeakMutation(mutants, cfg.Table)
	}
	e.Archive.mutants = e.wm != nil
	e.dyna.wm = e.wm
	e.crit = newCriteria(e.prog, cfg, &e.Stats)
}

// Covered returns the numbers of distinct blocks and branch sides covered.
func (e *Engine) Covered() (blocks, branches int) { return len(e.cov.blocks), len(e.cov.branches) }

// Pool returns the pooled values, in the order they were pooled.
func (e *Engine) Pool() []corpus.Pooled {
	var out []corpus.Pooled
	for _, t := range e.values.types {
		for _, v := range e.values.byType[types.TypeString(t, nil)] {
			out = append(out, corpus.Pooled{Seq: v.seq, Stmt: v.stmt, Result: v.result, Type: v.typ, Earned: v.earned})
		}
	}
	return out
}

// engineNow returns the engine making the next batch.
func (e *Engine) engineNow() string {
	switch e.cfg.Engine {
	case EngineSBST:
		return EngineSBST
	case EngineHybrid:
		if e.budget.halfSpent(e.Stats.Generated) {
			return EngineSBST
		}
	}
	return EngineRandom
}

// generate builds up to n new sequences and leaves out those a filter
// vetoes: the writes to package state through a package singleton
// (neither the executor, which would carry the change into the sequences
// after it, nor a written test may make it), the self-wirings that cost a
// timeout (costly.go), the constructions that hung (hang.go).
func (e *Engine) generate(n int) []*seq.Seq {
	props := e.propose(n)
	for _, p := range props {
		if p.by != nil {
			e.tags[p.s] = p.by
		}
	}
	keep := make([]*seq.Seq, 0, len(props))
	for _, p := range props {
		if !e.admit(p.s) {
			e.unrun(p.s)
			continue
		}
		keep = append(keep, p.s)
	}
	return keep
}

// propose asks the components for up to n sequences: the climbs on stalled
// branches first, for at most half of them, so that the random search or
// DynaMOSA keeps building the objects and states the climbs start from.
func (e *Engine) propose(n int) []proposal {
	if len(e.ext.targets) == 0 {
		return nil
	}
	var batch []proposal
	if e.dse != nil {
		// DSE paces itself (dse.go); a quarter of a batch at most.
		batch = e.dse.propose(batch, n/4)
	}
	batch = e.climbs.propose(batch, n/2)
	if e.sentences != nil {
		// A share of the batch, after the climbs, smaller once it stops
		// finding anything new (parse.go): the parsed values it pools
		// feed the sequences the rest of the batch builds.
		batch = e.sentences.propose(batch, len(batch)+e.sentences.share(n))
	}
	var main proposer = e.random
	if e.engineNow() == EngineSBST {
		main = e.dyna
	}
	return main.propose(batch, n)
}

// admit runs the filters on s, in order, until one vetoes it.
func (e *Engine) admit(s *seq.Seq) bool {
	for _, f := range e.filters {
		if !f.keep(s) {
			return false
		}
	}
	return true
}

// unrun tells whoever proposed s that it will not run. Without this, a
// climb waited for it forever (it never proposed again), and DynaMOSA's
// tags kept every such sequence: on huandu/xstrings, whose sequences the
// shared-write filter often drops, gentest's live heap grew by 20 MB in a
// 40 s run's DynaMOSA half.
func (e *Engine) unrun(s *seq.Seq) {
	if by := e.tags[s]; by != nil {
		delete(e.tags, s)
		by.unrun(s)
	}
}

// sharedWrites is the filter of the sequences that would write package
// state through a package singleton (model.SharedWrite).
type sharedWrites struct {
	prog  *model.Program
	stats *Stats
}

func (f sharedWrites) keep(s *seq.Seq) bool {
	if f.prog.SharedWrite(s) >= 0 {
		f.stats.SharedWrites++
		return false
	}
	return true
}

// generated records the sequences the components have proposed, so that
// none is proposed twice (recentHashes), and counts them.
type generated struct {
	seen  *recentHashes
	stats *Stats
}

// fresh reports whether s was not proposed before, and records it.
func (g *generated) fresh(s *seq.Seq) bool {
	k := s.Hash()
	if g.seen.has(k) {
		g.stats.Redundant++
		return false
	}
	g.seen.add(k)
	g.stats.Generated++
	return true
}
