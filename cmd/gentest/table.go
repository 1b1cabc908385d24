package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/gentest-go/gentest/generator"
)

// printTable prints the run's summary: one row per package with the
// statement coverage of its own tests before, and of its own tests and
// gentest's file together after, likewise the mutation score (complement
// mode; "-" without own tests), the tests written, the findings, the
// seconds it took, or why it was skipped; then a total line.
func printTable(w io.Writer, sums []*generator.Summary) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "package\tcoverage before → after\tmutants killed before → after\ttests\tfindings\tseconds\tskipped")
	var tests, findings, done, skipped, failed int
	var secs float64
	for _, s := range sums {
		if s.Failed != "" {
			failed++
			fmt.Fprintf(tw, "%s\t-\t-\t-\t-\t-\tfailed: %s\n", s.Package, s.Failed)
			continue
		}
		if s.Skipped != "" {
			skipped++
			fmt.Fprintf(tw, "%s\t-\t-\t-\t-\t-\t%s\n", s.Package, s.Skipped)
			continue
		}
		done++
		tests += s.Tests
		findings += len(s.Findings)
		secs += s.Seconds
		fmt.Fprintf(tw, "%s\t%s → %s\t%s\t%d\t%d\t%.1f\t\n", s.Package, percent(s.CoverageBefore), percent(s.CoverageAfter), mutationScores(s.Complement), s.Tests, len(s.Findings), s.Seconds)
	}
	total := fmt.Sprintf("total: %d generated, %d skipped", done, skipped)
	if failed > 0 {
		total += fmt.Sprintf(", %d failed", failed)
	}
	fmt.Fprintf(tw, "%s\t\t\t%d\t%d\t%.1f\t\n", total, tests, findings, secs)
	tw.Flush()
}

// percent formats a coverage, "?" when it was not measured.
func percent(c float64) string {
	if c < 0 {
		return "?"
	}
	return fmt.Sprintf("%.1f%%", 100*c)
}

// mutationScores formats complement mode's mutation scores, before and
// after; "-" without own tests.
func mutationScores(c *generator.ComplementSummary) string {
	if c == nil {
		return "-"
	}
	score := func(v float64) string {
		if v < 0 {
			return "?"
		}
		return fmt.Sprintf("%.1f%%", v)
	}
	return score(c.ScoreBefore) + " → " + score(c.ScoreAfter)
}
