package gomod

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestOlder(t *testing.T) {
	tests := []struct {
		declared, want string
		older          bool
	}{
		{"1.10", "1.21", true}, // numeric, not string, order
		{"1.9", "1.10", true},
		{"1.20", "1.21", true},
		{"1.20.14", "1.21", true},
		{"1.21", "1.21", false},
		{"1.21.3", "1.21", false},
		{"1.21rc1", "1.21", false}, // go/version: 1.21 < 1.21rc1 < 1.21.0
		{"1.22", "1.21", false},
		{"2.0", "1.21", false},
		{"", "1.21", false}, // no go line: the go command assumes a recent one
		{"garbage", "1.21", false},
		{"1.x", "1.21", false},
		{"1.10", "garbage", false},
	}
	for _, tc := range tests {
		if got := Older(tc.declared, tc.want); got != tc.older {
			t.Errorf("Older(%q, %q) = %v, want %v", tc.declared, tc.want, got, tc.older)
		}
	}
}

func TestCmpVersion(t *testing.T) {
	tests := []struct{ declared, want string }{
		{"1.10", "v0.6.0"},
		{"1.20.14", "v0.6.0"},
		{"1.21", "v0.7.0"},
		{"1.21.3", "v0.7.0"},
		{"1.26", "v0.7.0"},
		{"", "v0.7.0"},
		{"garbage", "v0.7.0"},
	}
	for _, tc := range tests {
		if got := CmpVersion(tc.declared, "v0.7.0"); got != tc.want {
			t.Errorf("CmpVersion(%q, v0.7.0) = %s, want %s", tc.declared, got, tc.want)
		}
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestRoot(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "go.mod"), "module example.com/m\n")
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := Root(sub); got != root {
		t.Errorf("Root(%s) = %q, want %q", sub, got, root)
	}
	if got := Root(root); got != root {
		t.Errorf("Root(%s) = %q, want itself", root, got)
	}
	// A nested module governs its own tree.
	write(t, filepath.Join(root, "a", "go.mod"), "module example.com/m/a\n")
	if got := Root(sub); got != filepath.Join(root, "a") {
		t.Errorf("Root(%s) = %q, want the nested module %s", sub, got, filepath.Join(root, "a"))
	}
}

// outsideModule returns a directory with no go.mod above it, or skips.
func outsideModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if r := Root(dir); r != "" {
		t.Skipf("%s is inside the module at %s", dir, r)
	}
	return dir
}

func TestRequirementNotInModule(t *testing.T) {
	dir := outsideModule(t)
	files, changed, err := Requirement(context.Background(), dir, CmpPath, "v0.7.0")
	if err == nil || files != nil || changed {
		t.Fatalf("Requirement outside a module = %v, %v, %v; want an error", files, changed, err)
	}
	if !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "not inside a module") {
		t.Errorf("error %q does not name %s", err, dir)
	}
}

// A module that already requires go-cmp, at any version, with the hash of
// its source in go.sum, needs nothing (and nothing is downloaded).
func TestRequirementAlreadyRequired(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "go.mod"), "module example.com/m\n\ngo 1.22\n\nrequire github.com/google/go-cmp v0.5.9 // indirect\n")
	write(t, filepath.Join(root, "go.sum"), "github.com/google/go-cmp v0.5.9 h1:x=\ngithub.com/google/go-cmp v0.5.9/go.mod h1:y=\n")
	files, changed, err := Requirement(context.Background(), filepath.Join(root, "pkg"), CmpPath, "v0.7.0")
	if err != nil || files != nil || changed {
		t.Errorf("Requirement = %v, %v, %v; want nil, false, nil", files, changed, err)
	}
}

// A module that requires go-cmp only for its module graph (go.sum has the
// hash of go-cmp's go.mod, not of its source) keeps its go.mod; go.sum
// gains the source's line of the required version, and no line twice.
func TestRequirementSumOnly(t *testing.T) {
	canDownload(t, CmpPath+"@v0.6.0")
	root := t.TempDir()
	mod := "module example.com/m\n\ngo 1.22\n\nrequire github.com/google/go-cmp v0.6.0 // indirect\n"
	write(t, filepath.Join(root, "go.mod"), mod)
	modLine := "github.com/google/go-cmp v0.6.0/go.mod h1:17dUlkBOakJ0+DkrSSNjCkIjxS6bF9zb3elmeNGIjoY=\n"
	write(t, filepath.Join(root, "go.sum"), modLine)
	files, changed, err := Requirement(context.Background(), root, CmpPath, "v0.7.0")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := files[filepath.Join(root, "go.mod")]; ok || !changed || len(files) != 1 {
		t.Fatalf("files %v, changed %v: want go.sum alone", files, changed)
	}
	sum := string(files[filepath.Join(root, "go.sum")])
	if !strings.HasPrefix(sum, modLine+"github.com/google/go-cmp v0.6.0 h1:") || strings.Count(sum, "\n") != 2 {
		t.Errorf("go.sum:\n%s\nwant the old line and v0.6.0's source hash", sum)
	}
	if v, err := Usable(root, CmpPath, "github.com/google/go-cmp/cmp"); err != nil || v != "" {
		t.Errorf("Usable before the edit = %q, %v; want \"\"", v, err)
	}
}

