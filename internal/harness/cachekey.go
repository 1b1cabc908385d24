package harness

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gentest-go/gentest/internal/buildid"
	"golang.org/x/tools/go/packages"
)

// keyRecipe names how Build turns its inputs into an executor (the go
// command line, the cgo-off-first build, the overlay layout). Change it when
// that changes, so that no cached executor from the old recipe is reused.
const keyRecipe = "gentest-executor v2: go test -c -vet=off -overlay; CGO_ENABLED=0 first"

// buildEnvVars are the go env variables that change what go test -c
// builds: the toolchain, the target, flags and tags, cgo and its compilers,
// and where modules come from.
var buildEnvVars = []string{
	"GOVERSION", "GOOS", "GOARCH", "GOFLAGS", "GOEXPERIMENT", "CGO_ENABLED",
	"GO386", "GOAMD64", "GOARM", "GOARM64", "GOMIPS", "GOMIPS64", "GOPPC64", "GORISCV64", "GOWASM",
	"CC", "CXX", "CGO_CFLAGS", "CGO_CPPFLAGS", "CGO_CXXFLAGS", "CGO_FFLAGS", "CGO_LDFLAGS",
	"GOROOT", "GOMODCACHE", "GOWORK", "GOPATH", "GO111MODULE",
}

// keyInputs is everything an executor binary depends on; its hash is the
// cache key.
type keyInputs struct {
	recipe string
	self   string            // gentest's own version
	env    map[string]string // buildEnvVars as go env reports them
	// overlay holds the files Build writes into the overlay (instrumented
	// sources, runtime, registry), by the path they replace.
	overlay map[string][]byte
	// deleted lists the user's test files the overlay removes.
	deleted []string
	// mutate: the executor has mutants compiled in (Options.Mutate).
	mutate bool
	// disk lists the files the build reads from disk whose content can
	// change without a version changing: every file of the package and of
	// each dependency outside GOROOT and the module cache (the module's own
	// packages, local replace targets, vendored and workspace modules):
	// Go, assembly, C and header files, .syso objects, embedded files; and
	// the go.mod, go.sum, go.work and go.work.sum that pick versions.
	disk []string
}

// gatherKeyInputs collects the key inputs of pkg's executor. It runs go
// env in the package directory.
func gatherKeyInputs(pkg *packages.Package, overlay map[string][]byte, deleted []string) (*keyInputs, error) {
	dir := filepath.Dir(pkg.GoFiles[0])
	env, err := goEnv(dir, buildEnvVars)
	if err != nil {
		return nil, err
	}
	k := &keyInputs{recipe: keyRecipe, self: buildid.Version(), env: env, overlay: overlay, deleted: deleted}
	if k.self == "" {
		return nil, errors.New("harness: cannot identify this gentest build")
	}
	immutable := []string{env["GOROOT"], env["GOMODCACHE"]}
	local := func(path string) bool {
		for _, root := range immutable {
			if root != "" && within(root, path) {
				return false
			}
		}
		return true
	}
	seen := map[string]bool{}
	add := func(paths ...string) {
		for _, p := range paths {
			if p != "" && !seen[p] {
				seen[p] = true
				k.disk = append(k.disk, p)
			}
		}
	}
	modFiles := func(m *packages.Module) {
		for m != nil {
			if m.GoMod != "" && local(m.GoMod) {
				add(m.GoMod)
				if m.Main {
					add(filepath.Join(filepath.Dir(m.GoMod), "go.sum"))
				}
			}
			m = m.Replace
		}
	}
	packages.Visit([]*packages.Package{pkg}, nil, func(p *packages.Package) {
		files := append(append(append([]string{}, p.GoFiles...), p.OtherFiles...), p.EmbedFiles...)
		if len(files) == 0 || !local(files[0]) {
			return
		}
		add(files...)
		modFiles(p.Module)
	})
	if w := env["GOWORK"]; w != "" && w != "off" {
		add(w, w+".sum")
	}
	sort.Strings(k.disk)
	return k, nil
}

// within reports whether path is root or below it.
func within(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// key hashes the inputs, reading the disk files now. A missing file (no
// go.sum yet) hashes as missing, which differs from empty.
func (k *keyInputs) key() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\nself %s\n", k.recipe, k.self)
	if k.mutate {
		// Only when on, so that the keys of executors without mutants
		// stay what they were.
		fmt.Fprintf(h, "mutate\n")
	}
	vars := make([]string, 0, len(k.env))
	for v := range k.env {
		vars = append(vars, v)
	}
	sort.Strings(vars)
	for _, v := range vars {
		fmt.Fprintf(h, "env %s=%q\n", v, k.env[v])
	}
	paths := make([]string, 0, len(k.overlay))
	for p := range k.overlay {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		fmt.Fprintf(h, "overlay %s %d\n", p, len(k.overlay[p]))
		h.Write(k.overlay[p])
	}
	for _, p := range k.deleted {
		fmt.Fprintf(h, "deleted %s\n", p)
	}
	for _, p := range k.disk {
		f, err := os.Open(p)
		if err != nil {
			fmt.Fprintf(h, "disk %s missing\n", p)
			continue
		}
		fmt.Fprintf(h, "disk %s\n", p)
		// Hash the content's own hash, so that a file's length need not be
		// known up front to keep file boundaries unambiguous.
		fh := sha256.New()
		io.Copy(fh, f)
		f.Close()
		h.Write(fh.Sum(nil))
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// goEnv runs go env -json for vars in dir.
func goEnv(dir string, vars []string) (map[string]string, error) {
	cmd := exec.Command("go", append([]string{"env", "-json"}, vars...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("harness: go env: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	env := map[string]string{}
	if err := json.Unmarshal(out, &env); err != nil {
		return nil, fmt.Errorf("harness: go env output: %w", err)
	}
	return env, nil
}
