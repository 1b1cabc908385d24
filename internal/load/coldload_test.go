package load

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"
)

// On a cold fact cache loadFromExport asks the go command for no types and
// no export data: it lists the graph, finds entries missing and leaves the
// packages to the source load, which reads no export data either. Asking
// for them compiles every dependency (go list -export), which on a cold
// build cache was most of a large module's cold run (issue 35's scale
// run: two go commands compiling k8s.io/api side by side). The fixture,
// testdata/gen/shardmod, has a package (gamma) importing another of its
// module (alpha); strings is a types-only root, as the support packages are.
func TestColdFactCacheCompilesNothing(t *testing.T) {
	root := t.TempDir()
	from := "../../testdata/gen/shardmod"
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		dst := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/shardmod\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var modes []packages.LoadMode
	loadPackages = func(cfg *packages.Config, patterns ...string) ([]*packages.Package, error) {
		mu.Lock()
		modes = append(modes, cfg.Mode)
		mu.Unlock()
		return packages.Load(cfg, patterns...)
	}
	t.Cleanup(func() { loadPackages = packages.Load })
	cache := &FactCache{Dir: t.TempDir(), Salt: "test"}
	pkgs, fromExport, err := loadFromExport(root, []string{"example.com/shardmod/gamma"}, []string{"strings"}, cache)
	if err != nil || fromExport || pkgs != nil {
		t.Fatalf("cold cache: %d packages, from export data %v, %v; want none, false, no error", len(pkgs), fromExport, err)
	}
	if len(modes) == 0 {
		t.Fatal("loadFromExport listed nothing")
	}
	for _, m := range modes {
		if m&(packages.NeedTypes|packages.NeedExportFile) != 0 {
			t.Errorf("cold cache: a load asked for types or export files (%v), which the go command compiles the dependencies for", m)
		}
	}
}
