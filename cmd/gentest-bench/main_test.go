package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestParseFlags(t *testing.T) {
	o, err := parseFlags([]string{"-subjects", "f", "-budget", "5s", "-seeds", "3", "-ablate", "constants, impurity,,", "-curve"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.subjects != "f" || o.budget.String() != "5s" || o.seeds != 3 || !o.curve || strings.Join(o.ablate, "|") != "constants|impurity" {
		t.Errorf("parseFlags = %+v", o)
	}
	// -smoke has its own default budget, unless one is given.
	if o, err := parseFlags([]string{"-subjects", "f", "-smoke", "-j", "2", "-resume"}, io.Discard); err != nil || o.budget.String() != "10s" || o.jobs != 2 || !o.resume {
		t.Errorf("parseFlags(-smoke) = %+v, %v", o, err)
	}
	if o, err := parseFlags([]string{"-subjects", "f", "-smoke", "-budget", "3s"}, io.Discard); err != nil || o.budget.String() != "3s" {
		t.Errorf("parseFlags(-smoke -budget 3s) = %+v, %v", o, err)
	}
	if o, err := parseFlags([]string{"-subjects", "f"}, io.Discard); err != nil || o.budget.String() != "30s" || o.jobs != 1 {
		t.Errorf("parseFlags defaults = %+v, %v", o, err)
	}
	for _, bad := range [][]string{
		{},
		{"-subjects", "f", "-seeds", "0"},
		{"-subjects", "f", "-budget", "0s"},
		{"-subjects", "f", "extra"},
		{"-subjects", "f", "-j", "2"},
		{"-subjects", "f", "-resume"},
		{"-subjects", "f", "-smoke", "-j", "0"},
		{"-subjects", "f", "-smoke", "-curve"},
		{"-subjects", "f", "-smoke", "-seeds", "2"},
		{"-subjects", "f", "-smoke", "-ablate", "constants"},
		{"-subjects", "f", "-smoke", "-mutation"},
		{"-subjects", "f", "-mutation=pitest"},
	} {
		if _, err := parseFlags(bad, io.Discard); err == nil {
			t.Errorf("parseFlags(%q) succeeded", bad)
		}
	}
}

// -mutation alone keeps meaning gremlins; =gentest and =both add
// gentest's own engine.
func TestParseMutationFlag(t *testing.T) {
	for _, c := range []struct {
		args              []string
		gremlins, gentest bool
	}{
		{nil, false, false},
		{[]string{"-mutation"}, true, false},
		{[]string{"-mutation=gremlins"}, true, false},
		{[]string{"-mutation=gentest"}, false, true},
		{[]string{"-mutation=both"}, true, true},
		{[]string{"-mutation=false"}, false, false},
	} {
		o, err := parseFlags(append([]string{"-subjects", "f"}, c.args...), io.Discard)
		if err != nil {
			t.Errorf("parseFlags(%q): %v", c.args, err)
			continue
		}
		if o.mutation.gremlins != c.gremlins || o.mutation.gentest != c.gentest {
			t.Errorf("parseFlags(%q): mutation = %+v", c.args, o.mutation)
		}
	}
}

// readResults returns results.csv as one map per row.
func readResults(t *testing.T, dir string) []map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "results.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]string
	for _, rec := range recs[1:] {
		row := map[string]string{}
		for i, c := range recs[0] {
			row[c] = rec[i]
		}
		rows = append(rows, row)
	}
	return rows
}

// fakeBinary builds testdata/bench/fakegentest once for every test of the
// binary that needs it.
var fakeBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "gentest-bench-test-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "fakegentest")
	if out, err := exec.Command("go", "build", "-o", bin, "../../testdata/bench/fakegentest").CombinedOutput(); err != nil {
		return "", fmt.Errorf("building fakegentest: %v\n%s", err, out)
	}
	return bin, nil
})

func TestMain(m *testing.M) {
	code := m.Run()
	if bin, err := fakeBinary(); err == nil {
		os.RemoveAll(filepath.Dir(bin))
	}
	os.Exit(code)
}

