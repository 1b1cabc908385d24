package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	root := filepath.Join(t.TempDir(), "gentest")
	for name, size := range map[string]int{
		"executors/k1/executor": 1 << 20,
		"executors/k2/executor": 1 << 20,
		"facts/x.json":          10,
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if err := clean(root, &out); err != nil {
		t.Fatal(err)
	}
	want := "gentest: removed " + filepath.Join(root, "executors") + " (2 entries, 2 files, 2.0 MiB)\n" +
		"gentest: removed " + filepath.Join(root, "facts") + " (1 entries, 1 files, 0.0 MiB)\n"
	if out.String() != want {
		t.Errorf("clean said\n%s\nwant\n%s", out.String(), want)
	}
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Errorf("the cache directory is still there: %v", err)
	}
	out.Reset()
	if err := clean(root, &out); err != nil || !strings.Contains(out.String(), "nothing to remove") {
		t.Errorf("second clean: %q, %v", out.String(), err)
	}
}
