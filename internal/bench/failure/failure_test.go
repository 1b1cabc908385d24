package failure

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClassifyRecorded classifies gentest stderr samples. vet-typeerror,
// executor-setup-internal and vet-asm are recorded from real runs; the
// others follow the
// exact formats of gentest's messages and of go test, go vet and the Go
// runtime.
func TestClassifyRecorded(t *testing.T) {
	for _, tc := range []struct {
		file   string
		code   int
		class  Class
		detail string // a substring of the detail
	}{
		{"vet-typeerror.stderr", 1, VerifyCompile, "color_gentest_test.go:325:27: cannot use 91820 (untyped int constant) as uint8 value"},
		{"vet-finding.stderr", 1, Vet, "copylocks: assignment copies lock value"},
		// Recorded: github.com/cespare/xxhash/v2 in the corpus smoke run;
		// vet's asmdecl reports the package's own assembly.
		{"vet-asm.stderr", 1, Vet, "xxhash_amd64.s:189:1: [amd64] writeBlocks: unknown variable s"},
		{"verify-compile.stderr", 1, VerifyCompile, "./m_gentest_test.go:88:14: cannot use func(a int) bool"},
		{"verify-run-diff.stderr", 1, VerifyRun, "--- FAIL: TestParse"},
		// A generated test that panics is a verification failure, not a
		// gentest panic, although the output has a panic trace.
		{"verify-run-panic.stderr", 1, VerifyRun, "--- FAIL: TestNew"},
		{"panic.stderr", 2, Panic, "panic: runtime error: index out of range [3] with length 3 (at github.com/gentest-go/gentest/generator/emit.(*renderer).literal)"},
		{"load-error.stderr", 1, LoadError, "gentest: example.com/m: does not compile: m.go:3:8: undefined: fmt.Nope"},
		{"no-exported.stderr", 1, NoOperations, "has no exported functions or methods to test"},
		{"no-ops.stderr", 1, NoOperations, "has no operations gentest can call"},
		{"no-tests.stderr", 1, NoTests, "no test passed verification"},
		// Recorded: container/heap in the corpus smoke run (before and
		// after gentest said why).
		{"no-generated.stderr", 1, NoTests, "no generated test passed verification"},
		{"no-cases.stderr", 1, NoTests, "nothing builds a value of heap.Interface"},
		{"executor-build.stderr", 1, ExecutorBuild, "building the executor for example.com/m: exit status 1: /tmp/gentest-2/src/m/m.go:14:2: declared and not used"},
		// Recorded: std io in the corpus smoke run; go test's setup
		// failure indents the message.
		{"executor-setup-internal.stderr", 1, ExecutorBuild, "building the executor for benchstd/io: exit status 1: zz_gentest_registry_test.go:12:2: use of internal package internal/bisect not allowed"},
		{"executor-start.stderr", 1, ExecutorStart, "executor did not start"},
		{"analyzer-error.stderr", 1, AnalyzerError, "constants on example.com/m"},
		{"verify-timeout.stderr", 1, Timeout, "timed out after 5m0s"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			cls, detail := Classify(Exit{Stderr: string(b), Code: tc.code})
			if cls != tc.class || !strings.Contains(detail, tc.detail) {
				t.Errorf("Classify = %s, %q; want %s, containing %q", cls, detail, tc.class, tc.detail)
			}
			if !cls.IsGentest() {
				t.Errorf("%s is not a gentest class", cls)
			}
		})
	}
}

