package report

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/bench/result"
)

// Meta describes the benchmark run for results.md.
type Meta struct {
	Command string
	// Gentest says which gentest was measured (binary, source revision).
	Gentest string
	Budget  time.Duration
	Seeds   []int64
	Machine Machine
	// CurveBudgets is non-empty when -curve ran.
	CurveBudgets []time.Duration
	// Ablate lists the disabled components of -ablate, in flag order.
	Ablate []string
	// Gremlins describes the gremlins of -mutation (module, version), ""
	// when it did not run; Engine is set when gentest's own engine (gentest
	// mutate) did.
	Gremlins string
	Engine   bool
	// Elapsed is the wall time of the whole run.
	Elapsed time.Duration
	// Jobs is how many packages a smoke run measured at a time; Reruns
	// how often it reran the generated tests for flakiness.
	Jobs, Reruns int
}

// WriteMarkdown writes results.md.
func WriteMarkdown(w io.Writer, subjects []result.Subject, meta Meta) error {
	rows := make([]Row, len(subjects))
	for i, s := range subjects {
		rows[i] = Summarize(s)
	}
	tot := Total(rows)
	seeds := len(meta.Seeds)
	var b strings.Builder
	writeHeader(&b, "# gentest-bench results",
		fmt.Sprintf("Budget %s per package, %d seed(s) %v, %d subject(s), run took %s.", meta.Budget, seeds, meta.Seeds, len(subjects), meta.Elapsed.Round(time.Second)),
		meta)

	b.WriteString("## Results\n\n")
	if seeds > 1 {
		b.WriteString("Coverage cells are the median over seeds with (min–max); compiles/passes are \"yes\" only if every seed's file did; flaky and RSS are the worst seed; other numbers are medians.\n\n")
	}
	b.WriteString("| subject | package | human % | gen % | combined % | compiles | passes | flaky | tests | findings | gen s | execs/s | peak RSS MB |\n")
	b.WriteString("|---|---|--:|--:|--:|:-:|:-:|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.Subject, r.Package, r.HumanCov.Format(1), pct(r.Gen, seeds), pct(r.Combined, seeds),
			yesNo(r.CompileOK), yesNo(r.Pass), r.Flaky.Format(0), r.Tests.Median.Format(0), r.Findings.Median.Format(0),
			r.GenSeconds.Median.Format(1), r.ExecsPerSec.Median.Format(0), r.PeakRSSMB.Format(0))
	}
	fmt.Fprintf(&b, "| **mean** | | %s (n=%d) | %s (n=%d) | %s (n=%d) | | | | | | | | |\n\n",
		tot.MeanHuman.Format(1), tot.NHuman, tot.MeanGen.Format(1), tot.NGen, tot.MeanCombined.Format(1), tot.NCombined)
	fmt.Fprintf(&b, "- Mean ratio gen/human coverage: **%s** over the %d subject(s) where both exist and human > 0.\n", tot.MeanRatio.Format(2), tot.NRatio)
	fmt.Fprintf(&b, "- Combined > human: **%d of %d** subject(s) where both exist.\n", tot.CombinedBetter, tot.NBoth)
	dis, nDis := 0.0, 0
	for _, sub := range subjects {
		for _, run := range sub.Runs {
			if v, ok := run.Disagreements.Get(); ok {
				dis += v
				nDis++
			}
		}
	}
	fmt.Fprintf(&b, "- Analysis disagreements (calls purity called pure that changed an argument or a repeated result): **%.0f** over %d run(s).\n", dis, nDis)
	fmt.Fprintf(&b, "- Means are over the subjects where the value exists (n); NA is never counted as 0.\n\n")

	var notes []string
	for _, r := range rows {
		if r.Err != "" {
			notes = append(notes, fmt.Sprintf("- **%s %s**: error: %s", r.Subject, r.Package, oneLine(r.Err)))
		}
		if r.HumanNote != "" {
			notes = append(notes, fmt.Sprintf("- %s %s: human: %s", r.Subject, r.Package, oneLine(r.HumanNote)))
		}
		for _, n := range dedupe(r.Notes) {
			notes = append(notes, fmt.Sprintf("- %s %s: %s", r.Subject, r.Package, oneLine(n)))
		}
	}
	if len(notes) > 0 {
		b.WriteString("## Errors and notes\n\n")
		for _, n := range notes {
			b.WriteString(truncate(n, 600) + "\n")
		}
		b.WriteString("\n")
	}

	if len(meta.CurveBudgets) > 0 {
		writeCurveTable(&b, subjects, meta.CurveBudgets)
	}
	if len(meta.Ablate) > 0 {
		writeAblationTable(&b, subjects, meta.Ablate, seeds)
	}
	if meta.Gremlins != "" || meta.Engine {
		writeMutation(&b, subjects, meta)
	}
	b.WriteString(method)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeHeader writes the top of a results.md: the title, a line that says
