package verify

import (
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gentest-go/gentest/internal/emit"
)

// A rendered file with a table test (three rows), a test with two
// subtests, a single-case test and a fuzz target with two seeds shared by
// three cases.
const blameSrc = `package p_test

import "testing"

func TestAbs(t *testing.T) {
	tests := []struct {
		name string
		in   int
		want int
	}{
		{name: "neg", in: -1, want: 1},
		{name: "zero", in: 0,
			want: 0},
		{name: "pos", in: 2, want: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_ = tt
		})
	}
}

func TestStack(t *testing.T) {
	t.Run("after_Push", func(t *testing.T) {
		_ = 1
	})
	t.Run("empty", func(t *testing.T) {
		_ = 2
	})
}

func TestOne(t *testing.T) {
	_ = 3
}

func FuzzAbs(f *testing.F) {
	f.Add(1)
	f.Add(2)
	f.Fuzz(func(t *testing.T, x int) {})
}
`

func blameOutput() *emit.Output {
	return &emit.Output{Src: []byte(blameSrc), Tests: []emit.TestInfo{
		{Func: "TestAbs", Subtests: []string{"neg", "zero", "pos"}, Keys: []int{10, 11, 12}},
		{Func: "TestStack", Subtests: []string{"after_Push", "empty"}, Keys: []int{20, 21}},
		{Func: "TestOne", Subtests: []string{""}, Keys: []int{30}},
		{Func: "FuzzAbs", Subtests: []string{"seed#0", "seed#1", "seed#0"}, Keys: []int{40, 41, 42}},
	}}
}

func keysOf(m map[int]string) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

func TestBlameCompileErrors(t *testing.T) {
	tests := []struct {
		name     string
		line     int
		file     string
		want     []int
		unmapped int
	}{
		{name: "table row", line: 11, want: []int{10}},
		{name: "second line of a row", line: 13, want: []int{11}},
		{name: "table loop body", line: 17, want: []int{10, 11, 12}},
		{name: "subtest", line: 24, want: []int{20}},
		{name: "second subtest", line: 27, want: []int{21}},
		{name: "single case", line: 32, want: []int{30}},
		{name: "fuzz seed shared by two cases", line: 37, want: []int{40, 42}},
		{name: "fuzz body", line: 39, want: []int{40, 41, 42}},
		{name: "import line", line: 3, unmapped: 1},
		{name: "another file", line: 11, file: "p.go", unmapped: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := tt.file
			if file == "" {
				file = "p_gentest_test.go"
			}
			rep := &Report{BuildFailed: true, BuildErrors: []Diag{{File: file, Line: tt.line, Msg: "undefined: x"}}}
			checkBlame(t, rep, tt.want, tt.unmapped)
		})
	}
}

// checkBlame fails t unless Blame, on blameOutput's file and rep, blames
// the cases of keys want and leaves unmapped problems it cannot map.
func checkBlame(t *testing.T, rep *Report, want []int, unmapped int) {
	t.Helper()
	bad, un := Blame(blameOutput(), "p_gentest_test.go", rep)
	if diff := cmp.Diff(want, keysOf(bad)); diff != "" {
		t.Errorf("blamed keys (-want +got):\n%s", diff)
	}
	if len(un) != unmapped {
		t.Errorf("unmapped = %q, want %d", un, unmapped)
	}
}

func TestBlameFailures(t *testing.T) {
	tests := []struct {
		name     string
		failed   []string
		passed   []string
		want     []int
		unmapped int
	}{
		{name: "table row", failed: []string{"TestAbs", "TestAbs/zero"}, want: []int{11}},
		{name: "single case", failed: []string{"TestOne"}, want: []int{30}},
		{name: "died inside a subtest", failed: []string{"TestStack"}, passed: []string{"TestStack/after_Push"}, want: []int{21}},
		{name: "failed outside the subtests", failed: []string{"TestStack"}, passed: []string{"TestStack/after_Push", "TestStack/empty"}, want: []int{20, 21}},
		{name: "someone else's test", failed: []string{"TestUser"}, unmapped: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := &Report{Failed: map[string]bool{}, Passed: map[string]bool{}}
			for _, n := range tt.failed {
				rep.Failed[n] = true
			}
			for _, n := range tt.passed {
				rep.Passed[n] = true
			}
			checkBlame(t, rep, tt.want, tt.unmapped)
		})
	}
}

