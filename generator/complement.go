package generator

// Complement mode (issue 30): when the package has tests of its own,
// gentest measures what they cover and which of its mutants they kill
// before the search, and then writes only tests that add coverage or kill
// a mutant they leave alive. The summary gives coverage and mutation
// score before (own tests) and after (own tests and the written file).

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/mutation"
	"github.com/gentest-go/gentest/internal/verify"
)

// ownTests is what the package's own tests were measured to do.
type ownTests struct {
	// files are the own test files (absolute paths).
	files []string
	// blocks marks the probe blocks they cover (nil when unmeasured).
	blocks []bool
	// profile is their cover profile; coverage its statement coverage.
	profile  []byte
	coverage float64
	// report is their mutation analysis (nil when it could not run).
	report *mutation.Report
	// killed holds the mutants they kill, by timeout too.
	killed map[int32]bool
	// noMutants are the files the executor's build left without mutants,
	// so that every analysis numbers the mutants as the executor does.
	noMutants []string
}

// ComplementSummary is complement mode's before and after: the package's
// own tests, then the own tests and the written file together, measured
// with gentest's mutation engine (internal/mutation).
type ComplementSummary struct {
	// OwnTests are the package's own test files, by base name.
	OwnTests []string `json:"own_tests"`
	// Mutants is how many mutants the engine made of the package.
	Mutants int `json:"mutants"`
	// KilledBefore counts the mutants the own tests kill (timeouts
	// included); KilledAfter those the own tests and the file kill.
	KilledBefore int `json:"killed_before"`
	KilledAfter  int `json:"killed_after"`
	// ScoreBefore and ScoreAfter are the mutation scores in percent
	// (killed over judged mutants); -1 when not measured. Both have the
	// same denominator, the mutants the own tests' analysis judged: one
	// the second analysis did not reach in its budget counts as alive
	// (NotRunAfter), since the own tests left it so.
	ScoreBefore float64 `json:"score_before"`
	ScoreAfter  float64 `json:"score_after"`
	// NotRunAfter counts the mutants the own tests left alive that the
	// analysis of the own tests and the file did not run in its budget.
	NotRunAfter int `json:"not_run_after"`
	// Error says why a measurement is missing.
	Error string `json:"error,omitempty"`
}

// complementing reports whether complement mode applies: it is on, and
// the package has tests of its own.
func (r *pkgRun) complementing(tf *testFile) bool {
	return !r.cfg.Disable[Complement] && !r.cfg.Disable[Mutation] && len(tf.humanTests) > 0
}

// ownBudget bounds each mutation analysis of complement mode (the own
// tests, then own and written tests on the mutants left alive). A suite
// runs once per mutant it infects, which takes longer than a search
// budget of seconds: three budgets, at least a minute; with -execs, where
// the output must not depend on the clock, a generous five minutes (a
// suite that needs more is measured in part, and the mutants it did not
// reach count as alive).
func (r *pkgRun) ownBudget() time.Duration {
	if r.cfg.Execs > 0 || r.cfg.Budget <= 0 {
		return 5 * time.Minute
	}
	return max(3*r.cfg.Budget, time.Minute)
}

// own measures the package's own tests: coverage (the probe blocks they
// cover) and the mutants they kill. A measurement that fails costs
// complement mode only: the run goes on as without it.
func (r *pkgRun) own(ctx context.Context, h *harness.Harness, tf *testFile) *ownTests {
	r.phase(PhaseOwnTests, 0, -1)
	start := time.Now()
	o := &ownTests{files: tf.humanTests, coverage: -1, noMutants: h.NoMutants}
	if prof, cov, err := r.ownCoverage(ctx, tf, filepath.Join(r.work, "own-cover")); err == nil {
		o.profile, o.coverage = prof, cov
		path := filepath.Join(r.work, "own-cover", "cover.out")
		if b, err := explain.ProfileBlocks(path, h.Table); err == nil {
			o.blocks = b
		}
	} else {
		r.logf("complement: the package's own tests: %v", err)
	}
	rep, err := mutation.Analyze(ctx, r.pkg, mutation.Options{
		Include:   baseNames(tf.humanTests),
		Jobs:      r.cfg.Workers,
		Budget:    r.ownBudget(),
		WorkDir:   filepath.Join(r.work, "own-mutants"),
		NoSandbox: !r.sandbox,
		// The ids must be the executor's, whose kills are compared.
		NoMutants: h.NoMutants,
	})
	if err != nil {
		r.logf("complement: mutation analysis of the package's own tests: %v", err)
		return o
	}
	o.report = rep
	o.killed = killedSet(rep)
	r.logf("complement: own tests cover %.1f%% and kill %d of %d mutants (%.1f%%; %d not run in the budget) in %.1fs",
		100*o.coverage, len(o.killed), len(rep.Mutants), 100*rep.Score(), rep.Skipped, time.Since(start).Seconds())
	return o
}

