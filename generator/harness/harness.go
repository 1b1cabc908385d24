// Package harness builds the executor for a package under test: an
// overlay with instrumented copies of the package's sources, the generated
// operation registry, and the embedded executor runtime, compiled once with
// `go test -c -overlay`. Nothing on disk in the user's tree changes.
package harness

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/generator/harness/instrument"
	"github.com/gentest-go/gentest/generator/model"
)

//go:embed rt/*.go
var rtFS embed.FS

// RTDirName is the directory the runtime is overlaid into, inside the
// package under test.
const RTDirName = "zz_gentest_rt"

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
	// CacheDir, if set, caches built executors by a hash of their inputs.
	CacheDir string
}

// Build instruments pkg, generates the registry for prog and compiles the
// executor.
func Build(ctx context.Context, pkg *packages.Package, prog *model.Program, opts Options) (*Harness, error) {
	if len(pkg.GoFiles) == 0 {
		return nil, fmt.Errorf("%s: no Go files", pkg.PkgPath)
	}
	dir := filepath.Dir(pkg.GoFiles[0])
	rtImport := pkg.PkgPath + "/" + RTDirName
	inst, table, err := instrument.Package(pkg.Fset, pkg.Syntax, pkg.TypesInfo, pkg.Types, rtImport)
	if err != nil {
		return nil, fmt.Errorf("instrumenting %s: %w", pkg.PkgPath, err)
	}
	files := map[string][]byte{} // target path -> contents
	for path, src := range inst {
		files[path] = src
	}
	rtFiles, err := RuntimeFiles(dir)
	if err != nil {
		return nil, err
	}
	for p, src := range rtFiles {
		files[p] = src
	}
	files[filepath.Join(dir, RTDirName, "zz_size.go")] = WithMinGo([]byte(fmt.Sprintf(
		"package gentestrt\n\nfunc init() { Init(%d, %d) }\n", len(table.Blocks), len(table.Conds))))
	reg, err := registryFile(prog, rtImport)
	if err != nil {
		return nil, err
	}
	files[filepath.Join(dir, "zz_gentest_registry_test.go")] = WithMinGo(reg)

	// The user's own tests are left out: they may not compile against the
	// instrumented package, and their TestMain would clash with ours.
	userTests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))

	key := cacheKey(files, userTests)
	h := &Harness{Table: table, Dir: dir}
	if opts.CacheDir != "" {
		cached := filepath.Join(opts.CacheDir, key, "executor")
		if st, err := os.Stat(cached); err == nil && st.Mode().IsRegular() {
			h.Exe, h.Cached = cached, true
			return h, nil
		}
	}

	overlay := map[string]string{}
	srcDir := filepath.Join(opts.WorkDir, "overlay")
	if err := os.MkdirAll(srcDir, 0o755); err != nil {
		return nil, err
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for i, p := range paths {
		dst := filepath.Join(srcDir, fmt.Sprintf("%03d_%s", i, filepath.Base(p)))
		if err := os.WriteFile(dst, files[p], 0o644); err != nil {
			return nil, err
		}
		overlay[p] = dst
	}
	for _, t := range userTests {
		overlay[t] = ""
	}
	ovPath := filepath.Join(opts.WorkDir, "overlay.json")
	data, _ := json.Marshal(map[string]any{"Replace": overlay})
	if err := os.WriteFile(ovPath, data, 0o644); err != nil {
		return nil, err
	}
	exe := filepath.Join(opts.WorkDir, "executor")
	cmd := exec.CommandContext(ctx, "go", "test", "-c", "-vet=off", "-o", exe, "-overlay", ovPath, ".")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("building the executor for %s: %w\n%s", pkg.PkgPath, err, trim(stderr.String(), 4000))
	}
	h.Exe = exe
	if opts.CacheDir != "" {
		// Best effort: a failed cache write only costs a rebuild next time.
		d := filepath.Join(opts.CacheDir, key)
		if os.MkdirAll(d, 0o755) == nil {
			if data, err := os.ReadFile(exe); err == nil {
				tmp := filepath.Join(d, "executor.tmp")
				if os.WriteFile(tmp, data, 0o755) == nil {
					os.Rename(tmp, filepath.Join(d, "executor"))
				}
			}
		}
	}
	return h, nil
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

// cacheKey hashes everything that determines the executor binary: the
// overlay contents, the package's other files as they are on disk (the
// overlay replaces only compiled Go files), the Go version, and the
// platform.
func cacheKey(files map[string][]byte, userTests []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "gentest-executor v1\n%s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if out, err := exec.Command("go", "env", "GOVERSION", "GOFLAGS").Output(); err == nil {
		h.Write(out)
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		fmt.Fprintf(h, "%s %d\n", p, len(files[p]))
		h.Write(files[p])
	}
	for _, t := range userTests {
		fmt.Fprintf(h, "deleted %s\n", t)
	}
	// go.mod and go.sum decide dependency versions.
	for _, p := range paths {
		dir := filepath.Dir(p)
		for d := dir; ; d = filepath.Dir(d) {
			if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
				h.Write(data)
				if sum, err := os.ReadFile(filepath.Join(d, "go.sum")); err == nil {
					h.Write(sum)
				}
				break
			}
			if filepath.Dir(d) == d {
				break
			}
		}
		break
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

func trim(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
