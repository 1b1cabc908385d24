package report

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/bench/failure"
	"github.com/gentest-go/gentest/internal/bench/result"
)

// SmokeColumns are the header of a smoke run's results.csv. Coverage is in
// percent, seconds are wall-clock, memory is in MiB; "NA" is a value that
// was not measured (a check after a failed step, say).
var SmokeColumns = []string{
	"subject", "package", "class", "written", "compile_ok", "pass", "flaky", "gen_cov", "tests", "findings",
	"gen_seconds", "rss_tree_mb", "rss_maxproc_mb",
	"assertions_per_test", "no_target", "panic_only", "discarded", "median_stmts", "message_errors", "numbered_names",
	"detail",
}

// SmokeFile is the file of a smoke run that keeps every package's result
// as JSON, one per line, for -resume.
const SmokeFile = "smoke.jsonl"

// smokeRun is the one run of a smoke subject (zero if it has none).
func smokeRun(s result.Subject) result.Run {
	if len(s.Runs) == 0 {
		return result.Run{Class: string(failure.HarnessSetup), Detail: oneLine(s.Err)}
	}
	return s.Runs[0]
}

// SmokeClass is the class of a smoke subject; an unclassified run is
// "other", so that counts always add up to the number of packages.
func SmokeClass(s result.Subject) failure.Class {
	if c := smokeRun(s).Class; c != "" {
		return failure.Class(c)
	}
	return failure.Other
}

// WriteSmokeCSV writes a smoke run's results.csv, one row per package.
func WriteSmokeCSV(w io.Writer, subjects []result.Subject) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(SmokeColumns); err != nil {
		return err
	}
	for _, s := range subjects {
		r := smokeRun(s)
		rec := []string{
			s.Name, s.Package, string(SmokeClass(s)), boolCell(r.Written), boolCell(r.CompileOK), boolCell(r.Pass),
			r.Flaky.Format(0), r.GenCov.Format(2), r.Tests.Format(0), r.Findings.Format(0), r.GenSeconds.Format(2),
			r.TreeRSSMB.Format(1), r.MaxProcRSSMB.Format(1),
		}
		rec = append(rec, readabilityCells(r.Readability)...)
		rec = append(rec, oneLine(r.Detail))
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// SmokeTotals are the summary figures of a smoke run.
type SmokeTotals struct {
	Packages int
	// Written, Compiles, Passes and Good count packages whose file was
	// written, compiles, passes, and compiles, passes and is not flaky.
	Written, Compiles, Passes, Good int
	// Classes counts packages per class.
	Classes map[failure.Class]int
	// Panics lists the packages where gentest panicked, with the panic.
	Panics []string
	// MeanCov is the mean generated coverage over the NCov packages that
	// have one.
	MeanCov result.Value
	NCov    int
}

// SmokeTotal computes the summary of a smoke run.
func SmokeTotal(subjects []result.Subject) SmokeTotals {
	t := SmokeTotals{Packages: len(subjects), Classes: map[failure.Class]int{}}
	var covs []result.Value
	for _, s := range subjects {
		r := smokeRun(s)
		cls := SmokeClass(s)
		t.Classes[cls]++
		if isYes(r.Written) {
			t.Written++
		}
		if isYes(r.CompileOK) {
			t.Compiles++
		}
		if isYes(r.Pass) {
			t.Passes++
		}
		if cls == failure.OK {
			t.Good++
		}
		if cls == failure.Panic {
			t.Panics = append(t.Panics, fmt.Sprintf("%s: %s", s.Package, oneLine(r.Detail)))
		}
		covs = append(covs, r.GenCov)
	}
	t.MeanCov, t.NCov = result.Mean(covs)
	return t
}

func isYes(v result.Value) bool {
	f, ok := v.Get()
	return ok && f != 0
}

// WriteSmokeMarkdown writes a smoke run's results.md: the summary, counts
// per failure class, the table, and the packages of each failure class
// with the line that says why.
func WriteSmokeMarkdown(w io.Writer, subjects []result.Subject, meta Meta) error {
	t := SmokeTotal(subjects)
	var b strings.Builder
	writeHeader(&b, "# gentest-bench smoke results",
		fmt.Sprintf("Budget %s per package, seed %v, %d package(s), %d at a time, run took %s.",
			meta.Budget, meta.Seeds, len(subjects), max(meta.Jobs, 1), meta.Elapsed.Round(time.Second)),
		meta)

	b.WriteString("## Summary\n\n")
	fmt.Fprintf(&b, "- Good (file written, compiles, passes, not flaky): **%d of %d (%s)**.\n", t.Good, t.Packages, share(t.Good, t.Packages))
	fmt.Fprintf(&b, "- File written: %d (%s); compiles: %d (%s); passes: %d (%s).\n",
		t.Written, share(t.Written, t.Packages), t.Compiles, share(t.Compiles, t.Packages), t.Passes, share(t.Passes, t.Packages))
	fmt.Fprintf(&b, "- Mean coverage of the generated file: %s%% over the %d package(s) that have one.\n", t.MeanCov.Format(1), t.NCov)
	fmt.Fprintf(&b, "- gentest panics: **%d**.\n", len(t.Panics))
	for _, p := range t.Panics {
		fmt.Fprintf(&b, "  - %s\n", truncate(p, 400))
	}
	b.WriteString("\n| class | packages | % |\n|---|--:|--:|\n")
	for _, c := range classOrder(t.Classes) {
		fmt.Fprintf(&b, "| %s | %d | %s |\n", c, t.Classes[c], share(t.Classes[c], t.Packages))
	}
	b.WriteString("\n")

	b.WriteString("## Packages\n\n")
	b.WriteString("| subject | package | class | written | compiles | passes | flaky | gen % | tests | findings | gen s | peak RSS MB |\n")
	b.WriteString("|---|---|---|:-:|:-:|:-:|--:|--:|--:|--:|--:|--:|\n")
	for _, s := range subjects {
		r := smokeRun(s)
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			s.Name, s.Package, SmokeClass(s), yesNo(r.Written), yesNo(r.CompileOK), yesNo(r.Pass), r.Flaky.Format(0),
			r.GenCov.Format(1), r.Tests.Format(0), r.Findings.Format(0), r.GenSeconds.Format(1), r.TreeRSSMB.Format(0))
	}
	b.WriteString("\n")

	WriteReadability(&b, subjects)

	b.WriteString("## Failures by class\n\n")
	failed := false
	for _, c := range classOrder(t.Classes) {
		if c == failure.OK {
			continue
		}
		failed = true
		fmt.Fprintf(&b, "### %s (%d)\n\n", c, t.Classes[c])
		for _, s := range subjects {
			if SmokeClass(s) == c {
				fmt.Fprintf(&b, "- %s: %s\n", s.Package, truncate(oneLine(smokeRun(s).Detail), 500))
			}
		}
		b.WriteString("\n")
	}
	if !failed {
		b.WriteString("None.\n\n")
	}
	fmt.Fprintf(&b, smokeMethod, max(meta.Reruns, 1))
	_, err := io.WriteString(w, b.String())
	return err
}

