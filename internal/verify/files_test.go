package verify

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFiles lists the directory's test files but the excepted ones, sorted;
// Generated and OnlyGenerated pick gentest's outputs among them.
func TestTestFilesGenerated(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b_test.go", "a_test.go", "p_gentest_test.go", "p_gentest_findings_test.go", "p.go", "gentest_test.go.orig"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "p_gentest_test.go")
	got := TestFiles(dir, out)
	want := []string{filepath.Join(dir, "a_test.go"), filepath.Join(dir, "b_test.go"), filepath.Join(dir, "p_gentest_findings_test.go")}
	if !slices.Equal(got, want) {
		t.Errorf("TestFiles = %v, want %v", got, want)
	}
	if g := OnlyGenerated(TestFiles(dir)); !slices.Equal(g, []string{filepath.Join(dir, "p_gentest_findings_test.go"), out}) {
		t.Errorf("OnlyGenerated = %v", g)
	}
	for name, want := range map[string]bool{"x_gentest_test.go": true, "x_gentest_findings_test.go": true, "x_test.go": false, "gentest.go": false, "x_gentest_test.go.bak": false} {
		if Generated(name) != want {
			t.Errorf("Generated(%s) = %v, want %v", name, !want, want)
		}
	}
}

// ProfileCoverage counts each block once, however often the profile lists
// it (one line per test binary run with -count), and covered when any
// line ran it.
func TestProfileCoverage(t *testing.T) {
	dir := t.TempDir()
	write := func(content string) string {
		p := filepath.Join(dir, "cover.out")
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := write(`mode: atomic
example.com/p/p.go:3.20,5.2 2 1
example.com/p/p.go:7.20,9.2 3 0
example.com/p/p.go:11.20,13.2 5 0
example.com/p/p.go:3.20,5.2 2 4
example.com/p/p.go:7.20,9.2 3 2
garbage line
example.com/p/p.go:15.1,16.2 x 1
`)
	got, err := ProfileCoverage(p)
	if err != nil {
		t.Fatal(err)
	}
	// Blocks of 2 and 3 statements covered, 5 not: 5/10.
	if math.Abs(got-0.5) > 1e-12 {
		t.Errorf("coverage %v, want 0.5", got)
	}
	if _, err := ProfileCoverage(write("mode: set\n")); err == nil || !strings.Contains(err.Error(), p) {
		t.Errorf("empty profile: error %v, want one naming %s", err, p)
	}
	if _, err := ProfileCoverage(filepath.Join(dir, "missing")); err == nil {
		t.Errorf("missing profile: no error")
	}
}

// parseEvents reads go test -json: passes, failures counted per run, each
// failed test's output, a build failure, and all the output as text.
func TestParseEvents(t *testing.T) {
	stream := `{"Action":"start","Package":"example.com/p"}
{"Action":"run","Package":"example.com/p","Test":"TestA"}
{"Action":"output","Package":"example.com/p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"pass","Package":"example.com/p","Test":"TestA"}
{"Action":"output","Package":"example.com/p","Test":"TestB/sub","Output":"    b_test.go:9: got 1, want 2\n"}
{"Action":"fail","Package":"example.com/p","Test":"TestB/sub"}
{"Action":"fail","Package":"example.com/p","Test":"TestB"}
not json at all
{"Action":"output","Package":"example.com/p","Test":"TestB/sub","Output":"    b_test.go:9: got 3, want 2\n"}
{"Action":"fail","Package":"example.com/p","Test":"TestB/sub"}
{"Action":"output","Package":"example.com/p","Output":"FAIL\n"}
{"Action":"fail","Package":"example.com/p"}
`
	rep, out := parseEvents(strings.NewReader(stream))
	if !rep.Passed["TestA"] || len(rep.Passed) != 1 {
		t.Errorf("passed %v, want TestA", rep.Passed)
	}
	if !rep.Failed["TestB"] || !rep.Failed["TestB/sub"] || len(rep.Failed) != 2 {
		t.Errorf("failed %v, want TestB and TestB/sub", rep.Failed)
	}
	if rep.Fails["TestB/sub"] != 2 || rep.Fails["TestB"] != 1 {
		t.Errorf("fail counts %v, want TestB/sub twice", rep.Fails)
	}
	if got := rep.TestOutput["TestB/sub"]; got != "    b_test.go:9: got 1, want 2\n    b_test.go:9: got 3, want 2\n" {
		t.Errorf("TestB/sub output %q", got)
	}
	if _, ok := rep.TestOutput["TestA"]; ok {
		t.Errorf("a passing test's output is kept")
	}
	if rep.BuildFailed || rep.Coverage != -1 {
		t.Errorf("build failed %v, coverage %v; want false, -1", rep.BuildFailed, rep.Coverage)
	}
	if !strings.HasPrefix(out, "=== RUN   TestA\n") || !strings.HasSuffix(out, "FAIL\n") {
		t.Errorf("text output %q", out)
	}

	rep, _ = parseEvents(strings.NewReader(`{"Action":"build-output","ImportPath":"example.com/p","Output":"p_test.go:3:2: undefined: x\n"}
{"Action":"build-fail","ImportPath":"example.com/p"}
`))
	if !rep.BuildFailed {
		t.Errorf("build-fail not seen")
	}

	// A failed test's output is bounded.
	var b strings.Builder
	line := strings.Repeat("x", 1000) + "\n"
	for i := 0; i < 20; i++ {
		b.WriteString(`{"Action":"output","Test":"TestC","Output":"` + strings.TrimSuffix(line, "\n") + `\n"}` + "\n")
	}
	b.WriteString(`{"Action":"fail","Test":"TestC"}` + "\n")
	rep, _ = parseEvents(strings.NewReader(b.String()))
	if n := len(rep.TestOutput["TestC"]); n < maxTestOutput || n > maxTestOutput+len(line) {
		t.Errorf("TestC output %d bytes, want about %d", n, maxTestOutput)
	}
}
