package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/bench/result"
)

// Columns are the header of results.csv. Coverage is in percent, seconds are
// wall-clock, memory is in MiB; a value that could not be measured is "NA".
var Columns = []string{
	"subject", "package", "human_cov", "gen_cov", "combined_cov", "compile_ok", "pass", "flaky",
	"tests", "findings", "gen_seconds", "execs_per_sec", "peak_rss_mb",
	"seeds", "gen_cov_min", "gen_cov_max", "combined_cov_min", "combined_cov_max",
	"gen_reported_cov", "rss_tree_mb", "rss_maxproc_mb", "failed_runs",
	"mut_gremlins_human", "mut_gremlins_gen", "mut_gremlins_both", "mut_gentest_human", "mut_gentest_gen", "mut_gentest_both",
	"asserted", "error",
}

// WriteCSV writes results.csv: one row per subject, medians over seeds.
func WriteCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(Columns); err != nil {
		return err
	}
	for _, r := range rows {
		rec := []string{
			r.Subject, r.Package, r.HumanCov.Format(2), r.Gen.Median.Format(2), r.Combined.Median.Format(2),
			boolCell(r.CompileOK), boolCell(r.Pass), r.Flaky.Format(0),
			r.Tests.Median.Format(1), r.Findings.Median.Format(1), r.GenSeconds.Median.Format(2),
			r.ExecsPerSec.Median.Format(1), r.PeakRSSMB.Format(1),
			strconv.Itoa(r.Seeds), r.Gen.Min.Format(2), r.Gen.Max.Format(2), r.Combined.Min.Format(2), r.Combined.Max.Format(2),
			r.ReportedCov.Median.Format(2), r.TreeRSSMB.Format(1), r.MaxProcRSSMB.Format(1), strconv.Itoa(r.Failed),
			r.Gremlins.Human.Format(2), r.Gremlins.Gen.Format(2), r.Gremlins.Both.Format(2),
			r.Engine.Human.Format(2), r.Engine.Gen.Format(2), r.Engine.Both.Format(2),
			r.Asserted.Median.Format(1), oneLine(r.Err),
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// RunColumns are the header of runs.csv.
var RunColumns = []string{
	"subject", "package", "seed", "budget_seconds", "disabled", "gen_cov", "combined_cov", "compile_ok", "pass",
	"flaky", "tests", "findings", "gen_seconds", "execs", "execs_per_sec", "peak_rss_mb", "rss_tree_mb",
	"rss_maxproc_mb", "gen_reported_cov", "disagreements", "asserted", "error", "notes",
}

// WriteRunsCSV writes runs.csv: every gentest run (all seeds, ablation
// configurations and curve budgets are included as measured).
func WriteRunsCSV(w io.Writer, subjects []result.Subject) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(RunColumns); err != nil {
		return err
	}
	for _, s := range subjects {
		runs := append([]result.Run(nil), s.Runs...)
		for _, a := range s.Ablations {
			if a.Disabled != "" {
				runs = append(runs, a.Runs...)
			}
		}
		for _, run := range runs {
			rec := []string{
				s.Name, s.Package, strconv.FormatInt(run.Seed, 10), strconv.FormatFloat(run.Budget.Seconds(), 'f', -1, 64),
				run.Disabled, run.GenCov.Format(2), run.CombinedCov.Format(2), boolCell(run.CompileOK), boolCell(run.Pass),
				run.Flaky.Format(0), run.Tests.Format(0), run.Findings.Format(0), run.GenSeconds.Format(2),
				run.Execs.Format(0), run.ExecsPerSec.Format(1), run.PeakRSSMB.Format(1), run.TreeRSSMB.Format(1),
				run.MaxProcRSSMB.Format(1), run.ReportedCov.Format(2), run.Disagreements.Format(0), run.Asserted.Format(1), oneLine(run.Err), oneLine(strings.Join(run.Notes, "; ")),
			}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
		if s.Err != "" && len(runs) == 0 {
			rec := make([]string, len(RunColumns))
			for i := range rec {
				rec[i] = "NA"
			}
			rec[0], rec[1], rec[4], rec[len(rec)-2], rec[len(rec)-1] = s.Name, s.Package, "", oneLine(s.Err), ""
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteCurveCSV writes curve.csv: generated coverage per budget.
func WriteCurveCSV(w io.Writer, subjects []result.Subject) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"subject", "package", "budget_seconds", "gen_cov", "error"}); err != nil {
		return err
	}
	for _, s := range subjects {
		for _, p := range s.Curve {
			if err := cw.Write([]string{s.Name, s.Package, strconv.FormatFloat(p.Budget.Seconds(), 'f', -1, 64), p.Cov.Format(2), oneLine(p.Err)}); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteAblationCSV writes ablation.csv: median generated coverage per
// configuration, configurations as columns in -ablate order.
func WriteAblationCSV(w io.Writer, subjects []result.Subject, disabled []string) error {
	cw := csv.NewWriter(w)
	head := []string{"subject", "package", "full"}
	for _, d := range disabled {
		head = append(head, "no_"+d)
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, s := range subjects {
		rec := []string{s.Name, s.Package}
		for _, cov := range ablationCov(s, disabled) {
			rec = append(rec, cov.Median.Format(2))
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// ablationCov is the generated-coverage stats of the full generator followed
// by each disabled component, in the given order.
func ablationCov(s result.Subject, disabled []string) []result.Stats {
	out := make([]result.Stats, 0, len(disabled)+1)
	for _, name := range append([]string{""}, disabled...) {
		var st result.Stats
		for _, a := range s.Ablations {
			if a.Disabled == name {
				var covs []result.Value
				for _, r := range a.Runs {
					covs = append(covs, r.GenCov)
				}
				st = result.Summarize(covs)
			}
		}
		out = append(out, st)
	}
	return out
}

func boolCell(v result.Value) string {
	f, ok := v.Get()
	switch {
	case !ok:
		return "NA"
	case f != 0:
		return "true"
	default:
		return "false"
	}
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// pct formats a coverage Stats cell: "median" or "median (min–max)".
func pct(st result.Stats, seeds int) string {
	if st.Median.IsNA() {
		return "NA"
	}
	if seeds <= 1 || st.N <= 1 {
		return st.Median.Format(1)
	}
	return fmt.Sprintf("%s (%s–%s)", st.Median.Format(1), st.Min.Format(1), st.Max.Format(1))
}
