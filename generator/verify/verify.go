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
	Count   int
	Shuffle bool
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
	// Vet runs go vet on the package first, with the overlay but without
	// VetSkip files; vet findings in a file count as compile errors there.
	Vet     bool
	VetSkip map[string]bool
	// Sandbox, when set, lists the directories the test binary may write
	// to; the binary confines itself with Landlock at start (the caller
	// overlays the runtime for that, see harness.SandboxFiles). The first
	// one is also its HOME and TMPDIR.
	Sandbox []string
}

// Report is the outcome of a run.
type Report struct {
	// Failed holds the names of failed tests and subtests ("TestX",
	// "TestX/sub").
	Failed map[string]bool
	// Passed holds the names of passed tests and subtests.
	Passed map[string]bool
	// BuildFailed is true when the test binary did not build; BuildLines
	// then holds the lines of the generated file the compiler reported,
	// and Output the compiler's report.
	BuildFailed bool
	BuildLines  map[string][]int // file -> lines
	// Coverage is the statement coverage (0..1), or -1 when not measured.
	Coverage float64
	Output   string
	Elapsed  time.Duration
}

// Run runs go test as configured.
func Run(ctx context.Context, o Options) (*Report, error) {
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	ovPath, err := writeOverlay(o, "verify", nil)
	if err != nil {
		return nil, err
	}
	if o.Vet {
		if rep, err := vet(ctx, o); err != nil || rep != nil {
			return rep, err
		}
	}
	// vet ran above, on exactly what is written; here it would trip over
	// overlaid directories that exist only in the overlay.
	args := []string{"test", "-json", "-vet=off", "-overlay", ovPath}
	if o.Count > 0 {
		args = append(args, "-count="+strconv.Itoa(o.Count))
	}
	if o.Shuffle {
		args = append(args, "-shuffle=on")
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
	profile := filepath.Join(o.WorkDir, "cover.out")
	if o.Cover {
		os.Remove(profile)
		args = append(args, "-coverprofile="+profile)
	}
	var env []string
	if len(o.Sandbox) > 0 {
		// go test writes the test binary's temporary files under
		// GOTMPDIR, which the sandbox must allow (coverage profiles).
		gotmp := filepath.Join(o.WorkDir, "gotmp")
		if err := os.MkdirAll(gotmp, 0o700); err != nil {
			return nil, err
		}
		env = append(os.Environ(), "GOTMPDIR="+gotmp)
		dirs := append(append([]string{}, o.Sandbox...), gotmp)
		home := o.Sandbox[0]
		args = append(args, "-exec", strings.Join([]string{"env",
			"HOME=" + home, "TMPDIR=" + home, "XDG_CONFIG_HOME=" + home, "XDG_CACHE_HOME=" + home,
			"GENTEST_SANDBOX=" + strings.Join(dirs, string(filepath.ListSeparator))}, " "))
	}
	args = append(args, ".")
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = o.Dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	start := time.Now()
	runErr := cmd.Run()
	rep := &Report{Failed: map[string]bool{}, Passed: map[string]bool{}, Coverage: -1, Elapsed: time.Since(start)}
	var out strings.Builder
	sc := bufio.NewScanner(&stdout)
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
		case "fail":
			rep.Failed[ev.Test] = true
		case "pass":
			rep.Passed[ev.Test] = true
		}
	}
	out.WriteString(stderr.String())
	rep.Output = out.String()
	if ctx.Err() != nil {
		return rep, fmt.Errorf("go test in %s timed out after %v", o.Dir, o.Timeout)
	}
	if runErr != nil && len(rep.Failed) == 0 && len(rep.Passed) == 0 {
		rep.BuildFailed = true
	}
	if rep.BuildFailed {
		rep.BuildLines = compileErrorLines(rep.Output)
	}
	if o.Cover && !rep.BuildFailed {
		if c, err := ProfileCoverage(profile); err == nil {
			rep.Coverage = c
		}
	}
	return rep, nil
}

// vet runs go vet through an overlay of the files not in VetSkip; it
// returns a report only when vet found something.
func vet(ctx context.Context, o Options) (*Report, error) {
	ovPath, err := writeOverlay(o, "vet", o.VetSkip)
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
	rep := &Report{Failed: map[string]bool{}, Passed: map[string]bool{}, Coverage: -1,
		BuildFailed: true, Output: string(out)}
	rep.BuildLines = compileErrorLines(rep.Output)
	return rep, nil
}

// writeOverlay writes o.Files (less skip) under o.WorkDir, each in a
// directory of its own so that it keeps its base name (compiler messages
// then name the real file), and an overlay that also hides o.Remove.
func writeOverlay(o Options, name string, skip map[string]bool) (string, error) {
	ov := map[string]string{}
	for i, p := range sortedKeys(o.Files) {
		if skip[p] {
			continue
		}
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

var errLineRE = regexp.MustCompile(`(?m)^\s*(?:\./)?([^\s:]+\.go):(\d+):(\d+)?`)

func compileErrorLines(output string) map[string][]int {
	m := map[string][]int{}
	for _, match := range errLineRE.FindAllStringSubmatch(output, -1) {
		line, _ := strconv.Atoi(match[2])
		base := filepath.Base(match[1])
		m[base] = append(m[base], line)
	}
	return m
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
