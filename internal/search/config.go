package search

import (
	"time"

	"github.com/gentest-go/gentest/internal/harness/instrument"
)

// Config configures a search.
type Config struct {
	Seed int64
	// Budget bounds the search by wall time; ignored when MaxExecs > 0, so
	// that a fixed execution budget gives the same result on any machine.
	Budget time.Duration
	// MaxExecs bounds the number of executed sequences.
	MaxExecs int
	// Batch is the number of sequences generated from one pool state and
	// executed together.
	Batch int
	// MaxLen bounds the statements per sequence.
	MaxLen int
	// Constants are the mined constant pools; nil disables constant
	// mining.
	Constants *Constants
	// NoDetective switches off on-demand construction of inputs.
	NoDetective bool
	// NoElephant switches off pooling values by their run-time type.
	NoElephant bool
	// NoBloodhound, NoOrienteering and NoImpurity switch off GRT's
	// coverage-guided method selection, cost-guided input selection and
	// state fuzzing.
	NoBloodhound, NoOrienteering, NoImpurity bool
	// Code maps operation IDs to their own coverage items, for Bloodhound.
	Code map[int]OpCode
	// NoLocalSearch and NoInputToState switch off the climbs on stalled
	// branches (AVM on literals) and input-to-state replacements (see
	// local.go, local_i2s.go).
	NoLocalSearch, NoInputToState bool
	// NoSentences switches off the sentence search on parse-like
	// operations (parse.go, internal/sentence).
	NoSentences bool
	// Trace, when set, receives a line per finished climb (debugging).
	Trace func(format string, args ...any)
	// Engine is EngineRandom, EngineSBST or EngineHybrid; empty means
	// DefaultEngine.
	Engine string
	// Workers is the number of executors the runner spreads a batch
	// over, in contiguous parts (executor.Pool); 0 means one. Staggered
	// batches keep each executor's part (hang_stagger.go).
	Workers int
	// Table describes the probes: which conditions measure distances and
	// which operands are lengths. Nil treats every condition as measuring
	// distances.
	Table *instrument.Table
	// NoWeakMutation, NoOutput, NoException and NoMethod switch off smart
	// selection's criteria beyond lines and branches (goals.go): the
	// mutants infected, the classes of the targets' results, the panics
	// and errors of each operation, the operations that return normally.
	// The criteria are on only when the build has mutants (Table.Mutants):
	// their goals add candidates whose worth is the mutants they kill, and
	// without mutants the search is exactly the branch search.
	NoWeakMutation, NoOutput, NoException, NoMethod bool
	// Killed are mutants other tests already kill (complement mode: the
	// package's own tests): DynaMOSA does not target them, since a test
	// for them would not be written.
	Killed map[int32]bool
	// Covered marks the probe blocks tests kept from an earlier run
	// already cover (generator's update of an existing file): the archive
	// starts with them, so that a run is kept only for what they leave,
	// and the corpus holds candidates for what is new or uncovered.
	Covered []bool
	// DSE is the package's SSA and the solver for dynamic symbolic
	// execution (dse.go); nil leaves DSE off.
	DSE *DSEConfig
}

// Engines: which search builds the sequences that local search does not.
const (
	// EngineRandom is Randoop's feedback-directed random search with GRT's
	// components.
	EngineRandom = "random"
	// EngineSBST is DynaMOSA (Panichella et al.) over call sequences.
	EngineSBST = "sbst"
	// EngineHybrid runs the random engine for the first half of the
	// budget, which fills the pools and the archive, then DynaMOSA on the
	// branches left.
	EngineHybrid = "hybrid"
)

// DefaultEngine is the engine of an empty Config.Engine. On the 13 public
// subjects at 20 s (bench/results/2026-11-25-sbst17, seed 1) the hybrid
// covered at least as much as the random engine on 12 and 0.6 points more
// on average (84.1 vs 83.5%; 77.3 vs 67.8 on redblacktree, 81.6 vs 85.9 on
// decimal, where both ran only ~3000 sequences on a loaded machine); over
// seeds 1-3 on uuid, semver and glob the two are even (64.2% each).
// DynaMOSA alone loses 8 points (its sequences miss the states random
// search's pools build). The measurements do not separate hybrid from
// random; the hybrid is the default because it is never far behind and has
// the largest gain either way (redblacktree). It became the default once
// crashes the executor cannot tie to a statement are
// attributed by re-running prefixes (attribute.go): before, DynaMOSA's
// crossover put calls after one that crashes and the crash was filed under
// the last call (false findings in TestHazards).
const DefaultEngine = EngineHybrid

// Engines lists the engine names -engine accepts, the default first.
var Engines = []string{EngineHybrid, EngineRandom, EngineSBST}
