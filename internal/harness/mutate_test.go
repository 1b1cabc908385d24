package harness

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
)

func TestBuildErrorFiles(t *testing.T) {
	dir := filepath.FromSlash("/m/p")
	e := &buildError{pkgPath: "m/p", out: "# m/p [m/p.test]\n" +
		"./b.go:3:4: cannot use x (variable of type int) as string value\n" +
		"./a.go:1:2: undefined: y\n" +
		"./b.go:9:1: too many errors\n" +
		filepath.FromSlash("/elsewhere/c.go") + ":1:1: not ours\n" +
		"./p_test.go:1:1: a test file\n"}
	got := e.files(dir, []string{filepath.Join(dir, "a.go")})
	if want := []string{filepath.Join(dir, "b.go")}; !slices.Equal(got, want) {
		t.Errorf("files = %q, want %q", got, want)
	}
	if got, want := e.firstLine(), "./b.go:3:4: cannot use x (variable of type int) as string value"; got != want {
		t.Errorf("firstLine = %q, want %q", got, want)
	}
}

// TestCompilerFiles: the compiler names an overlay's file by its written
// path, absolute or relative to the package directory (whichever is
// shorter); either way the package file it replaces is the one named.
func TestCompilerFiles(t *testing.T) {
	dir := filepath.FromSlash("/w/pkg")
	overlay := map[string]string{
		filepath.Join(dir, "a.go"):      filepath.FromSlash("/w/ov/000_a.go"),
		filepath.Join(dir, "b.go"):      filepath.FromSlash("/tmp/far/away/ov/001_b.go"),
		filepath.Join(dir, "hidden.go"): "",
	}
	out := "# m/p\n" +
		filepath.FromSlash("../ov/000_a.go") + ":2:23: cannot use \"x\"\n" +
		filepath.FromSlash("/tmp/far/away/ov/001_b.go") + ":1:1: not enough return values\n" +
		filepath.FromSlash("../ov/000_a.go") + ":3:1: again\n" +
		filepath.FromSlash("/tmp/far/away/ov/zz_size.go") + ":1:1: not a package file\n"
	got := CompilerFiles(out, dir, overlay, nil)
	if want := []string{filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go")}; !slices.Equal(got, want) {
		t.Errorf("CompilerFiles = %q, want %q", got, want)
	}
	if got := CompilerFiles(out, dir, overlay, []string{filepath.Join(dir, "b.go")}); !slices.Equal(got, []string{filepath.Join(dir, "a.go")}) {
		t.Errorf("CompilerFiles skipping b.go = %q", got)
	}
}

// demo loads testdata/demo and its program.
func demo(t *testing.T) (*model.Program, []string, func(Options) (*Harness, time.Duration)) {
	t.Helper()
	dir, err := filepath.Abs("../../testdata/demo")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := load.Packages(dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	prog := model.Build(pkgs[0].Types, model.Options{})
	build := func(opts Options) (*Harness, time.Duration) {
		t.Helper()
		if opts.WorkDir == "" {
			opts.WorkDir = t.TempDir()
		}
		start := time.Now()
		h, err := Build(context.Background(), pkgs[0], prog, opts)
		if err != nil {
			t.Fatal(err)
		}
		return h, time.Since(start)
	}
	return prog, pkgs[0].GoFiles, build
}

// TestInstrumentedFilesNoMutants: Options.NoMutants leaves the files it
// names without mutants in InstrumentedFiles, as Build's fallback does.
func TestInstrumentedFilesNoMutants(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/demo")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := load.Packages(dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	_, all, err := InstrumentedFiles(pkg, dir, Options{Mutate: true})
	if err != nil {
		t.Fatal(err)
	}
	files, none, err := InstrumentedFiles(pkg, dir, Options{Mutate: true, NoMutants: pkg.GoFiles})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Mutants) == 0 || len(none.Mutants) != 0 {
		t.Errorf("mutants: %d without NoMutants, %d with all files in it", len(all.Mutants), len(none.Mutants))
	}
	if size := string(files[filepath.Join(dir, RTDirName, "zz_size.go")]); !strings.Contains(size, "InitMutants(0,") {
		t.Errorf("zz_size.go does not size the runtime for no mutants:\n%s", size)
	}
}