func TestDiagnostics(t *testing.T) {
	out := `# example.com/p_test [example.com/p.test]
./p_gentest_test.go:12:5: undefined: x
vet: ./p_gentest_test.go:20:2: unreachable code
p.s:3: something about assembly
`
	want := []Diag{
		{File: "p_gentest_test.go", Line: 12, Msg: "undefined: x"},
		{File: "p_gentest_test.go", Line: 20, Msg: "unreachable code", TypeError: true},
	}
	if diff := cmp.Diff(want, diagnostics(out)); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

// go test -json does not report a test that was running when the binary's
// -timeout fired as failed; the panic's list of running tests does.
func TestTimedOutTestsFail(t *testing.T) {
	events := `{"Action":"run","Test":"TestFast"}
{"Action":"pass","Test":"TestFast"}
{"Action":"run","Test":"TestSlow"}
{"Action":"output","Test":"TestSlow/sub","Output":"panic: test timed out after 1s\n"}
{"Action":"output","Test":"TestSlow/sub","Output":"\trunning tests:\n"}
{"Action":"output","Test":"TestSlow/sub","Output":"\t\tTestSlow (1s)\n"}
{"Action":"output","Test":"TestSlow/sub","Output":"\t\tTestSlow/sub (1m0s)\n"}
{"Action":"output","Test":"TestSlow/sub","Output":"goroutine 19 [running]:\n"}
{"Action":"fail","Elapsed":1.061}
`
	rep, out := parseEvents(strings.NewReader(events))
	rep.Output = out
	markTimedOut(rep)
	if !rep.Failed["TestSlow"] || !rep.Failed["TestSlow/sub"] || rep.Failed["TestFast"] {
		t.Errorf("failed = %v, want TestSlow and TestSlow/sub", rep.Failed)
	}
}

// A problem in a fuzz seed costs the case its seed, not its test.
func TestBlameSeedOnly(t *testing.T) {
	rep := &Report{BuildFailed: true, BuildErrors: []Diag{{File: "p_gentest_test.go", Line: 37, Msg: "cannot infer T"}}}
	bad, _ := Blame(blameOutput(), "p_gentest_test.go", rep)
	for _, k := range []int{40, 42} {
		if !IsSeedOnly(bad[k]) {
			t.Errorf("case %d: reason %q, want a fuzz-seed-only reason", k, bad[k])
		}
	}
	rep.BuildErrors = append(rep.BuildErrors, Diag{File: "p_gentest_test.go", Line: 11, Msg: "undefined: x"})
	bad, _ = Blame(blameOutput(), "p_gentest_test.go", rep)
	if IsSeedOnly(bad[10]) {
		t.Errorf("case 10 failed in its test too, but only its seed is blamed: %q", bad[10])
	}
}

// A goroutine started by (*Cron).Start in TestStack/after_Push panics while
// TestOne runs: the caller of Start is blamed, not TestOne.
func TestBlameLateGoroutinePanic(t *testing.T) {
	out := blameOutput()
	out.Src = []byte(strings.Replace(string(out.Src), "_ = 1", "c.Start()", 1))
	rep := &Report{
		Failed:     map[string]bool{"TestOne": true},
		Passed:     map[string]bool{"TestStack": true, "TestStack/after_Push": true, "TestStack/empty": true},
		TestOutput: map[string]string{"TestOne": "the test binary died while it ran"},
		Output: "=== RUN   TestOne\npanic: time: missing Location in call to Time.In\n\ngoroutine 9 [running]:\n" +
			"time.Time.In(...)\nexample.com/cron.(*Cron).run(0xc0000)\n" +
			"created by example.com/cron.(*Cron).Start in goroutine 7\n\t/x/cron.go:10 +0x5\nFAIL\tp\t0.1s\n",
	}
	bad, unmapped := Blame(out, "gen_test.go", rep)
	if len(unmapped) != 0 || len(bad) != 1 {
		t.Fatalf("Blame = %v, %v; want only the case calling Start", bad, unmapped)
	}
	for k, why := range bad {
		if k != keyOf(t, out, "TestStack", "after_Push") || !strings.Contains(why, "created by example.com/cron.(*Cron).Start") {
			t.Errorf("blamed %d: %q", k, why)
		}
	}
	// A test's own panic (created by testing.(*T).Run) is the ordinary case.
	rep.Output = strings.Replace(rep.Output, "example.com/cron.(*Cron).Start", "testing.(*T).Run", 1)
	if bad, _ := Blame(out, "gen_test.go", rep); len(bad) != 1 || bad[keyOf(t, out, "TestOne", "")] == "" {
		t.Errorf("own panic: Blame = %v, want TestOne's case", bad)
	}
}

func keyOf(t *testing.T, out *emit.Output, fn, sub string) int {
	t.Helper()
	for _, ti := range out.Tests {
		if ti.Func != fn {
			continue
		}
		for i, s := range ti.Subtests {
			if s == sub {
				return ti.Keys[i]
			}
		}
	}
	t.Fatalf("no case %s/%s", fn, sub)
	return 0
}
