// Package compare sets two sets of benchmark measurements side by side,
// package by package: the coverage of two builds of gentest, of two
// configurations, or of gentest and fuzzing. It reads the tables the
// benchmark writes (gentest-bench's results.csv and runs.csv, the CSV of
// bench/scripts/gen.sh, the lines of bench/scripts/fzgen-compare.sh) and
// reports what an A/B needs: how many packages have a number on both
// sides, the means over those, which moved by more than a threshold, and
// which have a number on one side only.
package compare

import (
	"encoding/csv"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/bench/result"
)

// Source is one table to read: a CSV file, or a directory whose
// results.csv files, at any depth, are read in path order (an A/B run of
// bench/scripts/ab.sh keeps one per subject).
type Source struct {
	Path string
	// Column names the measure; "" takes the table's coverage column (see
	// CoverageColumns).
	Column string
}

// ParseSources reads a comma-separated list of PATH or PATH#COLUMN.
func ParseSources(arg string) ([]Source, error) {
	var out []Source
	for _, part := range strings.Split(arg, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		p, col, _ := strings.Cut(part, "#")
		out = append(out, Source{Path: p, Column: col})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("compare: no table in %q", arg)
	}
	return out, nil
}

func (s Source) String() string {
	if s.Column == "" {
		return s.Path
	}
	return s.Path + "#" + s.Column
}

// CoverageColumns are the columns a Source without a Column takes, the
// first the table has: gentest-bench's coverage of the generated file
// (gen_cov), gentest's own report of it (gen_reported_cov, the column of
// bench/scripts/gen.sh), and fzgen-compare.sh's gentest_cov.
var CoverageColumns = []string{"gen_cov", "gen_reported_cov", "gentest_cov"}

// FzgenColumns are the columns of bench/scripts/fzgen-compare.sh's lines,
// which have no header.
var FzgenColumns = []string{"subject", "package", "fuzz_targets", "fzgen_cov", "gentest_cov", "note"}

// Combine says how the values one side has for the same package (several
// files, seeds, reruns) become one.
type Combine string

const (
	// Last keeps the value read last: a rerun replaces the run before it.
	Last Combine = "last"
	// Max keeps the largest: the best of several samples.
	Max Combine = "max"
	// Median keeps the median of the values present.
	Median Combine = "median"
)

// ParseCombine checks a -combine value.
func ParseCombine(s string) (Combine, error) {
	switch c := Combine(s); c {
	case Last, Max, Median:
		return c, nil
	}
	return "", fmt.Errorf("compare: -combine must be last, max or median, not %q", s)
}

// Side is the value of one side for each package.
type Side struct {
	// Desc says what was read, for the report.
	Desc string
	// Values maps a package's import path to its value; NA when the
	// tables name the package without a number.
	Values map[string]result.Value
	// Order lists the packages in the order first read.
	Order []string
}

// Read reads the sources of one side and combines the values of each
// package as how says.
func Read(srcs []Source, how Combine) (*Side, error) {
	all := map[string][]result.Value{}
	var order, descs []string
	for _, src := range srcs {
		files, err := tableFiles(src.Path)
		if err != nil {
			return nil, err
		}
		var cols []string
		for _, f := range files {
			col, rows, err := readTable(f, src.Column)
			if err != nil {
				return nil, err
			}
			for _, r := range rows {
				if _, seen := all[r.pkg]; !seen {
					order = append(order, r.pkg)
				}
				all[r.pkg] = append(all[r.pkg], r.v)
			}
			if !slices.Contains(cols, col) {
				cols = append(cols, col)
			}
		}
		desc := src.Path + " (" + strings.Join(cols, ", ") + ")"
		if len(files) > 1 || files[0] != src.Path {
			desc = fmt.Sprintf("%s (%d results.csv, %s)", src.Path, len(files), strings.Join(cols, ", "))
		}
		descs = append(descs, desc)
	}
	side := &Side{Desc: strings.Join(descs, ", "), Values: map[string]result.Value{}, Order: order}
	for pkg, vals := range all {
		side.Values[pkg] = combine(vals, how)
	}
	return side, nil
}

// combine makes one value of several: NA only when none is present.
func combine(vals []result.Value, how Combine) result.Value {
	switch how {
	case Max:
		return result.Summarize(vals).Max
	case Median:
		return result.Summarize(vals).Median
	}
	for i := len(vals) - 1; i >= 0; i-- {
		if !vals[i].IsNA() {
			return vals[i]
		}
	}
	return result.NA
}

// tableFiles is path itself, or the results.csv files under the directory
// path, sorted.
func tableFiles(path string) ([]string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	if !fi.IsDir() {
		return []string{path}, nil
	}
	var files []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "results.csv" {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("compare: no results.csv under %s", path)
	}
	slices.Sort(files)
	return files, nil
}

// row is one package's value in a table.
type row struct {
	pkg string
	v   result.Value
}

