// Package verify compiles and runs a generated test file with the real go
// command, through an overlay so that nothing on disk changes, and reports
// which tests failed, which did not compile, and the statement coverage the
// file reaches on its own.
package verify

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Options configure a verification run.
type Options struct {
	// Dir is the package directory.
	Dir string
	// Files maps absolute paths to contents to overlay: the generated test
	// file, and go.mod / go.sum when a requirement is added.
	Files map[string][]byte
	// Remove lists files to hide (the user's own tests, to measure the
	// generated file alone).
	Remove []string
	// Run is the -run pattern; empty runs everything.
	Run string
	// Count and Shuffle repeat and reorder tests to expose flakiness.
	// Shuffle is go test's -shuffle value: "" (off), "on", or a seed,
	// which makes the order, and so the verdict, reproducible.
	Count   int
	Shuffle string
	// Race adds -race (needs cgo).
	Race bool
	// Tags are build tags.
	Tags string
	// Cover measures statement coverage of the package.
	Cover bool
	// WorkDir holds the overlay files and the profile.
	WorkDir string
	// Timeout bounds the go test run.
	Timeout time.Duration
	// Vet runs go vet on the package first, with the overlay; vet findings
	// in an overlaid file count as compile errors there.
	Vet bool
	// Sandbox, when set, lists the directories the test binary may write
	// to: go test runs it through this executable, which confines itself
	// with Landlock and then executes the binary (sandboxexec.go), so the
	// binary needs nothing compiled in for it. The first one is also its
	// HOME and TMPDIR.
	Sandbox []string
}

// Report is the outcome of a run.
type Report struct {
	// Failed holds the names of failed tests and subtests ("TestX",
	// "TestX/sub").
	Failed map[string]bool
	// Passed holds the names of passed tests and subtests.
	Passed map[string]bool
	// Fails counts the failed runs of each test (with Count > 1).
	Fails map[string]int
	// TestOutput holds what each failed test printed (bounded).
	TestOutput map[string]string
	// Unexplained is set when go test failed but no test failed and the
	// build did not: the binary died between tests, say.
	Unexplained string
	// running are the tests that started and never ended.
	running []string
	// BuildFailed is true when the test binary did not build or go vet
	// reported a problem in an overlaid file; BuildErrors then holds the
	// compiler's (or vet's) diagnostics, and Output its whole report.
	BuildFailed bool
	BuildErrors []Diag
	// Vet is true when the build failure is vet's.
	Vet bool
	// Coverage is the statement coverage (0..1), or -1 when not measured.
	Coverage float64
	Output   string
	Elapsed  time.Duration
}

// maxTestOutput bounds the output kept per failed test.
const maxTestOutput = 4096

// Run runs go test as configured.
func Run(ctx context.Context, o Options) (*Report, error) {
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Minute
	}
	tctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	ovPath, err := writeOverlay(o, "verify")
	if err != nil {
		return nil, err
	}
	if o.Vet {
		if rep, err := vet(tctx, o); err != nil || rep != nil {
			return rep, err
		}
	}
	args, env, profile, err := testArgs(o, ovPath)
	if err != nil {
		return nil, err
	}
	args = append(args, ".")
	cmd := exec.CommandContext(tctx, "go", args...)
	cmd.Dir = o.Dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	start := time.Now()
	runErr := cmd.Run()
	rep, out := parseEvents(&stdout)
	rep.Elapsed = time.Since(start)
	rep.Output = out + stderr.String()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if tctx.Err() != nil {
		return rep, fmt.Errorf("go test in %s timed out after %v", o.Dir, o.Timeout)
	}
	if runErr != nil && len(rep.Failed) == 0 && len(rep.Passed) == 0 && len(rep.running) == 0 {
		rep.BuildFailed = true
	}
	if runErr != nil && !rep.BuildFailed {
		markTimedOut(rep)
		// Tests that started and never ended were running when the binary
		// died (a crash on another goroutine, a fatal error).
		for _, name := range rep.running {
			if !rep.Failed[name] {
				rep.Failed[name] = true
				rep.TestOutput[name] = "the test binary died while it ran: " + lastLines(rep.Output, 3)
			}
		}
		if len(rep.Failed) == 0 {
			// The binary failed without saying which test did.
			rep.Unexplained = deathLines(rep.Output)
		}
	}
	if rep.BuildFailed {
		rep.BuildErrors = diagnostics(rep.Output)
	}
	if o.Cover && !rep.BuildFailed {
		if c, err := ProfileCoverage(profile); err == nil {
			rep.Coverage = c
		}
	}
	return rep, nil
}

