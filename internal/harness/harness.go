// Package harness builds the executor for a package under test: an
// overlay with instrumented copies of the package's sources, the generated
// operation registry, and the embedded executor runtime, compiled once with
// `go test -c -overlay`. Nothing on disk in the user's tree changes.
package harness

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"go/types"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/model"
)

//go:embed rt/*.go
var rtFS embed.FS

// RTDirName is the directory the runtime is overlaid into, inside the
// package under test.
const RTDirName = "zz_gentest_rt"

// executorName is the executor binary's file name; Windows runs only
// files named .exe.
var executorName = func() string {
	if runtime.GOOS == "windows" {
		return "executor.exe"
	}
	return "executor"
}()

// Harness is a built executor.
type Harness struct {
	// Exe is the executor binary.
	Exe string
	// Table describes the coverage probes of the instrumented sources.
	Table *instrument.Table
	// Dir is the package directory.
	Dir string
	// Cached is true when the executor came from the cache.
	Cached bool
	// Mutants is the number of mutants compiled in (Options.Mutate), ids
	// 1..Mutants as Table.Mutants lists them; 0 when the build fell back
	// to none.
	Mutants int
	// MutateErr says why mutants are missing: the compiler's first error
	// when the mutated build failed and the executor was built without
	// mutants (Mutants == 0), or the files whose mutants were dropped so
	// that the rest compiled (Mutants > 0). Nil when every mutant compiled.
	MutateErr error
	// NoMutants are the files (absolute, sorted) whose mutants the build
	// left out, Options.NoMutants and those the compiler named; nil when
	// none was or when the build fell back to no mutants at all.
	NoMutants []string
}

// Options configure the build.
type Options struct {
	// WorkDir holds the overlay files; it must exist.
	WorkDir string
	// CacheDir, if set, caches built executors by a hash of their inputs
	// (see keyInputs).
	CacheDir string
	// CacheMaxBytes bounds the cache's size; 0 means DefaultCacheMaxBytes.
	// The entries used least recently go first.
	CacheMaxBytes int64
	// Nondet names the functions of other packages whose results are
	// nondeterministic; the table then marks the probes that depend on
	// them (instrument.Options).
	Nondet func(*types.Func) bool
	// Mutate compiles the package's mutants into the executor as
	// schemata (instrument.Options.Mutate, see mutate.go).
	Mutate bool
	// NoMutants, with Mutate, names package files (absolute paths, as in
	// pkg.GoFiles) that get no mutants: files whose mutated build a
	// caller saw fail (Harness.NoMutants, mutation.Report.Dropped), so
	// that another build numbers the rest's mutants the same way.
	NoMutants []string
}

// Build instruments pkg, generates the registry for prog and compiles the
// executor. With Options.Mutate, a build the compiler rejects costs the
// mutants, never the package: the mutants of the files the compiler names
// are dropped and the build tried again, and if that fails too the
// executor is built without mutants (Harness.Mutants, Harness.MutateErr).
func Build(ctx context.Context, pkg *packages.Package, prog *model.Program, opts Options) (*Harness, error) {
	if len(pkg.GoFiles) == 0 {
		return nil, fmt.Errorf("%s: no Go files", pkg.PkgPath)
	}
	if !opts.Mutate {
		return build(ctx, pkg, prog, opts, nil)
	}
	noMutants := append([]string(nil), opts.NoMutants...)
	sort.Strings(noMutants)
	var firstErr error
	for attempt := 0; attempt < 2; attempt++ {
		h, err := build(ctx, pkg, prog, opts, noMutants)
		if err == nil {
			h.Mutants = len(h.Table.Mutants)
			if len(noMutants) > 0 {
				h.NoMutants = noMutants
			}
			if firstErr != nil {
				h.MutateErr = fmt.Errorf("harness: %s: mutants of %s dropped: %w", pkg.PkgPath, strings.Join(noMutants, ", "), firstErr)
			}
			return h, nil
		}
		var be *buildError
		if !errors.As(err, &be) || ctx.Err() != nil {
			return nil, err
		}
		if firstErr == nil {
			firstErr = errors.New(be.firstLine())
		}
		bad := be.files(filepath.Dir(pkg.GoFiles[0]), noMutants)
		if len(bad) == 0 {
			break
		}
		noMutants = append(noMutants, bad...)
		sort.Strings(noMutants)
	}
	opts.Mutate = false
	h, err := build(ctx, pkg, prog, opts, nil)
	if err != nil {
		return nil, err
	}
	h.MutateErr = fmt.Errorf("harness: %s: the mutated executor does not compile, built without mutants: %w", pkg.PkgPath, firstErr)
	return h, nil
}

