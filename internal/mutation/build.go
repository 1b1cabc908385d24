package mutation

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
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

// buildBinary builds the package's test binary with every mutant compiled
// in, the extra test files added and the hidden ones left out, and returns
// its path and the instrumenter's table. When the mutated build fails it
// builds once more without mutants to tell a package (or tests) that does
// not compile from mutants that do not.
func buildBinary(ctx context.Context, pkg *packages.Package, dir, work string, extra map[string][]byte, hidden []string) (string, *instrument.Table, error) {
	files, table, err := harness.InstrumentedFiles(pkg, dir, harness.Options{Mutate: true})
	if err != nil {
		return "", nil, fmt.Errorf("mutation: %s: instrumenting: %w", pkg.PkgPath, err)
	}
	bin := filepath.Join(work, binName())
	buildErr := compileTests(ctx, dir, filepath.Join(work, "mutated"), bin, files, extra, hidden)
	if buildErr == nil {
		return bin, table, nil
	}
	if ctx.Err() != nil {
		return "", nil, fmt.Errorf("mutation: %s: building the test binary: %w", pkg.PkgPath, ctx.Err())
	}
	plain, _, err := harness.InstrumentedFiles(pkg, dir, harness.Options{})
	if err == nil {
		err = compileTests(ctx, dir, filepath.Join(work, "plain"), bin+".plain", plain, extra, hidden)
	}
	if err == nil {
		return "", nil, fmt.Errorf("mutation: %s: the mutants do not compile (a gentest bug): %w", pkg.PkgPath, buildErr)
	}
	return "", nil, fmt.Errorf("mutation: %s: the package or its tests do not compile: %w", pkg.PkgPath, buildErr)
}

// compileTests writes the overlay of files and extra, hiding hidden,
// under ovDir and runs go test -c into bin.
func compileTests(ctx context.Context, dir, ovDir, bin string, files, extra map[string][]byte, hidden []string) error {
	all := map[string][]byte{}
	for p, src := range files {
		all[p] = src
	}
	for p, src := range extra {
		all[p] = src
	}
	ov, err := writeOverlay(ovDir, all, hidden)
	if err != nil {
		return err
	}
	args := []string{"test", "-c", "-vet=off", "-o", bin, "-overlay", ov, "."}
	res := proc.Run(ctx, dir, nil, "go", args...)
	if res.Err != nil {
		msg := strings.TrimSpace(string(res.Stderr) + string(res.Stdout))
		return fmt.Errorf("go test -c: %w\n%s", res.Err, proc.Excerpt(msg, 20, 5))
	}
	return nil
}

// writeOverlay writes files under ovDir and an overlay for the go command
// that puts them in place and hides the hidden files; it returns the
// overlay's path. The names are numbered in path order, so that two files
// with the same base name do not collide.
func writeOverlay(ovDir string, files map[string][]byte, hidden []string) (string, error) {
	if err := os.MkdirAll(ovDir, 0o755); err != nil {
		return "", fmt.Errorf("mutation: %w", err)
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
			return "", fmt.Errorf("mutation: %w", err)
		}
		replace[p] = dst
	}
	for _, h := range hidden {
		replace[h] = ""
	}
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", fmt.Errorf("mutation: %w", err)
	}
	ov := filepath.Join(ovDir, "overlay.json")
	if err := os.WriteFile(ov, data, 0o644); err != nil {
		return "", fmt.Errorf("mutation: %w", err)
	}
	return ov, nil
}
