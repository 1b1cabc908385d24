package generator

// The summary of a package's run: what the search and the judge found,
// then, once the file is written, the explanation, the coverage of the
// package's own tests, times and memory.

import (
	"context"
	"time"

	"github.com/gentest-go/gentest/internal/diag"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/verify"
)

// summary starts the package's summary with what the search and the
// judge found, and stats, the executors' after them; verification and
// writing fill in the file's part.
func (r *pkgRun) summary(prog *model.Program, s *searched, judged *oracle.Judgement, stats executor.Stats) *Summary {
	eng := s.eng
	sum := &Summary{Package: r.pkg.PkgPath, File: r.out, Excluded: prog.Excluded, Execs: eng.Stats.Executed, Asserted: -1,
		Crashes: map[string]int{}, Disagreements: judged.Disagreements, Findings: []Finding{}, Dropped: []verify.Dropped{},
		Protections: r.protections}
	sum.init()
	for k, v := range stats.Crashes {
		sum.Crashes[string(k)] = v
	}
	sum.SearchSeconds = eng.Stats.Elapsed.Seconds()
	sum.DSE = r.dse.summary(eng)
	sum.SearchCoverage = s.obs.Coverage()
	lost := s.stats.Time
	sum.SearchLost = LostTime{Timeouts: lost.Timeouts.Seconds(), Crashes: lost.Crashes.Seconds(),
		Starts: lost.Starts.Seconds(), Replays: lost.Replays.Seconds(), Attribution: lost.Alone.Seconds(),
		Exits: lost.Exits.Seconds()}
	if eng.Stats.Elapsed > 0 {
		sum.ExecsPerSec = float64(eng.Stats.Executed) / eng.Stats.Elapsed.Seconds()
	}
	return sum
}

// report completes the summary of the written file: the explanation of
// what it leaves uncovered (from exIn, what the search saw), the coverage
// of the package's own tests before and with it, the times and the
// memory peaks (execPeak: the largest executor's); then it says so.
func (r *pkgRun) report(ctx context.Context, sum *Summary, exIn explain.Input, s *searched, execPeak int64) {
	for _, f := range sum.Findings {
		if f.Unconfirmed {
			r.logf("finding (unconfirmed: its test did not have all its runs by the deadline): %s in %s: %s", f.Kind, f.Function, f.Message)
			continue
		}
		r.logf("finding: %s in %s: %s", f.Kind, f.Function, f.Message)
	}
	exIn.Final = r.final
	sum.Explain = explain.Explain(exIn)
	sum.CoverageBefore, sum.CoverageAfter = r.coverageBefore(ctx, sum.Coverage)
	r.times.Report = r.lap()
	sum.Phases = r.times
	if sum.Phases.Cut == nil {
		sum.Phases.Cut = []string{}
	}
	r.logf("phases: prepare %.1fs, search %.1fs, minimize %.1fs, judge %.1fs, findings %.1fs, verify %.1fs (findings' tests %.1fs), report %.1fs; cut by the deadline: %v",
		r.times.Prepare, r.times.Search, r.times.Minimize, r.times.Judge, r.times.Findings, r.times.Verify, r.times.FindingsTests, r.times.Report, sum.Phases.Cut)
	sum.Seconds = time.Since(r.start).Seconds()
	sum.SearchStartSeconds = s.start
	sum.PrepPeakRSSMB = float64(s.prepRSS) / (1 << 20)
	diag.HeapCheckpoint(r.cfg.Log, "verify")
	reportPeaks(sum, r.watch, execPeak, r.cfg.Workers)
	r.logf("wrote %s: %d tests with %d cases, statement coverage %.1f%% (%d cases dropped by verification)", r.out, sum.Tests, sum.Cases, 100*sum.Coverage, len(sum.Dropped))
	r.cfg.progress(Progress{Package: r.pkg.PkgPath, Phase: PhaseDone, Execs: sum.Execs, Coverage: sum.Coverage, Detail: r.out})
}
