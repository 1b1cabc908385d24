// Package gomod answers what the target module offers generated tests
// without an edit (does it already require go-cmp, in a form the go command
// can build; is the package a standard-library one), computes the go.mod and
// go.sum edit that adds go-cmp when the user opts in (-cmp=always), and
// answers questions about the module's declared Go version. Edits are
// computed in memory, so that verification can overlay them and nothing is
// written unless the tests that need them pass.
package gomod

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/version"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// CmpPath is the module path of go-cmp.
const CmpPath = "github.com/google/go-cmp"

// Root returns the directory of the go.mod that governs dir, or "".
func Root(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Older reports whether the Go version a module declares (go.mod's go
// line, "1.10" or "1.21.3") is older than want ("1.21"). An empty or
// unparsable version is not older: the go command assumes a recent one.
func Older(declared, want string) bool {
	if declared == "" {
		return false
	}
	d, w := "go"+declared, "go"+want
	if !version.IsValid(d) || !version.IsValid(w) {
		return false
	}
	return version.Compare(d, w) < 0
}

// CmpVersion is the go-cmp version to require in a module that declares
// Go version declared: go-cmp v0.7.0 declares go 1.21, which a module may
// only require if it declares 1.21 too; v0.6.0 (go 1.13) leaves the
// user's go line alone.
func CmpVersion(declared, preferred string) string {
	if Older(declared, "1.21") {
		return "v0.6.0"
	}
	return preferred
}

// Requirement returns new go.mod and go.sum contents (by absolute path)
// for the module governing dir with path@version required, and whether
// they differ from the files on disk; only the files that change are in
// the map. When the module already requires path at any version and can
// build it (Usable), it returns nil and false; when it requires it but
// go.sum lacks the hash of its source, only go.sum changes, with the
// required version's lines. The go.sum lines come from go mod download,
// run outside any module so that the target's own go.mod cannot get in
// the way.
func Requirement(ctx context.Context, dir, path, version string) (map[string][]byte, bool, error) {
	root := Root(dir)
	if root == "" {
		return nil, false, fmt.Errorf("%s: not inside a module (no go.mod)", dir)
	}
	modPath := filepath.Join(root, "go.mod")
	sumPath := filepath.Join(root, "go.sum")
	data, err := os.ReadFile(modPath)
	if err != nil {
		return nil, false, err
	}
	mf, err := modfile.Parse(modPath, data, nil)
	if err != nil {
		return nil, false, fmt.Errorf("parsing %s: %w", modPath, err)
	}
	sum, err := os.ReadFile(sumPath)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, false, fmt.Errorf("gomod: %w", err)
	}
	newMod := data
	if r := required(mf, path); r != nil {
		if _, ok := replaced(mf, r.Mod); ok || hasSourceSum(sum, r.Mod.Path, r.Mod.Version) {
			return nil, false, nil
		}
		// Required (often // indirect, for the module graph) but go.sum
		// holds only the hash of its go.mod: importing a package of it
		// needs the hash of its source too, and go.mod stays as it is.
		version = r.Mod.Version
	} else {
		// Among the direct requirements, as go get would put it: not
		// at the end of the last block, often the // indirect one.
		reqs := append(append([]*modfile.Require(nil), mf.Require...),
			&modfile.Require{Mod: module.Version{Path: path, Version: version}})
		mf.SetRequireSeparateIndirect(reqs)
		mf.Cleanup()
		if newMod, err = mf.Format(); err != nil {
			return nil, false, fmt.Errorf("formatting %s: %w", modPath, err)
		}
	}
	lines, err := sumLines(ctx, path, version)
	if err != nil {
		return nil, false, err
	}
	newSum := append([]byte{}, sum...)
	if len(newSum) > 0 && newSum[len(newSum)-1] != '\n' {
		newSum = append(newSum, '\n')
	}
	for _, l := range bytes.SplitAfter(lines, []byte("\n")) {
		if len(l) > 0 && !bytes.Contains(sum, bytes.TrimSuffix(l, []byte("\n"))) {
			newSum = append(newSum, l...)
		}
	}
	files := map[string][]byte{sumPath: newSum}
	if !bytes.Equal(newMod, data) {
		files[modPath] = newMod
	}
	return files, true, nil
}

// required returns the requirement of module path in mf, or nil.
func required(mf *modfile.File, path string) *modfile.Require {
	for _, r := range mf.Require {
		if r.Mod.Path == path {
			return r
		}
	}
	return nil
}

// replaced returns what a replace directive of mf puts in place of m, and
// whether there is one.
func replaced(mf *modfile.File, m module.Version) (module.Version, bool) {
	for _, r := range mf.Replace {
		if r.Old.Path == m.Path && (r.Old.Version == "" || r.Old.Version == m.Version) {
			return r.New, true
		}
	}
	return module.Version{}, false
}

// hasSourceSum reports whether go.sum data holds the hash of the source of
// path@version, not only that of its go.mod (the "/go.mod" line).
func hasSourceSum(data []byte, path, version string) bool {
	return bytes.HasPrefix(data, []byte(path+" "+version+" h1:")) ||
		bytes.Contains(data, []byte("\n"+path+" "+version+" h1:"))
}

// Usable reports whether the module governing dir lets a test file import
// packages pkgs of module path as it is, with no edit: go.mod requires path
// (directly or // indirect) or replaces it, go.sum holds the hash of the
// required version's source (a requirement only the module graph needed
// may have just its go.mod's hash, and importing it would then fail with
// "missing go.sum entry"), and, when the module vendors its dependencies,
// vendor/modules.txt lists every package of pkgs. It returns the required
// version ("" when not usable).
func Usable(dir, path string, pkgs ...string) (string, error) {
	root := Root(dir)
	if root == "" {
		return "", fmt.Errorf("gomod: %s: not inside a module (no go.mod)", dir)
	}
	modPath := filepath.Join(root, "go.mod")
	data, err := os.ReadFile(modPath)
	if err != nil {
		return "", fmt.Errorf("gomod: %w", err)
	}
	mf, err := modfile.Parse(modPath, data, nil)
	if err != nil {
		return "", fmt.Errorf("gomod: parsing %s: %w", modPath, err)
	}
	r := required(mf, path)
	if r == nil {
		return "", nil
	}
	if vendored, err := os.ReadFile(filepath.Join(root, "vendor", "modules.txt")); err == nil {
		lines := map[string]bool{}
		for _, l := range strings.Split(string(vendored), "\n") {
			lines[strings.TrimSpace(l)] = true
		}
		for _, p := range pkgs {
			if !lines[p] {
				return "", nil
			}
		}
		return r.Mod.Version, nil
	}
	m := r.Mod
	if n, ok := replaced(mf, m); ok {
		if n.Version == "" {
			return r.Mod.Version, nil // a directory: nothing to verify
		}
		m = n
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("gomod: %w", err)
	}
	if !hasSourceSum(sum, m.Path, m.Version) {
		return "", nil
	}
	return r.Mod.Version, nil
}

// Standard reports whether the package pkgPath of the module modPath is a
// standard-library package, or a copy of one: the module is the standard
// library itself ("" or "std"), or its path has no dot (no public module
// can require it, as with gentest-bench's "benchstd") and the package's
// path inside it names a standard-library package ("container/list" for
// "benchstd/container/list"), as go list says.
func Standard(ctx context.Context, pkgPath, modPath string) bool {
	if modPath == "" || modPath == "std" {
		return true
	}
	first, _, _ := strings.Cut(modPath, "/")
	rel, ok := strings.CutPrefix(pkgPath, modPath+"/")
	if strings.Contains(first, ".") || !ok {
		return false
	}
	cmd := exec.CommandContext(ctx, "go", "list", "-e", "-f", "{{.Standard}}", "--", rel)
	// Outside any module, so that the target's own module cannot answer
	// for the path.
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	out, err := cmd.Output()
	return err == nil && strings.TrimSpace(string(out)) == "true"
}

// sumLines downloads path@version and returns its two go.sum lines.
func sumLines(ctx context.Context, path, version string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "gentest-mod-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", path+"@"+version)
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GO111MODULE=on", "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("downloading %s@%s: %w", path, version, err)
	}
	var info struct{ Sum, GoModSum string }
	if err := json.Unmarshal(out, &info); err != nil || info.Sum == "" {
		return nil, fmt.Errorf("reading go mod download output for %s@%s: %v", path, version, err)
	}
	return fmt.Appendf(nil, "%s %s %s\n%s %s/go.mod %s\n", path, version, info.Sum, path, version, info.GoModSum), nil
}
