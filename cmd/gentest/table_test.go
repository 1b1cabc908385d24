package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/generator"
)

// The summary has one row per package, in the order given, with coverage
// before and after, the mutation score before and after in complement
// mode, a skip reason or a failure where there is one, and a total.
func TestPrintTable(t *testing.T) {
	sums := []*generator.Summary{
		{Package: "example.com/m/a", Coverage: 0.6, CoverageBefore: 0.5, CoverageAfter: 0.75, Tests: 3, Seconds: 2.5,
			Findings:   []generator.Finding{{Kind: "nil-deref"}},
			Complement: &generator.ComplementSummary{ScoreBefore: 60, ScoreAfter: 72.5}},
		{Package: "example.com/m/cmd", Skipped: "is a main package", CoverageBefore: -1},
		{Package: "example.com/m/b", Coverage: 1, CoverageBefore: -1, CoverageAfter: -1, Tests: 2, Seconds: 1},
		{Package: "example.com/m/c", Failed: "example.com/m/c: gentest internal error", CoverageBefore: -1},
	}
	var buf bytes.Buffer
	printTable(&buf, sums)
	lines := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines, want header, 4 rows and a total:\n%s", len(lines), buf.String())
	}
	for i, want := range [][]string{
		{"package", "coverage before → after", "mutants killed before → after", "tests", "findings", "seconds", "skipped"},
		{"example.com/m/a", "50.0% → 75.0%", "60.0% → 72.5%", " 3 ", " 1 ", "2.5"},
		{"example.com/m/cmd", "is a main package"},
		{"example.com/m/b", "? → ?", " 2 ", " 0 ", "1.0"},
		{"example.com/m/c", "failed: example.com/m/c: gentest internal error"},
		{"total: 2 generated, 1 skipped, 1 failed", " 5 ", " 1 ", "3.5"},
	} {
		for _, w := range want {
			if !strings.Contains(lines[i], w) {
				t.Errorf("line %d %q lacks %q", i, lines[i], w)
			}
		}
	}
}
