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
}

// Build instruments pkg, generates the registry for prog and compiles the
// executor.
func Build(ctx context.Context, pkg *packages.Package, prog *model.Program, opts Options) (*Harness, error) {
	if len(pkg.GoFiles) == 0 {
		return nil, fmt.Errorf("%s: no Go files", pkg.PkgPath)
	}
	dir := filepath.Dir(pkg.GoFiles[0])
	files, table, err := overlayFiles(pkg, prog, dir, opts)
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
			key = k.key()
		}
	}
	if key != "" {
		if exe, ok := cacheGet(opts.CacheDir, key, opts.WorkDir); ok {
			h.Exe, h.Cached = exe, true
			return h, nil
		}
	}
	ovPath, err := writeOverlay(opts.WorkDir, files, userTests)
	if err != nil {
		return nil, err
	}
	h.Exe = filepath.Join(opts.WorkDir, executorName)
	if err := compile(ctx, pkg.PkgPath, dir, ovPath, h.Exe); err != nil {
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
func overlayFiles(pkg *packages.Package, prog *model.Program, dir string, opts Options) (map[string][]byte, *instrument.Table, error) {
	rtImport := pkg.PkgPath + "/" + RTDirName
	inst, table, err := instrument.PackageWith(pkg.Fset, pkg.Syntax, pkg.TypesInfo, pkg.Types, rtImport,
		instrument.Options{Nondet: opts.Nondet})
	if err != nil {
		return nil, nil, fmt.Errorf("instrumenting %s: %w", pkg.PkgPath, err)
	}
	files := map[string][]byte{} // target path -> contents
	for path, src := range inst {
		files[path] = src
	}
	rtFiles, err := RuntimeFiles(dir)
	if err != nil {
		return nil, nil, err
	}
	for p, src := range rtFiles {
		files[p] = src
	}
	files[filepath.Join(dir, RTDirName, "zz_size.go")] = WithMinGo([]byte(fmt.Sprintf(
		"package rt\n\nfunc init() { Init(%d, %d) }\n", len(table.Blocks), len(table.Conds))))
	reg, err := registryFile(prog, rtImport)
	if err != nil {
		return nil, nil, err
	}
	files[filepath.Join(dir, "zz_gentest_registry_test.go")] = WithMinGo(reg)
	return files, table, nil
}

// writeOverlay writes files under workDir, and the overlay that puts them
// in place and hides the user's tests, and returns the overlay's path.
func writeOverlay(workDir string, files map[string][]byte, userTests []string) (string, error) {
	overlay := map[string]string{}
	srcDir := filepath.Join(workDir, "overlay")
	if err := os.MkdirAll(srcDir, 0o755); err != nil {
		return "", err
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for i, p := range paths {
		dst := filepath.Join(srcDir, fmt.Sprintf("%03d_%s", i, filepath.Base(p)))
		if err := os.WriteFile(dst, files[p], 0o644); err != nil {
			return "", err
		}
		overlay[p] = dst
	}
	for _, t := range userTests {
		overlay[t] = ""
	}
	ovPath := filepath.Join(workDir, "overlay.json")
	data, _ := json.Marshal(map[string]any{"Replace": overlay})
	if err := os.WriteFile(ovPath, data, 0o644); err != nil {
		return "", err
	}
	return ovPath, nil
}

// compile builds the executor exe of the package pkgPath in dir with the
// overlay ovPath.
func compile(ctx context.Context, pkgPath, dir, ovPath, exe string) error {
	build := func(env []string) error {
		cmd := exec.CommandContext(ctx, "go", "test", "-c", "-vet=off", "-o", exe, "-overlay", ovPath, ".")
		cmd.Dir = dir
		cmd.Env = env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Stdout = &stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building the executor for %s: %w\n%s", pkgPath, err, trim(stderr.String(), 4000))
		}
		return nil
	}
	// Without cgo first: the Go runtime detects a deadlock ("all goroutines
	// are asleep") only in a program without cgo, whose extra M otherwise
	// counts as running, and the executor relies on that to tell a
	// deadlocked call from a slow one (rt/deadlock.go). The standard
	// library's cgo users (net, os/user) have pure-Go fallbacks; a
	// dependency that needs cgo fails this build, and the executor is then
	// built as the environment says.
	if err := build(append(os.Environ(), "CGO_ENABLED=0")); err != nil {
		return build(nil)
	}
	return nil
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

// SandboxFiles returns overlay files that make a package's test binary
// enter the Landlock sandbox at start (when GENTEST_SANDBOX is set): the
// runtime, and an external test file importing it. testPkg is the name of
// the external test package.
func SandboxFiles(dir, pkgPath, testPkg string) (map[string][]byte, error) {
	files, err := RuntimeFiles(dir)
	if err != nil {
		return nil, err
	}
	files[filepath.Join(dir, "zz_gentest_sandbox_test.go")] = WithMinGo([]byte(fmt.Sprintf(
		"package %s\n\nimport _ %q\n", testPkg, pkgPath+"/"+RTDirName)))
	return files, nil
}

func trim(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