// what was run, the command, the gentest build, and the machine.
func writeHeader(b *strings.Builder, title, what string, meta Meta) {
	fmt.Fprintf(b, "%s\n\n%s\n\n", title, what)
	if meta.Command != "" {
		fmt.Fprintf(b, "Command: `%s`\n\n", meta.Command)
	}
	if meta.Gentest != "" {
		fmt.Fprintf(b, "gentest: %s\n\n", meta.Gentest)
	}
	b.WriteString("## Machine\n\n")
	m := meta.Machine
	fmt.Fprintf(b, "- go: %s\n- CPUs (nproc): %d\n- CPU: %s\n- memory: %s\n- date: %s\n\n",
		orNA(m.GoVersion), m.NumCPU, orNA(m.CPUModel), memory(m.MemoryMB), m.Date.Format(time.RFC3339))
}

func writeCurveTable(b *strings.Builder, subjects []result.Subject, budgets []time.Duration) {
	b.WriteString("## Coverage over budget\n\nGenerated statement coverage (%) at each budget, first seed. Charts: `curve-average.svg` and one `curve-<package>.svg` per subject.\n\n| subject | package |")
	for _, d := range budgets {
		fmt.Fprintf(b, " %gs |", d.Seconds())
	}
	b.WriteString("\n|---|---|" + strings.Repeat("--:|", len(budgets)) + "\n")
	for _, s := range subjects {
		fmt.Fprintf(b, "| %s | %s |", s.Name, s.Package)
		for _, d := range budgets {
			cell := "NA"
			for _, p := range s.Curve {
				if p.Budget == d {
					cell = p.Cov.Format(1)
				}
			}
			fmt.Fprintf(b, " %s |", cell)
		}
		b.WriteString("\n")
	}
	b.WriteString("| **mean** | |")
	for _, p := range AverageCurve(subjects, budgets) {
		fmt.Fprintf(b, " %s |", p.Cov.Format(1))
	}
	b.WriteString("\n\n![average coverage over budget](curve-average.svg)\n\n")
	var errs []string
	for _, s := range subjects {
		for _, p := range s.Curve {
			if p.Err != "" {
				errs = append(errs, fmt.Sprintf("- %s at %s: %s", s.Package, p.Budget, truncate(oneLine(p.Err), 400)))
			}
		}
	}
	if len(errs) > 0 {
		b.WriteString("Curve runs that failed:\n\n" + strings.Join(errs, "\n") + "\n\n")
	}
}

func writeAblationTable(b *strings.Builder, subjects []result.Subject, disabled []string, seeds int) {
	b.WriteString("## Ablation\n\nGenerated statement coverage (%) with one component disabled at a time (`gentest gen -no=<component>`).\n\n| subject | package | full |")
	for _, d := range disabled {
		fmt.Fprintf(b, " -no=%s |", d)
	}
	b.WriteString("\n|---|---|--:|" + strings.Repeat("--:|", len(disabled)) + "\n")
	cols := make([][]result.Value, len(disabled)+1)
	for _, s := range subjects {
		fmt.Fprintf(b, "| %s | %s |", s.Name, s.Package)
		for i, st := range ablationCov(s, disabled) {
			fmt.Fprintf(b, " %s |", pct(st, seeds))
			cols[i] = append(cols[i], st.Median)
		}
		b.WriteString("\n")
	}
	b.WriteString("| **mean** | |")
	for _, c := range cols {
		m, n := result.Mean(c)
		fmt.Fprintf(b, " %s (n=%d) |", m.Format(1), n)
	}
	b.WriteString("\n\n")
	var errs []string
	for _, s := range subjects {
		for _, a := range s.Ablations {
			if a.Disabled == "" {
				continue
			}
			for _, r := range a.Runs {
				if r.Err != "" {
					errs = append(errs, fmt.Sprintf("- %s -no=%s seed %d: %s", s.Package, a.Disabled, r.Seed, truncate(oneLine(r.Err), 400)))
				}
			}
		}
	}
	if len(errs) > 0 {
		b.WriteString("Ablation runs that failed:\n\n" + strings.Join(errs, "\n") + "\n\n")
	}
}

