package report

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/bench/failure"
	"github.com/gentest-go/gentest/internal/bench/result"
)

// smokeFixture has one package per kind of outcome: good, flaky, a gentest
// panic, a verification failure, a harness failure with no run, and a run
// that was never classified.
func smokeFixture() []result.Subject {
	good := result.Run{Seed: 1, Budget: 10 * time.Second, Written: v(1), CompileOK: v(1), Pass: v(1), Flaky: v(0),
		GenCov: v(80), Tests: v(7), Findings: v(0), GenSeconds: v(25), TreeRSSMB: v(300), MaxProcRSSMB: v(120), Class: string(failure.OK)}
	flaky := good
	flaky.Flaky, flaky.GenCov, flaky.Class, flaky.Detail = v(2), v(40), string(failure.FileFlaky), "--- FAIL: TestX (0.00s)"
	return []result.Subject{
		{Name: "std", Package: "bufio", Runs: []result.Run{good}},
		{Name: "example.com/a@v1.0.0", Package: "example.com/a", Runs: []result.Run{flaky}},
		{Name: "example.com/b@v1.0.0", Package: "example.com/b", Runs: []result.Run{{Seed: 1, Written: v(0), GenSeconds: v(3),
			Class: string(failure.Panic), Detail: "panic: boom (at github.com/gentest-go/gentest/generator/emit.Render)", Err: "exit status 2"}}},
		{Name: "example.com/c@v1.0.0", Package: "example.com/c", Runs: []result.Run{{Seed: 1, Written: v(0),
			Class: string(failure.VerifyCompile), Detail: "./c_gentest_test.go:3:1: undefined: c.x"}}},
		{Name: "example.com/d@v9.9.9", Package: "example.com/d", Err: "preparing example.com/d@v9.9.9 .: go mod download: not found"},
		{Name: "example.com/e@v1.0.0", Package: "example.com/e", Runs: []result.Run{{Seed: 1}}},
	}
}

func TestSmokeTotal(t *testing.T) {
	tot := SmokeTotal(smokeFixture())
	if tot.Packages != 6 || tot.Written != 2 || tot.Compiles != 2 || tot.Passes != 2 || tot.Good != 1 {
		t.Errorf("totals = %+v", tot)
	}
	want := map[failure.Class]int{failure.OK: 1, failure.FileFlaky: 1, failure.Panic: 1, failure.VerifyCompile: 1, failure.HarnessSetup: 1, failure.Other: 1}
	sum := 0
	for c, n := range tot.Classes {
		sum += n
		if want[c] != n {
			t.Errorf("class %s: %d packages, want %d", c, n, want[c])
		}
	}
	if sum != tot.Packages {
		t.Errorf("class counts add up to %d, not %d", sum, tot.Packages)
	}
	if len(tot.Panics) != 1 || !strings.Contains(tot.Panics[0], "example.com/b: panic: boom") {
		t.Errorf("panics = %q", tot.Panics)
	}
	// The mean skips packages without coverage rather than counting 0.
	if tot.MeanCov.Format(1) != "60.0" || tot.NCov != 2 {
		t.Errorf("mean coverage = %s over %d", tot.MeanCov.Format(1), tot.NCov)
	}
}

func TestWriteSmokeCSV(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSmokeCSV(&buf, smokeFixture()); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 7 || strings.Join(recs[0], ",") != strings.Join(SmokeColumns, ",") {
		t.Fatalf("csv = %q", recs)
	}
	row := func(i int) map[string]string {
		m := map[string]string{}
		for j, c := range recs[0] {
			m[c] = recs[i][j]
		}
		return m
	}
	for i, want := range []map[string]string{
		{"package": "bufio", "class": "ok", "written": "true", "compile_ok": "true", "pass": "true", "flaky": "0", "gen_cov": "80.00", "rss_tree_mb": "300.0", "rss_maxproc_mb": "120.0"},
		{"package": "example.com/a", "class": "file:flaky", "flaky": "2"},
		{"package": "example.com/b", "class": "panic", "written": "false", "compile_ok": "NA", "gen_cov": "NA", "gen_seconds": "3.00"},
		{"package": "example.com/d", "class": "harness-setup", "written": "NA", "detail": "preparing example.com/d@v9.9.9 .: go mod download: not found"},
		{"package": "example.com/e", "class": "other"},
	} {
		r := row([]int{1, 2, 3, 5, 6}[i])
		for k, w := range want {
			if r[k] != w {
				t.Errorf("row %s: %s = %q, want %q", r["package"], k, r[k], w)
			}
		}
	}
}

func TestWriteSmokeMarkdown(t *testing.T) {
	var buf bytes.Buffer
	meta := Meta{Command: "gentest-bench -smoke", Budget: 10 * time.Second, Seeds: []int64{1}, Jobs: 1, Reruns: 3}
	if err := WriteSmokeMarkdown(&buf, smokeFixture(), meta); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	for _, want := range []string{
		"Good (file written, compiles, passes, not flaky): **1 of 6 (16.7%)**",
		"File written: 2 (33.3%); compiles: 2 (33.3%); passes: 2 (33.3%)",
		"gentest panics: **1**",
		"| ok | 1 | 16.7% |",
		"| harness-setup | 1 | 16.7% |",
		"| verify-failed:compile | 1 | 16.7% |",
		"| std | bufio | ok | yes | yes | yes | 0 | 80.0 | 7 | 0 | 25.0 | 300 |",
		"### panic (1)\n\n- example.com/b: panic: boom",
		"### verify-failed:compile (1)\n\n- example.com/c: ./c_gentest_test.go:3:1: undefined: c.x",
		"go test -count=3 -shuffle=on",
		"gen % is its statement coverage",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("results.md lacks %q", want)
		}
	}
	if strings.Contains(md, "%!") {
		t.Errorf("results.md has a formatting error:\n%s", md)
	}
	// The class table follows failure.All: ok before the failures.
	if strings.Index(md, "| ok | 1") > strings.Index(md, "| harness-setup | 1") {
		t.Error("class table out of order")
	}
}

func TestSmokeJSONLRoundTrip(t *testing.T) {
	dir := t.TempDir()
	in := smokeFixture()
	if err := WriteSmokeAll(dir, in, Meta{Budget: 10 * time.Second}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"results.csv", "results.md", SmokeFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	f, err := os.Open(filepath.Join(dir, SmokeFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out, err := ReadSmokeJSONL(f, SmokeFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) {
		t.Fatalf("read %d subjects, wrote %d", len(out), len(in))
	}
	// Re-encoding what was read gives the same CSV: nothing is lost, NA
	// stays NA.
	var a, b bytes.Buffer
	if err := WriteSmokeCSV(&a, in); err != nil {
		t.Fatal(err)
	}
	if err := WriteSmokeCSV(&b, out); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("round trip changed the results:\n%s\nvs\n%s", a.String(), b.String())
	}
	if _, err := ReadSmokeJSONL(strings.NewReader("{\"Name\":\"x\"}\nnot json\n"), "f"); err == nil || !strings.HasPrefix(err.Error(), "f:2: ") {
		t.Errorf("bad line: err = %v", err)
	}
}