// testArgs builds the go test command line for o, the environment (nil:
// inherit), and the coverage profile's path.
func testArgs(o Options, ovPath string) (args, env []string, profile string, err error) {
	// vet ran before, on exactly what is written; here it would trip over
	// overlaid directories that exist only in the overlay.
	// -gcflags=-e: every compile error, not the first ten, so that one
	// round drops every case that does not compile.
	args = []string{"test", "-json", "-vet=off", "-gcflags=-e", "-overlay", ovPath}
	if o.Count > 0 {
		args = append(args, "-count="+strconv.Itoa(o.Count))
	}
	if o.Shuffle != "" {
		args = append(args, "-shuffle="+o.Shuffle)
	}
	if o.Race {
		args = append(args, "-race")
	}
	if o.Tags != "" {
		args = append(args, "-tags="+o.Tags)
	}
	if o.Run != "" {
		args = append(args, "-run="+o.Run)
	}
	// The test binary's own timeout fires first: it names the test that
	// was running, which is then dropped like any failing test, instead
	// of losing the whole run.
	args = append(args, "-timeout="+(o.Timeout*9/10).String())
	profile = filepath.Join(o.WorkDir, "cover.out")
	if o.Cover {
		os.Remove(profile)
		args = append(args, "-coverprofile="+profile)
	}
	if len(o.Sandbox) > 0 {
		// go test writes the test binary's temporary files under
		// GOTMPDIR, which the sandbox must allow (coverage profiles).
		gotmp := filepath.Join(o.WorkDir, "gotmp")
		if err := os.MkdirAll(gotmp, 0o700); err != nil {
			return nil, nil, "", err
		}
		env = append(os.Environ(), "GOTMPDIR="+gotmp)
		dirs := append(append([]string{}, o.Sandbox...), gotmp)
		xprog, err := sandboxExec(dirs, o.Sandbox[0])
		if err != nil {
			return nil, nil, "", err
		}
		args = append(args, "-exec", xprog)
	}
	return args, env, profile, nil
}

// parseEvents reads go test -json output: which tests passed and failed,
// what each failed test printed, and all the output as text.
func parseEvents(r io.Reader) (*Report, string) {
	rep := &Report{Failed: map[string]bool{}, Passed: map[string]bool{}, Fails: map[string]int{}, Coverage: -1}
	var out strings.Builder
	testOut := map[string]*strings.Builder{}
	started := map[string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var ev struct {
			Action, Test, Output string
		}
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		out.WriteString(ev.Output)
		if ev.Test == "" {
			if ev.Action == "build-fail" {
				rep.BuildFailed = true
			}
			continue
		}
		switch ev.Action {
		case "run":
			started[ev.Test]++
		case "fail":
			rep.Failed[ev.Test] = true
			rep.Fails[ev.Test]++
			started[ev.Test]--
		case "skip":
			started[ev.Test]--
		case "pass":
			rep.Passed[ev.Test] = true
			started[ev.Test]--
		case "output":
			b := testOut[ev.Test]
			if b == nil {
				b = &strings.Builder{}
				testOut[ev.Test] = b
			}
			if b.Len() < maxTestOutput {
				b.WriteString(ev.Output)
			}
		}
	}
	for name, n := range started {
		if n > 0 {
			rep.running = append(rep.running, name)
		}
	}
	sort.Strings(rep.running)
	rep.TestOutput = map[string]string{}
	for name := range rep.Failed {
		if b := testOut[name]; b != nil {
			rep.TestOutput[name] = b.String()
		}
	}
	return rep, out.String()
}

// vet runs go vet through the overlay; it
// returns a report only when vet found something in an overlaid file. What
// vet says about the package's own files (a problem in its assembly, say)
// is the package's business, not a reason to reject generated tests.
func vet(ctx context.Context, o Options) (*Report, error) {
	ovPath, err := writeOverlay(o, "vet")
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, "go", "vet", "-overlay", ovPath, ".")
	cmd.Dir = o.Dir
	out, err := cmd.CombinedOutput()
	if err == nil {
		return nil, nil
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("go vet in %s: %w", o.Dir, ctx.Err())
	}
	ours := map[string]bool{}
	for p := range o.Files {
		ours[filepath.Base(p)] = true
	}
	var diags []Diag
	for _, d := range diagnostics(string(out)) {
		if d.TypeError {
			// vet stops at the first type error; the compiler, run with
			// -gcflags=-e by go test next, reports them all.
			return nil, nil
		}
		if ours[d.File] {
			diags = append(diags, d)
		}
	}
	if len(diags) == 0 {
		return nil, nil
	}
	return &Report{Failed: map[string]bool{}, Passed: map[string]bool{}, Coverage: -1,
		BuildFailed: true, Vet: true, BuildErrors: diags, Output: string(out)}, nil
}

