package report

// The mutation tables: gremlins and gentest's own engine (gentest mutate),
// each on the human tests, the generated file and both; the two tools side
// by side; gentest's breakdown by operator class.

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
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
var OperatorColumns = []string{"subject", "package", "tool", "tests", "operator", "mutants", "killed", "timed_out", "lived", "not_covered", "skipped", "score"}

// WriteOperatorsCSV writes mutation-operators.csv: each tool's counts per
// operator class (gentest) or mutation type (gremlins), for each subject
// and set of tests.
func WriteOperatorsCSV(w io.Writer, subjects []result.Subject) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(OperatorColumns); err != nil {
		return err
	}
	for _, s := range subjects {
		for _, r := range mutationRuns(s) {
			for _, op := range r.m.Operators {
				rec := []string{s.Name, s.Package, r.tool, r.tests, op.Op, strconv.Itoa(op.Mutants), strconv.Itoa(op.Killed),
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
		writeCrossCheck(b, subjects)
	}
	writeCounts(b, subjects)
	if meta.Engine {
		writeOperators(b, subjects, "gentest", "gentest's mutants by operator class")
	}
	if meta.Gremlins != "" {
		writeOperators(b, subjects, "gremlins", "gremlins' mutants by type")
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

// SharedGremlins and SharedGentest are the mutation classes both tools
// have: gremlins' arithmetic (+ - * / %), boundary (< to <=) and negated
// comparisons (== to !=, < to >=, of any type); gentest's arith (which
// also swaps the bitwise operators), rel-boundary and rel-negate (the
// comparisons of numbers and strings), and cond-negate, which negates the
// other comparisons in conditions (of pointers, interfaces: the mutant
// gremlins makes of them) but also conditions that are no comparison (a
// bool, a call), which gremlins leaves alone. On container/list and
// container/ring gremlins' negations are exactly gentest's rel-negate plus
// cond-negate in number (bench/results/2026-11-28-mutation30). The other
// classes have no counterpart: gremlins' ++/-- swap and sign inversion,
// gentest's logical, constants, removals, returns, break/continue and
// extreme mutants.
var (
	SharedGremlins = []string{"arithmetic_base", "conditionals_boundary", "conditionals_negation"}
	SharedGentest  = []string{"arith", "rel-boundary", "rel-negate", "cond-negate"}
)

// sharedScore is m's score over the classes of ops alone, NA when it has
// none of their mutants (or no breakdown).
func sharedScore(m *result.Mutation, ops []string) result.Value {
	if m == nil {
		return result.NA
	}
	var k, t, l, nc int
	for _, o := range m.Operators {
		if slices.Contains(ops, o.Op) {
			k, t, l, nc = k+o.Killed, t+o.TimedOut, l+o.Lived, nc+o.NotCovered
		}
	}
	return result.ScoreOf(k, t, l, nc)
}

// writeCrossCheck sets the two tools' scores of the same tests side by
// side, over all their mutants and over the classes both have, and counts
// the pairs within CrossCheckPoints.
func writeCrossCheck(b *strings.Builder, subjects []result.Subject) {
	fmt.Fprintf(b, "### gentest against gremlins\n\nThe same tests' scores; shared: over the classes both tools have (gremlins %s; gentest %s). Δ = gentest − gremlins; ≥ %g points in bold.\n\n",
		strings.Join(SharedGremlins, ", "), strings.Join(SharedGentest, ", "), CrossCheckPoints)
	b.WriteString("| package | tests | gremlins % | gentest % | Δ | gremlins shared % | gentest shared % | Δ shared |\n|---|---|--:|--:|--:|--:|--:|--:|\n")
	var all, shared [2]int // pairs within CrossCheckPoints, pairs
	for _, s := range subjects {
		if s.Gremlins == nil || s.Engine == nil {
			continue
		}
		for _, t := range []struct {
			tests  string
			gr, gt *result.Mutation
		}{{"human", s.Gremlins.Human, s.Engine.Human}, {"generated", s.Gremlins.Gen, s.Engine.Gen}, {"both", s.Gremlins.Both, s.Engine.Both}} {
			if t.gr == nil || t.gt == nil || (t.gr.Score.IsNA() && t.gt.Score.IsNA()) {
				continue
			}
			d := delta(t.gr.Score, t.gt.Score, &all)
			gs, ts := sharedScore(t.gr, SharedGremlins), sharedScore(t.gt, SharedGentest)
			ds := delta(gs, ts, &shared)
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", s.Package, t.tests, t.gr.Score.Format(1), t.gt.Score.Format(1), d,
				gs.Format(1), ts.Format(1), ds)
		}
	}
	fmt.Fprintf(b, "\nWithin %g points: **%d of %d** pairs over all mutants, **%d of %d** over the shared classes.\n\n", CrossCheckPoints, all[0], all[1], shared[0], shared[1])
}

// delta formats y − x, bold from CrossCheckPoints on, and counts the pair
// in n (within, total) when both are present.
func delta(x, y result.Value, n *[2]int) string {
	a, aok := x.Get()
	c, cok := y.Get()
	if !aok || !cok {
		return "NA"
	}
	n[1]++
	d := fmt.Sprintf("%+.1f", c-a)
	if math.Abs(c-a) < CrossCheckPoints {
		n[0]++
		return d
	}
	return "**" + d + "**"
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

// writeOperators writes a tool's breakdown by class: for each subject and
// class, the mutants and the score of each set of tests.
func writeOperators(b *strings.Builder, subjects []result.Subject, tool, title string) {
	fmt.Fprintf(b, "### %s\n\nScore %% of each set of tests on the class's mutants; alive = lived or not covered with human + generated.\n\n", title)
	b.WriteString("| package | class | mutants | human % | gen % | both % | alive |\n|---|---|--:|--:|--:|--:|--:|\n")
	for _, s := range subjects {
		set := s.Engine
		if tool == "gremlins" {
			set = s.Gremlins
		}
		if set == nil {
			continue
		}
		sets := []*result.Mutation{set.Human, set.Gen, set.Both}
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
