package report

// The mutation tables: gremlins and gentest's own engine (gentest mutate),
// each on the human tests, the generated file and both; the two tools side
// by side; gentest's breakdown by operator class.

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/bench/result"
)

// CrossCheckPoints is the difference between the two tools' scores on the
// same tests that results.md lists as a disagreement to explain.
const CrossCheckPoints = 5.0

// MutationScores are one tool's scores of a subject in percent: the human
// tests, the generated file, both; NA where not measured.
type MutationScores struct {
	Human, Gen, Both result.Value
}

func scoresOf(set *result.MutationSet) MutationScores {
	if set == nil {
		return MutationScores{}
	}
	score := func(m *result.Mutation) result.Value {
		if m == nil {
			return result.NA
		}
		return m.Score
	}
	return MutationScores{Human: score(set.Human), Gen: score(set.Gen), Both: score(set.Both)}
}

// mutationRun is one tool's run on one set of tests of a subject.
type mutationRun struct {
	tool, tests string
	m           *result.Mutation
}

// mutationRuns lists a subject's mutation runs in a fixed order: gremlins,
// then gentest; human, generated, both. Runs not made are left out.
func mutationRuns(s result.Subject) []mutationRun {
	var out []mutationRun
	for _, t := range []struct {
		name string
		set  *result.MutationSet
	}{{"gremlins", s.Gremlins}, {"gentest", s.Engine}} {
		if t.set == nil {
			continue
		}
		for _, r := range []mutationRun{{t.name, "human", t.set.Human}, {t.name, "generated", t.set.Gen}, {t.name, "both", t.set.Both}} {
			if r.m != nil {
				out = append(out, r)
			}
		}
	}
	return out
}

// MutationColumns are the header of mutation.csv.
var MutationColumns = []string{"subject", "package", "tool", "tests", "score", "efficacy", "killed", "lived", "timed_out", "not_covered", "not_viable", "skipped", "reported_score", "seconds", "test_files", "error"}

