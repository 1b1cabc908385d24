// Command gentest-bench measures gentest's generated tests against the human
// tests of real packages, and sets measurements side by side.
//
// Usage:
//
//	gentest-bench -subjects FILE [-budget 30s] [-seeds N] [-flags 'GEN FLAGS'] [-out DIR] [-curve] [-ablate a,b] [-mutation[=gremlins|gentest|both]]
//	gentest-bench -smoke -subjects FILE [-budget 10s] [-flags 'GEN FLAGS'] [-out DIR] [-j N] [-resume]
//	gentest-bench -compare [-combine last|max|median] [-threshold 1] BEFORE AFTER
//	gentest-bench -prepare SUBJECT DEST
//	gentest-bench -findings DIR...
//	gentest-bench -summary FILE
//	gentest-bench -readability FILE_test.go...
//
// Each line of FILE names a package: "<module>@<version> <dir>" or
// "std <import path>". For each, gentest-bench copies the package into a
// scratch directory, measures the statement coverage of its own tests, runs
// `gentest gen` with the human tests removed, and measures the generated file
// alone and together with the human tests. It writes DIR/results.csv,
// DIR/runs.csv and DIR/results.md (see package report for the columns), and
// with -curve, -ablate or -mutation the matching tables and SVG charts.
// -mutation measures the mutation score of the human tests, the generated
// file and both, with gremlins (-mutation, -mutation=gremlins), gentest's
// own engine (-mutation=gentest: `gentest mutate -json` of the measured
// gentest) or both tools (-mutation=both), on the same copies; results.csv
// then has the mut_<tool>_<tests> columns, results.md the tables (and,
// with both tools, where they differ by 5 points or more), and
// mutation.csv, mutation-operators.csv the counts.
// Results are rewritten after every subject, so an interrupted run keeps
// what it measured. -flags adds gentest gen flags to every run
// (-engine=sbst, -execs=3000).
//
// With -smoke, gentest-bench checks a large corpus quickly instead: per
// package one gentest run (seed 1), then whether the file was written,
// compiles, passes and is flaky (go test -count=3 -shuffle=on), its
// coverage, findings, time and memory, and a failure class for whatever went
// wrong (package internal/bench/failure). It writes DIR/results.csv, DIR/results.md
// and DIR/smoke.jsonl; -resume reads smoke.jsonl and measures only the
// packages it lacks. One package's failure never stops the run. Its
// results.md and results.csv also show the readability of each written file
// (package internal/bench/readability).
//
// With -compare, gentest-bench reads two sides, each a comma-separated
// list of tables (results.csv or runs.csv files, directories holding
// them, the CSV of bench/scripts/gen.sh or bench/scripts/fzgen-compare.sh;
// PATH#COLUMN picks a column, by default the coverage), and prints in
// markdown how the packages' values moved (package internal/bench/compare).
// The two mutation tools on the same tests, say:
// -compare results.csv#mut_gremlins_gen results.csv#mut_gentest_gen.
//
// With -prepare, gentest-bench makes the scratch copy the benchmark would
// measure (the module, or a std package in a scratch module; its human
// tests removed) in the new directory DEST and prints the package's
// directory: the scripts in bench/scripts run gentest on such copies.
//
// With -findings, gentest-bench prints every finding and purity
// disagreement of the gentest -json summaries under each DIR (a -keep
// scratch directory, or bench/scripts/gen.sh's output), one tab-separated
// line each: run, kind, function, message, test.
//
// With -summary, gentest-bench prints the package and the numbers of the
// gentest -json summary in FILE (coverage in percent, tests, findings,
// executions, memory, the search's start) as one CSV line, NA where it has
// none: bench/scripts/gen.sh's columns.
//
// With -readability, gentest-bench measures the readability of test files
// already written, each beside the package it tests, and prints one table
// row per file.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// gentestPkg is built when -gentest is not given; the build runs in the
// current directory, which must be inside the gentest module.
const gentestPkg = "github.com/gentest-go/gentest/cmd/gentest"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "gentest-bench:", err)
		os.Exit(2)
	}
}

// run is the command: the mode the flags pick, its output on stdout and
// its progress on stderr.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	switch o.mode {
	case modeReadability:
		return printReadability(stdout, o.args)
	case modeCompare:
		return printComparison(stdout, o)
	case modePrepare:
		return prepare(ctx, stdout, o.args[0], o.args[1])
	case modeFindings:
		return printFindings(stdout, o.args)
	case modeSummary:
		return printSummary(stdout, stderr, o.args[0])
	}
	return runBench(ctx, o, args, stderr)
}
