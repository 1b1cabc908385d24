// Package report writes gentest-bench results: results.csv, runs.csv and
// results.md, plus the coverage-curve SVG charts, ablation and mutation
// tables when those were measured.
package report

import (
	"github.com/gentest-go/gentest/internal/bench/result"
)

// Row is one subject's results aggregated over seeds: medians with ranges
// for the numbers, "all seeds" for compile/pass, the worst seed for flaky
// and memory.
type Row struct {
	Subject, Package string
	HumanCov         result.Value
	HumanNote        string
	Gen, Combined    result.Stats
	// CompileOK and Pass are 1 when every seed that got that far compiled
	// (passed), 0 when one did not, NA when none got that far.
	CompileOK, Pass result.Value
	// Flaky is the largest flaky-test count of any seed.
	Flaky                                    result.Value
	Tests, Findings, GenSeconds, ExecsPerSec result.Stats
	ReportedCov                              result.Stats
	// Asserted is the asserted fraction of the written file, in percent
	// (result.Run.Asserted).
	Asserted                           result.Stats
	PeakRSSMB, TreeRSSMB, MaxProcRSSMB result.Value
	// Seeds is the number of runs; Failed the number whose generation failed.
	Seeds, Failed int
	// Gremlins and Engine are the mutation scores of gremlins and of
	// gentest's engine (NA when not measured).
	Gremlins, Engine MutationScores
	// Err is the preparation error, or the first generation error.
	Err   string
	Notes []string
}

// Summarize aggregates one subject.
func Summarize(s result.Subject) Row {
	r := Row{Subject: s.Name, Package: s.Package, HumanCov: s.HumanCov, HumanNote: s.HumanNote, Err: s.Err, Seeds: len(s.Runs)}
	for _, run := range s.Runs {
		if run.Err != "" {
			r.Failed++
			if r.Err == "" {
				r.Err = run.Err
			}
		}
		r.Notes = append(r.Notes, run.Notes...)
	}
	over := func(field func(result.Run) result.Value) result.Stats {
		vals := make([]result.Value, len(s.Runs))
		for i, run := range s.Runs {
			vals[i] = field(run)
		}
		return result.Summarize(vals)
	}
	r.Gen = over(func(run result.Run) result.Value { return run.GenCov })
	r.Combined = over(func(run result.Run) result.Value { return run.CombinedCov })
	r.Tests = over(func(run result.Run) result.Value { return run.Tests })
	r.Findings = over(func(run result.Run) result.Value { return run.Findings })
	r.GenSeconds = over(func(run result.Run) result.Value { return run.GenSeconds })
	r.ExecsPerSec = over(func(run result.Run) result.Value { return run.ExecsPerSec })
	r.ReportedCov = over(func(run result.Run) result.Value { return run.ReportedCov })
	r.Asserted = over(func(run result.Run) result.Value { return run.Asserted })
	r.CompileOK = over(func(run result.Run) result.Value { return run.CompileOK }).Min
	r.Pass = over(func(run result.Run) result.Value { return run.Pass }).Min
	r.Flaky = over(func(run result.Run) result.Value { return run.Flaky }).Max
	r.PeakRSSMB = over(func(run result.Run) result.Value { return run.PeakRSSMB }).Max
	r.TreeRSSMB = over(func(run result.Run) result.Value { return run.TreeRSSMB }).Max
	r.MaxProcRSSMB = over(func(run result.Run) result.Value { return run.MaxProcRSSMB }).Max
	r.Gremlins, r.Engine = scoresOf(s.Gremlins), scoresOf(s.Engine)
	return r
}

// Totals are the cross-subject figures of results.md.
type Totals struct {
	MeanHuman, MeanGen, MeanCombined result.Value
	NHuman, NGen, NCombined          int
	// MeanRatio is the mean over subjects of gen/human, counting subjects
	// where both exist and human > 0 (NRatio of them).
	MeanRatio result.Value
	NRatio    int
	// CombinedBetter counts subjects with combined > human among the
	// NBoth where both exist.
	CombinedBetter, NBoth int
}

// Total computes the cross-subject figures from the rows (medians per
// subject).
func Total(rows []Row) Totals {
	var t Totals
	var hs, gs, cs, ratios []result.Value
	for _, r := range rows {
		hs = append(hs, r.HumanCov)
		gs = append(gs, r.Gen.Median)
		cs = append(cs, r.Combined.Median)
		h, hok := r.HumanCov.Get()
		g, gok := r.Gen.Median.Get()
		c, cok := r.Combined.Median.Get()
		if hok && gok && h > 0 {
			ratios = append(ratios, result.Of(g/h))
		}
		if hok && cok {
			t.NBoth++
			if c > h {
				t.CombinedBetter++
			}
		}
	}
	t.MeanHuman, t.NHuman = result.Mean(hs)
	t.MeanGen, t.NGen = result.Mean(gs)
	t.MeanCombined, t.NCombined = result.Mean(cs)
	t.MeanRatio, t.NRatio = result.Mean(ratios)
	return t
}