// Usable says whether a test file may import go-cmp without an edit.
func TestUsable(t *testing.T) {
	const (
		req    = "module example.com/m\n\ngo 1.22\n\nrequire github.com/google/go-cmp v0.6.0 // indirect\n"
		src    = "github.com/google/go-cmp v0.6.0 h1:x=\n"
		modSum = "github.com/google/go-cmp v0.6.0/go.mod h1:y=\n"
	)
	pkgs := []string{"github.com/google/go-cmp/cmp", "github.com/google/go-cmp/cmp/cmpopts"}
	tests := []struct {
		name, mod, sum, vendor string
		want                   string
	}{
		{name: "not required", mod: "module example.com/m\n\ngo 1.22\n", sum: src},
		{name: "indirect, source hash", mod: req, sum: modSum + src, want: "v0.6.0"},
		{name: "indirect, go.mod hash only", mod: req, sum: modSum},
		{name: "no go.sum", mod: req},
		{name: "hash of another version", mod: req, sum: "github.com/google/go-cmp v0.5.9 h1:x=\n"},
		{name: "replaced by a directory", mod: req + "replace github.com/google/go-cmp => ../cmp\n", want: "v0.6.0"},
		{name: "replaced by a version", mod: req + "replace github.com/google/go-cmp => github.com/google/go-cmp v0.7.0\n",
			sum: "github.com/google/go-cmp v0.7.0 h1:z=\n", want: "v0.6.0"},
		{name: "vendored", mod: req, vendor: "# github.com/google/go-cmp v0.6.0\n## explicit\n" + strings.Join(pkgs, "\n") + "\n", want: "v0.6.0"},
		{name: "vendored without cmpopts", mod: req, sum: modSum + src, vendor: "# github.com/google/go-cmp v0.6.0\n" + pkgs[0] + "\n"},
	}
	for _, tc := range tests {
		root := t.TempDir()
		write(t, filepath.Join(root, "go.mod"), tc.mod)
		if tc.sum != "" {
			write(t, filepath.Join(root, "go.sum"), tc.sum)
		}
		if tc.vendor != "" {
			write(t, filepath.Join(root, "vendor", "modules.txt"), tc.vendor)
		}
		got, err := Usable(filepath.Join(root, "pkg"), CmpPath, pkgs...)
		if err != nil || got != tc.want {
			t.Errorf("%s: Usable = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	if _, err := Usable(outsideModule(t), CmpPath); err == nil {
		t.Error("Usable outside a module: no error")
	}
}

// Standard tells the standard library, and copies of its packages in a
// module without a dot, from everything else.
func TestStandard(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	tests := []struct {
		pkg, mod string
		want     bool
	}{
		{"container/list", "", true},
		{"benchstd/container/list", "benchstd", true},
		{"benchstd/encoding/csv", "benchstd", true},
		{"benchstd/mylib", "benchstd", false},
		{"example.com/m/container/list", "example.com/m", false}, // a public module's package of the same name
		{"benchstd", "benchstd", false},
	}
	for _, tc := range tests {
		if got := Standard(context.Background(), tc.pkg, tc.mod); got != tc.want {
			t.Errorf("Standard(%q, %q) = %v, want %v", tc.pkg, tc.mod, got, tc.want)
		}
	}
}

func TestRequirementBadGoMod(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "go.mod"), "module example.com/m\n\nrequire (\n")
	_, _, err := Requirement(context.Background(), root, CmpPath, "v0.7.0")
	if err == nil || !strings.Contains(err.Error(), filepath.Join(root, "go.mod")) {
		t.Errorf("error %v, want one naming %s", err, filepath.Join(root, "go.mod"))
	}
}

// canDownload reports whether go mod download can fetch the module
// (from the module cache or the proxy), so that offline machines skip
// instead of failing.
func canDownload(t *testing.T, mod string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go mod download")
	}
	cmd := exec.Command("go", "mod", "download", "-json", mod)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "GO111MODULE=on", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("cannot download %s (offline?): %v\n%s", mod, err, out)
	}
}