// TestMutatedBuild builds testdata/demo's executor with and without
// mutants: with, every mutant of the table is compiled in and the runtime
// is sized for them.
func TestMutatedBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds executors")
	}
	_, _, build := demo(t)
	plain, dPlain := build(Options{})
	mut, dMut := build(Options{Mutate: true})
	t.Logf("demo: %d mutants; build %v without, %v with", mut.Mutants, dPlain.Round(time.Millisecond), dMut.Round(time.Millisecond))
	if plain.Mutants != 0 || len(plain.Table.Mutants) != 0 {
		t.Errorf("without Mutate: %d mutants, table %d", plain.Mutants, len(plain.Table.Mutants))
	}
	if mut.MutateErr != nil || mut.Mutants == 0 || mut.Mutants != len(mut.Table.Mutants) {
		t.Fatalf("with Mutate: %d mutants, table %d, err %v", mut.Mutants, len(mut.Table.Mutants), mut.MutateErr)
	}
	if _, err := os.Stat(mut.Exe); err != nil {
		t.Fatal(err)
	}
}

// TestMutatedBuildFallsBack breaks the mutated sources: when dropping the
// named file's mutants is enough, the build keeps the others' (none here:
// demo has one file); when the breakage stays, the executor is built
// without mutants; either way the package gets its executor and
// MutateErr names the compiler's error. The failure is cached, so the
// next build does not run the failing compile again.
func TestMutatedBuildFallsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds executors")
	}
	_, goFiles, build := demo(t)
	const bad = "\nvar _ int = \"gentest-broken\"\n"
	breakMutated = func(path string, src []byte, noMutants []string) []byte {
		if slices.Contains(noMutants, path) {
			return src
		}
		return append(append([]byte{}, src...), bad...)
	}
	defer func() { breakMutated = nil }()
	h, _ := build(Options{Mutate: true})
	if h.Mutants != 0 || h.MutateErr == nil || !strings.Contains(h.MutateErr.Error(), "dropped") ||
		!strings.Contains(h.MutateErr.Error(), filepath.Base(goFiles[0])) || !slices.Equal(h.NoMutants, goFiles) {
		t.Errorf("dropping a file's mutants: Mutants %d, NoMutants %q, MutateErr %v", h.Mutants, h.NoMutants, h.MutateErr)
	}

	breakMutated = func(path string, src []byte, _ []string) []byte { return append(append([]byte{}, src...), bad...) }
	cache := t.TempDir()
	h, d1 := build(Options{Mutate: true, CacheDir: cache})
	if h.Mutants != 0 || h.MutateErr == nil || !strings.Contains(h.MutateErr.Error(), "gentest-broken") ||
		!strings.Contains(h.MutateErr.Error(), "without mutants") {
		t.Errorf("falling back: Mutants %d, MutateErr %v", h.Mutants, h.MutateErr)
	}
	h, d2 := build(Options{Mutate: true, CacheDir: cache})
	if !h.Cached || h.MutateErr == nil || h.Mutants != 0 {
		t.Errorf("again: cached %v, Mutants %d, MutateErr %v", h.Cached, h.Mutants, h.MutateErr)
	}
	t.Logf("fallback build %v, again from the cache %v", d1.Round(time.Millisecond), d2.Round(time.Millisecond))
}

// TestMutateMeasure measures, for the packages GENTEST_MUTATE_MEASURE
// names (import paths or directories, loaded from the module of this
// repository), the mutants and the executor's build time without and with
// them. A manual run:
//
//	GENTEST_MUTATE_MEASURE="../../testdata/demo golang.org/x/mod/semver strconv" go test -run TestMutateMeasure -v ./internal/harness
func TestMutateMeasure(t *testing.T) {
	list := strings.Fields(os.Getenv("GENTEST_MUTATE_MEASURE"))
	if len(list) == 0 {
		t.Skip("GENTEST_MUTATE_MEASURE names no packages")
	}
	for _, pat := range list {
		dir, p := ".", pat
		if strings.HasPrefix(pat, ".") || filepath.IsAbs(pat) {
			dir, p = pat, "."
		}
		pkgs, err := load.Packages(dir, []string{p})
		if err != nil || len(pkgs) != 1 {
			t.Errorf("%s: %v", pat, err)
			continue
		}
		prog := model.Build(pkgs[0].Types, model.Options{})
		var d [2]time.Duration
		var h *Harness
		for i, mutate := range []bool{false, true} {
			start := time.Now()
			h, err = Build(context.Background(), pkgs[0], prog, Options{WorkDir: t.TempDir(), Mutate: mutate})
			d[i] = time.Since(start)
			if err != nil {
				t.Fatalf("%s: %v", pat, err)
			}
		}
		ops := map[string]int{}
		for _, m := range h.Table.Mutants {
			ops[m.Op]++
		}
		t.Logf("%s: %d mutants (err %v), build %v without, %v with; %v", pkgs[0].PkgPath, h.Mutants, h.MutateErr,
			d[0].Round(10*time.Millisecond), d[1].Round(10*time.Millisecond), ops)
	}
}
