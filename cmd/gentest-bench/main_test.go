package main

import (
	"context"
	"encoding/csv"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	} {
		if _, err := parseFlags(bad, io.Discard); err == nil {
			t.Errorf("parseFlags(%q) succeeded", bad)
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

func buildFake(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "fakegentest")
	out, err := exec.Command("go", "build", "-o", bin, "../../testdata/bench/fakegentest").CombinedOutput()
	if err != nil {
		t.Fatalf("building fakegentest: %v\n%s", err, out)
	}
	return bin
}

// TestRunFakeGentest runs the whole harness with a stand-in gentest, so the
// pipeline is tested whatever state the real generator is in.
func TestRunFakeGentest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on a scratch copy several times")
	}
	fake := buildFake(t)
	for _, tc := range []struct {
		name, env                                 string
		genCov, combined, pass, flaky, tests, err string
	}{
		{"ok", "", "0.00", "100.00", "true", "0", "1.0", ""},
		{"flaky", "FAKEGENTEST_FLAKY", "0.00", "100.00", "true", "1", "1.0", ""},
		{"fail", "FAKEGENTEST_FAIL", "NA", "NA", "NA", "NA", "NA", "fakegentest: failing as asked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.env != "" {
				t.Setenv(tc.env, "1")
			}
			out := t.TempDir()
			args := []string{"-subjects", "../../testdata/bench/ring.txt", "-budget", "1s", "-gentest", fake, "-out", out}
			if err := run(context.Background(), args, io.Discard); err != nil {
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
	if err := run(context.Background(), args, io.Discard); err != nil {
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
	if err := run(context.Background(), append(args, "-resume"), io.Discard); err != nil {
		t.Fatal(err)
	}
	if again := readResults(t, out); len(again) != 2 || again[0]["class"] != "ok" {
		t.Errorf("-resume measured again: %v", again)
	}
	// Without -resume the failing gentest is measured and classified
	// from its stderr.
	if err := run(context.Background(), args, io.Discard); err != nil {
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
// generate, except under -short.
func TestRingWithGentest(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gentest and runs it for 5 s")
	}
	out := t.TempDir()
	args := []string{"-subjects", "../../testdata/bench/ring.txt", "-budget", "5s", "-out", out}
	if err := run(context.Background(), args, testWriter{t}); err != nil {
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
