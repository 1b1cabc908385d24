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
	for _, bad := range [][]string{
		{},
		{"-subjects", "f", "-seeds", "0"},
		{"-subjects", "f", "-budget", "0s"},
		{"-subjects", "f", "extra"},
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