func buildFake(t *testing.T) string {
	t.Helper()
	bin, err := fakeBinary()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// TestRunFakeGentest runs the whole harness with a stand-in gentest, so the
// pipeline is tested whatever state the real generator is in. The cases
// run in parallel, and ask the stand-in for its behaviour through -flags,
// which this also tests.
func TestRunFakeGentest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on a scratch copy several times")
	}
	t.Parallel()
	fake := buildFake(t)
	for _, tc := range []struct {
		name                                      string
		genCov, combined, pass, flaky, tests, err string
	}{
		{"ok", "0.00", "100.00", "true", "0", "1.0", ""},
		{"flaky", "0.00", "100.00", "true", "1", "1.0", ""},
		{"fail", "NA", "NA", "NA", "NA", "NA", "fakegentest: failing as asked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := t.TempDir()
			args := []string{"-subjects", "../../testdata/bench/ring.txt", "-budget", "1s", "-gentest", fake, "-out", out, "-flags", "-fake=" + tc.name}
			if err := run(context.Background(), args, io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
			rows := readResults(t, out)
			if len(rows) != 1 {
				t.Fatalf("%d rows, want 1", len(rows))
			}
			r := rows[0]
			if r["subject"] != "std" || r["package"] != "container/ring" || r["human_cov"] != "100.00" {
				t.Errorf("subject/package/human = %q %q %q", r["subject"], r["package"], r["human_cov"])
			}
			for col, want := range map[string]string{"gen_cov": tc.genCov, "combined_cov": tc.combined, "pass": tc.pass, "flaky": tc.flaky, "tests": tc.tests} {
				if r[col] != want {
					t.Errorf("%s = %q, want %q", col, r[col], want)
				}
			}
			if !strings.Contains(r["error"], tc.err) || (tc.err == "") != (r["error"] == "") {
				t.Errorf("error = %q, want %q", r["error"], tc.err)
			}
			if _, err := os.Stat(filepath.Join(out, "results.md")); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestMutationFakeGentest runs -mutation=gentest with a stand-in whose
// mutate kills one of 10 mutants per test file it runs: the three runs must
// choose the human tests (ring's two files), the generated file, and all.
func TestMutationFakeGentest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on a scratch copy several times")
	}
	t.Parallel()
	fake := buildFake(t)
	out := t.TempDir()
	args := []string{"-subjects", "../../testdata/bench/ring.txt", "-budget", "1s", "-gentest", fake, "-out", out, "-mutation=gentest"}
	if err := run(context.Background(), args, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	r := readResults(t, out)[0]
	for col, want := range map[string]string{
		"mut_gentest_human": "20.00", "mut_gentest_gen": "10.00", "mut_gentest_both": "30.00", "mut_gremlins_gen": "NA",
	} {
		if r[col] != want {
			t.Errorf("%s = %q, want %q", col, r[col], want)
		}
	}
	md, err := os.ReadFile(filepath.Join(out, "results.md"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "| container/ring | remove | 10 | 20.0 | 10.0 | 30.0 | 7 |"; !strings.Contains(string(md), want) {
		t.Errorf("results.md lacks the operator row %q", want)
	}
}

// TestSmokeFakeGentest runs -smoke with a stand-in gentest over a good
// package, a failing gentest and a module that cannot be fetched, then
// resumes: the classes must say which is which, and -resume must keep the
// measured packages instead of running them again.
func TestSmokeFakeGentest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on scratch copies")
	}
	fake := buildFake(t)
	list := filepath.Join(t.TempDir(), "corpus.txt")
	// With the proxy off, go mod download fails at once and the test
	// uses no network.
	t.Setenv("GOPROXY", "off")
	if err := os.WriteFile(list, []byte("std container/ring\nexample.invalid/m@v1.0.0 .\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	args := []string{"-smoke", "-subjects", list, "-budget", "1s", "-gentest", fake, "-out", out}
	if err := run(context.Background(), args, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	rows := readResults(t, out)
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2", len(rows))
	}
	for col, want := range map[string]string{"package": "container/ring", "class": "ok", "written": "true", "compile_ok": "true", "pass": "true", "flaky": "0", "gen_cov": "0.00"} {
		if rows[0][col] != want {
			t.Errorf("ring: %s = %q, want %q", col, rows[0][col], want)
		}
	}
	if rows[1]["class"] != "harness-setup" || rows[1]["written"] != "NA" || rows[1]["detail"] == "" {
		t.Errorf("unfetchable module row = %v", rows[1])
	}

	// Resume with a failing gentest: nothing is measured again, so the
	// results stay as they were.
	t.Setenv("FAKEGENTEST_FAIL", "1")
	if err := run(context.Background(), append(args, "-resume"), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if again := readResults(t, out); len(again) != 2 || again[0]["class"] != "ok" {
		t.Errorf("-resume measured again: %v", again)
	}
	// Without -resume the failing gentest is measured and classified
	// from its stderr.
	if err := run(context.Background(), args, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	r := readResults(t, out)[0]
	if r["class"] != "other" || r["written"] != "false" || !strings.Contains(r["detail"], "fakegentest: failing as asked") {
		t.Errorf("failing gentest row = %v", r)
	}
	md, err := os.ReadFile(filepath.Join(out, "results.md"))
	if err != nil || !strings.Contains(string(md), "Good (file written, compiles, passes, not flaky): **0 of 2") {
		t.Errorf("results.md: %v\n%s", err, md)
	}
}

// TestRingWithGentest is the acceptance run: the real gentest, 5 s,
// on std container/ring. It fails (not skips) when gentest does not build or
// generate, except under -short. It runs beside the stand-in's tests.
func TestRingWithGentest(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gentest and runs it for 5 s")
	}
	t.Parallel()
	out := t.TempDir()
	args := []string{"-subjects", "../../testdata/bench/ring.txt", "-budget", "5s", "-out", out}
	if err := run(context.Background(), args, io.Discard, testWriter{t}); err != nil {
		t.Fatalf("gentest-bench on container/ring: %v", err)
	}
	rows := readResults(t, out)
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	r := rows[0]
	if r["error"] != "" {
		t.Fatalf("gentest failed on container/ring: %s", r["error"])
	}
	if r["human_cov"] == "NA" || r["gen_cov"] == "NA" || r["compile_ok"] != "true" {
		t.Errorf("results row = %v", r)
	}
	md, _ := os.ReadFile(filepath.Join(out, "results.md"))
	t.Logf("results.md:\n%s", md)
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

func TestParseModes(t *testing.T) {
	o, err := parseFlags([]string{"-compare", "-combine", "max", "-threshold", "0.5", "a.csv,b.csv#fzgen_cov", "c"}, io.Discard)
	if err != nil || o.mode != modeCompare || o.combine != "max" || o.threshold != 0.5 || len(o.args) != 2 {
		t.Errorf("parseFlags(-compare) = %+v, %v", o, err)
	}
	o, err = parseFlags([]string{"-subjects", "f", "-flags", " -engine=sbst  -execs=3000 "}, io.Discard)
	if err != nil || strings.Join(o.flags, "|") != "-engine=sbst|-execs=3000" {
		t.Errorf("parseFlags(-flags) = %+v, %v", o, err)
	}
	for _, bad := range [][]string{
		{"-compare", "a"},
		{"-compare", "-combine", "mean", "a", "b"},
		{"-prepare", "std container/ring"},
		{"-findings"},
		{"-readability"},
		{"-compare", "-findings", "a", "b"},
	} {
		if _, err := parseFlags(bad, io.Discard); err == nil {
			t.Errorf("parseFlags(%q) succeeded", bad)
		}
	}
}

// -compare reads two tables and prints the report on stdout.
func TestCompareMode(t *testing.T) {
	dir := t.TempDir()
	before, after := filepath.Join(dir, "before.csv"), filepath.Join(dir, "after.csv")
	os.WriteFile(before, []byte("subject,package,gen_cov\nstd,container/ring,80.00\n"), 0o644)
	os.WriteFile(after, []byte("std:container/ring,container/ring,7,40.0,87.5,\n"), 0o644)
	var out strings.Builder
	if err := run(context.Background(), []string{"-compare", before, after}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "| container/ring | 80.0 | 87.5 | +7.5 |") {
		t.Errorf("-compare printed:\n%s", out.String())
	}
}

// -prepare copies a std package into a scratch module without its tests
// and prints where the package is.
func TestPrepareMode(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "ring")
	var out strings.Builder
	if err := run(context.Background(), []string{"-prepare", "std:container/ring", dest}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	pkg := strings.TrimSpace(out.String())
	if pkg != filepath.Join(dest, "container", "ring") {
		t.Errorf("-prepare printed %q", pkg)
	}
	if _, err := os.Stat(filepath.Join(pkg, "ring.go")); err != nil {
		t.Error(err)
	}
	if tests, _ := filepath.Glob(filepath.Join(pkg, "*_test.go")); len(tests) > 0 {
		t.Errorf("human tests left: %v", tests)
	}
}

// -findings prints the findings and disagreements of the summaries a
// -keep run or gen.sh left.
func TestFindingsMode(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "01-x"), 0o755)
	os.WriteFile(filepath.Join(dir, "01-x", "gen-full-seed1-10s.stdout"),
		[]byte(`{"package":"x","findings":[{"kind":"nil-dereference","function":"F","message":"boom\n  at x.go:3","test":"TestFinding_F"}],"disagreements":["G changed its argument"]}`+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "y-hybrid.json"), []byte("gentest: log line\n"+`{"package":"y","findings":[]}`+"\n"), 0o644)
	var out strings.Builder
	if err := run(context.Background(), []string{"-findings", dir}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	want := "01-x\tnil-dereference\tF\tboom at x.go:3\tTestFinding_F\n01-x\tDISAGREE\tG changed its argument\n"
	if out.String() != want {
		t.Errorf("-findings printed %q, want %q", out.String(), want)
	}
}

// -summary prints gen.sh's cells of a gentest -json summary; a file without
// one gives NA cells.
func TestSummaryMode(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "gen.json")
	os.WriteFile(f, []byte(`{"package":"benchstd/container/ring","tests":7,"coverage":0.875,"findings":[{"kind":"k"}],"execs":100,"execs_per_sec":50,"peak_rss_mb":100.25,"peak_rss_total_mb":150,"prep_peak_rss_mb":20,"search_start_seconds":4.5,"explain":{"functions":[{"coverage":0.1}]}}`+"\n"), 0o644)
	var out strings.Builder
	if err := run(context.Background(), []string{"-summary", f}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if want := "benchstd/container/ring,87.50,7,1,100,50.0,100.2,150.0,20.0,4.50\n"; out.String() != want {
		t.Errorf("-summary printed %q, want %q", out.String(), want)
	}
	os.WriteFile(f, nil, 0o644)
	out.Reset()
	if err := run(context.Background(), []string{"-summary", f}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if want := ",NA,NA,NA,NA,NA,NA,NA,NA,NA\n"; out.String() != want {
		t.Errorf("-summary of nothing printed %q, want %q", out.String(), want)
	}
}
