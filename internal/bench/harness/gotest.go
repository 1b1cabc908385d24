package harness

// The go test runs the harness makes of a scratch copy: coverage, the
// compile check and the shuffled reruns that find flaky tests.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gentest-go/gentest/internal/bench/coverage"
	"github.com/gentest-go/gentest/internal/bench/proc"
	"github.com/gentest-go/gentest/internal/bench/result"
	"github.com/gentest-go/gentest/internal/bench/scratch"
)

// coverRun is the outcome of one coverage run of a copy's tests.
type coverRun struct {
	cov, pass result.Value
	// note says why cov is NA or that tests failed.
	note string
	// failed holds the top-level tests that failed.
	failed map[string]bool
	// out is go test's output.
	out string
}

// cover runs the package's tests in copy cp with a statement coverage profile
// of the package alone and computes the coverage from the profile. A
// coverage is reported whenever the profile holds the package's statements,
// even if some tests failed (the note then says so); when the tests could not
// run at all it is NA.
func (c *Config) cover(ctx context.Context, cp *scratch.Copy, profile string) coverRun {
	tctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	_ = os.Remove(profile)
	args := []string{"test", "-count=1", "-covermode=set", "-coverpkg=" + cp.PkgPath, "-coverprofile=" + profile, cp.PkgPath}
	r := proc.Run(tctx, cp.Root, c.Env, "go", args...)
	out := coverRun{pass: result.Bool(r.Err == nil, true), failed: FailedTests(r.Stdout), out: string(r.Stdout) + string(r.Stderr)}
	if r.Err != nil {
		out.note = "tests failed: " + oneLine(r.Failure("go", args...).Error())
	}
	prof, err := coverage.ParseFile(profile)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			err = errors.New("no coverage profile")
		}
		out.note = joinNote(out.note, err.Error())
		return out
	}
	pct, ok := prof.Percent(cp.PkgPath)
	if !ok {
		out.note = joinNote(out.note, "profile has no statements of the package")
		return out
	}
	out.cov = result.Of(pct)
	return out
}

// compiles builds the test binary of copy cp (as prefix.test, removed
// after) and reports whether it built, with the compiler's output.
func (c *Config) compiles(ctx context.Context, cp *scratch.Copy, prefix string) (bool, string) {
	tctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	bin := prefix + ".test"
	r := proc.Run(tctx, cp.Root, c.Env, "go", "test", "-c", "-o", bin, cp.PkgPath)
	_ = os.Remove(bin)
	return r.Err == nil, string(r.Stderr) + string(r.Stdout)
}

// flaky reruns the tests shuffled and counts the distinct top-level tests
// that failed in any rerun or in the coverage run before (failedBefore): a
// generated test must pass every time, and one that failed once and then
// passed five times is the flakiest kind. A failing rerun in which no test
// failed (a crash outside a test, a timeout) counts as one. It also returns
// the reruns' output (go test -json events decoded to text).
func (c *Config) flaky(ctx context.Context, cp *scratch.Copy, failedBefore map[string]bool) (result.Value, string) {
	reruns := c.Reruns
	if reruns <= 0 {
		reruns = Reruns
	}
	c.progress("generated tests: -count=%d -shuffle=on", reruns)
	tctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	r := proc.Run(tctx, cp.Root, c.Env, "go", "test", "-json", "-count="+strconv.Itoa(reruns), "-shuffle=on", cp.PkgPath)
	failed := FailedTests(r.Stdout)
	for name := range failedBefore {
		failed[name] = true
	}
	n := len(failed)
	if r.Err != nil && n == 0 {
		n = 1
	}
	return result.Of(float64(n)), testOutput(r.Stdout) + string(r.Stderr)
}

// testOutput returns the text of go test -json output: the Output fields
// of its events, or the lines themselves where they are not events.
func testOutput(out []byte) string {
	var b strings.Builder
	for _, line := range bytes.Split(out, []byte("\n")) {
		var ev struct{ Output *string }
		if bytes.HasPrefix(line, []byte("{")) && json.Unmarshal(line, &ev) == nil {
			if ev.Output != nil {
				b.WriteString(*ev.Output)
			}
			continue
		}
		if len(line) > 0 {
			b.Write(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// FailedTests returns the distinct top-level tests that go test output
// reports as failed: "fail" events of go test -json, or "--- FAIL: Name"
// lines of plain output.
func FailedTests(out []byte) map[string]bool {
	failed := map[string]bool{}
	for _, line := range bytes.Split(out, []byte("\n")) {
		var name string
		if bytes.HasPrefix(line, []byte("{")) {
			var ev struct{ Action, Test string }
			if json.Unmarshal(line, &ev) == nil && ev.Action == "fail" {
				name = ev.Test
			}
		} else if rest, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("--- FAIL: ")); ok {
			name, _, _ = strings.Cut(string(rest), " ")
		}
		if name != "" {
			top, _, _ := strings.Cut(name, "/")
			failed[top] = true
		}
	}
	return failed
}

// countTests counts the Test functions of a generated file, for summaries
// without a "tests" key.
func countTests(file string) (int, error) {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if ok && fn.Recv == nil && isTestName(fn.Name.Name) {
			n++
		}
	}
	return n, nil
}

// isTestName reports whether name is a test function name as go test sees
// it: "Test" not followed by a lower-case letter.
func isTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	if !ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return rest == "" || !unicode.IsLower(r)
}
