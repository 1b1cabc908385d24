package mutation

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/internal/bench/proc"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/instrument"
)

// chooseTests returns the test files that run (the chosen ones on disk and
// the extra ones, sorted) and the ones on disk the overlay hides.
func chooseTests(dir string, opts Options) (run, hidden []string, err error) {
	for _, g := range append(append([]string{}, opts.Include...), opts.Exclude...) {
		if _, err := path.Match(g, "x_test.go"); err != nil {
			return nil, nil, fmt.Errorf("bad test file glob %q: %w", g, err)
		}
	}
	extra := map[string]bool{}
	for p := range opts.Extra {
		if !filepath.IsAbs(p) || filepath.Dir(p) != dir || !strings.HasSuffix(p, "_test.go") {
			return nil, nil, fmt.Errorf("extra test file %s is not a _test.go file in %s", p, dir)
		}
		extra[p] = true
		run = append(run, p)
	}
	onDisk, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(onDisk)
	for _, f := range onDisk {
		switch {
		case extra[f]:
			// Replaced by the overlay; already listed.
		case chosen(filepath.Base(f), opts.Include, opts.Exclude):
			run = append(run, f)
		default:
			hidden = append(hidden, f)
		}
	}
	sort.Strings(run)
	if len(run) == 0 {
		if len(hidden) > 0 {
			return nil, nil, fmt.Errorf("%w: the globs exclude all %d test files", ErrNoTests, len(hidden))
		}
		return nil, nil, fmt.Errorf("%w: the package has no test files", ErrNoTests)
	}
	return run, hidden, nil
}

// chosen reports whether a test file's base name passes the globs (already
// checked to be well formed).
func chosen(base string, include, exclude []string) bool {
	match := func(globs []string) bool {
		for _, g := range globs {
			if ok, _ := path.Match(g, base); ok {
				return true
			}
		}
		return false
	}
	return (len(include) == 0 || match(include)) && !match(exclude)
}

// binName is the test binary's file name; Windows runs only .exe files.
func binName() string {
	if runtime.GOOS == "windows" {
		return "pkg.test.exe"
	}
	return "pkg.test"
}

// breakMutated, set by tests only, edits the instrumented files of a
// mutated build (dropped as buildBinary passes it), to make it fail.
var breakMutated func(files map[string][]byte, dropped []string)

// built is a test binary that buildBinary made.
type built struct {
	bin   string
	table *instrument.Table
	// dropped are the package files (absolute, sorted) whose mutants were
	// left out: those Options.NoMutants names and those whose mutants
	// the compiler rejected. When even that failed and the binary has no
	// mutants at all, every file of the package.
	dropped []string
	// mutateErr is the compiler's first error on the mutated build that
	// failed, "" when none did.
	mutateErr string
}

// buildBinary builds the package's test binary with every mutant compiled
// in, the extra test files added and the hidden ones left out. A mutated
// build the compiler rejects costs mutants, never the package, as in
// harness.Build: the mutants of the files the compiler names are dropped
// and the build tried again; if that fails too, it is built without
// mutants; if that fails, the package or its tests do not compile.
func buildBinary(ctx context.Context, pkg *packages.Package, dir, work string, opts Options, hidden []string) (*built, error) {
	b := &built{bin: filepath.Join(work, binName())}
	noMutants := append([]string(nil), opts.NoMutants...)
	sort.Strings(noMutants)
	var firstErr *compileError
	for attempt, none := 0, false; ; attempt++ {
		files, table, err := harness.InstrumentedFiles(pkg, dir, harness.Options{Mutate: true, NoMutants: noMutants})
		if err != nil {
			return nil, fmt.Errorf("mutation: %s: instrumenting: %w", pkg.PkgPath, err)
		}
		if breakMutated != nil {
			breakMutated(files, noMutants)
		}
		ce := compileTests(ctx, dir, filepath.Join(work, fmt.Sprintf("build%d", attempt)), b.bin, files, opts.Extra, hidden)
		if ce == nil {
			b.table = table
			if len(noMutants) > 0 {
				b.dropped = noMutants
			}
			if firstErr != nil {
				b.mutateErr = firstErr.firstLine()
			}
			return b, nil
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("mutation: %s: building the test binary: %w", pkg.PkgPath, ctx.Err())
		}
		if ce.setup {
			return nil, fmt.Errorf("mutation: %s: %w", pkg.PkgPath, ce)
		}
		if none {
			return nil, fmt.Errorf("mutation: %s: the package or its tests do not compile: %w", pkg.PkgPath, ce)
		}
		if firstErr == nil {
			firstErr = ce
		}
		if bad := harness.CompilerFiles(ce.out, dir, ce.overlay, noMutants); attempt == 0 && len(bad) > 0 {
			noMutants = append(noMutants, bad...)
		} else {
			// Every file's mutants dropped: the plain package, with the
			// runtime sized for no mutants.
			noMutants, none = append([]string(nil), pkg.GoFiles...), true
		}
		sort.Strings(noMutants)
	}
}

