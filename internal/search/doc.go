// Package search is gentest's search for call sequences: feedback-directed
// random testing (Randoop with GRT's components), DynaMOSA, and local
// search on stalled branches, run as one Engine of parts.
//
// # The engine
//
// Engine (engine.go) owns three things. The budget: sequences
// (Config.MaxExecs) or wall time (Config.Budget), and what has been spent
// (batch.go's budget). The batches: Run overlaps generation and execution,
// generating batch k+1 from the pools as they were after batch k-1 while
// the executors run batch k (batch.go). The archive (archive.go): the
// corpus (the clean runs that were first to cover a block or branch side
// or, when the executor has mutants, a goal of smart selection's other
// criteria: a mutant infected, an output class, an exception, an operation
// returning, goals.go; it is also DynaMOSA's archive), the revealing
// failures, a few per kind and site, and the Stats. Everything else is a component the engine
// holds, each a type that owns its own state.
//
// # Components
//
// Proposers make sequences: the climbs of local search (local.go: the AVM
// on the literals of the sequence closest to a stalled branch, with
// input-to-state replacements, local_avm.go and local_i2s.go) take at most
// half of each batch; the rest comes from the random search (random.go)
// or, with -engine=sbst and in the hybrid's second half, from DynaMOSA
// (dynamosa.go: goals released by control dependence, the mutants whose
// block is covered among them, goals_mutant.go; preference sorting,
// crossover and mutation, dynamosa_offspring.go). The random
// search picks each new sequence's operation with bloodhound
// (target.go) and builds it by extension (extension.go: Randoop's
// extension from pooled values and literals, with aliasing, the
// detective, impurity and its runs on keyed siblings, orienteering and
// configuration prefixes) or, with EvoObj's probability p_app, from a
// template (template.go: the construction routes that set the fields a
// branch reads); DynaMOSA uses the same extension and templates. Filters
// veto a proposal before it runs: writes to package state through a
// singleton (engine.go), self-wirings that cost a timeout (costly.go),
// constructions that hung (hang.go, which looks again at launch and
// staggers the first batches, hang_stagger.go). Learners hear every
// outcome: the costly learning (self-wirings, sizes and enum values that
// ran past the call limit), the hang learning (hang keys, hang_keys.go),
// the climbs' goal tracking, bloodhound's success counts and the elephant
// brain (runtype.go: values pooled again by their run-time type).
// Crash attribution (attribute.go) finds, by running prefixes alone, the
// statement a crash without one came from.
//
// # Services
//
// The components are given what they share rather than reaching through
// the engine: the one random stream (every draw of every component comes
// from it, and their order decides what a fixed seed reproduces), the
// value pool (values.go: Values, by static type, with hash pruning and a
// cap), literal drawing (literals.go: Randoop's defaults with GRT's
// fuzzing, the mined constants of constants.go and constants_group.go,
// and the costly learning's veto on sizes and enum values), the search's
// coverage (archive.go's coverage, which also counts runs whose last call
// panicked), and the record of the sequences generated, so that none is
// proposed twice (engine.go's generated, over recent.go's hashes).
//
// # How outcomes flow
//
// Each batch is generated (the proposers, then the filters in order; a
// proposal a filter vetoes is unrun at once), launched (the hang filter
// looks again; requests are numbered), run, and finished in batch order.
// Each sequence that ran is classified by the engine (outcome.go): a
// crash (attributed when it has no statement), illegal, a panic of its
// last call, or normal; a clean run adds its coverage and may enter the
// corpus, a normal one pools its values. Then every learner hears the
// outcome, in order, and last the component that proposed the sequence,
// found through the engine's one tag map (a climb, or DynaMOSA), hears it
// ran; a sequence that will not run (vetoed, skipped after a hang in its
// batch, or past the budget) is reported to its proposer as unrun
// instead, so that a climb's round completes and no tag outlives its
// sequence.
//
// # Adding a component
//
// A new kind of goal or generator (DSE, say) is a type of its
// own, given the services it needs, that implements the interfaces of
// engine.go it takes part in: proposer (and listener, for the outcomes of
// what it proposed), learner, filter. The engine holds it and lists it;
// none of its state goes into the engine. To keep the output of a fixed
// seed as it was, a component that does not run draws nothing from the
// random stream.
package search