// Adding go-cmp to a module in a parent directory: go.mod keeps its
// comments and other requirements and gains the new one, go.sum keeps its
// lines and gains go-cmp's two; nothing is written to disk.
func TestRequirementAdds(t *testing.T) {
	canDownload(t, CmpPath+"@v0.7.0")
	root := t.TempDir()
	mod := `// The module's own comment.
module example.com/m

go 1.22

require golang.org/x/mod v0.20.0 // pinned for a reason
`
	sum := "golang.org/x/mod v0.20.0 h1:abc=\ngolang.org/x/mod v0.20.0/go.mod h1:def=" // no final newline
	write(t, filepath.Join(root, "go.mod"), mod)
	write(t, filepath.Join(root, "go.sum"), sum)
	dir := filepath.Join(root, "internal", "pkg")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}

	files, changed, err := Requirement(context.Background(), dir, CmpPath, "v0.7.0")
	if err != nil {
		t.Fatal(err)
	}
	if !changed || len(files) != 2 {
		t.Fatalf("changed %v, %d files; want true and go.mod, go.sum", changed, len(files))
	}
	newMod, newSum := string(files[filepath.Join(root, "go.mod")]), string(files[filepath.Join(root, "go.sum")])
	for _, want := range []string{"// The module's own comment.", "module example.com/m", "go 1.22",
		"golang.org/x/mod v0.20.0 // pinned for a reason", "github.com/google/go-cmp v0.7.0"} {
		if !strings.Contains(newMod, want) {
			t.Errorf("go.mod lacks %q:\n%s", want, newMod)
		}
	}
	lines := strings.Split(strings.TrimSuffix(newSum, "\n"), "\n")
	if len(lines) != 4 || lines[0] != "golang.org/x/mod v0.20.0 h1:abc=" || lines[1] != "golang.org/x/mod v0.20.0/go.mod h1:def=" {
		t.Fatalf("go.sum:\n%s\nwant the two old lines, then go-cmp's two", newSum)
	}
	if !strings.HasPrefix(lines[2], "github.com/google/go-cmp v0.7.0 h1:") || !strings.HasPrefix(lines[3], "github.com/google/go-cmp v0.7.0/go.mod h1:") {
		t.Errorf("go.sum's new lines:\n%s\n%s", lines[2], lines[3])
	}
	// Nothing was written.
	if data, _ := os.ReadFile(filepath.Join(root, "go.mod")); string(data) != mod {
		t.Errorf("go.mod was written")
	}
	if data, _ := os.ReadFile(filepath.Join(root, "go.sum")); string(data) != sum {
		t.Errorf("go.sum was written")
	}

	// A module with a block of indirect requirements: go-cmp goes to
	// the direct ones.
	split := "module example.com/m\n\ngo 1.22\n\nrequire golang.org/x/mod v0.20.0\n\nrequire (\n\tgolang.org/x/sync v0.1.0 // indirect\n\tgolang.org/x/text v0.3.0 // indirect\n)\n"
	write(t, filepath.Join(root, "go.mod"), split)
	files, _, err = Requirement(context.Background(), dir, CmpPath, "v0.7.0")
	if err != nil {
		t.Fatal(err)
	}
	direct, indirect, _ := strings.Cut(string(files[filepath.Join(root, "go.mod")]), "// indirect")
	if !strings.Contains(direct, "github.com/google/go-cmp v0.7.0") || strings.Contains(indirect, "go-cmp") {
		t.Errorf("go-cmp not among the direct requirements:\n%s", files[filepath.Join(root, "go.mod")])
	}
	write(t, filepath.Join(root, "go.mod"), mod)

	// With go.sum already holding go-cmp's lines they are not
	// duplicated; with no go.sum, it gets go-cmp's lines only.
	write(t, filepath.Join(root, "go.sum"), newSum)
	files, _, err = Requirement(context.Background(), dir, CmpPath, "v0.7.0")
	if err != nil {
		t.Fatal(err)
	}
	if got := files[filepath.Join(root, "go.sum")]; !bytes.Equal(got, []byte(newSum)) {
		t.Errorf("go.sum lines duplicated:\n%s", got)
	}
	os.Remove(filepath.Join(root, "go.sum"))
	files, _, err = Requirement(context.Background(), dir, CmpPath, "v0.7.0")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(files[filepath.Join(root, "go.sum")]); got != strings.Join(lines[2:], "\n")+"\n" {
		t.Errorf("go.sum from nothing:\n%s", got)
	}
}