// build builds the executor once, from the cache if it holds it; with
// opts.Mutate, the files noMutants names get no mutants. A build that
// failed for a key before fails again without running the compiler.
func build(ctx context.Context, pkg *packages.Package, prog *model.Program, opts Options, noMutants []string) (*Harness, error) {
	dir := filepath.Dir(pkg.GoFiles[0])
	files, table, err := overlayFiles(pkg, prog, dir, opts, noMutants)
	if err != nil {
		return nil, err
	}
	// The user's own tests are left out: they may not compile against the
	// instrumented package, and their TestMain would clash with ours.
	userTests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))

	h := &Harness{Table: table, Dir: dir}
	key := ""
	if opts.CacheDir != "" {
		// A key that cannot be computed only costs the cache.
		if k, err := gatherKeyInputs(pkg, files, userTests); err == nil {
			k.mutate = opts.Mutate
			key = k.key()
		}
	}
	if key != "" {
		if exe, ok := cacheGet(opts.CacheDir, key, opts.WorkDir); ok {
			h.Exe, h.Cached = exe, true
			return h, nil
		}
		if msg, ok := cacheGetFailure(opts.CacheDir, key); ok && opts.Mutate {
			return nil, &buildError{pkgPath: pkg.PkgPath, out: msg, err: errors.New("failed before (cached)")}
		}
	}
	ovPath, names, err := writeOverlay(opts.WorkDir, files, userTests)
	if err != nil {
		return nil, err
	}
	h.Exe = filepath.Join(opts.WorkDir, executorName)
	if err := compile(ctx, pkg.PkgPath, dir, ovPath, h.Exe); err != nil {
		var be *buildError
		if errors.As(err, &be) {
			be.rename(names)
		}
		if key != "" && opts.Mutate && ctx.Err() == nil && be != nil {
			// Only mutated builds remember failures: they fall back, and
			// the next run should not pay for the failed build again.
			cachePutFailure(opts.CacheDir, key, be.out)
		}
		return nil, err
	}
	if key != "" {
		// Best effort: a failed cache write only costs a rebuild next time.
		cachePut(opts.CacheDir, key, h.Exe)
		CachePrune(opts.CacheDir, opts.CacheMaxBytes)
	}
	return h, nil
}

// overlayFiles returns the files the executor's build overlays on the
// package directory dir, by path: the instrumented sources, the runtime
// sized for their probes, and the registry; and the probes' table.
func overlayFiles(pkg *packages.Package, prog *model.Program, dir string, opts Options, noMutants []string) (map[string][]byte, *instrument.Table, error) {
	files, table, err := instrumentedFiles(pkg, dir, opts, noMutants)
	if err != nil {
		return nil, nil, err
	}
	rtImport := pkg.PkgPath + "/" + RTDirName
	reg, err := registryFile(prog, rtImport)
	if err != nil {
		return nil, nil, err
	}
	files[filepath.Join(dir, "zz_gentest_registry_test.go")] = WithMinGo(reg)
	files[filepath.Join(dir, RTDirName, globalRandFileName)] = WithMinGo([]byte(globalRandFile))
	return files, table, nil
}

// globalRandFile is the executor runtime's zz_globalrand.go: it hands rt
// math/rand's global generator, which rt then seeds per run of a sequence
// (rt's mathrand.go). Only the executor's build has it, and compile links
// it with -checklinkname=0: the linker refuses a reference to an
// unexported standard library variable otherwise. A test binary of the
// user's tests (InstrumentedFiles) does not get it and links as usual.
const globalRandFile = `package rt

import (
	"math/rand"
	"sync/atomic"
	_ "unsafe" // go:linkname
)

//go:linkname globalRandGenerator math/rand.globalRandGenerator
var globalRandGenerator atomic.Pointer[rand.Rand]

func init() { InstallGlobalRand(&globalRandGenerator) }
`

