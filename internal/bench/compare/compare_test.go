package compare

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func read(t *testing.T, arg string, how Combine) *Side {
	t.Helper()
	srcs, err := ParseSources(arg)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Read(srcs, how)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A results.csv, a directory of them, fzgen-compare.sh lines and a column
// named after '#' are all read by package.
func TestReadFormats(t *testing.T) {
	dir := t.TempDir()
	results := write(t, dir, "a/results.csv", "subject,package,human_cov,gen_cov\nstd,container/ring,100.00,87.50\nstd,container/list,NA,NA\n")
	write(t, dir, "ab/02/results.csv", "subject,package,gen_cov\nstd,encoding/csv,80.00\n")
	write(t, dir, "ab/01/results.csv", "subject,package,gen_cov\nstd,container/ring,90.00\n")
	fz := write(t, dir, "fz.csv", "std:bufio,bufio,41,64.9,31.0,note, with comma\nstd:go/token,go/token,-,-,90.0,\n")
	gen := write(t, dir, "gen.csv", "label,subject,package,seed,gen_reported_cov\nx,std:bufio,bufio,1,70.5\n")

	s := read(t, results, Last)
	if got := s.Values["container/ring"].Format(1); got != "87.5" || !s.Values["container/list"].IsNA() {
		t.Errorf("results.csv: ring %s, list %v", got, s.Values["container/list"])
	}
	s = read(t, filepath.Join(dir, "ab"), Last)
	if strings.Join(s.Order, " ") != "container/ring encoding/csv" || s.Values["encoding/csv"].Format(0) != "80" {
		t.Errorf("directory: order %v values %v", s.Order, s.Values)
	}
	s = read(t, fz, Last)
	if s.Values["bufio"].Format(1) != "31.0" || s.Values["go/token"].Format(1) != "90.0" {
		t.Errorf("fzgen lines: %v", s.Values)
	}
	s = read(t, fz+"#fzgen_cov", Last)
	if s.Values["bufio"].Format(1) != "64.9" || !s.Values["go/token"].IsNA() {
		t.Errorf("fzgen lines, fzgen_cov: %v", s.Values)
	}
	s = read(t, gen, Last)
	if s.Values["bufio"].Format(1) != "70.5" || !strings.Contains(s.Desc, "gen_reported_cov") {
		t.Errorf("gen.sh CSV: %v (%s)", s.Values, s.Desc)
	}
	if _, err := Read([]Source{{Path: results, Column: "nosuch"}}, Last); err == nil {
		t.Error("a missing column was read")
	}
	if _, err := Read([]Source{{Path: filepath.Join(dir, "none")}}, Last); err == nil {
		t.Error("a missing file was read")
	}
}

// Several values of a package on one side: the last present one, the
// largest, or the median.
func TestCombine(t *testing.T) {
	dir := t.TempDir()
	a := write(t, dir, "a.csv", "std:x,x,1,10.0,50.0,\nstd:y,y,1,NA,NA,\n")
	b := write(t, dir, "b.csv", "std:x,x,1,30.0,NA,\nstd:y,y,1,5.0,NA,\n")
	c := write(t, dir, "c.csv", "std:x,x,1,20.0,NA,\n")
	arg := a + "#fzgen_cov," + b + "#fzgen_cov," + c + "#fzgen_cov"
	for how, want := range map[Combine]string{Last: "20.0", Max: "30.0", Median: "20.0"} {
		if got := read(t, arg, how).Values["x"].Format(1); got != want {
			t.Errorf("%s: x = %s, want %s", how, got, want)
		}
	}
	if got := read(t, arg, Last).Values["y"].Format(1); got != "5.0" {
		t.Errorf("last: y = %s, want the last value present, 5.0", got)
	}
	if _, err := ParseCombine("mean"); err == nil {
		t.Error("ParseCombine(mean) succeeded")
	}
}

func TestCompare(t *testing.T) {
	dir := t.TempDir()
	before := write(t, dir, "before.csv", "subject,package,gen_cov\ns,a,50\ns,b,60\ns,c,70\ns,d,80\ns,gone,10\n")
	after := write(t, dir, "after.csv", "subject,package,gen_cov\ns,a,52\ns,b,60.5\ns,c,65\ns,d,NA\ns,new,40\n")
	r := Compare(read(t, before, Last), read(t, after, Last), 1)
	if len(r.All) != 6 || len(r.Both) != 3 || r.AtLeast != 2 {
		t.Errorf("all %d, both %d, at least %d; want 6, 3, 2", len(r.All), len(r.Both), r.AtLeast)
	}
	if r.MeanBefore.Format(1) != "60.0" || r.MeanAfter.Format(1) != "59.2" {
		t.Errorf("means %s %s, want 60.0 59.2", r.MeanBefore.Format(1), r.MeanAfter.Format(1))
	}
	if len(r.Up) != 1 || r.Up[0].Package != "a" || len(r.Down) != 1 || r.Down[0].Package != "c" {
		t.Errorf("up %v down %v", r.Up, r.Down)
	}
	var one []string
	for _, c := range r.OneSide {
		one = append(one, c.Package)
	}
	if strings.Join(one, " ") != "d new gone" {
		t.Errorf("one side: %v, want d new gone", one)
	}
	var b strings.Builder
	if err := r.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"6 packages, 3 with a number on both sides. Mean over those: before 60.0, after 59.2.",
		"After ≥ before on 2 of 3; up by 1 or more: 1; down by 1 or more: 1.",
		"| a | 50.0 | 52.0 | +2.0 |",
		"| c | 70.0 | 65.0 | -5.0 |",
		"| gone | 10.0 | NA | NA |",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

// gentest-bench's mutation columns compare one tool with the other on the
// same tests, like any column.
func TestMutationColumns(t *testing.T) {
	dir := t.TempDir()
	results := write(t, dir, "results.csv", "subject,package,gen_cov,mut_gremlins_gen,mut_gentest_gen\nstd,container/ring,80.00,70.00,62.50\nstd,container/list,90.00,NA,50.00\n")
	r := Compare(read(t, results+"#mut_gremlins_gen", Last), read(t, results+"#mut_gentest_gen", Last), 5)
	if len(r.Both) != 1 || len(r.Down) != 1 || r.Down[0].Package != "container/ring" || r.Down[0].Delta().Format(1) != "-7.5" || len(r.OneSide) != 1 {
		t.Errorf("report = %+v", r)
	}
}
