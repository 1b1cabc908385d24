// Package gomod edits the target module's go.mod and go.sum for the
// requirement generated tests need (go-cmp), and answers questions about
// the module's declared Go version. Edits are computed in memory, so that
// verification can overlay them and nothing is written unless the tests
// that need them pass.
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

	"golang.org/x/mod/modfile"
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
// they differ from the files on disk. When the module already requires
// path at any version, it returns nil and false. The go.sum lines come
// from go mod download, run outside any module so that the target's own
// go.mod cannot get in the way.
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
	for _, r := range mf.Require {
		if r.Mod.Path == path {
			return nil, false, nil
		}
	}
	if err := mf.AddRequire(path, version); err != nil {
		return nil, false, fmt.Errorf("adding %s to %s: %w", path, modPath, err)
	}
	mf.Cleanup()
	newMod, err := mf.Format()
	if err != nil {
		return nil, false, fmt.Errorf("formatting %s: %w", modPath, err)
	}
	sum, err := os.ReadFile(sumPath)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, false, err
	}
	lines, err := sumLines(ctx, path, version)
	if err != nil {
		return nil, false, err
	}
	newSum := append([]byte{}, sum...)
	if len(newSum) > 0 && newSum[len(newSum)-1] != '\n' {
		newSum = append(newSum, '\n')
	}
	if !bytes.Contains(sum, []byte(path+" "+version+" ")) {
		newSum = append(newSum, lines...)
	}
	return map[string][]byte{modPath: newMod, sumPath: newSum}, true, nil
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