// readTable reads the column col (or the coverage column) of every row of
// the CSV file f, keyed by its package column. A file whose first line is
// not a header naming "package" is read as fzgen-compare.sh's lines. It
// returns the column it read.
func readTable(f, col string) (string, []row, error) {
	fh, err := os.Open(f)
	if err != nil {
		return "", nil, fmt.Errorf("compare: %w", err)
	}
	defer fh.Close()
	cr := csv.NewReader(fh)
	cr.FieldsPerRecord = -1
	recs, err := cr.ReadAll()
	if err != nil {
		return "", nil, fmt.Errorf("compare: %s: %w", f, err)
	}
	if len(recs) == 0 {
		return "", nil, fmt.Errorf("compare: %s is empty", f)
	}
	header := recs[0]
	if slices.Contains(header, "package") {
		recs = recs[1:]
	} else {
		header = FzgenColumns
	}
	pkgAt := slices.Index(header, "package")
	at := -1
	if col != "" {
		at = slices.Index(header, col)
	} else {
		for _, c := range CoverageColumns {
			if at = slices.Index(header, c); at >= 0 {
				col = c
				break
			}
		}
	}
	if at < 0 {
		what := col
		if what == "" {
			what = "a coverage column (" + strings.Join(CoverageColumns, ", ") + ")"
		}
		return "", nil, fmt.Errorf("compare: %s has no %s; its columns: %s", f, what, strings.Join(header, ","))
	}
	var rows []row
	for _, rec := range recs {
		if pkgAt >= len(rec) || rec[pkgAt] == "" {
			continue
		}
		r := row{pkg: rec[pkgAt]}
		if at < len(rec) {
			r.v = cell(rec[at])
		}
		rows = append(rows, r)
	}
	return col, rows, nil
}

// cell reads a number; "NA", "-", "" and anything else that is not one is
// NA.
func cell(s string) result.Value {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return result.NA
	}
	return result.Of(f)
}

// Change is one package's values on both sides.
type Change struct {
	Package       string
	Before, After result.Value
}

// Delta is After minus Before; NA unless both are present.
func (c Change) Delta() result.Value {
	a, aok := c.After.Get()
	b, bok := c.Before.Get()
	if !aok || !bok {
		return result.NA
	}
	return result.Of(a - b)
}

// Report is the comparison of two sides.
type Report struct {
	Before, After string
	// Threshold is the change that counts as up or down.
	Threshold float64
	// All are the packages of either side: the after side's order, then
	// the packages only the before side has.
	All []Change
	// Both are the packages with a number on both sides; MeanBefore and
	// MeanAfter their means.
	Both                  []Change
	MeanBefore, MeanAfter result.Value
	// AtLeast counts the packages of Both whose after value is at least
	// the before value.
	AtLeast int
	// Up and Down moved by Threshold or more, the largest change first.
	Up, Down []Change
	// OneSide have a number on one side only, or on neither.
	OneSide []Change
}

// Compare sets before and after side by side.
func Compare(before, after *Side, threshold float64) Report {
	r := Report{Before: before.Desc, After: after.Desc, Threshold: threshold}
	order := slices.Clone(after.Order)
	for _, p := range before.Order {
		if _, ok := after.Values[p]; !ok {
			order = append(order, p)
		}
	}
	var bs, as []result.Value
	for _, p := range order {
		c := Change{Package: p, Before: before.Values[p], After: after.Values[p]}
		r.All = append(r.All, c)
		d, ok := c.Delta().Get()
		if !ok {
			r.OneSide = append(r.OneSide, c)
			continue
		}
		r.Both = append(r.Both, c)
		bs, as = append(bs, c.Before), append(as, c.After)
		if d >= 0 {
			r.AtLeast++
		}
		switch {
		case d >= threshold:
			r.Up = append(r.Up, c)
		case d <= -threshold:
			r.Down = append(r.Down, c)
		}
	}
	r.MeanBefore, _ = result.Mean(bs)
	r.MeanAfter, _ = result.Mean(as)
	byDelta := func(x, y Change) int {
		dx, _ := x.Delta().Get()
		dy, _ := y.Delta().Get()
		if dx != dy {
			if dx > dy {
				return -1
			}
			return 1
		}
		return strings.Compare(x.Package, y.Package)
	}
	slices.SortStableFunc(r.Up, byDelta)
	slices.SortStableFunc(r.Down, func(x, y Change) int { return -byDelta(x, y) })
	return r
}

// WriteMarkdown writes the report: the summary, the packages that moved,
// those with a number on one side only, then every package.
func (r Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	th := strconv.FormatFloat(r.Threshold, 'f', -1, 64)
	fmt.Fprintf(&b, "# Comparison\n\n- before: %s\n- after: %s\n\n", r.Before, r.After)
	fmt.Fprintf(&b, "%d packages, %d with a number on both sides. Mean over those: before %s, after %s.\n",
		len(r.All), len(r.Both), r.MeanBefore.Format(1), r.MeanAfter.Format(1))
	fmt.Fprintf(&b, "After ≥ before on %d of %d; up by %s or more: %d; down by %s or more: %d.\n",
		r.AtLeast, len(r.Both), th, len(r.Up), th, len(r.Down))
	writeChanges(&b, "Up by "+th+" or more", r.Up)
	writeChanges(&b, "Down by "+th+" or more", r.Down)
	writeChanges(&b, "A number on one side only", r.OneSide)
	writeChanges(&b, "Every package", r.All)
	_, err := io.WriteString(w, b.String())
	return err
}

func writeChanges(b *strings.Builder, title string, cs []Change) {
	if len(cs) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## %s\n\n| package | before | after | change |\n|---|--:|--:|--:|\n", title)
	for _, c := range cs {
		d := c.Delta().Format(1)
		if v, ok := c.Delta().Get(); ok && v > 0 {
			d = "+" + d
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", c.Package, c.Before.Format(1), c.After.Format(1), d)
	}
}