// WriteMutationCSV writes mutation.csv: one row per tool and set of tests
// (human, generated, both) of each subject.
func WriteMutationCSV(w io.Writer, subjects []result.Subject) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(MutationColumns); err != nil {
		return err
	}
	for _, s := range subjects {
		for _, r := range mutationRuns(s) {
			m := r.m
			rec := []string{s.Name, s.Package, r.tool, r.tests, m.Score.Format(2), m.Efficacy.Format(2),
				strconv.Itoa(m.Killed), strconv.Itoa(m.Lived), strconv.Itoa(m.TimedOut), strconv.Itoa(m.NotCovered),
				strconv.Itoa(m.NotViable), strconv.Itoa(m.Skipped), m.Reported.Format(2), m.Seconds.Format(1),
				strings.Join(m.TestFiles, " "), oneLine(m.Err)}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// OperatorColumns are the header of mutation-operators.csv.
var OperatorColumns = []string{"subject", "package", "tests", "operator", "mutants", "killed", "timed_out", "lived", "not_covered", "skipped", "score"}

// WriteOperatorsCSV writes mutation-operators.csv: gentest's engine's
// counts per operator class, for each subject and set of tests.
func WriteOperatorsCSV(w io.Writer, subjects []result.Subject) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(OperatorColumns); err != nil {
		return err
	}
	for _, s := range subjects {
		for _, r := range mutationRuns(s) {
			if r.tool != "gentest" {
				continue
			}
			for _, op := range r.m.Operators {
				rec := []string{s.Name, s.Package, r.tests, op.Op, strconv.Itoa(op.Mutants), strconv.Itoa(op.Killed),
					strconv.Itoa(op.TimedOut), strconv.Itoa(op.Lived), strconv.Itoa(op.NotCovered), strconv.Itoa(op.Skipped), op.Score.Format(2)}
				if err := cw.Write(rec); err != nil {
					return err
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// scoreColumn is one column of the score table.
type scoreColumn struct {
	head string
	get  func(Row) result.Value
}

// writeMutation writes results.md's mutation section.
func writeMutation(b *strings.Builder, subjects []result.Subject, meta Meta) {
	b.WriteString("## Mutation testing\n\n")
	if meta.Gremlins != "" {
		fmt.Fprintf(b, "- gremlins: %s, its default operators, only the package's own files mutated.\n", meta.Gremlins)
	}
	if meta.Engine {
		b.WriteString("- gentest: the measured gentest's own engine, `gentest mutate -json` (every mutant compiled into one build as schemata), on the copy holding both test sets: human = `-exclude=<generated file>`, generated = `-include=<generated file>`, both = no filter.\n")
	}
	b.WriteString("- Score = (killed + timed out) / (killed + timed out + lived + not covered), for both tools from their counts: a mutant no test reaches counts as a survivor. Not viable (gremlins) and skipped (gentest) mutants do not count.\n\n")
	rows := make([]Row, len(subjects))
	for i, s := range subjects {
		rows[i] = Summarize(s)
	}
	var cols []scoreColumn
	if meta.Gremlins != "" {
		cols = append(cols, scoreColumns("gremlins", func(r Row) MutationScores { return r.Gremlins })...)
	}
	if meta.Engine {
		cols = append(cols, scoreColumns("gentest", func(r Row) MutationScores { return r.Engine })...)
	}
	writeScoreTable(b, rows, cols)
	if meta.Gremlins != "" {
		writeScoreFacts(b, "gremlins", rows, func(r Row) MutationScores { return r.Gremlins })
	}
	if meta.Engine {
		writeScoreFacts(b, "gentest", rows, func(r Row) MutationScores { return r.Engine })
	}
	b.WriteString("\n")
	if meta.Gremlins != "" && meta.Engine {
		writeCrossCheck(b, rows)
	}
	writeCounts(b, subjects)
	if meta.Engine {
		writeOperators(b, subjects)
	}
}

func scoreColumns(tool string, of func(Row) MutationScores) []scoreColumn {
	return []scoreColumn{
		{tool + " human %", func(r Row) result.Value { return of(r).Human }},
		{tool + " gen %", func(r Row) result.Value { return of(r).Gen }},
		{tool + " both %", func(r Row) result.Value { return of(r).Both }},
	}
}

func writeScoreTable(b *strings.Builder, rows []Row, cols []scoreColumn) {
	b.WriteString("| subject | package |")
	for _, c := range cols {
		b.WriteString(" " + c.head + " |")
	}
	b.WriteString("\n|---|---|" + strings.Repeat("--:|", len(cols)) + "\n")
	means := make([][]result.Value, len(cols))
	for _, r := range rows {
		fmt.Fprintf(b, "| %s | %s |", r.Subject, r.Package)
		for i, c := range cols {
			v := c.get(r)
			means[i] = append(means[i], v)
			b.WriteString(" " + v.Format(1) + " |")
		}
		b.WriteString("\n")
	}
	b.WriteString("| **mean** | |")
	for _, vs := range means {
		m, n := result.Mean(vs)
		fmt.Fprintf(b, " %s (n=%d) |", m.Format(1), n)
	}
	b.WriteString("\n\n")
}

// writeScoreFacts writes what issue 30 asks of a tool's scores: on how many
// subjects the generated file kills at least as much as the human tests,
// and on how many the two together kill more than the human tests alone
// where those are below 100%.
func writeScoreFacts(b *strings.Builder, tool string, rows []Row, of func(Row) MutationScores) {
	genAtLeast, nGen, bothMore, nBoth := 0, 0, 0, 0
	for _, r := range rows {
		s := of(r)
		h, hok := s.Human.Get()
		if g, ok := s.Gen.Get(); ok && hok {
			nGen++
			if g >= h {
				genAtLeast++
			}
		}
		if a, ok := s.Both.Get(); ok && hok && h < 100 {
			nBoth++
			if a > h {
				bothMore++
			}
		}
	}
	fmt.Fprintf(b, "- %s: generated ≥ human on **%d of %d** subject(s); human + generated > human on **%d of %d** where human < 100%%.\n",
		tool, genAtLeast, nGen, bothMore, nBoth)
}

// writeCrossCheck lists the scores of the two tools on the same tests that
// differ by CrossCheckPoints or more.
func writeCrossCheck(b *strings.Builder, rows []Row) {
	fmt.Fprintf(b, "### gentest against gremlins\n\nScores of the same tests that differ by %g points or more (gentest − gremlins).\n\n", CrossCheckPoints)
	b.WriteString("| package | tests | gremlins % | gentest % | difference |\n|---|---|--:|--:|--:|\n")
	n, within := 0, 0
	for _, r := range rows {
		for _, t := range []struct {
			tests  string
			gr, gt result.Value
		}{{"human", r.Gremlins.Human, r.Engine.Human}, {"generated", r.Gremlins.Gen, r.Engine.Gen}, {"both", r.Gremlins.Both, r.Engine.Both}} {
			x, xok := t.gr.Get()
			y, yok := t.gt.Get()
			if !xok || !yok {
				continue
			}
			n++
			if math.Abs(y-x) < CrossCheckPoints {
				within++
				continue
			}
			fmt.Fprintf(b, "| %s | %s | %.1f | %.1f | %+.1f |\n", r.Package, t.tests, x, y, y-x)
		}
	}
	fmt.Fprintf(b, "\nWithin %g points: **%d of %d** pairs.\n\n", CrossCheckPoints, within, n)
}

// writeCounts writes every run's counts, and the runs that failed.
func writeCounts(b *strings.Builder, subjects []result.Subject) {
	b.WriteString("### Counts\n\n| package | tool | tests | score % | killed | timed out | lived | not covered | not viable / skipped | tool's score % | seconds |\n|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	var errs []string
	for _, s := range subjects {
		for _, r := range mutationRuns(s) {
			m := r.m
			if m.Err != "" {
				errs = append(errs, fmt.Sprintf("- %s (%s, %s tests): %s", s.Package, r.tool, r.tests, truncate(oneLine(m.Err), 400)))
			}
			if m.Err != "" && m.Mutants() == 0 {
				continue
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s | %d | %d | %d | %d | %d | %s | %s |\n", s.Package, r.tool, r.tests, m.Score.Format(1),
				m.Killed, m.TimedOut, m.Lived, m.NotCovered, m.NotViable+m.Skipped, m.Reported.Format(1), m.Seconds.Format(0))
		}
	}
	b.WriteString("\n")
	if len(errs) > 0 {
		b.WriteString("Mutation runs that failed:\n\n" + strings.Join(errs, "\n") + "\n\n")
	}
}

// writeOperators writes gentest's breakdown by operator class: for each
// subject and class, the mutants and the score of each set of tests.
func writeOperators(b *strings.Builder, subjects []result.Subject) {
	b.WriteString("### gentest's mutants by operator\n\nScore % of each set of tests on the class's mutants (killed + timed out of those that count); lived = survivors of human + generated.\n\n")
	b.WriteString("| package | operator | mutants | human % | gen % | both % | lived |\n|---|---|--:|--:|--:|--:|--:|\n")
	for _, s := range subjects {
		if s.Engine == nil {
			continue
		}
		sets := []*result.Mutation{s.Engine.Human, s.Engine.Gen, s.Engine.Both}
		for _, op := range operatorOrder(sets) {
			var cells [3]string
			mutants, lived := "NA", "NA"
			for i, m := range sets {
				cells[i] = "NA"
				if o, ok := findOp(m, op); ok {
					cells[i] = o.Score.Format(1)
					mutants = strconv.Itoa(o.Mutants)
					if i == 2 {
						lived = strconv.Itoa(o.Lived + o.NotCovered)
					}
				}
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s |\n", s.Package, op, mutants, cells[0], cells[1], cells[2], lived)
		}
	}
	b.WriteString("\n")
}

// operatorOrder is the operator classes of the runs, each once, in the
// order the runs report them.
func operatorOrder(sets []*result.Mutation) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range sets {
		if m == nil {
			continue
		}
		for _, o := range m.Operators {
			if !seen[o.Op] {
				seen[o.Op] = true
				out = append(out, o.Op)
			}
		}
	}
	return out
}

func findOp(m *result.Mutation, op string) (result.OperatorMutation, bool) {
	if m == nil {
		return result.OperatorMutation{}, false
	}
	for _, o := range m.Operators {
		if o.Op == op {
			return o, true
		}
	}
	return result.OperatorMutation{}, false
}