func TestClassifyExit(t *testing.T) {
	for _, tc := range []struct {
		name   string
		exit   Exit
		class  Class
		detail string
	}{
		{"success", Exit{Stderr: "gentest: example.com/m: wrote m_gentest_test.go: 3 tests\n", Code: 0}, "", ""},
		// The harness's kill shows as a signal too; the timeout wins.
		{"harness timeout", Exit{Stderr: "gentest: example.com/m: search: 10 sequences\n", Code: -1, Signal: "killed", TimedOut: true}, Timeout, "last output: gentest: example.com/m: search: 10 sequences"},
		{"killed", Exit{Stderr: "gentest: loaded 1 packages\n", Code: -1, Signal: "killed"}, Killed, "signal killed"},
		{"runtime fatal error", Exit{Stderr: "fatal error: concurrent map writes\n\ngoroutine 12 [running]:\ngithub.com/gentest-go/gentest/generator/search.(*Random).step(0x1)\n", Code: 2}, Panic, "fatal error: concurrent map writes (at github.com/gentest-go/gentest/generator/search.(*Random).step)"},
		// "panic:" without a goroutine trace is a message, not a panic.
		{"panic word in a message", Exit{Stderr: "gentest: example.com/m: does not compile: x.go:1:1: undefined: panic\n", Code: 1}, LoadError, "undefined: panic"},
		{"unknown message", Exit{Stderr: "gentest: example.com/m: writing m_gentest_test.go: permission denied\n", Code: 1}, Other, "permission denied"},
		{"no gentest line", Exit{Stderr: "flag provided but not defined: -x\nusage...\n", Code: 2}, Other, "usage..."},
		{"empty stderr", Exit{Code: 1}, Other, ""},
		{"verify output cut before its header", Exit{Stderr: "gentest: example.com/m: generated tests do not verify:\nm_gentest_test.go:12:3: undefined: m.x\n", Code: 1}, Vet, "undefined: m.x"},
		{"verify output without a known shape", Exit{Stderr: "gentest: example.com/m: generated tests do not verify:\nok  \texample.com/m\n", Code: 1}, VerifyRun, "do not verify: ok"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cls, detail := Classify(tc.exit)
			if cls != tc.class || !strings.Contains(detail, tc.detail) || (tc.detail == "" && detail != "") {
				t.Errorf("Classify = %q, %q; want %q, containing %q", cls, detail, tc.class, tc.detail)
			}
		})
	}
}

func TestFileLine(t *testing.T) {
	out := "# example.com/m [example.com/m.test]\n./other_test.go:3:1: unused import\n./m_gentest_test.go:9:2: undefined: m.Y\nFAIL\texample.com/m [build failed]\n"
	if got := FileLine(out, "m_gentest_test.go"); got != "./m_gentest_test.go:9:2: undefined: m.Y" {
		t.Errorf("FileLine = %q", got)
	}
	if got := FileLine(out, "absent_test.go"); got != "./other_test.go:3:1: unused import" {
		t.Errorf("FileLine (file not named) = %q", got)
	}
	if got := FileLine("go: cannot find main module\n", "m_gentest_test.go"); got != "go: cannot find main module" {
		t.Errorf("FileLine (no compiler message) = %q", got)
	}
}

func TestFailedLine(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "verify-run-diff.stderr"))
	if err != nil {
		t.Fatal(err)
	}
	// Verbose output: the message comes before the FAIL lines.
	if got := FailedLine(string(b)); got != "--- FAIL: TestParse/case_2 (0.00s) | m_gentest_test.go:41: Parse() mismatch (-want +got):" {
		t.Errorf("FailedLine = %q", got)
	}
	if got := FailedLine("--- FAIL: TestA (0.00s)\n    a_test.go:3: boom\nFAIL\n"); got != "--- FAIL: TestA (0.00s) | a_test.go:3: boom" {
		t.Errorf("FailedLine = %q", got)
	}
	if got := FailedLine("panic: test timed out after 10m0s\n\ngoroutine 1 [running]:\n"); got != "panic: test timed out after 10m0s" {
		t.Errorf("FailedLine (panic) = %q", got)
	}
}

func TestAllDistinct(t *testing.T) {
	seen := map[Class]bool{}
	for _, c := range All {
		if c == "" || seen[c] {
			t.Errorf("class %q empty or repeated in All", c)
		}
		seen[c] = true
	}
	for _, c := range []Class{OK, HarnessSetup, FileNoCompile, FileFails, FileFlaky} {
		if c.IsGentest() {
			t.Errorf("%s counted as a gentest failure", c)
		}
	}
}