const method = `## How it is measured

- Each subject is copied into a scratch directory: modules via ` + "`go mod download`" + ` (whole module, then ` + "`go mod tidy -e`" + ` in the copy), std packages into a scratch module ` + "`benchstd`" + ` with the package's own import path rewritten in its external tests. Std packages importing internal std packages cannot be copied and are error rows.
- Coverage is statement coverage of the package alone (` + "`go test -covermode=set -coverpkg=<pkg> -coverprofile`" + `), computed by parsing the profile. human: the package's own tests; gen: the human tests removed and only ` + "`<pkg>_gentest_test.go`" + ` present (the findings file is behind the gentest_findings tag, so it does not build); combined: both. If the tests cannot run (build failure, no profile) the value is NA, never 0; if some tests fail but the profile exists, the coverage is kept and a note says so.
- compiles: ` + "`go test -c`" + ` of the generated file alone; passes: its coverage run exits 0; flaky: distinct top-level tests failing in that run or in any of ` + "`go test -count=5 -shuffle=on`" + ` (a failing rerun with no failing test counts 1), so a test that fails deterministically counts too.
- tests, findings, execs/s: from gentest's ` + "`-json`" + ` summary (tests falls back to counting Test functions in the file); NA when absent. gen s: wall time of ` + "`gentest gen`" + ` measured by the harness (includes loading, building the executor and verification).
- peak RSS: gentest's own ` + "`peak_rss_mb`" + ` if its summary has it (the largest resident set of any one process of the run: gentest itself, an executor, the go command, compiler or linker building the executor, or a verification test binary, sampled every 50 ms; its summary also gives ` + "`peak_rss_total_mb`" + `, the largest sum at one moment, and ` + "`peak_rss_by_process`" + `); otherwise the summed peak below, else wait4's. results.csv also records ` + "`rss_tree_mb`" + `: gentest's ` + "`peak_rss_total_mb`" + `, the peak of the summed RSS of gentest and all its descendant processes (executors, and the compiler while it builds the executor), NA when gentest wrote no summary; and ` + "`rss_maxproc_mb`" + `: wait4's ru_maxrss, the largest single process of the tree (on Linux it also counts the harness's pages at fork time).
`

// output is one file WriteAll may write; want says whether this run has it.
type output struct {
	name  string
	write func(io.Writer) error
	want  bool
}

// WriteAll writes every output file of the run into dir.
func WriteAll(dir string, subjects []result.Subject, meta Meta) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	rows := make([]Row, len(subjects))
	for i, s := range subjects {
		rows[i] = Summarize(s)
	}
	files := []output{
		{"results.csv", func(w io.Writer) error { return WriteCSV(w, rows) }, true},
		{"runs.csv", func(w io.Writer) error { return WriteRunsCSV(w, subjects) }, true},
		{"results.md", func(w io.Writer) error { return WriteMarkdown(w, subjects, meta) }, true},
		{"curve.csv", func(w io.Writer) error { return WriteCurveCSV(w, subjects) }, len(meta.CurveBudgets) > 0},
		{"ablation.csv", func(w io.Writer) error { return WriteAblationCSV(w, subjects, meta.Ablate) }, len(meta.Ablate) > 0},
		{"mutation.csv", func(w io.Writer) error { return WriteMutationCSV(w, subjects) }, meta.Gremlins != "" || meta.Engine},
		{"mutation-operators.csv", func(w io.Writer) error { return WriteOperatorsCSV(w, subjects) }, meta.Gremlins != "" || meta.Engine},
	}
	if len(meta.CurveBudgets) > 0 {
		var all []Series
		for _, s := range subjects {
			one := Series{Name: s.Package, Points: s.Curve}
			all = append(all, one)
			name := "curve-" + fileSlug(s.Package) + ".svg"
			files = append(files, output{name, func(w io.Writer) error {
				return WriteCurveSVG(w, "gentest coverage over budget: "+s.Package, meta.CurveBudgets, []Series{one})
			}, true})
		}
		all = append(all, Series{Name: "average", Points: AverageCurve(subjects, meta.CurveBudgets), Bold: true})
		files = append(files, output{"curve-average.svg", func(w io.Writer) error {
			return WriteCurveSVG(w, "gentest coverage over budget: all subjects", meta.CurveBudgets, all)
		}, true})
	}
	for _, f := range files {
		if !f.want {
			continue
		}
		if err := writeFile(filepath.Join(dir, f.name), f.write); err != nil {
			return err
		}
	}
	return nil
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}

func fileSlug(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' {
			return r
		}
		return '_'
	}, s)
}

func yesNo(v result.Value) string {
	switch boolCell(v) {
	case "true":
		return "yes"
	case "false":
		return "**no**"
	}
	return "NA"
}

func orNA(s string) string {
	if s == "" {
		return "NA"
	}
	return s
}

func memory(mb int64) string {
	if mb == 0 {
		return "NA"
	}
	return fmt.Sprintf("%d MB", mb)
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