// linkFlags are the executor build's linker flags: zz_globalrand.go's
// linkname needs -checklinkname=0.
const linkFlags = "-ldflags=-checklinkname=0"

// InstrumentedFiles returns what a test binary of pkg's own tests needs to
// run instrumented (and, with opts.Mutate, mutated), by the path each file
// takes in the package directory dir: the instrumented sources, the
// runtime under RTDirName and its zz_size.go sizing it for the table's
// probes (and mutants); no registry. Of opts it reads Nondet, Mutate and
// NoMutants (the files to leave without mutants, for a caller that falls
// back as Build does: CompilerFiles finds them).
func InstrumentedFiles(pkg *packages.Package, dir string, opts Options) (map[string][]byte, *instrument.Table, error) {
	return instrumentedFiles(pkg, dir, opts, opts.NoMutants)
}

func instrumentedFiles(pkg *packages.Package, dir string, opts Options, noMutants []string) (map[string][]byte, *instrument.Table, error) {
	rtImport := pkg.PkgPath + "/" + RTDirName
	inst, table, err := instrument.PackageWith(pkg.Fset, pkg.Syntax, pkg.TypesInfo, pkg.Types, rtImport,
		instrument.Options{Nondet: opts.Nondet, Mutate: opts.Mutate, NoMutants: noMutants})
	if err != nil {
		return nil, nil, fmt.Errorf("instrumenting %s: %w", pkg.PkgPath, err)
	}
	files := map[string][]byte{} // target path -> contents
	for path, src := range inst {
		if breakMutated != nil && opts.Mutate {
			src = breakMutated(path, src, noMutants)
		}
		files[path] = src
	}
	rtFiles, err := RuntimeFiles(dir)
	if err != nil {
		return nil, nil, err
	}
	for p, src := range rtFiles {
		files[p] = src
	}
	files[filepath.Join(dir, RTDirName, "zz_size.go")] = WithMinGo(sizeFile(table, opts.Mutate))
	return files, table, nil
}