// compileError is a failed go test -c of the overlay.
type compileError struct {
	err     error
	out     string            // the go command's output
	overlay map[string]string // package file -> the file written in its place
	setup   bool              // the overlay could not be written: no build ran
}

func (e *compileError) Error() string {
	if e.setup {
		return e.err.Error()
	}
	return fmt.Sprintf("go test -c: %v\n%s", e.err, proc.Excerpt(e.out, 20, 5))
}

func (e *compileError) Unwrap() error { return e.err }

// firstLine is the compiler's first error line, or the output's first
// line that is not a "# package" header.
func (e *compileError) firstLine() string {
	var other string
	for _, l := range strings.Split(e.out, "\n") {
		l = strings.TrimSpace(l)
		if errLine.MatchString(l) {
			return l
		}
		if other == "" && l != "" && !strings.HasPrefix(l, "#") {
			other = l
		}
	}
	if other != "" {
		return other
	}
	return e.err.Error()
}

// errLine matches a compiler error line: file:line:col: message.
var errLine = regexp.MustCompile(`^\S+\.go:\d+:\d+: `)

// compileTests writes the overlay of files and extra, hiding hidden,
// under ovDir and runs go test -c into bin.
func compileTests(ctx context.Context, dir, ovDir, bin string, files, extra map[string][]byte, hidden []string) *compileError {
	all := map[string][]byte{}
	for p, src := range files {
		all[p] = src
	}
	for p, src := range extra {
		all[p] = src
	}
	ov, replace, err := writeOverlay(ovDir, all, hidden)
	if err != nil {
		return &compileError{err: err, setup: true}
	}
	args := []string{"test", "-c", "-vet=off", "-o", bin, "-overlay", ov, "."}
	res := proc.Run(ctx, dir, nil, "go", args...)
	if res.Err != nil {
		out := strings.TrimSpace(string(res.Stderr) + string(res.Stdout))
		return &compileError{err: res.Err, out: out, overlay: replace}
	}
	return nil
}

// writeOverlay writes files under ovDir and an overlay for the go command
// that puts them in place and hides the hidden files; it returns the
// overlay's path and its replacements (a package file -> the file written
// in its place, "" for a hidden one). The names are numbered in path
// order, so that two files with the same base name do not collide.
func writeOverlay(ovDir string, files map[string][]byte, hidden []string) (string, map[string]string, error) {
	if err := os.MkdirAll(ovDir, 0o755); err != nil {
		return "", nil, fmt.Errorf("mutation: %w", err)
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	replace := map[string]string{}
	for i, p := range paths {
		dst := filepath.Join(ovDir, fmt.Sprintf("%03d_%s", i, filepath.Base(p)))
		if err := os.WriteFile(dst, files[p], 0o644); err != nil {
			return "", nil, fmt.Errorf("mutation: %w", err)
		}
		replace[p] = dst
	}
	for _, h := range hidden {
		replace[h] = ""
	}
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", nil, fmt.Errorf("mutation: %w", err)
	}
	ov := filepath.Join(ovDir, "overlay.json")
	if err := os.WriteFile(ov, data, 0o644); err != nil {
		return "", nil, fmt.Errorf("mutation: %w", err)
	}
	return ov, replace, nil
}