// readabilityCells are a run's readability columns: assertions per test,
// tests without a check on their target, tests that only must not panic,
// discarded calls, median statements per test, message-compared errors
// where the package exports sentinels or error types, numbered subtest
// names. NA when the file was not measured.
func readabilityCells(rd *result.Readability) []string {
	if rd == nil {
		return []string{"NA", "NA", "NA", "NA", "NA", "NA", "NA"}
	}
	msg := "0"
	if rd.SentinelsOrTypes {
		msg = strconv.Itoa(rd.MessageErrors)
	}
	return []string{rd.AssertionsPerTest.Format(2), strconv.Itoa(rd.NoTarget), strconv.Itoa(rd.PanicOnly),
		strconv.Itoa(rd.Discarded), rd.MedianStmts.Format(1), msg, strconv.Itoa(rd.NumberedNames)}
}

// WriteReadability writes the readability table (issue 15) of the
// subjects' first runs and its totals.
func WriteReadability(b *strings.Builder, subjects []result.Subject) {
	b.WriteString("## Readability\n\n")
	b.WriteString("| package | tests | assertions/test | no check on target | only must-not-panic | discarded calls | median stmts/test | message-compared errors | numbered names |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	var noTarget, panicOnly, discarded, messages, numbered, measured int
	worst := result.NA
	for _, s := range subjects {
		rd := smokeRun(s).Readability
		if rd == nil {
			fmt.Fprintf(b, "| %s | NA | NA | NA | NA | NA | NA | NA | NA |\n", s.Package)
			continue
		}
		measured++
		c := readabilityCells(rd)
		fmt.Fprintf(b, "| %s | %d | %s |\n", s.Package, rd.Tests, strings.Join(c, " | "))
		noTarget += rd.NoTarget
		panicOnly += rd.PanicOnly
		discarded += rd.Discarded
		numbered += rd.NumberedNames
		if rd.SentinelsOrTypes {
			messages += rd.MessageErrors
		}
		if m, ok := rd.MedianStmts.Get(); ok {
			if w, wok := worst.Get(); !wok || m > w {
				worst = result.Of(m)
			}
		}
	}
	fmt.Fprintf(b, "\nOver the %d measured file(s): %d test(s) with no check on their target, %d that only must not panic, %d discarded call(s), largest median statements per test %s, %d message-compared error(s) where the package exports sentinels or error types, %d numbered subtest name(s).\n\n",
		measured, noTarget, panicOnly, discarded, worst.Format(1), messages, numbered)
}

// classOrder returns the classes present in counts: failure.All's order,
// then any class it does not know, sorted.
func classOrder(counts map[failure.Class]int) []failure.Class {
	var out []failure.Class
	known := map[failure.Class]bool{}
	for _, c := range failure.All {
		known[c] = true
		if counts[c] > 0 {
			out = append(out, c)
		}
	}
	var extra []string
	for c, n := range counts {
		if !known[c] && n > 0 {
			extra = append(extra, string(c))
		}
	}
	slices.Sort(extra)
	for _, c := range extra {
		out = append(out, failure.Class(c))
	}
	return out
}

func share(n, of int) string {
	if of == 0 {
		return "NA"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

const smokeMethod = `## How it is measured

- Each package is copied as in the full benchmark (modules via ` + "`go mod download`" + ` and ` + "`go mod tidy -e`" + `, std packages into a scratch module ` + "`benchstd`" + `), its own tests are removed, and ` + "`gentest gen -json`" + ` runs once (seed 1) at the budget. Human and combined coverage are not measured.
- class: ` + "`ok`" + ` when the file compiles, passes and is not flaky; a gentest failure class read from gentest's exit status and stderr (see package internal/bench/failure: ` + "`load-error`, `analyzer-error`, `no-operations`, `executor-build`, `executor-start`, `no-tests`, `verify-failed:compile`, `vet`, `verify-failed:run`, `panic`, `timeout`, `killed`, `no-file`, `other`" + `); ` + "`file:no-compile`, `file:fails`, `file:flaky`" + ` when gentest succeeded but the harness found its file broken; ` + "`harness-setup`" + ` when the package could not be fetched or copied (not gentest's fault). The detail column is the line that says most about the failure.
- compiles: ` + "`go test -c`" + `; passes: ` + "`go test -covermode=set -coverpkg=<pkg>`" + ` exits 0, and gen %% is its statement coverage of the package; flaky: distinct top-level tests failing in that run or in ` + "`go test -count=%d -shuffle=on`" + `.
- gen s: wall time of ` + "`gentest gen`" + ` (loading, executor build, search, minimization, verification). peak RSS: the peak of the summed RSS of gentest and all its descendants, as gentest's summary reports it (peak_rss_total_mb; rss_tree_mb in results.csv, NA when gentest wrote no summary); results.csv also has wait4's ru_maxrss, the largest single process (rss_maxproc_mb).
- Readability (package internal/bench/readability, read from the written file's syntax): a test is a top-level Test function without subtests, a subtest, or a table row. assertions/test: t.Error/t.Fatal calls a test runs. no check on target: tests with no check after their first call of the function they are named after and no comment saying why; only must-not-panic: those whose comment says the call must not panic. discarded calls: statements assigning every result of a call to _, except the target of a must-not-panic test. median stmts/test: statements a reader reads for one test, a check (an if whose body only reports, or an if/else of such checks) counting one per report, a table's rows not counted. message-compared errors: ` + "`Error()`" + ` compared with == or != in a package that exports an error variable or type. numbered names: subtest names ending in _<n> beside a name with the same stem.
- The machine is shared: timings and memory are indicative only.
`

// WriteSmokeAll writes a smoke run's results.csv, results.md and SmokeFile
// into dir.
func WriteSmokeAll(dir string, subjects []result.Subject, meta Meta) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range []output{
		{"results.csv", func(w io.Writer) error { return WriteSmokeCSV(w, subjects) }, true},
		{"results.md", func(w io.Writer) error { return WriteSmokeMarkdown(w, subjects, meta) }, true},
		{SmokeFile, func(w io.Writer) error { return WriteSmokeJSONL(w, subjects) }, true},
	} {
		if err := writeFile(filepath.Join(dir, f.name), f.write); err != nil {
			return err
		}
	}
	return nil
}

// WriteSmokeJSONL writes one JSON object per subject.
func WriteSmokeJSONL(w io.Writer, subjects []result.Subject) error {
	enc := json.NewEncoder(w)
	for _, s := range subjects {
		if err := enc.Encode(s); err != nil {
			return err
		}
	}
	return nil
}

// ReadSmokeJSONL reads what WriteSmokeJSONL wrote. name is for error
// messages.
func ReadSmokeJSONL(r io.Reader, name string) ([]result.Subject, error) {
	var out []result.Subject
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var s result.Subject
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return out, nil
}