// sizeFile is the runtime's zz_size.go: it sizes the probes' state, and
// with mutants the mutants' (InitMutants), at package initialization.
func sizeFile(t *instrument.Table, mutate bool) []byte {
	if !mutate {
		return []byte(fmt.Sprintf("package rt\n\nfunc init() { Init(%d, %d) }\n", len(t.Blocks), len(t.Conds)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "package rt\n\nfunc init() {\n\tInit(%d, %d)\n\tInitMutants(%d, []int32{", len(t.Blocks), len(t.Conds), len(t.Mutants))
	for i, v := range t.MutantConds() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d", v)
	}
	b.WriteString("})\n}\n")
	return []byte(b.String())
}

// writeOverlay writes files under workDir, and the overlay that puts them
// in place and hides the user's tests, and returns the overlay's path and
// the path each file is written to (the compiler's messages name them).
func writeOverlay(workDir string, files map[string][]byte, userTests []string) (string, map[string]string, error) {
	overlay := map[string]string{}
	srcDir := filepath.Join(workDir, "overlay")
	if err := os.MkdirAll(srcDir, 0o755); err != nil {
		return "", nil, err
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for i, p := range paths {
		dst := filepath.Join(srcDir, fmt.Sprintf("%03d_%s", i, filepath.Base(p)))
		if err := os.WriteFile(dst, files[p], 0o644); err != nil {
			return "", nil, err
		}
		overlay[p] = dst
	}
	for _, t := range userTests {
		overlay[t] = ""
	}
	ovPath := filepath.Join(workDir, "overlay.json")
	data, _ := json.Marshal(map[string]any{"Replace": overlay})
	if err := os.WriteFile(ovPath, data, 0o644); err != nil {
		return "", nil, err
	}
	return ovPath, overlay, nil
}

// compile builds the executor exe of the package pkgPath in dir with the
// overlay ovPath.
func compile(ctx context.Context, pkgPath, dir, ovPath, exe string) error {
	build := func(env []string, ov string, flags ...string) error {
		args := append([]string{"test", "-c", "-vet=off"}, flags...)
		cmd := exec.CommandContext(ctx, "go", append(args, "-o", exe, "-overlay", ov, ".")...)
		cmd.Dir = dir
		cmd.Env = env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Stdout = &stderr
		if err := cmd.Run(); err != nil {
			return &buildError{pkgPath: pkgPath, err: err, out: stderr.String()}
		}
		return nil
	}
	// zz_globalrand.go reaches into math/rand by a linkname that a Go
	// release may break (the variable renamed, the linker flag gone).
	// Then the executor is built without it, as before it existed: math/rand's
	// global draws are the process's own again (rt's mathrand.go), which
	// costs determinism on packages that draw from it, not the run. (A
	// variable renamed alone breaks no build: the linkname then defines
	// a variable of its own that math/rand never reads, and rt's
	// TestGlobalRandPerRun is what notices.)
	seeded := func(env []string) error {
		err := build(env, ovPath, linkFlags)
		var be *buildError
		if err == nil || !errors.As(err, &be) || !globalRandBroken(be.out) {
			return err
		}
		plain, werr := withoutGlobalRand(ovPath)
		if werr != nil {
			return err
		}
		return build(env, plain)
	}
	// Without cgo first: the Go runtime detects a deadlock ("all goroutines
	// are asleep") only in a program without cgo, whose extra M otherwise
	// counts as running, and the executor relies on that to tell a
	// deadlocked call from a slow one (rt/deadlock.go). The standard
	// library's cgo users (net, os/user) have pure-Go fallbacks; a
	// dependency that needs cgo fails this build, and the executor is then
	// built as the environment says.
	if err := seeded(append(os.Environ(), "CGO_ENABLED=0")); err != nil {
		return seeded(nil)
	}
	return nil
}

// globalRandFileName is the name of the overlaid file that holds
// globalRandFile.
const globalRandFileName = "zz_globalrand.go"

// globalRandBroken reports whether a failed executor build's output
// blames zz_globalrand.go's linkname or its linker flag.
func globalRandBroken(out string) bool {
	return strings.Contains(out, "globalRandGenerator") || strings.Contains(out, "checklinkname") ||
		strings.Contains(out, globalRandFileName)
}

// withoutGlobalRand writes, beside the overlay file ovPath, an overlay
// without zz_globalrand.go, and returns its path.
func withoutGlobalRand(ovPath string) (string, error) {
	data, err := os.ReadFile(ovPath)
	if err != nil {
		return "", err
	}
	var ov struct{ Replace map[string]string }
	if err := json.Unmarshal(data, &ov); err != nil {
		return "", fmt.Errorf("overlay %s: %w", ovPath, err)
	}
	for k := range ov.Replace {
		if filepath.Base(k) == globalRandFileName {
			delete(ov.Replace, k)
		}
	}
	data, _ = json.Marshal(ov)
	plain := strings.TrimSuffix(ovPath, ".json") + "-plain.json"
	return plain, os.WriteFile(plain, data, 0o644)
}

// RuntimeFiles returns the executor runtime's source files as they are
// overlaid into the package directory dir.
func RuntimeFiles(dir string) (map[string][]byte, error) {
	names, err := fs.Glob(rtFS, "rt/*.go")
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := rtFS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out[filepath.Join(dir, RTDirName, filepath.Base(name))] = WithMinGo(src)
	}
	return out, nil
}

// MinGo is the language version gentest's own overlaid files need.
const MinGo = "go1.21"

// WithMinGo adds a go1.21 build constraint to a Go source file. The file
// then compiles at that language version even in a module whose go.mod
// declares an older one (go 1.10, say), without changing how the user's
// own files compile.
func WithMinGo(src []byte) []byte {
	s := string(src)
	if strings.HasPrefix(s, "//go:build ") {
		line, rest, _ := strings.Cut(s, "\n")
		expr := strings.TrimPrefix(line, "//go:build ")
		return []byte("//go:build (" + expr + ") && " + MinGo + "\n" + rest)
	}
	return []byte("//go:build " + MinGo + "\n\n" + s)
}

func trim(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
