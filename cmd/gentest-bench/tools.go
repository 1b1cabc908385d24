package main

// The modes that measure nothing themselves: -compare, -prepare,
// -findings and -readability.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gentest-go/gentest/internal/bench/compare"
	"github.com/gentest-go/gentest/internal/bench/harness"
	"github.com/gentest-go/gentest/internal/bench/readability"
	"github.com/gentest-go/gentest/internal/bench/report"
	"github.com/gentest-go/gentest/internal/bench/result"
	"github.com/gentest-go/gentest/internal/bench/scratch"
	"github.com/gentest-go/gentest/internal/bench/subject"
)

// printComparison reads the two sides of -compare and prints the report.
func printComparison(w io.Writer, o *options) error {
	var sides [2]*compare.Side
	for i, arg := range o.args {
		srcs, err := compare.ParseSources(arg)
		if err != nil {
			return err
		}
		if sides[i], err = compare.Read(srcs, o.combine); err != nil {
			return err
		}
	}
	return compare.Compare(sides[0], sides[1], o.threshold).WriteMarkdown(w)
}

// prepare copies the subject arg to the new directory dest as the
// benchmark does before gentest runs (its human tests removed) and prints
// the package's directory.
func prepare(ctx context.Context, w io.Writer, arg, dest string) error {
	s, err := subject.ParseOne(arg)
	if err != nil {
		return err
	}
	if dest, err = filepath.Abs(dest); err != nil {
		return err
	}
	env := append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local")
	c, err := scratch.Prepare(ctx, s, dest, env)
	if err != nil {
		return err
	}
	if err := c.RemoveHumanTests(); err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, c.PkgDir())
	return err
}

// summaryFindings is what -findings reads of a gentest -json summary.
type summaryFindings struct {
	Findings []struct {
		Kind, Function, Message, Test string
	}
	Disagreements []string
}

// printFindings prints the findings and disagreements of every gentest
// -json output under dirs: gentest-bench's NAME.stdout files (a -keep
// scratch directory) and bench/scripts/gen.sh's NAME.json files. A line
// names the run by the first directory under dir (a -keep run's
// NN-package) or else by the file.
func printFindings(w io.Writer, dirs []string) error {
	bw := bufio.NewWriter(w)
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || (filepath.Ext(p) != ".stdout" && filepath.Ext(p) != ".json") {
				return err
			}
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			name, _, nested := strings.Cut(filepath.ToSlash(rel), "/")
			if !nested {
				name = strings.TrimSuffix(name, filepath.Ext(name))
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, s := range summaries(data) {
				for _, f := range s.Findings {
					fmt.Fprintf(bw, "%s\t%s\t%s\t%s\t%s\n", name, f.Kind, f.Function, clip(oneLine(f.Message), 150), f.Test)
				}
				for _, d := range s.Disagreements {
					fmt.Fprintf(bw, "%s\tDISAGREE\t%s\n", name, clip(oneLine(d), 150))
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return bw.Flush()
}

// summaries decodes the JSON objects of a gentest -json output, one a line
// (lines that are not one, gentest's log with -json but not -q, are
// skipped).
func summaries(data []byte) []summaryFindings {
	var out []summaryFindings
	for _, line := range bytes.Split(data, []byte("\n")) {
		var s summaryFindings
		if bytes.HasPrefix(line, []byte("{")) && json.Unmarshal(line, &s) == nil {
			out = append(out, s)
		}
	}
	return out
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// printSummary prints the package and the numbers of the gentest -json
// summary in file as a CSV line; a file without one (gentest failed) gives
// NA cells, and the reason on stderr.
func printSummary(stdout, stderr io.Writer, file string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	s, err := harness.ParseSummary(data)
	if err != nil {
		fmt.Fprintf(stderr, "gentest-bench: %s: %v\n", file, err)
	}
	_, err = fmt.Fprintln(stdout, strings.Join(append([]string{s.Package}, s.CSV()...), ","))
	return err
}

// printReadability measures each test file (beside its package) and prints
// a markdown table of the readability columns.
func printReadability(w io.Writer, files []string) error {
	var rows []result.Subject
	for _, f := range files {
		rd, err := readability.File(f, filepath.Dir(f))
		if err != nil {
			return err
		}
		rows = append(rows, result.Subject{Package: f, Runs: []result.Run{{Readability: &rd}}})
	}
	var b strings.Builder
	report.WriteReadability(&b, rows)
	_, err := io.WriteString(w, b.String())
	return err
}
