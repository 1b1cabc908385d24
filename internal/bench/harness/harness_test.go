package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseSummary(t *testing.T) {
	out := []byte("gentest: loading\n{\"package\":\"ring\",\"file\":\"/x/ring_gentest_test.go\",\"tests\":7,\"coverage\":0.83,\"findings\":[{},{}],\"execs\":1000,\"seconds\":4,\"peak_rss_mb\":512.5}\n")
	s, err := ParseSummary(out)
	if err != nil {
		t.Fatal(err)
	}
	if s.File != "/x/ring_gentest_test.go" || s.Tests.Format(0) != "7" || s.Coverage.Format(1) != "83.0" ||
		s.Findings.Format(0) != "2" || s.ExecsPerSec.Format(0) != "250" || s.PeakRSSMB.Format(1) != "512.5" {
		t.Errorf("ParseSummary = %s", s)
	}
	if !s.Excluded.IsNA() {
		t.Error("missing excluded is not NA")
	}
	if !s.Asserted.IsNA() {
		t.Error("missing asserted is not NA")
	}
	// The asserted fraction, in percent; -1 (no file written) is NA.
	for in, want := range map[string]string{`{"asserted":0.95}`: "95.0", `{"asserted":1}`: "100.0", `{"asserted":-1}`: "NA"} {
		if s, err := ParseSummary([]byte(in)); err != nil || s.Asserted.Format(1) != want {
			t.Errorf("ParseSummary(%s).Asserted = %s, %v; want %s", in, s.Asserted.Format(1), err, want)
		}
	}

	pretty := []byte("{\n  \"tests\": 3,\n  \"findings\": 4,\n  \"execs_per_sec\": 10.5\n}\n")
	s, err = ParseSummary(pretty)
	if err != nil {
		t.Fatal(err)
	}
	if s.Tests.Format(0) != "3" || s.Findings.Format(0) != "4" || s.ExecsPerSec.Format(1) != "10.5" || !s.Coverage.IsNA() || !s.PeakRSSMB.IsNA() {
		t.Errorf("ParseSummary(pretty) = %s", s)
	}

	s, err = ParseSummary([]byte(`[{"tests": 2, "findings": null}]`))
	if err != nil || s.Tests.Format(0) != "2" || s.Findings.Format(0) != "0" {
		t.Errorf("ParseSummary(array) = %s, %v", s, err)
	}

	for _, bad := range []string{"", "no json here", "{broken"} {
		if _, err := ParseSummary([]byte(bad)); err == nil {
			t.Errorf("ParseSummary(%q) succeeded", bad)
		}
	}
}

func TestFailedTests(t *testing.T) {
	out := []byte(`{"Action":"run","Test":"TestA"}
{"Action":"fail","Test":"TestA/sub"}
{"Action":"fail","Test":"TestA"}
{"Action":"pass","Test":"TestB"}
{"Action":"fail","Test":"TestC"}
{"Action":"fail"}
`)
	got := FailedTests(out)
	if len(got) != 2 || !got["TestA"] || !got["TestC"] {
		t.Errorf("FailedTests = %v", got)
	}
	plain := []byte("=== RUN   TestX\n--- FAIL: TestX (0.00s)\n    --- FAIL: TestY/sub (0.00s)\n--- PASS: TestZ (0.00s)\nFAIL\n")
	if got := FailedTests(plain); len(got) != 2 || !got["TestX"] || !got["TestY"] {
		t.Errorf("FailedTests(plain) = %v", got)
	}
	if got := FailedTests([]byte("# pkg\nfoo.go:1: syntax error\n")); len(got) != 0 {
		t.Errorf("FailedTests(build error) = %v", got)
	}
}

func TestCountTests(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x_test.go")
	src := "package x\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\nfunc Test(t *testing.T) {}\nfunc Testing() {}\nfunc helper() {}\ntype T struct{}\nfunc (T) TestM() {}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	n, err := countTests(file)
	if err != nil || n != 2 {
		t.Errorf("countTests = %d, %v; want 2", n, err)
	}
}

func TestParseGremlins(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.json")
	rep := `{"go_module":"benchstd","files":[{"file_name":"ring.go","mutations":[
{"type":"CONDITIONALS_NEGATION","status":"KILLED"},{"type":"ARITHMETIC_BASE","status":"KILLED"},{"type":"ARITHMETIC_BASE","status":"LIVED"},
{"type":"ARITHMETIC_BASE","status":"NOT COVERED"},{"type":"CONDITIONALS_NEGATION","status":"TIMED OUT"},{"type":"ARITHMETIC_BASE","status":"NOT VIABLE"}]}],
"test_efficacy":66.7}`
	if err := os.WriteFile(file, []byte(rep), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := ParseGremlins(file)
	if err != nil {
		t.Fatal(err)
	}
	if m.Killed != 2 || m.Lived != 1 || m.NotCovered != 1 || m.TimedOut != 1 || m.NotViable != 1 {
		t.Errorf("counts = %+v", m)
	}
	if got := m.Score.Format(1); got != "60.0" {
		t.Errorf("score = %s, want 60.0", got)
	}
	if got := m.Efficacy.Format(1); got != "66.7" {
		t.Errorf("efficacy = %s", got)
	}
	// By type, sorted; not viable mutants are the type's skipped ones.
	if len(m.Operators) != 2 {
		t.Fatalf("operators = %+v", m.Operators)
	}
	a, c := m.Operators[0], m.Operators[1]
	if a.Op != "arithmetic_base" || a.Mutants != 4 || a.Killed != 1 || a.Lived != 1 || a.NotCovered != 1 || a.Skipped != 1 || a.Score.Format(1) != "33.3" {
		t.Errorf("arithmetic_base = %+v", a)
	}
	if c.Op != "conditionals_negation" || c.Killed != 1 || c.TimedOut != 1 || c.Score.Format(0) != "100" {
		t.Errorf("conditionals_negation = %+v", c)
	}
	if _, err := ParseGremlins(filepath.Join(t.TempDir(), "missing.json")); err == nil {
		t.Error("ParseGremlins(missing) succeeded")
	}
}

func TestTestOutput(t *testing.T) {
	out := []byte(`{"Action":"output","Test":"TestA","Output":"--- FAIL: TestA (0.00s)\n"}
{"Action":"fail","Test":"TestA"}
{"Action":"output","Test":"TestA","Output":"    a_test.go:3: boom\n"}
go: downloading example.com/x v1.0.0
`)
	want := "--- FAIL: TestA (0.00s)\n    a_test.go:3: boom\ngo: downloading example.com/x v1.0.0\n"
	if got := testOutput(out); got != want {
		t.Errorf("testOutput = %q, want %q", got, want)
	}
}

// Config.Flags come after the harness's own flags and before the package.
func TestGenArgs(t *testing.T) {
	c := &Config{Flags: []string{"-engine=sbst", "-execs=3000"}}
	got := strings.Join(c.genArgs(2, 5*time.Second, "constants"), " ")
	if want := "gen -budget=5s -seed=2 -json -no=constants -engine=sbst -execs=3000 ."; got != want {
		t.Errorf("genArgs = %q, want %q", got, want)
	}
}
