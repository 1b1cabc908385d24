package harness

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// A Go release that breaks zz_globalrand.go (here: a function math/rand
// does not have) must cost the executor its seeded math/rand,
// not its build: compile falls back to the overlay without the file.
func TestCompileWithoutGlobalRand(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test -c; skipped with -short")
	}
	dir := t.TempDir()
	write := func(path, src string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "go.mod"), "module example.com/p\n\ngo 1.22\n")
	write(filepath.Join(dir, "p.go"), "package p\n\nfunc F() int { return 1 }\n")
	write(filepath.Join(dir, "p_test.go"), "package p\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n")
	broken := filepath.Join(dir, "src", globalRandFileName)
	// What a Go release that changed math/rand's internals would give:
	// the file no longer builds.
	write(broken, `package p

import (
	"math/rand"
	"sync/atomic"
	_ "unsafe"
)

//go:linkname globalRandGenerator math/rand.globalRandGenerator
var globalRandGenerator atomic.Pointer[rand.Rand]

func init() { globalRandGenerator.Store(rand.NewRandomSource()) }
`)
	ov, _ := json.Marshal(map[string]any{"Replace": map[string]string{filepath.Join(dir, globalRandFileName): broken}})
	ovPath := filepath.Join(dir, "overlay.json")
	write(ovPath, string(ov))
	// The broken file alone fails to link, as the fallback expects.
	cmd := exec.Command("go", "test", "-c", "-vet=off", linkFlags, "-o", filepath.Join(dir, "x.test"), "-overlay", ovPath, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err == nil || !globalRandBroken(string(out)) {
		t.Fatalf("the broken linkname built or failed otherwise: %v\n%s", err, out)
	}
	exe := filepath.Join(dir, "executor")
	if err := compile(context.Background(), "example.com/p", dir, ovPath, exe); err != nil {
		t.Fatalf("compile did not fall back: %v", err)
	}
	if _, err := os.Stat(exe); err != nil {
		t.Fatal(err)
	}
}