// writeOverlay writes o.Files under o.WorkDir, each in a
// directory of its own so that it keeps its base name (compiler messages
// then name the real file), and an overlay that also hides o.Remove.
func writeOverlay(o Options, name string) (string, error) {
	ov := map[string]string{}
	for i, p := range sortedKeys(o.Files) {
		d := filepath.Join(o.WorkDir, fmt.Sprintf("%s%d", name, i))
		if err := os.MkdirAll(d, 0o755); err != nil {
			return "", err
		}
		dst := filepath.Join(d, filepath.Base(p))
		if err := os.WriteFile(dst, o.Files[p], 0o644); err != nil {
			return "", err
		}
		ov[p] = dst
	}
	for _, p := range o.Remove {
		if _, replaced := o.Files[p]; !replaced {
			ov[p] = ""
		}
	}
	ovPath := filepath.Join(o.WorkDir, name+"_overlay.json")
	data, _ := json.Marshal(map[string]any{"Replace": ov})
	if err := os.WriteFile(ovPath, data, 0o644); err != nil {
		return "", err
	}
	return ovPath, nil
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Diag is one compiler or vet diagnostic.
type Diag struct {
	File string // base name
	Line int
	Msg  string
	// TypeError is true for vet's report that the package does not
	// type-check ("vet: file:line: ..."), a compile error found early.
	TypeError bool
}

func (d Diag) String() string { return fmt.Sprintf("%s:%d: %s", d.File, d.Line, d.Msg) }

var errLineRE = regexp.MustCompile(`(?m)^\s*(vet: )?(?:\./)?([^\s:]+\.go):(\d+)(?::\d+)?:\s*(.*)$`)

// diagnostics extracts file:line: message diagnostics from compiler or vet
// output.
func diagnostics(output string) []Diag {
	var out []Diag
	for _, m := range errLineRE.FindAllStringSubmatch(output, -1) {
		line, _ := strconv.Atoi(m[3])
		out = append(out, Diag{File: filepath.Base(m[2]), Line: line, Msg: strings.TrimSpace(m[4]), TypeError: m[1] != ""})
	}
	return out
}

// ProfileCoverage computes statement coverage from a cover profile: the
// statements in blocks run at least once over all statements, counting each
// block once even when the profile repeats it.
func ProfileCoverage(path string) (float64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	type block struct{ stmts, count int }
	blocks := map[string]*block{}
	for i, line := range strings.Split(string(data), "\n") {
		if i == 0 || line == "" {
			continue // mode line
		}
		sp := strings.LastIndexByte(line, ' ')
		if sp < 0 {
			continue
		}
		count, err1 := strconv.Atoi(line[sp+1:])
		rest := line[:sp]
		sp2 := strings.LastIndexByte(rest, ' ')
		if sp2 < 0 || err1 != nil {
			continue
		}
		stmts, err2 := strconv.Atoi(rest[sp2+1:])
		if err2 != nil {
			continue
		}
		key := rest[:sp2]
		b := blocks[key]
		if b == nil {
			b = &block{stmts: stmts}
			blocks[key] = b
		}
		b.count += count
	}
	total, covered := 0, 0
	for _, b := range blocks {
		total += b.stmts
		if b.count > 0 {
			covered += b.stmts
		}
	}
	if total == 0 {
		return 0, fmt.Errorf("%s: no statements in profile", path)
	}
	return float64(covered) / float64(total), nil
}

var runningRE = regexp.MustCompile(`^\s+(\S+) \([^)]*\)$`)

// markTimedOut marks the tests that were running when the test binary's
// -timeout fired as failed: its panic lists them under "running tests:".
func markTimedOut(rep *Report) {
	i := strings.Index(rep.Output, "panic: test timed out after")
	if i < 0 {
		return
	}
	rest := rep.Output[i:]
	j := strings.Index(rest, "running tests:")
	if j < 0 {
		return
	}
	for _, line := range strings.Split(rest[j:], "\n")[1:] {
		m := runningRE.FindStringSubmatch(line)
		if m == nil {
			break
		}
		rep.Failed[m[1]] = true
		rep.TestOutput[m[1]] = "timed out: " + strings.TrimSpace(line)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// deathLines says why a test binary died with no test failing: its panic
// or fatal error line and, for a panic on a goroutine some test left
// running (a scheduler's job firing after its test ended), the frame
// that created that goroutine; with neither, the output's last lines.
// The first lines, which earlier runs reported, are the passing tests
// before the death.
func deathLines(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "panic: ") && !strings.HasPrefix(l, "fatal error: ") {
			continue
		}
		why := []string{l}
		for _, m := range lines[i+1:] {
			if strings.HasPrefix(m, "created by ") {
				why = append(why, m)
				break
			}
		}
		return strings.Join(why, " | ")
	}
	return lastLines(out, 5)
}