// ownCoverage runs the package's own tests alone (gentest's files hidden)
// with coverage in workDir and returns their profile and statement
// coverage.
func (r *pkgRun) ownCoverage(ctx context.Context, tf *testFile, workDir string) ([]byte, float64, error) {
	o := tf.base
	o.Remove = append(verify.OnlyGenerated(tf.userTests), r.out)
	o.Count, o.Shuffle, o.Race, o.Vet, o.Cover = 1, "", false, false, true
	o.Timeout = 3 * time.Minute
	o.WorkDir = workDir
	if err := os.MkdirAll(o.WorkDir, 0o700); err != nil {
		return nil, -1, err
	}
	rep, err := verify.Run(ctx, o)
	if err != nil {
		return nil, -1, err
	}
	if rep.BuildFailed {
		return nil, -1, errOwnBuild
	}
	prof, err := os.ReadFile(filepath.Join(o.WorkDir, "cover.out"))
	if err != nil {
		return nil, rep.Coverage, err
	}
	return prof, rep.Coverage, nil
}

// after measures the own tests and the written file together, on the
// mutants the own tests left alive, and fills the summary.
func (r *pkgRun) complementAfter(ctx context.Context, o *ownTests) *ComplementSummary {
	cs := &ComplementSummary{OwnTests: baseNames(o.files), ScoreBefore: -1, ScoreAfter: -1}
	if o.report == nil {
		cs.Error = "the own tests' mutation analysis did not run"
		return cs
	}
	cs.Mutants = len(o.report.Mutants)
	cs.KilledBefore = len(o.killed)
	cs.ScoreBefore = 100 * o.report.Score()
	var alive []int
	for _, m := range o.report.Mutants {
		if !o.killed[int32(m.ID)] && m.Status != mutation.Skipped {
			alive = append(alive, m.ID)
		}
	}
	cs.KilledAfter = cs.KilledBefore
	judged := cs.Mutants - o.report.Skipped
	if len(alive) > 0 && r.final != nil {
		rep, err := mutation.Analyze(ctx, r.pkg, mutation.Options{
			Include:   append(baseNames(o.files), filepath.Base(r.out)),
			Mutants:   alive,
			Jobs:      r.cfg.Workers,
			Budget:    r.ownBudget(),
			WorkDir:   filepath.Join(r.work, "after-mutants"),
			NoSandbox: !r.sandbox,
			NoMutants: o.noMutants,
		})
		if err != nil {
			cs.Error = err.Error()
			return cs
		}
		cs.KilledAfter += rep.Killed + rep.KilledTimeout
		cs.NotRunAfter = rep.Skipped
	}
	if judged > 0 {
		cs.ScoreAfter = 100 * float64(cs.KilledAfter) / float64(judged)
	}
	return cs
}

// errOwnBuild: the package's own tests do not build.
var errOwnBuild = errors.New("they do not build")

// ownKilled is the mutants the package's own tests kill, for the search
// not to target; nil outside complement mode.
func (r *pkgRun) ownKilled() map[int32]bool {
	if r.ownTests == nil {
		return nil
	}
	return r.ownTests.killed
}

// killedSet is the mutants a report says were killed, by timeout too.
func killedSet(rep *mutation.Report) map[int32]bool {
	out := map[int32]bool{}
	for _, m := range rep.Mutants {
		if m.Status == mutation.Killed || m.Status == mutation.KilledTimeout {
			out[int32(m.ID)] = true
		}
	}
	return out
}

// baseNames returns the files' base names, sorted.
func baseNames(files []string) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = filepath.Base(f)
	}
	sort.Strings(out)
	return out
}
