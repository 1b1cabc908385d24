package report

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/bench/result"
)

// mut is a Mutation with the given counts and the score computed from them.
func mut(killed, timedOut, lived, notCovered int, ops ...result.OperatorMutation) *result.Mutation {
	return &result.Mutation{Killed: killed, TimedOut: timedOut, Lived: lived, NotCovered: notCovered,
		Score: result.ScoreOf(killed, timedOut, lived, notCovered), Operators: ops}
}

func op(name string, killed, lived int) result.OperatorMutation {
	return result.OperatorMutation{Op: name, Mutants: killed + lived, Killed: killed, Lived: lived, Score: result.ScoreOf(killed, 0, lived, 0)}
}

// mutationFixture: ring measured by both tools, which disagree on the
// generated file by 20 points; list measured by gentest only, whose
// generated file failed.
func mutationFixture() []result.Subject {
	subjects := fixture()[:2]
	subjects[0].Gremlins = &result.MutationSet{
		Human: mut(8, 0, 2, 0, op("arithmetic_base", 5, 1), op("increment_decrement", 3, 1)),
		Gen:   mut(6, 0, 4, 0), Both: mut(9, 0, 1, 0),
	}
	subjects[0].Engine = &result.MutationSet{
		Human: mut(16, 1, 3, 0, op("arith", 7, 3), op("remove", 10, 0)),
		Gen:   mut(8, 0, 8, 4, op("arith", 4, 6), op("remove", 4, 6)),
		Both:  mut(18, 1, 1, 0, op("arith", 9, 1), op("remove", 10, 0)),
	}
	subjects[1].Engine = &result.MutationSet{Human: mut(5, 0, 5, 0), Gen: &result.Mutation{Err: "no successful generation to test"}, Both: &result.Mutation{Err: "no successful generation to test"}}
	return subjects
}

func TestMutationScoresInResults(t *testing.T) {
	var buf bytes.Buffer
	rows := []Row{Summarize(mutationFixture()[0]), Summarize(mutationFixture()[1])}
	if err := WriteCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]string{
		"mut_gremlins_human": {"80.00", "NA"}, "mut_gremlins_gen": {"60.00", "NA"}, "mut_gremlins_both": {"90.00", "NA"},
		"mut_gentest_human": {"85.00", "50.00"}, "mut_gentest_gen": {"40.00", "NA"}, "mut_gentest_both": {"95.00", "NA"},
	}
	for name, w := range want {
		at := -1
		for i, c := range recs[0] {
			if c == name {
				at = i
			}
		}
		if at < 0 {
			t.Fatalf("results.csv has no column %s", name)
		}
		if recs[1][at] != w[0] || recs[2][at] != w[1] {
			t.Errorf("%s = %q, %q; want %q, %q", name, recs[1][at], recs[2][at], w[0], w[1])
		}
	}
}

func TestMutationMarkdown(t *testing.T) {
	var b strings.Builder
	writeMutation(&b, mutationFixture(), Meta{Gremlins: "gremlins@v0.6.0", Engine: true})
	md := b.String()
	for _, want := range []string{
		"| subject | package | gremlins human % | gremlins gen % | gremlins both % | gentest human % | gentest gen % | gentest both % |",
		"| std | container/ring | 80.0 | 60.0 | 90.0 | 85.0 | 40.0 | 95.0 |",
		"| example.com/m@v1.0.0 | example.com/m | NA | NA | NA | 50.0 | NA | NA |",
		"| **mean** | | 80.0 (n=1) | 60.0 (n=1) | 90.0 (n=1) | 67.5 (n=2) | 40.0 (n=1) | 95.0 (n=1) |",
		"- gremlins: generated ≥ human on **0 of 1** subject(s); human + generated > human on **1 of 1** where human < 100%.",
		"- gentest: generated ≥ human on **0 of 1** subject(s); human + generated > human on **1 of 1** where human < 100%.",
		// ring: human 80 vs 85 (5 points: bold), over the shared
		// classes 5 of 6 vs arith's 7 of 10; gen 60 vs 40, both 90 vs 95,
		// gremlins without a breakdown there.
		"| container/ring | human | 80.0 | 85.0 | **+5.0** | 83.3 | 70.0 | **-13.3** |",
		"| container/ring | generated | 60.0 | 40.0 | **-20.0** | NA | 40.0 | NA |",
		"Within 5 points: **0 of 3** pairs over all mutants, **0 of 1** over the shared classes.",
		"| container/ring | increment_decrement | 4 | 75.0 | NA | NA | NA |",
		"| container/ring | gentest | generated | 40.0 | 8 | 0 | 8 | 4 | 0 | NA | NA |",
		"- example.com/m (gentest, generated tests): no successful generation to test",
		"| container/ring | arith | 10 | 70.0 | 40.0 | 90.0 | 1 |",
		"| container/ring | remove | 10 | 100.0 | 40.0 | 100.0 | 0 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("mutation section lacks %q", want)
		}
	}
	if strings.Contains(md, "| example.com/m | gentest | generated |") {
		t.Error("a failed run with no counts has a counts row")
	}
}

func TestMutationCSVs(t *testing.T) {
	dir := t.TempDir()
	meta := Meta{Budget: time.Second, Seeds: []int64{1}, Gremlins: "gremlins", Engine: true}
	if err := WriteAll(dir, mutationFixture(), meta); err != nil {
		t.Fatal(err)
	}
	read := func(name string) [][]string {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		recs, err := csv.NewReader(f).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return recs
	}
	mc := read("mutation.csv")
	// ring: 3 gremlins + 3 gentest rows; m: 3 gentest rows.
	if len(mc) != 10 || strings.Join(mc[0], ",") != strings.Join(MutationColumns, ",") {
		t.Fatalf("mutation.csv: %d records, header %v", len(mc), mc[0])
	}
	if got := strings.Join(mc[5][:8], ","); got != "std,container/ring,gentest,generated,40.00,NA,8,8" {
		t.Errorf("mutation.csv row 5 = %s", got)
	}
	oc := read("mutation-operators.csv")
	if len(oc) != 9 {
		t.Fatalf("mutation-operators.csv: %d records, want 9", len(oc))
	}
	if got := strings.Join(oc[5], ","); got != "std,container/ring,gentest,generated,arith,10,4,0,6,0,0,40.00" {
		t.Errorf("mutation-operators.csv row 3 = %s", got)
	}
}
